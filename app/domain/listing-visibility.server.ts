import { sql, type SQL } from "drizzle-orm";
import type { Viewer } from "./viewer";

/**
 * Who may see a listing (issue 5 §4, issue 6 §7):
 * - a public listing (no listing_clubs rows) — everyone;
 * - a listing posted only to clubs — active members of one of those clubs, and site admins;
 * - its owner, always.
 * Returned as a SQL condition over `listings` so it lives in every query (search, suggestions,
 * detail, photos) instead of being checked after the fact.
 */
export function listingVisibleTo(viewer: Viewer | null): SQL {
  if (viewer?.isAdmin) return sql`1 = 1`;
  const isPublic = sql`not exists (select 1 from listing_clubs lc where lc.listing_id = listings.id)`;
  if (!viewer) return isPublic;
  return sql`(${isPublic}
    or listings.user_id = ${viewer.id}
    or exists (
      select 1 from listing_clubs lc
      join club_members cm on cm.club_id = lc.club_id
      where lc.listing_id = listings.id and cm.user_id = ${viewer.id} and cm.status = 'active'
    ))`;
}

/** Only these statuses appear in search, suggestions, the home grid and sport browse (01 §4). */
export const listedStatuses = sql`listings.status in ('active', 'pending_pickup')`;
