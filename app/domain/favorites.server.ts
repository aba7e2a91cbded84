// Favorites (spec 01 §4 "Favorites toggle on and off per user and listing", §6 sign-in required;
// issue 5 §5). The viewer is in every query; a listing the viewer may not see cannot be favorited
// and is "not found", so ids cannot be probed.
import { and, eq, inArray, sql } from "drizzle-orm";
import type { Db } from "#db/client";
import { favorites } from "#db/schema";
import type { ListingSummary } from "~/schemas/search";
import { listingVisibleTo } from "./listing-visibility.server";
import { listingSummaries, withDistances } from "./search.server";
import type { Viewer } from "./viewer";

export type FavoriteResult = { ok: true; favorited: boolean } | { ok: false; reason: "not_found" };

async function visibleListingExists(db: Db, viewer: Viewer, listingId: string) {
  const rows = await db.all<{ id: string }>(
    sql`select listings.id from listings where listings.id = ${listingId} and ${listingVisibleTo(viewer)} limit 1`,
  );
  return rows.length > 0;
}

/** Adds (idempotent) a favorite on a listing the viewer may see. */
export async function addFavorite(db: Db, viewer: Viewer, listingId: string): Promise<FavoriteResult> {
  if (!(await visibleListingExists(db, viewer, listingId))) return { ok: false, reason: "not_found" };
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
 * On Deck: the viewer's favorites they may still see, most recently favorited first. Sold items
 * stay (with their status) so a buyer learns what happened to them.
 */
export async function listFavorites(db: Db, viewer: Viewer, { limit = 100 } = {}): Promise<ListingSummary[]> {
  const items = await listingSummaries(db, viewer, {
    join: sql` join favorites fav on fav.listing_id = listings.id and fav.user_id = ${viewer.id}`,
    where: [],
    orderBy: sql`fav.created_at desc, listings.id`,
    limit,
  });
  return withDistances(db, viewer.zipCode, items);
}
