// The steps of a deal (ADR 068): counter, accept, decline, withdraw, the meeting place, hand-over,
// cancel. Each is one batch whose first statement is a conditional UPDATE of the deal — the rules of
// deal-machine.ts written as its WHERE (`ruleAsSql`) — that writes a fresh `transition_id`; every
// later statement runs only where the deal carries that id, so exactly one of two requests at once
// wins and the loser is told what happened from the row it lost to.
import { saleStatements } from "./sales.server";
import { and, eq, sql, type SQL } from "drizzle-orm";
import type { Db } from "#db/client";
import { dealListings, dealRevisions, deals, listingLocks, listings, type Deal, type DealParty } from "#db/schema";
import type { Viewer } from "../permissions/viewer";
import { DEAL_PERMISSIONS, dealCan } from "../permissions/deal";
import { grants } from "../permissions/table";
import { blockBetween, isBlockedBetween } from "../safety/blocks.server";
import { DEAL_RULES, decide, MAX_REVISIONS, OFFER_TTL_MS, other, type DealStep } from "./deal-machine";
import { type Terms, type StepResult, inList, openStates, partyTo, dealFor, partyOf } from "./deals.server";

// ---------------------------------------------------------------------------------------------
// Steps
// ---------------------------------------------------------------------------------------------

type StepSpec = {
  step: DealStep;
  /** The revision the party's page showed (counter, accept, decline). */
  seenRevision?: number;
  /** Columns the step writes besides state and transition id, for the acting party. */
  set?: (party: DealParty) => DealUpdate;
  /** Extra conditions of the UPDATE (beyond the machine's). */
  where?: SQL[];
  /** Statements that run only if this transition won (`won` is the condition to put in their WHERE). */
  then?: (won: SQL, party: DealParty) => BatchItem[];
  /** Reaches the other party (counter, accept): refused across a block, in the UPDATE's WHERE (ADR 069). */
  contact?: true;
};
type DealUpdate = { [K in keyof typeof deals.$inferInsert]?: (typeof deals.$inferInsert)[K] | SQL };
type BatchItem = Parameters<Db["batch"]>[0][number];

/**
 * The machine's rule for `step`, as the WHERE of an UPDATE over `deals`, for `party` at `now`.
 * Mirrors `decide` (deal-machine.ts); the unit test runs both over every state × step × party.
 */
export function ruleAsSql(step: DealStep, party: DealParty, now: Date, seenRevision?: number): SQL[] {
  const rule = DEAL_RULES[step];
  const conditions: SQL[] = [sql`deals.state in (${inList(rule.from)})`];
  // A party the deal permission table does not allow this step never matches (decide says 'notYours').
  if (!grants(DEAL_PERMISSIONS, [party], step)) conditions.push(sql`0 = 1`);
  // An offer past its 48 hours is expired whether or not the clock has run yet.
  conditions.push(sql`(deals.state <> 'proposed' or deals.last_revision_at > ${now.getTime() - OFFER_TTL_MS})`);
  if (rule.onTurn) conditions.push(sql`deals.turn = ${party}`);
  if (seenRevision !== undefined) conditions.push(sql`deals.revision = ${seenRevision}`);
  if (step === "counter") conditions.push(sql`deals.revision < ${MAX_REVISIONS}`);
  if (step === "confirmMeetup") conditions.push(sql`coalesce(deals.meetup_place, '') <> '' and deals.meetup_proposed_by = ${other(party)}`);
  if (step === "handOver")
    conditions.push(party === "proposer" ? sql`deals.handed_over_by_proposer_at is null` : sql`deals.handed_over_by_owner_at is null`);
  return conditions;
}

async function runStep(db: Db, viewer: Viewer, dealId: string, spec: StepSpec, now: Date): Promise<StepResult> {
  const deal = await dealFor(db, { ...viewer, isAdmin: false }, dealId);
  if (!deal) return { ok: false, error: "notFound" };
  const party = partyOf(viewer, deal)!;
  const target = { proposerId: deal.proposerId, ownerId: deal.ownerId };
  if (!dealCan(viewer, "view", target)) return { ok: false, error: "notFound" };
  // A party the table does not grant this step (the owner withdrawing): told so, not a 404 — they see the deal.
  if (!dealCan(viewer, spec.step, target)) return { ok: false, error: "notYours", deal };

  // Refused on the row as read: nothing to write. Allowed: the UPDATE's WHERE decides again, atomically.
  const decided = decide(deal, party, spec.step, now, spec.seenRevision);
  if (!decided.ok) return (await blockedStep(db, spec, deal)) ?? { ok: false, error: decided.refusal, deal };
  // handOver's target depends on the other side (its `set` says so in SQL); the rest is the rule's.
  const to = DEAL_RULES[spec.step].to;
  const t = crypto.randomUUID();
  const won = sql`exists (select 1 from deals d where d.id = ${dealId} and d.transition_id = ${t})`;
  const update = db
    .update(deals)
    .set({ ...(to ? { state: to } : {}), ...spec.set?.(party), transitionId: t, updatedAt: now })
    .where(
      and(
        eq(deals.id, dealId),
        partyTo(viewer),
        ...ruleAsSql(spec.step, party, now, spec.seenRevision),
        ...(spec.where ?? []),
        spec.contact
          ? sql`not ${blockBetween(viewer.id, sql`(case when deals.proposer_id = ${viewer.id} then deals.owner_id else deals.proposer_id end)`)}`
          : undefined,
      ),
    );
  const results = await db.batch([update, ...(spec.then?.(won, party) ?? []), db.select().from(deals).where(eq(deals.id, dealId))]);
  const after = (results.at(-1) as Deal[])[0]!;
  if (after.transitionId === t) return { ok: true, deal: after, step: spec.step, to: after.state };

  // Lost, or refused: tell what happened, from the row as it is now.
  const blocked = await blockedStep(db, spec, after);
  if (blocked) return blocked;
  const now2 = decide(after, party, spec.step, now, spec.seenRevision);
  if (!now2.ok) return { ok: false, error: now2.refusal, deal: after };
  return { ok: false, error: spec.step === "accept" ? "onHold" : "wrongState", deal: after };
}

/**
 * A step that reaches the other party, refused because one has blocked the other: said as such
 * ('You can't contact this person.'), not as the closed state the block left the deal in.
 */
async function blockedStep(db: Db, spec: StepSpec, deal: Deal): Promise<StepResult | null> {
  if (!spec.contact || !deal.proposerId || !deal.ownerId) return null;
  return (await isBlockedBetween(db, deal.proposerId, deal.ownerId)) ? { ok: false, error: "blocked", deal } : null;
}

/** The deal's listings that are still there (a deleted one is null in deal_listings). */
const dealListingIds = (dealId: string) =>
  sql`(select dl.listing_id from deal_listings dl where dl.deal_id = ${dealId} and dl.listing_id is not null)`;

export function counterDeal(db: Db, viewer: Viewer, dealId: string, seenRevision: number, terms: Terms, now = new Date()) {
  const number = seenRevision + 1;
  return runStep(
    db,
    viewer,
    dealId,
    {
      step: "counter",
      contact: true,
      seenRevision,
      set: (party) => ({ revision: number, turn: other(party), lastRevisionAt: now }),
      then: (won, party) => [
        db.insert(dealRevisions).select(
          db
            .select({
              dealId: sql<string>`${dealId}`.as("deal_id"),
              number: sql<number>`${number}`.as("number"),
              author: sql<DealParty>`${party}`.as("author"),
              cashCents: sql<number>`${terms.cashCents}`.as("cash_cents"),
              cashFrom: sql<DealParty | null>`${terms.cashCents > 0 ? terms.cashFrom : null}`.as("cash_from"),
              message: sql<string | null>`${terms.message}`.as("message"),
              createdAt: sql<Date>`${now.getTime()}`.as("created_at"),
            })
            .from(sql`(select 1)`)
            .where(won),
        ),
      ],
    },
    now,
  );
}

/**
 * A listing held by a Swap Day (ADR 088): offered to an event whose lists are closed (by an organiser or by the
 * date) and whose results are not stored yet — or, once they are, traded in a ring not yet handed over or
 * cancelled (ADR 090: the ring's people are counting on it). Read by the accept's UPDATE itself, so a freeze and
 * an accept racing each other are decided by the database: the freeze's batch takes out items already locked by
 * a deal; an accept after it matches no row. (SQL over the swap-day tables, not an import: that feature comes
 * later in the order.)
 */
const swapDayHeld = (listingId: SQL, now: Date) => sql`exists (select 1 from swap_day_items si
  join swap_days sd on sd.id = si.swap_day_id
  where si.listing_id = ${listingId} and sd.closes_at > ${now.getTime()}
    and ((si.status = 'offered' and sd.solved_at is null
        and (sd.frozen_at is not null or sd.lists_close_at <= ${now.getTime()}))
      or (si.status = 'traded' and exists (select 1 from swap_day_ring_steps st
        join swap_day_rings r on r.id = st.ring_id where st.item_id = si.id and r.status = 'proposed'))))`;

/**
 * Accept: the deal's state, revision and turn as the party saw them, and none of its listings
 * held by a Swap Day, locked by another deal, changed since, or gone — then a lock row per listing (primary key on the
 * listing: a second acceptance cannot lock it) and the listings pending pickup. All or nothing.
 */
export async function acceptDeal(db: Db, viewer: Viewer, dealId: string, seenRevision: number, now = new Date()) {
  const result = await runStep(
    db,
    viewer,
    dealId,
    {
      step: "accept",
      contact: true,
      seenRevision,
      set: () => ({ turn: null, acceptedAt: now }),
      where: [
        sql`not exists (select 1 from listing_locks ll join deal_listings dl on dl.listing_id = ll.listing_id
          where dl.deal_id = deals.id and ll.deal_id <> deals.id)`,
        sql`not exists (select 1 from deal_listings dl left join listings l on l.id = dl.listing_id
          where dl.deal_id = deals.id and (l.id is null or l.status <> 'active' or l.version <> dl.listing_version))`,
        sql`not exists (select 1 from deal_listings dl where dl.deal_id = deals.id and ${swapDayHeld(sql`dl.listing_id`, now)})`,
      ],
      then: (won) => [
        db.insert(listingLocks).select(
          db
            .select({
              listingId: dealListings.listingId,
              dealId: dealListings.dealId,
              createdAt: sql`${now.getTime()}`.as("created_at"),
            })
            .from(dealListings)
            .where(and(eq(dealListings.dealId, dealId), sql`${dealListings.listingId} is not null`, won)),
        ) as never,
        db
          .update(listings)
          .set({ status: "pending_pickup" })
          .where(and(sql`listings.id in ${dealListingIds(dealId)}`, won)),
      ],
    },
    now,
  );
  if (result.ok || result.error !== "onHold") return result;
  const [held] = await db.all<{ n: number }>(
    sql`select count(*) as n from deal_listings dl where dl.deal_id = ${dealId} and ${swapDayHeld(sql`dl.listing_id`, now)}`,
  );
  if (Number(held?.n ?? 0) > 0) return { ...result, error: "swapDayHold" as const };
  // Lost while the machine would still allow it: another deal holds a listing, or a listing changed.
  const changed = await db
    .select({ id: dealListings.id })
    .from(dealListings)
    .leftJoin(listings, eq(listings.id, dealListings.listingId))
    .where(
      and(
        eq(dealListings.dealId, dealId),
        sql`(listings.id is null or (listings.status = 'active' and listings.version <> deal_listings.listing_version))`,
      ),
    );
  return changed.length ? { ...result, error: "listingChanged" as const } : result;
}

export const declineDeal = (db: Db, viewer: Viewer, dealId: string, seenRevision: number, now = new Date()) =>
  runStep(db, viewer, dealId, { step: "decline", seenRevision, set: (party) => ({ turn: null, closedAt: now, closedBy: party }) }, now);

export const withdrawDeal = (db: Db, viewer: Viewer, dealId: string, now = new Date()) =>
  runStep(db, viewer, dealId, { step: "withdraw", set: () => ({ turn: null, closedAt: now, closedBy: "proposer" }) }, now);

export type MeetupInput = { spotId: string | null; place: string; at: Date };

export async function proposeMeetup(db: Db, viewer: Viewer, dealId: string, meetup: MeetupInput, now = new Date()) {
  return runStep(
    db,
    viewer,
    dealId,
    {
      step: "proposeMeetup",
      set: (party) => ({
        meetupSpotId: meetup.spotId,
        meetupPlace: meetup.place,
        meetupAt: meetup.at,
        meetupProposedBy: party,
        meetupConfirmedAt: null,
      }),
    },
    now,
  );
}

export const confirmMeetup = (db: Db, viewer: Viewer, dealId: string, now = new Date()) =>
  runStep(db, viewer, dealId, { step: "confirmMeetup", set: () => ({ meetupConfirmedAt: now }) }, now);

/** Mark as handed over: the first side → handed_over; the second → completed, the listings sold. */
export function markHandedOver(db: Db, viewer: Viewer, dealId: string, now = new Date()) {
  const theirs = (party: DealParty) => (party === "proposer" ? sql`deals.handed_over_by_owner_at` : sql`deals.handed_over_by_proposer_at`);
  return runStep(
    db,
    viewer,
    dealId,
    {
      step: "handOver",
      set: (party) => ({
        [party === "proposer" ? "handedOverByProposerAt" : "handedOverByOwnerAt"]: now,
        state: sql`case when ${theirs(party)} is not null then 'completed' else 'handed_over' end`,
        completedAt: sql`case when ${theirs(party)} is not null then ${now.getTime()} else null end`,
      }),
      then: (won) =>
        completionStatements(db, dealId, sql`${won} and (select d.state from deals d where d.id = ${dealId}) = 'completed'`, now),
    },
    now,
  );
}

/** Cancel an accepted deal with a reason: its listings go back to active, deals on hold can be accepted again. */
export async function cancelDeal(db: Db, viewer: Viewer, dealId: string, reason: string, now = new Date()) {
  return runStep(
    db,
    viewer,
    dealId,
    {
      step: "cancel",
      set: (party) => ({ closedAt: now, closeReason: reason, closedBy: party }),
      then: (won) => releaseStatements(db, dealId, won),
    },
    now,
  );
}

/** A completed deal's listings become sold; other open deals that include them are voided. */
export function completionStatements(db: Db, dealId: string, when: SQL, now: Date) {
  return [
    // Its sale, for price guidance (ADR 086): written while the listing still reads as it was dealt.
    ...saleStatements(db, dealId, when, now),
    db
      .update(listings)
      .set({ status: "sold" })
      .where(and(sql`listings.id in ${dealListingIds(dealId)}`, when)),
    db
      .update(deals)
      .set({
        state: "voided",
        turn: null,
        closedAt: now,
        closedBy: "system",
        closeReason: "listing_sold",
        transitionId: crypto.randomUUID(),
      })
      .where(
        and(
          sql`deals.id <> ${dealId}`,
          sql`deals.state in ${openStates}`,
          sql`deals.id in (select dl.deal_id from deal_listings dl where dl.listing_id in ${dealListingIds(dealId)})`,
          when,
        ),
      ),
    db.delete(listingLocks).where(and(eq(listingLocks.dealId, dealId), when)),
  ];
}

/** A cancelled or lapsed deal lets go of its listings: back to active, locks removed. */
export function releaseStatements(db: Db, dealId: string, when: SQL) {
  return [
    db
      .update(listings)
      .set({ status: "active" })
      .where(
        and(
          sql`listings.id in (select ll.listing_id from listing_locks ll where ll.deal_id = ${dealId})`,
          eq(listings.status, "pending_pickup"),
          when,
        ),
      ),
    db.delete(listingLocks).where(and(eq(listingLocks.dealId, dealId), when)),
  ];
}
