// Deals (ADR 068): proposing one, reading one as a party, and closing a person's open deals. The
// steps of the machine are deal-transitions.server.ts, the clock deal-clock.server.ts. Every write is
// one batch the database decides: of two requests at once exactly one matches, the other changes
// nothing, and the loser is told what happened from the row it lost to.
import { and, eq, inArray, or, sql, type SQL } from "drizzle-orm";
import type { Db } from "#db/client";
import { deals, listingLocks, listings, type Deal, type DealParty, type DealState } from "#db/schema";
import type { Viewer } from "../permissions/viewer";
import { activeClubIdsOf } from "../clubs/club-access.server";
import { blockBetween, notBlockedWith } from "../safety/blocks.server";
import { notSuspended } from "../safety/suspensions.server";
import { OPEN_DEAL_STATES, type DealStep, type Refusal } from "./deal-machine";

export type Terms = {
  /** Whole cents, 0 … 10,000,000. */
  cashCents: number;
  /** Who pays the cash (ignored when it is 0). */
  cashFrom: DealParty;
  message: string | null;
};

export type StepResult =
  | { ok: true; deal: Deal; step: DealStep | "propose"; to: DealState }
  | { ok: false; error: "notFound" }
  | { ok: false; error: Refusal | "onHold" | "listingChanged" | "swapDayHold" | "blocked"; deal: Deal };

export const inList = (values: readonly string[]) =>
  sql.join(
    values.map((v) => sql`${v}`),
    sql`, `,
  );
export const openStates = sql`(${inList(OPEN_DEAL_STATES)})`;

/** Condition over `deals`: the viewer is one of its two parties. Ownership lives in the query. */
export const partyTo = (viewer: Pick<Viewer, "id">): SQL => or(eq(deals.proposerId, viewer.id), eq(deals.ownerId, viewer.id))!;

/** The deal if the viewer is a party or a site admin; null (a 404) otherwise. */
export async function dealFor(db: Db, viewer: Viewer, dealId: string): Promise<Deal | null> {
  const [deal] = await db
    .select()
    .from(deals)
    .where(and(eq(deals.id, dealId), viewer.isAdmin ? sql`1 = 1` : partyTo(viewer)));
  return deal ?? null;
}

export function partyOf(viewer: Pick<Viewer, "id">, deal: Pick<Deal, "proposerId" | "ownerId">): DealParty | null {
  if (deal.proposerId === viewer.id) return "proposer";
  if (deal.ownerId === viewer.id) return "owner";
  return null;
}

// ---------------------------------------------------------------------------------------------
// Proposing
// ---------------------------------------------------------------------------------------------

export type ProposeInput = Terms & {
  listingId: string;
  /** Swap: the proposer's own active listings offered for it (empty for a cash offer). */
  offeredListingIds: string[];
};

export type ProposeResult =
  | { ok: true; deal: Deal }
  | { ok: false; error: "notFound" | "ownListing" | "notActive" | "swapNeedsClub" | "offeredNotYours" | "emptyOffer" | "blocked" }
  | { ok: false; error: "openDealExists"; dealId: string };

/**
 * Which listings `viewer` may make an offer on: public ones, and clubs-only ones of a club they are
 * an active member of — a site admin's view-all does not extend to offers (ADR 068). Never one the
 * listing page hides from them (ADR 069): a suspended owner's, or one across a block either way
 * (not found, as the page — a refusal naming the block would tell them they were blocked).
 */
export function offerableBy(viewer: Pick<Viewer, "id">, now = new Date()): SQL {
  return sql`((listings.audience = 'public' or listings.id in (
    select lc.listing_id from listing_clubs lc where lc.club_id in ${activeClubIdsOf(viewer)}))
    and ${notSuspended(sql`listings.user_id`, now)} and ${notBlockedWith(viewer.id, sql`listings.user_id`)})`;
}

/** Condition: the listing is in a club the viewer is an active member of (a team swap's place). */
export function sharedClubListing(viewer: Pick<Viewer, "id">): SQL {
  return sql`listings.id in (select lc.listing_id from listing_clubs lc where lc.club_id in ${activeClubIdsOf(viewer)})`;
}

export async function proposeDeal(db: Db, viewer: Viewer, input: ProposeInput, now = new Date()): Promise<ProposeResult> {
  const swap = input.offeredListingIds.length > 0;
  const [target] = await db
    .select({
      id: listings.id,
      userId: listings.userId,
      title: listings.title,
      priceCents: listings.priceCents,
      version: listings.version,
      status: listings.status,
      inSharedClub: sql<number>`${sharedClubListing(viewer)}`,
    })
    .from(listings)
    .where(and(eq(listings.id, input.listingId), or(offerableBy(viewer, now), eq(listings.userId, viewer.id))));
  if (!target) return { ok: false, error: "notFound" };
  if (target.userId === viewer.id) return { ok: false, error: "ownListing" };
  const open = await openDealOf(db, viewer, target.id);
  if (open) return { ok: false, error: "openDealExists", dealId: open };
  if (target.status !== "active") return { ok: false, error: "notActive" };
  if (swap && !target.inSharedClub) return { ok: false, error: "swapNeedsClub" };
  if (!swap && input.cashCents === 0) return { ok: false, error: "emptyOffer" };

  const offered = swap
    ? await db
        .select({ id: listings.id, title: listings.title, priceCents: listings.priceCents, version: listings.version })
        .from(listings)
        .where(
          and(
            inArray(listings.id, input.offeredListingIds),
            eq(listings.userId, viewer.id),
            eq(listings.status, "active"),
            sql`not exists (select 1 from listing_locks ll where ll.listing_id = listings.id)`,
          ),
        )
    : [];
  if (offered.length !== new Set(input.offeredListingIds).size) return { ok: false, error: "offeredNotYours" };

  const dealId = crypto.randomUUID();
  const cashFrom = input.cashCents > 0 ? input.cashFrom : null;
  // A block between the two (ADR 069) is decided by the insert itself: the deal row is written
  // only where there is none, and its revision and listings only where the deal row was written.
  const stored = sql`exists (select 1 from deals d where d.id = ${dealId})`;
  const at = now.getTime();
  const sides = [
    { listingId: target.id, side: "owner" as const, listingVersion: target.version, title: target.title, priceCents: target.priceCents },
    ...offered.map((l) => ({
      listingId: l.id,
      side: "proposer" as const,
      listingVersion: l.version,
      title: l.title,
      priceCents: l.priceCents,
    })),
  ];
  try {
    await db.batch([
      db.run(sql`insert into deals (id, proposer_id, owner_id, listing_id, kind, state, turn, revision, last_revision_at, transition_id, created_at, updated_at)
        select ${dealId}, ${viewer.id}, ${target.userId}, ${target.id}, ${swap ? "swap" : "sale"}, 'proposed', 'owner', 1, ${at}, ${crypto.randomUUID()}, ${at}, ${at}
        where not ${blockBetween(viewer.id, target.userId)}`),
      db.run(sql`insert into deal_revisions (deal_id, number, author, cash_cents, cash_from, message, created_at)
        select ${dealId}, 1, 'proposer', ${input.cashCents}, ${cashFrom}, ${input.message}, ${at} where ${stored}`),
      ...sides.map((l) =>
        db.run(sql`insert into deal_listings (id, deal_id, listing_id, side, listing_version, title, price_cents)
          select ${crypto.randomUUID()}, ${dealId}, ${l.listingId}, ${l.side}, ${l.listingVersion}, ${l.title}, ${l.priceCents} where ${stored}`),
      ),
    ]);
  } catch (error) {
    // The partial unique index (one open deal per proposer per listing): a double submit, or two tabs.
    const again = await openDealOf(db, viewer, target.id);
    if (again) return { ok: false, error: "openDealExists", dealId: again };
    throw error;
  }
  const [deal] = await db.select().from(deals).where(eq(deals.id, dealId));
  // Not written: the only condition of the insert was that neither has blocked the other.
  if (!deal) return { ok: false, error: "blocked" };
  return { ok: true, deal };
}

/** The viewer's open deal on this listing as its proposer, if any. */
export async function openDealOf(db: Db, viewer: Pick<Viewer, "id">, listingId: string): Promise<string | null> {
  const [row] = await db
    .select({ id: deals.id })
    .from(deals)
    .where(and(eq(deals.proposerId, viewer.id), eq(deals.listingId, listingId), sql`deals.state in ${openStates}`));
  return row?.id ?? null;
}

/**
 * Statements for a batch that ends a person's open deals — proposed ones voided, accepted ones
 * cancelled — and puts the other side's listings they held back to active:
 * - `account_deleted`: the account goes (run them before the user row goes; the deals and their
 *   reviews stay, the person shows as 'Former member');
 * - `account_suspended`: a moderator suspended them (ADR 069);
 * - `blocked`: one blocked the other — only the deals between `userId` and `withUserId` (ADR 069).
 */
export function closeOpenDealsOf(
  db: Db,
  userId: string,
  reason: "account_deleted" | "account_suspended" | "blocked",
  now = new Date(),
  withUserId?: string,
) {
  const between = withUserId ? sql` and (d.proposer_id = ${withUserId} or d.owner_id = ${withUserId})` : sql``;
  const theirs = sql`(select d.id from deals d where (d.proposer_id = ${userId} or d.owner_id = ${userId})${between} and d.state in ${openStates})`;
  return [
    db
      .update(listings)
      .set({ status: "active" })
      .where(
        and(
          eq(listings.status, "pending_pickup"),
          sql`listings.id in (select ll.listing_id from listing_locks ll where ll.deal_id in ${theirs})`,
        ),
      ),
    db.delete(listingLocks).where(sql`listing_locks.deal_id in ${theirs}`),
    db
      .update(deals)
      .set({
        state: sql`case when deals.state = 'proposed' then 'voided' else 'cancelled' end`,
        turn: null,
        closedAt: now,
        closedBy: "system",
        closeReason: reason,
        transitionId: crypto.randomUUID(),
      })
      .where(sql`deals.id in ${theirs}`),
  ] as const;
}

/** The batch statements that delete an account close its open deals first (`closeOpenDealsOf`). */
export const closeDealsOfLeavingUser = (db: Db, userId: string, now = new Date()) => closeOpenDealsOf(db, userId, "account_deleted", now);
