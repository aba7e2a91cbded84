// The club directory, /clubs (spec 02 §2, §7, §9).
import { and, asc, desc, sql } from "drizzle-orm";
import type { Db } from "#db/client";
import { clubs, type Club } from "#db/schema";
import { clubVisibleTo } from "./club-access.server";
import type { Viewer } from "../permissions/viewer";

export const DIRECTORY_PAGE_SIZE = 20; // 02 §9

export type DirectoryClub = {
  id: string;
  slug: string;
  name: string;
  type: Club["type"];
  sport: Club["sport"];
  city: string | null;
  state: string | null;
  visibility: Club["visibility"];
  logoKey: string | null;
  memberCount: number;
};

/**
 * /clubs (02 §2, §7): newest first, 20 at a time, name contains `q` (case-insensitive, literal),
 * only clubs this viewer may see. `hasMore` says whether Load More has anything to load.
 */
export async function listClubsForDirectory(
  db: Db,
  viewer: Viewer | null,
  { q, offset = 0, limit = DIRECTORY_PAGE_SIZE }: { q?: string | null; offset?: number; limit?: number } = {},
): Promise<{ clubs: DirectoryClub[]; hasMore: boolean }> {
  const needle = q?.trim().toLowerCase() ?? "";
  const conditions = [clubVisibleTo(viewer)];
  // instr(), not LIKE: a typed % or _ stays literal.
  if (needle) conditions.push(sql`instr(lower(${clubs.name}), ${needle}) > 0`);
  const rows = await db
    .select({
      id: clubs.id,
      slug: clubs.slug,
      name: clubs.name,
      type: clubs.type,
      sport: clubs.sport,
      city: clubs.city,
      state: clubs.state,
      visibility: clubs.visibility,
      logoKey: clubs.logoKey,
      memberCount: sql<number>`(select count(*) from club_members m where m.club_id = clubs.id and m.status = 'active')`,
    })
    .from(clubs)
    .where(and(...conditions))
    .orderBy(desc(clubs.createdAt), asc(clubs.id))
    .limit(limit + 1)
    .offset(Math.max(0, offset));
  return { clubs: rows.slice(0, limit).map((r) => ({ ...r, memberCount: Number(r.memberCount) })), hasMore: rows.length > limit };
}
