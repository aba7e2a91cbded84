// Favorites (spec 01 §4 "Favorites toggle on and off per user and listing", §6 sign-in required).
// The viewer is in every query; a listing the viewer may not open (`listingReadableBy`:
// not visible to them, or sold and not theirs to see) cannot be favorited and is "not found", so ids
// cannot be probed, and it leaves their On Deck (ADR 014).
import { and, eq, inArray, sql } from "drizzle-orm";
import type { Db } from "#db/client";
import { favorites } from "#db/schema";
import type { ListingSummary } from "~/shared/schemas/search";
import { listingReadableBy } from "./listing-visibility.server";
import { listingSummariesFrom } from "./listing-summaries.server";
import type { Viewer } from "../permissions/viewer";

export type FavoriteResult = { ok: true; favorited: boolean } | { ok: false; reason: "not_found" };

async function readableListingExists(db: Db, viewer: Viewer, listingId: string) {
  const rows = await db.all<{ id: string }>(
    sql`select listings.id from listings where listings.id = ${listingId} and ${listingReadableBy(viewer)} limit 1`,
  );
  return rows.length > 0;
}

/** Adds (idempotent) a favorite on a listing the viewer may open. */
export async function addFavorite(db: Db, viewer: Viewer, listingId: string): Promise<FavoriteResult> {
  if (!(await readableListingExists(db, viewer, listingId))) return { ok: false, reason: "not_found" };
  await db.insert(favorites).values({ userId: viewer.id, listingId }).onConflictDoNothing();
  return { ok: true, favorited: true };
}

/** Removes the viewer's favorite (idempotent; removing works even if the listing was hidden since). */
export async function removeFavorite(db: Db, viewer: Viewer, listingId: string): Promise<FavoriteResult> {
  await db.delete(favorites).where(and(eq(favorites.userId, viewer.id), eq(favorites.listingId, listingId)));
  return { ok: true, favorited: false };
}

/** Which of these listings the viewer has favorited (to draw filled hearts). */
export async function favoritedIds(db: Db, viewer: Viewer | null, listingIds: readonly string[]): Promise<Set<string>> {
  if (!viewer || listingIds.length === 0) return new Set();
  const rows = await db
    .select({ listingId: favorites.listingId })
    .from(favorites)
    .where(and(eq(favorites.userId, viewer.id), inArray(favorites.listingId, [...listingIds])));
  return new Set(rows.map((row) => row.listingId));
}

/**
 * On Deck: the viewer's favorites they may still open, most recently favorited first — the same rule
 * as the listing page, so no card leads to a 404. A sold item stays (with its status) for those who
 * may still open it: its seller and the buyers who wrote about it. The favorite row is kept, so the
 * card comes back if the listing is shown to the viewer again (ADR 014).
 */
export async function listFavorites(db: Db, viewer: Viewer, { limit = 100 } = {}): Promise<ListingSummary[]> {
  return listingSummariesFrom(
    db,
    viewer,
    {
      join: sql` join favorites fav on fav.listing_id = listings.id and fav.user_id = ${viewer.id}`,
      where: [listingReadableBy(viewer)],
      orderBy: sql`fav.created_at desc, listings.id`,
      limit,
    },
    viewer.zipCode,
  );
}
