import { sql, type SQL } from "drizzle-orm";
import type { Viewer } from "./viewer";

/**
 * Which clubs a viewer may know exist (spec 02 §1 club directory, issue 9): signed-out visitors see
 * public clubs; signed-in users public and members-only clubs; a private club only its active
 * members and site admins. A SQL condition over `clubs`, the twin of `listingVisibleTo`, so every
 * club lookup (the club filter, the club search) carries it and an unseen club is "not found".
 */
export function clubVisibleTo(viewer: Viewer | null): SQL {
  if (viewer?.isAdmin) return sql`1 = 1`;
  if (!viewer) return sql`clubs.visibility = 'public'`;
  return sql`(clubs.visibility in ('public', 'members_only') or exists (
    select 1 from club_members m where m.club_id = clubs.id and m.user_id = ${viewer.id} and m.status = 'active'))`;
}
