// Everything /listing/{id} reads, in one database round trip after the session (ADR 034,
// ADR 051): the listing, its photos and clubs, the seller's rating and trust (ADR 068), the viewer's
// heart and their question threads (with their deals' steps between the messages, ADR 068) go in one
// batch, each statement gated by the viewer's right to open the listing; marking the viewer's messages
// read goes out beside it.
import { and, eq, sql } from "drizzle-orm";
import type { Db } from "#db/client";
import { favorites } from "#db/schema";
import type { Publish } from "~/features/realtime/realtime.server";
import { markListingMessagesRead } from "~/features/messaging/inbox.server";
import { threadsQuery, toThreads, type Thread } from "~/features/messaging/listing-questions.server";
import { listingDetailQueries, toListingDetail, type ListingDetail } from "~/features/listings/listing-reads.server";
import { sellerTrustQueries, toSellerTrust, type SellerTrust } from "~/features/trade/ratings.server";
import { listingReadableBy } from "~/features/listings/listing-visibility.server";
import type { Viewer } from "~/features/permissions/viewer";
import { listingOffersQueries, toListingOffers, type ListingOffers } from "~/features/trade/listing-deals.server";
import { dealTimelineQuery, toDealTimeline, type BuyerDealSteps } from "~/features/trade/deal-timeline.server";
import { guardianLine, overseenNameSql } from "~/features/families/oversight.server";
import { ownHoldQuery, toOwnHold, type OwnHold } from "~/features/moderation/appeals.server";

export type ListingPage = {
  listing: ListingDetail;
  trust: SellerTrust;
  favorited: boolean;
  threads: Thread[];
  offers: ListingOffers;
  /** Its owner's 'hidden pending review' (ADR 099): only ever set for the owner. */
  hold: OwnHold;
};

/** The listing page for this viewer, or null: unknown or not theirs to open (404). */
export async function listingPageFor(
  db: Db,
  viewer: Viewer | null,
  listingId: string,
  publish: Pick<Publish, "user"> | null = null,
): Promise<ListingPage | null> {
  const [listingQuery, photosQuery, clubsQuery] = listingDetailQueries(db, viewer, listingId);
  // The seller, only when the viewer may open the listing: otherwise every trust statement reads nothing.
  const seller = sql`(select listings.user_id from listings where listings.id = ${listingId} and ${listingReadableBy(viewer)})`;
  const [ratingQuery, factsQuery, sharedClubsQuery, reviewsQuery] = sellerTrustQueries(db, viewer, seller);
  if (!viewer) {
    const [rows, photos, clubList, ...trustRows] = await db.batch([
      listingQuery,
      photosQuery,
      clubsQuery,
      ratingQuery,
      factsQuery,
      sharedClubsQuery,
      reviewsQuery,
    ]);
    const listing = toListingDetail([rows, photos, clubList]);
    return (
      listing && {
        listing,
        trust: toSellerTrust(trustRows),
        favorited: false,
        threads: [],
        offers: toListingOffers(null, listing, null),
        hold: null,
      }
    );
  }
  const [
    [
      rows,
      photos,
      clubList,
      ratingRows,
      factRows,
      sharedClubRows,
      reviewRows,
      favoriteRows,
      threadRows,
      offerRows,
      ownerOfferRows,
      dealRows,
      askLineRows,
      holdRows,
    ],
  ] = await Promise.all([
    db.batch([
      listingQuery,
      photosQuery,
      clubsQuery,
      ratingQuery,
      factsQuery,
      sharedClubsQuery,
      reviewsQuery,
      db
        .select({ listingId: favorites.listingId })
        .from(favorites)
        .where(and(eq(favorites.userId, viewer.id), eq(favorites.listingId, listingId))),
      threadsQuery(db, viewer, listingId),
      // Make an offer / Swap / View your offer, or the seller's offers (ADR 068).
      ...listingOffersQueries(db, viewer, listingId),
      // The steps of the viewer's deals on it, shown in the buyer ↔ seller thread (ADR 068).
      dealTimelineQuery(db, viewer, listingId),
      // A buyer about to ask a teen's listing is told first that the teen's guardian reads it (ADR 096).
      db.all<{ name: string | null }>(sql`select ${overseenNameSql(seller, sql`${viewer.id}`, new Date())} as name`),
      // Its owner's notice of a hold (ADR 095, 099): no row for anyone else.
      ownHoldQuery(db, viewer, "listing", listingId),
    ]),
    // Opening the listing reads its threads: the viewer's unread badges drop (ADR 042 §Read state).
    // A write, so not in the read batch; the update itself checks the viewer may open the listing.
    markListingMessagesRead(db, viewer, listingId, publish),
  ]);
  const listing = toListingDetail([rows, photos, clubList]);
  return (
    listing && {
      listing,
      trust: toSellerTrust([ratingRows, factRows, sharedClubRows, reviewRows]),
      favorited: favoriteRows.length > 0,
      threads: withAskLine(withDealSteps(toThreads(threadRows), toDealTimeline(dealRows)), viewer, listing, askLineRows[0]?.name),
      offers: toListingOffers(viewer, listing, [offerRows, ownerOfferRows]),
      hold: toOwnHold(holdRows),
    }
  );
}

/** A buyer with no thread yet gets an empty one carrying the guardian line, when there is one to say. */
function withAskLine(threads: Thread[], viewer: Viewer, listing: ListingDetail, name: string | null | undefined): Thread[] {
  const line = guardianLine(name);
  if (!line || listing.userId === viewer.id || threads.some((t) => t.buyerId === viewer.id)) return threads;
  return [{ buyerId: viewer.id, buyerName: "", messages: [], steps: [], guardianLine: line }, ...threads];
}

/**
 * Each buyer's deal steps into their thread. A buyer who made an offer without writing still has a
 * thread (the seller may answer there); a deleted buyer's deals are a thread of their own, closed.
 */
function withDealSteps(threads: Thread[], timeline: BuyerDealSteps[]): Thread[] {
  const byBuyer = new Map(threads.map((t) => [t.buyerId, t]));
  const added: Thread[] = [];
  for (const entry of timeline) {
    const thread = entry.buyerId ? byBuyer.get(entry.buyerId) : undefined;
    if (thread) thread.steps = entry.steps;
    else
      added.push({
        buyerId: entry.buyerId ?? `former-${entry.steps[0]?.dealId ?? "member"}`,
        buyerName: entry.buyerName,
        messages: [],
        steps: entry.steps,
        closed: entry.buyerId === null,
      });
  }
  return [...threads, ...added];
}
