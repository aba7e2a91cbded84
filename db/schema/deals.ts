// Deals: offers, counter-offers and swaps, the handoff, and the reviews that only a completed deal
// gives (ADR 068). A deal is between two people — the proposer and the owner of the
// listing asked for — and its terms are immutable revisions. The people and listings may be
// deleted later; the deal and its reviews stay (foreign keys set null, snapshots keep the names).
import { sql } from "drizzle-orm";
import { check, index, integer, primaryKey, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { users } from "./accounts";
import { listings } from "./listings";
import { col, createdAt, id, isOneOf, timestamp, updatedAt } from "./columns";
import { DEAL_KINDS, DEAL_PARTIES, DEAL_STATES } from "./enums";

/** The open states, as SQL (same list as OPEN_DEAL_STATES in app/features/trade/deal-machine.ts). */
const open = sql`"state" in ('proposed', 'accepted', 'meetup_agreed', 'handed_over')`;

export const deals = sqliteTable(
  "deals",
  {
    id: id(),
    proposerId: text("proposer_id").references(() => users.id, { onDelete: "set null" }),
    ownerId: text("owner_id").references(() => users.id, { onDelete: "set null" }),
    /** The listing asked for (the first of the owner's side): keys "one open deal per proposer per listing". */
    listingId: text("listing_id").references(() => listings.id, { onDelete: "set null" }),
    kind: text("kind", { enum: DEAL_KINDS }).notNull(),
    state: text("state", { enum: DEAL_STATES }).notNull().default("proposed"),
    /** Whose answer the deal waits for while proposed; null once it is not. */
    turn: text("turn", { enum: DEAL_PARTIES }),
    /** The current revision's number (1 … 5). */
    revision: integer("revision").notNull().default(1),
    lastRevisionAt: timestamp("last_revision_at").notNull(),
    reminderSentAt: timestamp("reminder_sent_at"),
    acceptedAt: timestamp("accepted_at"),
    /** The meeting place: a suggested spot's id (app/shared/catalog/meetup-spots.ts) or null when typed. */
    meetupSpotId: text("meetup_spot_id"),
    meetupPlace: text("meetup_place"),
    meetupAt: timestamp("meetup_at"),
    meetupProposedBy: text("meetup_proposed_by", { enum: DEAL_PARTIES }),
    meetupConfirmedAt: timestamp("meetup_confirmed_at"),
    handedOverByProposerAt: timestamp("handed_over_by_proposer_at"),
    handedOverByOwnerAt: timestamp("handed_over_by_owner_at"),
    completedAt: timestamp("completed_at"),
    /** When and why it ended otherwise (declined, withdrawn, expired, voided, cancelled, lapsed). */
    closedAt: timestamp("closed_at"),
    closedBy: text("closed_by", { enum: [...DEAL_PARTIES, "system"] }),
    closeReason: text("close_reason"),
    /** A fresh id written by every transition; the rest of its batch runs only where it matches (ADR 068). */
    transitionId: text("transition_id").notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("deals_one_open_per_proposer_listing").on(t.proposerId, t.listingId).where(open),
    index("deals_proposer_id_idx").on(t.proposerId, t.updatedAt),
    index("deals_owner_id_idx").on(t.ownerId, t.updatedAt),
    index("deals_open_last_revision_idx").on(t.state, t.lastRevisionAt),
    check("deals_kind", isOneOf(t.kind, DEAL_KINDS)),
    check("deals_state", isOneOf(t.state, DEAL_STATES)),
    check("deals_turn", isOneOf(t.turn, DEAL_PARTIES)),
    check("deals_closed_by", sql`${col(t.closedBy)} is null or ${col(t.closedBy)} in ('proposer', 'owner', 'system')`),
    check("deals_revision", sql`${col(t.revision)} between 1 and 5`),
    check("deals_meetup_place", sql`${col(t.meetupPlace)} is null or length(${col(t.meetupPlace)}) <= 200`),
    check("deals_close_reason", sql`${col(t.closeReason)} is null or length(${col(t.closeReason)}) <= 500`),
  ],
);

/** The terms, one row per revision, never updated: cash either way and a message. */
export const dealRevisions = sqliteTable(
  "deal_revisions",
  {
    dealId: text("deal_id")
      .notNull()
      .references(() => deals.id, { onDelete: "cascade" }),
    number: integer("number").notNull(),
    author: text("author", { enum: DEAL_PARTIES }).notNull(),
    /** Whole cents, 0 … 10,000,000 ($100,000). */
    cashCents: integer("cash_cents").notNull().default(0),
    /** Who pays the cash; null when there is none. */
    cashFrom: text("cash_from", { enum: DEAL_PARTIES }),
    message: text("message"),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.dealId, t.number] }),
    check("deal_revisions_number", sql`${col(t.number)} between 1 and 5`),
    check("deal_revisions_author", isOneOf(t.author, DEAL_PARTIES)),
    check("deal_revisions_cash", sql`${col(t.cashCents)} between 0 and 10000000`),
    check(
      "deal_revisions_cash_from",
      // Spelled out: `null in (…)` is NULL, and a CHECK that is NULL passes.
      sql`(${col(t.cashCents)} = 0 and ${col(t.cashFrom)} is null) or (${col(t.cashCents)} > 0 and ${col(t.cashFrom)} is not null and ${col(t.cashFrom)} in ('proposer', 'owner'))`,
    ),
    check("deal_revisions_message", sql`${col(t.message)} is null or length(${col(t.message)}) <= 500`),
  ],
);

/** The listings in a deal, on each side, as they were when it was proposed (their version, title and price). */
export const dealListings = sqliteTable(
  "deal_listings",
  {
    id: id(),
    dealId: text("deal_id")
      .notNull()
      .references(() => deals.id, { onDelete: "cascade" }),
    listingId: text("listing_id").references(() => listings.id, { onDelete: "set null" }),
    side: text("side", { enum: DEAL_PARTIES }).notNull(),
    listingVersion: integer("listing_version").notNull(),
    title: text("title").notNull(),
    priceCents: integer("price_cents").notNull(),
  },
  (t) => [
    index("deal_listings_deal_id_idx").on(t.dealId),
    index("deal_listings_listing_id_idx").on(t.listingId, t.dealId),
    uniqueIndex("deal_listings_one_per_deal").on(t.dealId, t.listingId),
    check("deal_listings_side", isOneOf(t.side, DEAL_PARTIES)),
  ],
);

/** A listing is in at most one accepted deal: the primary key decides (ADR 068). */
export const listingLocks = sqliteTable("listing_locks", {
  listingId: text("listing_id")
    .primaryKey()
    .references(() => listings.id, { onDelete: "cascade" }),
  dealId: text("deal_id")
    .notNull()
    .references(() => deals.id, { onDelete: "cascade" }),
  createdAt: createdAt(),
});

/**
 * A review of the other party, once per party per completed deal. Double-blind: hidden
 * (`published_at` null) until both have reviewed or 14 days pass; the reviewee may reply once.
 */
export const reviews = sqliteTable(
  "reviews",
  {
    id: id(),
    dealId: text("deal_id")
      .notNull()
      .references(() => deals.id, { onDelete: "cascade" }),
    /** Which party wrote it: unique per deal. The people themselves may be deleted later. */
    reviewerRole: text("reviewer_role", { enum: DEAL_PARTIES }).notNull(),
    reviewerId: text("reviewer_id").references(() => users.id, { onDelete: "set null" }),
    revieweeId: text("reviewee_id").references(() => users.id, { onDelete: "set null" }),
    rating: integer("rating").notNull(),
    comment: text("comment"),
    publishedAt: timestamp("published_at"),
    reply: text("reply"),
    repliedAt: timestamp("replied_at"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("reviews_one_per_party_per_deal").on(t.dealId, t.reviewerRole),
    index("reviews_reviewee_published_idx")
      .on(t.revieweeId, sql`${t.publishedAt} DESC`)
      .where(sql`${col(t.publishedAt)} is not null`),
    check("reviews_reviewer_role", isOneOf(t.reviewerRole, DEAL_PARTIES)),
    check("reviews_rating", sql`${col(t.rating)} between 1 and 5`),
    check("reviews_comment", sql`${col(t.comment)} is null or length(${col(t.comment)}) <= 1000`),
    check("reviews_reply", sql`${col(t.reply)} is null or length(${col(t.reply)}) <= 500`),
  ],
);

export type Deal = typeof deals.$inferSelect;
export type NewDeal = typeof deals.$inferInsert;
export type DealRevision = typeof dealRevisions.$inferSelect;
export type DealListing = typeof dealListings.$inferSelect;
export type Review = typeof reviews.$inferSelect;
export type NewReview = typeof reviews.$inferInsert;
