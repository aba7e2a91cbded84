// The demo community's deals (ADR 068): ratings come only from reviews of completed deals, so the
// seed makes completed sales and team swaps for most sold listings, with the reviews both sides
// wrote (published: both reviewed, or 14 days passed). The demo accounts also get a deal in every
// state — an offer waiting for the owner, a countered one, one accepted with a meeting place agreed
// (its listing locked and pending pickup), a completed sale and a completed swap with reviews (one
// replied to), an expired one and a declined one — all relative to "now".
//
// Rows only, no database; a generator of its own, so deals can change without reshuffling the rest
// of the community. The rows are what deals.server.ts would have written for the same steps.
import type {
  DealKind,
  DealParty,
  DealState,
  ListingStatus,
  NewDeal,
  NewListing,
  NewListingClub,
  NewReview,
  dealListings,
  dealRevisions,
  listingLocks,
} from "#db/schema";
import {
  BUYER_REVIEW_COMMENTS,
  MEETUP_PLACES,
  OFFER_MESSAGES,
  REVIEW_COMMENTS,
  REVIEW_REPLIES,
  SWAP_REVIEW_COMMENTS,
} from "./community-data";
import type { Metro } from "./community-data";
import { Random } from "./random";

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
/** Hidden until both reviewed or this long after completion (REVIEW_BLIND_MS in deal-machine.ts). */
const REVIEW_BLIND = 14 * DAY;
/** An unanswered offer expires this long after its last revision (OFFER_TTL_MS). */
const OFFER_TTL = 48 * HOUR;

export type DealRows = {
  deals: NewDeal[];
  dealRevisions: (typeof dealRevisions.$inferInsert)[];
  dealListings: (typeof dealListings.$inferInsert)[];
  listingLocks: (typeof listingLocks.$inferInsert)[];
  reviews: NewReview[];
};

/** A listing as the community builder tracks it (times in ms). Demo deals may change its status. */
export type SeedListing = {
  id: string;
  sellerId: string;
  metro: Metro["key"];
  status: ListingStatus;
  createdAt: number;
  updatedAt: number;
};

export type DealSeedInput = {
  seed: number;
  now: number;
  /** The community's listing rows (a demo deal may set one's status) and the same listings as SeedListing. */
  listings: NewListing[];
  listingMeta: SeedListing[];
  listingClubs: readonly NewListingClub[];
  /** Club id → its active members; user id → the clubs they are active in. */
  activeMembers: ReadonlyMap<string, readonly string[]>;
  activeClubsOf: ReadonlyMap<string, readonly string[]>;
  /** The generated people of each metro (the demo accounts are not among them). */
  crowdByMetro: ReadonlyMap<Metro["key"], readonly { id: string; createdAt: Date }[]>;
  demo: { owner: string; member: string; user: string };
};

type Revision = { author: DealParty; cashCents: number; cashFrom?: DealParty; message?: string | null; at: number };
type ReviewPlan = { by: DealParty; rating: number; comment: string | null; at: number; reply?: string };
type DealPlan = {
  proposerId: string;
  ownerId: string;
  kind: DealKind;
  state: DealState;
  turn?: DealParty;
  owner: SeedListing[];
  proposer?: SeedListing[];
  revisions: Revision[];
  acceptedAt?: number;
  meetup?: { place: string; at: number; proposedBy: DealParty; proposedAt: number; confirmedAt?: number };
  handedOver?: { proposer?: number; owner?: number };
  completedAt?: number;
  closed?: { at: number; by: DealParty | "system"; reason?: string };
  reviews?: ReviewPlan[];
  /** Accepted and not finished: its listings are locked to it (listing_locks) and pending pickup. */
  lock?: boolean;
};

const otherParty = (party: DealParty): DealParty => (party === "proposer" ? "owner" : "proposer");

export function buildDeals(input: DealSeedInput): DealRows {
  const rng = new Random(input.seed ^ 0xdea15);
  const { now, demo } = input;
  const rows: DealRows = { deals: [], dealRevisions: [], dealListings: [], listingLocks: [], reviews: [] };
  /** A moment in the past (never later than a minute ago). */
  const past = (ms: number) => new Date(Math.min(Math.round(ms), now - MINUTE));
  const listingRows = new Map(input.listings.map((row) => [row.id!, row]));
  const clubsOfListing = new Map<string, string[]>();
  for (const link of input.listingClubs) clubsOfListing.set(link.listingId, [...(clubsOfListing.get(link.listingId) ?? []), link.clubId]);
  const demoIds = new Set(Object.values(demo));
  /** Listings already in a seeded deal: each is in one at most. */
  const taken = new Set<string>();

  const setStatus = (listing: SeedListing, status: ListingStatus, at: number) => {
    const row = listingRows.get(listing.id)!;
    listing.status = status;
    listing.updatedAt = Math.max(listing.createdAt, Math.min(at, now - MINUTE));
    row.status = status;
    row.updatedAt = new Date(listing.updatedAt);
  };
  /** Who may offer on it (deals.server.ts offerableBy): anyone for a public listing, else a fellow active club member. */
  const offerableBy = (userId: string, listing: SeedListing) => {
    const clubs = clubsOfListing.get(listing.id);
    return !clubs || clubs.some((club) => input.activeClubsOf.get(userId)?.includes(club));
  };
  const inSharedClub = (userId: string, listing: SeedListing) =>
    (clubsOfListing.get(listing.id) ?? []).some((club) => input.activeClubsOf.get(userId)?.includes(club));
  const priceOf = (listing: SeedListing) => listingRows.get(listing.id)!.priceCents;
  /** An offer below the asking price, in whole dollars (whole $5 from $20). */
  const offerFor = (priceCents: number, share: number) => {
    const cents = priceCents * share;
    return Math.max(100, cents >= 2000 ? Math.round(cents / 500) * 500 : Math.round(cents / 100) * 100);
  };

  const addDeal = (plan: DealPlan) => {
    const id = rng.uuid();
    const first = plan.revisions[0]!;
    // A demo deal has its own moments: its listings must have been listed before the first offer.
    for (const listing of [...plan.owner, ...(plan.proposer ?? [])]) {
      if (listing.createdAt < first.at - HOUR) continue;
      const row = listingRows.get(listing.id)!;
      listing.createdAt = first.at - rng.int(2, 10) * DAY;
      listing.updatedAt = Math.max(listing.updatedAt, listing.createdAt);
      row.createdAt = new Date(listing.createdAt);
      row.updatedAt = new Date(listing.updatedAt);
    }
    const last = plan.revisions[plan.revisions.length - 1]!;
    const moments = [last.at, plan.acceptedAt, plan.meetup?.confirmedAt ?? plan.meetup?.proposedAt, plan.completedAt, plan.closed?.at];
    const updatedAt = Math.max(...moments.filter((m): m is number => m !== undefined));
    const [mainListing] = plan.owner;
    rows.deals.push({
      id,
      proposerId: plan.proposerId,
      ownerId: plan.ownerId,
      listingId: mainListing!.id,
      kind: plan.kind,
      state: plan.state,
      turn: plan.state === "proposed" ? (plan.turn ?? otherParty(last.author)) : null,
      revision: plan.revisions.length,
      lastRevisionAt: past(last.at),
      reminderSentAt: plan.state === "expired" ? past(last.at + OFFER_TTL / 2) : null,
      acceptedAt: plan.acceptedAt === undefined ? null : past(plan.acceptedAt),
      meetupSpotId: null,
      meetupPlace: plan.meetup?.place ?? null,
      // The meeting itself may still be ahead.
      meetupAt: plan.meetup ? new Date(plan.meetup.at) : null,
      meetupProposedBy: plan.meetup?.proposedBy ?? null,
      meetupConfirmedAt: plan.meetup?.confirmedAt === undefined ? null : past(plan.meetup.confirmedAt),
      handedOverByProposerAt: plan.handedOver?.proposer === undefined ? null : past(plan.handedOver.proposer),
      handedOverByOwnerAt: plan.handedOver?.owner === undefined ? null : past(plan.handedOver.owner),
      completedAt: plan.completedAt === undefined ? null : past(plan.completedAt),
      closedAt: plan.closed ? past(plan.closed.at) : null,
      closedBy: plan.closed?.by ?? null,
      closeReason: plan.closed?.reason ?? null,
      transitionId: rng.uuid(),
      createdAt: past(first.at),
      updatedAt: past(updatedAt),
    });
    plan.revisions.forEach((revision, index) =>
      rows.dealRevisions.push({
        dealId: id,
        number: index + 1,
        author: revision.author,
        cashCents: revision.cashCents,
        cashFrom: revision.cashCents > 0 ? (revision.cashFrom ?? "proposer") : null,
        message: revision.message ?? null,
        createdAt: past(revision.at),
      }),
    );
    const sides = [...plan.owner.map((l) => ["owner", l] as const), ...(plan.proposer ?? []).map((l) => ["proposer", l] as const)];
    for (const [side, listing] of sides) {
      const row = listingRows.get(listing.id)!;
      taken.add(listing.id);
      rows.dealListings.push({
        id: rng.uuid(),
        dealId: id,
        listingId: listing.id,
        side,
        listingVersion: 1,
        title: row.title,
        priceCents: row.priceCents,
      });
      if (plan.lock) rows.listingLocks.push({ listingId: listing.id, dealId: id, createdAt: past(plan.acceptedAt!) });
    }
    // Double-blind: published once both have written, or 14 days after completion.
    const reviews = plan.reviews ?? [];
    const bothAt = reviews.length === 2 ? Math.max(...reviews.map((r) => r.at)) : undefined;
    const publishedAt = bothAt ?? (plan.completedAt! + REVIEW_BLIND <= now ? plan.completedAt! + REVIEW_BLIND : undefined);
    for (const review of reviews) {
      const replyAt = review.reply && publishedAt !== undefined ? publishedAt + rng.int(1, 30) * HOUR : undefined;
      rows.reviews.push({
        id: rng.uuid(),
        dealId: id,
        reviewerRole: review.by,
        reviewerId: review.by === "proposer" ? plan.proposerId : plan.ownerId,
        revieweeId: review.by === "proposer" ? plan.ownerId : plan.proposerId,
        rating: review.rating,
        comment: review.comment,
        publishedAt: publishedAt === undefined ? null : past(publishedAt),
        reply: replyAt === undefined ? null : review.reply!,
        repliedAt: replyAt === undefined ? null : past(replyAt),
        createdAt: past(review.at),
        updatedAt: past(replyAt ?? review.at),
      });
    }
    return id;
  };

  /** A listing of a demo account for a demo deal: the first with `status` (else the first free one, set to it). */
  const demoListing = (sellerId: string, status: ListingStatus, fits: (l: SeedListing) => boolean = () => true) => {
    const free = input.listingMeta.filter((l) => l.sellerId === sellerId && !taken.has(l.id) && fits(l) && priceOf(l) > 0);
    const found = free.find((l) => l.status === status) ?? free[0];
    if (!found) throw new Error(`the demo deals need another listing of user ${sellerId}`);
    if (found.status !== status) setStatus(found, status, found.createdAt + DAY);
    taken.add(found.id);
    return found;
  };
  /** A generated seller's free Boston listing that `fits`, preferring `status`. */
  const crowdListing = (status: ListingStatus, fits: (l: SeedListing) => boolean) => {
    const free = input.listingMeta.filter(
      (l) => l.metro === "boston" && !demoIds.has(l.sellerId) && !taken.has(l.id) && priceOf(l) >= 2000 && fits(l),
    );
    const same = free.filter((l) => l.status === status);
    const found = same.length ? rng.pick(same) : free.length ? rng.pick(free) : undefined;
    if (!found) throw new Error("the demo deals need a generated Boston listing");
    if (found.status !== status) setStatus(found, status, now - 30 * DAY);
    taken.add(found.id);
    return found;
  };
  /** A generated person who may offer on a demo account's listing (a fellow member for a clubs-only one). */
  const crowdBuyerFor = (listing: SeedListing) => {
    const pool = (input.crowdByMetro.get(listing.metro) ?? []).filter((p) => offerableBy(p.id, listing) && p.id !== listing.sellerId);
    if (!pool.length) throw new Error(`nobody may offer on demo listing ${listing.id}`);
    return rng.pick(pool).id;
  };
  /** Tomorrow (UTC) at 22:30 UTC — early evening in Boston: between about one and two days ahead. */
  const tomorrowEvening = Math.floor(now / DAY) * DAY + DAY + 22.5 * HOUR;
  const bostonPlaces = MEETUP_PLACES.boston;

  // ── The demo accounts' deals, one per state ───────────────────────────────────────────────
  // 1. An offer waiting for the owner: the plain user offers on the club owner's public listing.
  {
    const listing = demoListing(demo.owner, "active", (l) => offerableBy(demo.user, l));
    addDeal({
      proposerId: demo.user,
      ownerId: demo.owner,
      kind: "sale",
      state: "proposed",
      owner: [listing],
      revisions: [{ author: "proposer", cashCents: offerFor(priceOf(listing), 0.85), message: OFFER_MESSAGES[0], at: now - 5 * HOUR }],
    });
  }
  // 2. Countered: the member offered on a neighbour's listing, the seller countered; the member answers next.
  {
    const listing = crowdListing("active", (l) => offerableBy(demo.member, l));
    addDeal({
      proposerId: demo.member,
      ownerId: listing.sellerId,
      kind: "sale",
      state: "proposed",
      owner: [listing],
      revisions: [
        { author: "proposer", cashCents: offerFor(priceOf(listing), 0.7), message: OFFER_MESSAGES[2], at: now - 30 * HOUR },
        { author: "owner", cashCents: offerFor(priceOf(listing), 0.85), message: "Meet me in the middle?", at: now - 6 * HOUR },
      ],
    });
  }
  // 3. Accepted, a meeting place proposed by the seller and confirmed: the listing is locked and pending pickup.
  {
    const listing = demoListing(demo.owner, "pending_pickup", (l) => offerableBy(demo.user, l));
    setStatus(listing, "pending_pickup", now - 2.8 * DAY);
    addDeal({
      proposerId: demo.user,
      ownerId: demo.owner,
      kind: "sale",
      state: "meetup_agreed",
      owner: [listing],
      revisions: [{ author: "proposer", cashCents: priceOf(listing), message: "Full price, can meet any evening.", at: now - 3 * DAY }],
      acceptedAt: now - 2.8 * DAY,
      meetup: {
        place: bostonPlaces[1]!,
        at: tomorrowEvening,
        proposedBy: "owner",
        proposedAt: now - 2.5 * DAY,
        confirmedAt: now - 2 * DAY,
      },
      lock: true,
    });
  }
  // 4. A completed sale, both reviewed (published), the seller replied to the buyer's review.
  {
    const listing = demoListing(demo.owner, "sold", (l) => offerableBy(demo.user, l));
    const done = now - 10 * DAY;
    setStatus(listing, "sold", done);
    addDeal({
      proposerId: demo.user,
      ownerId: demo.owner,
      kind: "sale",
      state: "completed",
      owner: [listing],
      revisions: [{ author: "proposer", cashCents: offerFor(priceOf(listing), 0.9), at: now - 12 * DAY }],
      acceptedAt: now - 11.9 * DAY,
      meetup: {
        place: bostonPlaces[0]!,
        at: done - HOUR,
        proposedBy: "proposer",
        proposedAt: now - 11.5 * DAY,
        confirmedAt: now - 11.4 * DAY,
      },
      handedOver: { owner: done - 10 * MINUTE, proposer: done },
      completedAt: done,
      reviews: [
        {
          by: "proposer",
          rating: 5,
          comment: "Exactly as described, easy pickup. Thanks!",
          at: done + 12 * HOUR,
          reply: "Thanks, enjoy it!",
        },
        { by: "owner", rating: 5, comment: "On time and friendly, smooth handoff.", at: done + DAY },
      ],
    });
  }
  // 5. A completed team swap inside one of the member's clubs, plus a little cash, both reviewed.
  {
    const mine = demoListing(demo.member, "sold");
    const theirs = crowdListing("sold", (l) => inSharedClub(demo.member, l));
    const done = now - 17 * DAY;
    setStatus(mine, "sold", done);
    setStatus(theirs, "sold", done);
    const difference = priceOf(theirs) - priceOf(mine);
    addDeal({
      proposerId: demo.member,
      ownerId: theirs.sellerId,
      kind: "swap",
      state: "completed",
      owner: [theirs],
      proposer: [mine],
      revisions: [
        {
          author: "proposer",
          cashCents: Math.abs(difference) >= 1000 ? Math.min(10_000_000, offerFor(Math.abs(difference), 0.5)) : 0,
          cashFrom: difference > 0 ? "proposer" : "owner",
          message: "Swap for my gear? My kid outgrew it.",
          at: now - 20 * DAY,
        },
      ],
      acceptedAt: now - 19.8 * DAY,
      meetup: {
        place: "Club field parking lot, before Saturday practice",
        at: done - 2 * HOUR,
        proposedBy: "owner",
        proposedAt: now - 19.5 * DAY,
        confirmedAt: now - 19 * DAY,
      },
      handedOver: { proposer: done - 5 * MINUTE, owner: done },
      completedAt: done,
      reviews: [
        { by: "proposer", rating: 5, comment: "Perfect team swap, my kid loves it.", at: done + 3 * HOUR },
        { by: "owner", rating: 4, comment: "Good swap, a little more worn than I thought.", at: done + 2 * DAY },
      ],
    });
  }
  // 6. Expired: the club owner's offer nobody answered within 48 hours.
  {
    const listing = crowdListing("active", (l) => offerableBy(demo.owner, l));
    const offered = now - 4 * DAY;
    addDeal({
      proposerId: demo.owner,
      ownerId: listing.sellerId,
      kind: "sale",
      state: "expired",
      owner: [listing],
      revisions: [{ author: "proposer", cashCents: offerFor(priceOf(listing), 0.75), message: OFFER_MESSAGES[1], at: offered }],
      // The same reason code the clock writes (deals.server.ts runDealClock).
      closed: { at: offered + OFFER_TTL, by: "system", reason: "unanswered" },
    });
  }
  // 7. Declined by the member; 8. another offer on the member's listings, waiting for them.
  {
    const listing = demoListing(demo.member, "active");
    addDeal({
      proposerId: crowdBuyerFor(listing),
      ownerId: demo.member,
      kind: "sale",
      state: "declined",
      owner: [listing],
      revisions: [{ author: "proposer", cashCents: offerFor(priceOf(listing), 0.5), at: now - 3 * DAY }],
      closed: { at: now - 2.5 * DAY, by: "owner" },
    });
    const waiting = input.listingMeta.find(
      (l) => l.sellerId === demo.member && l.status === "active" && !taken.has(l.id) && priceOf(l) > 0,
    );
    if (waiting) {
      taken.add(waiting.id);
      addDeal({
        proposerId: crowdBuyerFor(waiting),
        ownerId: demo.member,
        kind: "sale",
        state: "proposed",
        owner: [waiting],
        revisions: [{ author: "proposer", cashCents: offerFor(priceOf(waiting), 0.8), message: OFFER_MESSAGES[0], at: now - 8 * HOUR }],
      });
    }
  }

  // ── Completed sales and team swaps for most sold listings, with their reviews ────────────
  const sold = input.listingMeta.filter((l) => l.status === "sold");
  for (const listing of sold) {
    if (taken.has(listing.id) || priceOf(listing) === 0 || !rng.chance(0.75)) continue;
    const clubs = clubsOfListing.get(listing.id) ?? [];
    const pool = clubs.length
      ? [...new Set(clubs.flatMap((club) => input.activeMembers.get(club) ?? []))].filter(
          (id) => id !== listing.sellerId && !demoIds.has(id),
        )
      : (input.crowdByMetro.get(listing.metro) ?? []).map((p) => p.id).filter((id) => id !== listing.sellerId);
    if (!pool.length) continue;
    // A team swap: a fellow club member's own sold listing for this one.
    const partners =
      clubs.length && rng.chance(0.3) ? sold.filter((l) => !taken.has(l.id) && l.id !== listing.id && pool.includes(l.sellerId)) : [];
    const partner = partners.length ? rng.pick(partners) : undefined;
    taken.add(listing.id);
    const proposerId = partner ? partner.sellerId : rng.pick(pool);

    // The deal runs between the listing's creation and the moment it was sold (its updated_at).
    const end = Math.min(Math.max(listing.updatedAt, listing.createdAt + DAY), now - MINUTE);
    const start = Math.min(Math.max(listing.createdAt, partner?.createdAt ?? 0) + rng.int(1, 12) * HOUR, end - 6 * HOUR);
    const t = (share: number) => start + share * (end - start);
    if (partner) setStatus(partner, "sold", end);
    setStatus(listing, "sold", end);
    const done = end;

    const price = priceOf(listing);
    let revisions: Revision[];
    if (partner) {
      const difference = price - priceOf(partner);
      revisions = [
        {
          author: "proposer",
          cashCents: Math.abs(difference) >= 1000 ? Math.min(10_000_000, offerFor(Math.abs(difference), 0.5)) : 0,
          cashFrom: difference > 0 ? "proposer" : "owner",
          message: rng.pick(OFFER_MESSAGES),
          at: t(0),
        },
      ];
    } else if (rng.chance(0.35)) {
      revisions = [
        { author: "proposer", cashCents: offerFor(price, 0.75), message: rng.pick(OFFER_MESSAGES), at: t(0) },
        { author: "owner", cashCents: offerFor(price, 0.9), at: t(0.15) },
      ];
    } else {
      revisions = [
        { author: "proposer", cashCents: offerFor(price, rng.pick([0.8, 0.9, 1])), message: rng.pick(OFFER_MESSAGES), at: t(0) },
      ];
    }
    const proposedBy: DealParty = rng.chance(0.5) ? "proposer" : "owner";

    const kind = partner ? "swap" : "sale";
    const wrote = (by: DealParty, must: boolean): ReviewPlan | null => {
      if (!must && !rng.chance(by === "proposer" ? 0.85 : 0.65)) return null;
      const rating = rng.weighted(
        by === "proposer"
          ? ([
              [5, 55],
              [4, 25],
              [3, 10],
              [2, 6],
              [1, 4],
            ] as const)
          : ([
              [5, 70],
              [4, 20],
              [3, 7],
              [2, 2],
              [1, 1],
            ] as const),
      );
      const comments = partner ? SWAP_REVIEW_COMMENTS : by === "proposer" ? REVIEW_COMMENTS : BUYER_REVIEW_COMMENTS;
      const reply = rng.chance(0.12) ? rng.pick(rating >= 4 ? REVIEW_REPLIES.good : REVIEW_REPLIES.bad) : undefined;
      return { by, rating, comment: rng.pick(comments[rating]!), at: Math.min(done + rng.int(2, 96) * HOUR, now - 2 * MINUTE), reply };
    };
    // Everything seeded is published: within 14 days of completion that takes both reviews.
    const recent = done + REVIEW_BLIND > now;
    const byProposer = wrote("proposer", recent);
    const byOwner = wrote("owner", recent);
    addDeal({
      proposerId,
      ownerId: listing.sellerId,
      kind,
      state: "completed",
      owner: [listing],
      proposer: partner ? [partner] : [],
      revisions,
      acceptedAt: t(0.3),
      meetup: {
        place: rng.pick(MEETUP_PLACES[listing.metro]),
        at: t(0.9),
        proposedBy,
        proposedAt: t(0.4),
        confirmedAt: t(0.5),
      },
      handedOver: { owner: t(0.95), proposer: done },
      completedAt: done,
      reviews: [byProposer, byOwner].filter((r): r is ReviewPlan => r !== null),
    });
  }
  return rows;
}
