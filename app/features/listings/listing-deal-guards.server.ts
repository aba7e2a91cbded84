// A listing's side of its deals (ADR 068): a change to a listing's terms, a sale or a deletion voids its
// open offers in the same batch, and a listing held by an accepted deal (listing_locks) cannot be changed
// that way. The listing write owns these two statements; the deal machine itself is trade/.
import { and, eq, sql } from "drizzle-orm";
import type { Db } from "#db/client";
import { deals, listingLocks } from "#db/schema";

/**
 * Statements for a batch that edits a listing's price, condition or photos, marks it sold, or
 * deletes it: its open, unaccepted deals are voided. (A listing in an accepted deal cannot be
 * changed that way: `listingLockedDeal` says so first.)
 */
export function voidProposedDealsWith(
  db: Db,
  listingId: string,
  reason: "listing_changed" | "listing_sold" | "listing_deleted",
  now = new Date(),
) {
  return db
    .update(deals)
    .set({ state: "voided", turn: null, closedAt: now, closedBy: "system", closeReason: reason, transitionId: crypto.randomUUID() })
    .where(and(eq(deals.state, "proposed"), sql`deals.id in (select dl.deal_id from deal_listings dl where dl.listing_id = ${listingId})`));
}

/** The accepted deal holding this listing, if any. */
export async function listingLockedDeal(db: Db, listingId: string): Promise<string | null> {
  const [row] = await db.select({ dealId: listingLocks.dealId }).from(listingLocks).where(eq(listingLocks.listingId, listingId));
  return row?.dealId ?? null;
}
