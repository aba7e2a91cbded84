// The deal page's read model (/deals/{id}, ADR 068): the deal, every revision of its terms, the
// listings on each side (as they were when proposed, with a link while the listing is there and
// the viewer may open it), the other party's first name only, whose move it is, the on-hold flag,
// the steps the viewer's party may take now, the meeting place and its suggestions, the handoff
// and the reviews as the viewer may see them. Null when the viewer may not see the deal (a 404).
import { and, asc, eq, inArray, sql } from "drizzle-orm";
import type { Db } from "#db/client";
import { clubs, dealListings, dealRevisions, listings, profiles, type Deal, type DealParty } from "#db/schema";
import type { Viewer } from "~/features/permissions/viewer";
import { activeClubIdsOf } from "~/features/clubs/club-access.server";
import { listingOpenableBy } from "~/features/listings/listing-visibility.server";
import { availableSteps, handedOverBy, other, type DealStep } from "~/features/trade/deal-machine";
import { UNSAID_CLOSE_REASONS } from "~/features/trade/deal-timeline.server";
import { dealFor, partyOf } from "~/features/trade/deals.server";
import { reviewsForDeal, type DealReviews } from "~/features/trade/reviews.server";
import { clubFieldSpotId, meetupSpotsFor, type MeetupSpot } from "~/shared/catalog/meetup-spots";
import { FORMER_MEMBER } from "~/shared/copy/deals";
import { SAFETY_TEXT } from "~/shared/copy/safety";
import { CANCEL_REASONS, type CancelReason } from "~/shared/schemas/deal";

export type DealPageListing = {
  title: string;
  /** The asking price when the deal was proposed (a snapshot). */
  priceCents: number;
  /** /listing/{id} while the listing exists and the viewer may open it. */
  href: string | null;
};

export type DealPageRevision = {
  number: number;
  author: DealParty;
  cashCents: number;
  cashFrom: DealParty | null;
  message: string | null;
  createdAt: Date;
};

export type DealPage = {
  deal: Pick<
    Deal,
    "id" | "kind" | "state" | "revision" | "createdAt" | "acceptedAt" | "completedAt" | "closedAt" | "closedBy" | "lastRevisionAt"
  > & {
    /** Why a cancelled deal ended, in words ('Item not as described — the note'); null otherwise. */
    closeReason: string | null;
    /** 'This deal was closed': ended by a block or a suspension, whose reason neither side is told (ADR 069). */
    closedNotice: string | null;
  };
  /** The other party's user id (the Block link); null for a site admin looking on, or once their account is gone. */
  otherId: string | null;
  /** The viewer's side; null for a site admin looking on. */
  party: DealParty | null;
  /** First names only ('Former member' when the account is gone). */
  names: Record<DealParty, string>;
  revisions: DealPageRevision[];
  listings: Record<DealParty, DealPageListing[]>;
  /** Who the deal waits for now: an answer, a meeting place to confirm, a hand-over. */
  waitingOn: DealParty | null;
  /** Proposed, and a listing in it is locked by another (accepted) deal. */
  onHold: boolean;
  /** The forms the viewer may use now. */
  steps: DealStep[];
  meetup: { spotId: string | null; place: string; at: Date | null; proposedBy: DealParty | null; confirmedAt: Date | null } | null;
  suggestions: MeetupSpot[];
  handedOver: Record<DealParty, Date | null>;
  reviews: DealReviews;
};

/** The deal page for `viewer` (a party or a site admin), or null. */
export async function dealPageFor(db: Db, viewer: Viewer, dealId: string, now = new Date()): Promise<DealPage | null> {
  const deal = await dealFor(db, viewer, dealId);
  if (!deal) return null;
  const party = partyOf(viewer, deal);
  const people = [deal.proposerId, deal.ownerId].filter((id): id is string => id !== null);

  const [revisions, sides, names, held, suggestions, reviews] = await Promise.all([
    db.select().from(dealRevisions).where(eq(dealRevisions.dealId, deal.id)).orderBy(asc(dealRevisions.number)),
    db
      .select({
        side: dealListings.side,
        listingId: dealListings.listingId,
        title: dealListings.title,
        priceCents: dealListings.priceCents,
        openable: sql<number>`case when ${listings.id} is not null and ${listingOpenableBy(viewer)} then 1 else 0 end`,
      })
      .from(dealListings)
      .leftJoin(listings, eq(listings.id, dealListings.listingId))
      .where(eq(dealListings.dealId, deal.id))
      .orderBy(asc(dealListings.title)),
    people.length
      ? db.select({ userId: profiles.userId, firstName: profiles.firstName }).from(profiles).where(inArray(profiles.userId, people))
      : Promise.resolve([]),
    deal.state === "proposed" ? isOnHold(db, deal.id) : Promise.resolve(false),
    meetupSuggestions(db, deal),
    reviewsForDeal(db, viewer, deal.id, now),
  ]);

  const nameOf = (userId: string | null) =>
    userId === null ? FORMER_MEMBER : names.find((n) => n.userId === userId)?.firstName?.trim() || "Member";
  const listingsOf = (side: DealParty) =>
    sides
      .filter((l) => l.side === side)
      .map((l) => ({ title: l.title, priceCents: l.priceCents, href: l.listingId && l.openable ? `/listing/${l.listingId}` : null }));

  const unsaid = deal.closeReason !== null && UNSAID_CLOSE_REASONS.has(deal.closeReason);
  const steps = party
    ? availableSteps(deal, party, now).filter((step) => {
        if (step === "accept") return !held; // it would be refused: the page says 'On hold' instead
        if (step === "review") return reviews?.canWrite ?? false;
        if (step === "reply") return reviews?.canReply ?? false;
        return true;
      })
    : [];

  return {
    deal: {
      id: deal.id,
      kind: deal.kind,
      state: deal.state,
      revision: deal.revision,
      createdAt: deal.createdAt,
      acceptedAt: deal.acceptedAt,
      completedAt: deal.completedAt,
      closedAt: deal.closedAt,
      closedBy: deal.closedBy,
      closeReason: deal.state === "cancelled" && !unsaid ? cancelReasonWords(deal.closeReason) : null,
      closedNotice: unsaid ? SAFETY_TEXT.dealClosed : null,
      lastRevisionAt: deal.lastRevisionAt,
    },
    party,
    otherId: party ? (party === "proposer" ? deal.ownerId : deal.proposerId) : null,
    names: { proposer: nameOf(deal.proposerId), owner: nameOf(deal.ownerId) },
    revisions: revisions.map((r) => ({
      number: r.number,
      author: r.author,
      cashCents: r.cashCents,
      cashFrom: r.cashFrom,
      message: r.message,
      createdAt: r.createdAt,
    })),
    listings: { proposer: listingsOf("proposer"), owner: listingsOf("owner") },
    waitingOn: waitingOn(deal),
    onHold: held,
    steps,
    meetup: deal.meetupPlace
      ? {
          spotId: deal.meetupSpotId,
          place: deal.meetupPlace,
          at: deal.meetupAt,
          proposedBy: deal.meetupProposedBy,
          confirmedAt: deal.meetupConfirmedAt,
        }
      : null,
    suggestions,
    handedOver: { proposer: deal.handedOverByProposerAt, owner: deal.handedOverByOwnerAt },
    reviews: reviews ?? { mine: null, theirs: null, theirsWritten: false, canWrite: false, canReply: false },
  };
}

/** Whose move the deal waits for: the answer to an offer, the confirmation of a place, the other hand-over. */
function waitingOn(deal: Deal): DealParty | null {
  switch (deal.state) {
    case "proposed":
      return deal.turn;
    case "accepted":
      return deal.meetupProposedBy ? other(deal.meetupProposedBy) : null;
    case "handed_over":
      return handedOverBy(deal, "proposer") ? "owner" : "proposer";
    default:
      return null;
  }
}

/** A listing of this (proposed) deal is locked by another deal: 'On hold — another offer was accepted'. */
export async function isOnHold(db: Db, dealId: string): Promise<boolean> {
  const [row] = await db.all<{ held: number }>(sql`select exists (
      select 1 from listing_locks ll join deal_listings dl on dl.listing_id = ll.listing_id
      where dl.deal_id = ${dealId} and ll.deal_id <> ${dealId}) as held`);
  return Boolean(row?.held);
}

/**
 * Suggested safe places for the handoff: the curated spots of the asked-for listing's metro, then
 * the home fields of clubs BOTH parties are active members of (name + city). The action checks a
 * chosen spot against the same list, so a spot id from elsewhere is refused.
 */
export async function meetupSuggestions(db: Db, deal: Pick<Deal, "listingId" | "proposerId" | "ownerId">): Promise<MeetupSpot[]> {
  const [where, shared] = await Promise.all([
    deal.listingId
      ? db.select({ state: listings.state }).from(listings).where(eq(listings.id, deal.listingId))
      : Promise.resolve([] as { state: string | null }[]),
    deal.proposerId && deal.ownerId
      ? db
          .select({ id: clubs.id, name: clubs.name, city: clubs.city, state: clubs.state })
          .from(clubs)
          .where(
            and(
              sql`${clubs.id} in ${activeClubIdsOf({ id: deal.proposerId })}`,
              sql`${clubs.id} in ${activeClubIdsOf({ id: deal.ownerId })}`,
            ),
          )
          .orderBy(asc(clubs.name))
      : Promise.resolve([]),
  ]);
  const clubFields: MeetupSpot[] = shared.map((c) => ({
    id: clubFieldSpotId(c.id),
    kind: "clubField",
    name: `${c.name} home field`,
    address: [c.city, c.state].filter(Boolean).join(", ") || "Ask your club",
  }));
  return [...meetupSpotsFor(where[0]?.state), ...clubFields];
}

/** A cancel reason as stored ('key' or 'key: note', routes/deals.$id.tsx) → words. */
function cancelReasonWords(reason: string | null) {
  if (!reason) return null;
  const [key, ...note] = reason.split(": ");
  const words = CANCEL_REASONS[key as CancelReason] ?? null;
  return words ? [words, note.join(": ")].filter(Boolean).join(" — ") : null;
}
