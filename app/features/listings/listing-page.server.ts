// Everything /listing/{id} reads, in one database round trip after the session (issue 10 item 6,
// ADR 051): the listing, its photos and clubs, the seller's rating, the viewer's heart and their
// question threads go in one batch, each statement gated by the viewer's right to open the listing;
// marking the viewer's messages read goes out beside it.
import { and, eq, sql } from "drizzle-orm";
import type { Db } from "#db/client";
import { favorites } from "#db/schema";
import type { Publish } from "~/features/realtime/realtime.server";
import { markListingMessagesRead } from "../messaging/inbox.server";
import { threadsQuery, toThreads, type Thread } from "../messaging/listing-questions.server";
import { listingDetailQueries, toListingDetail, type ListingDetail } from "./listing-reads.server";
import { sellerRatingQuery, toSellerRating, type SellerRating } from "./reviews.server";
import type { Viewer } from "../accounts/viewer";

export type ListingPage = { listing: ListingDetail; rating: SellerRating; favorited: boolean; threads: Thread[] };

/** The listing page for this viewer, or null: unknown or not theirs to open (404). */
export async function listingPageFor(
  db: Db,
  viewer: Viewer | null,
  listingId: string,
  publish: Pick<Publish, "user"> | null = null,
): Promise<ListingPage | null> {
  const [listingQuery, photosQuery, clubsQuery] = listingDetailQueries(db, viewer, listingId);
  const rating = sellerRatingQuery(db, sql`(select listings.user_id from listings where listings.id = ${listingId})`);
  if (!viewer) {
    const [rows, photos, clubList, ratingRows] = await db.batch([listingQuery, photosQuery, clubsQuery, rating]);
    const listing = toListingDetail([rows, photos, clubList]);
    return listing && { listing, rating: toSellerRating(ratingRows), favorited: false, threads: [] };
  }
  const [[rows, photos, clubList, ratingRows, favoriteRows, threadRows]] = await Promise.all([
    db.batch([
      listingQuery,
      photosQuery,
      clubsQuery,
      rating,
      db
        .select({ listingId: favorites.listingId })
        .from(favorites)
        .where(and(eq(favorites.userId, viewer.id), eq(favorites.listingId, listingId))),
      threadsQuery(db, viewer, listingId),
    ]),
    // Opening the listing reads its threads: the viewer's unread badges drop (ADR 042 §Read state).
    // A write, so not in the read batch; the update itself checks the viewer may open the listing.
    markListingMessagesRead(db, viewer, listingId, publish),
  ]);
  const listing = toListingDetail([rows, photos, clubList]);
  return listing && { listing, rating: toSellerRating(ratingRows), favorited: favoriteRows.length > 0, threads: toThreads(threadRows) };
}
