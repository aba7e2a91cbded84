// Deals: proposing, the steps of the machine, and the clock (issue 20, ADR 068). Every step is one
// batch whose first statement is a conditional UPDATE of the deal — the rules of deal-machine.ts
// written as its WHERE — that writes a fresh `transition_id`; every later statement of the batch
// runs only where the deal carries that id, and the batch ends by reading the deal back. So the
// database decides between two requests at once: exactly one UPDATE matches, the other batch
// changes nothing, and the loser is told what happened from the row it lost to.
import { and, eq, inArray, lt, or, sql, type SQL } from "drizzle-orm";
import type { Db } from "#db/client";
import { dealListings, dealRevisions, deals, listingLocks, listings, type Deal, type DealParty, type DealState } from "#db/schema";
import type { Viewer } from "../permissions/viewer";
import { activeClubIdsOf } from "../clubs/club-access.server";
import { can } from "../permissions/can";
import { blockBetween, isBlockedBetween, notBlockedWith } from "../safety/blocks.server";
import { notSuspended } from "../safety/suspensions.server";
import {
  AUTO_COMPLETE_MS,
  DEAL_RULES,
  decide,
  LAPSE_AFTER_MEETUP_MS,
  MAX_REVISIONS,
  OFFER_REMINDER_MS,
  OFFER_TTL_MS,
  OPEN_DEAL_STATES,
  other,
  REVIEW_BLIND_MS,
  type DealStep,
  type Refusal,
} from "./deal-machine";

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
  | { ok: false; error: Refusal | "onHold" | "listingChanged" | "blocked"; deal: Deal };

const inList = (values: readonly string[]) =>
  sql.join(
    values.map((v) => sql`${v}`),
    sql`, `,
  );
const openStates = sql`(${inList(OPEN_DEAL_STATES)})`;

/** Condition over `deals`: the viewer is one of its two parties. Ownership lives in the query. */
const partyTo = (viewer: Pick<Viewer, "id">): SQL => or(eq(deals.proposerId, viewer.id), eq(deals.ownerId, viewer.id))!;

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
 * an active member of — a site admin's view-all does not extend to offers (issue 20). Never one the
 * listing page hides from them (issue 21): a suspended owner's, or one across a block either way
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
  // A block between the two (issue 21 §2) is decided by the insert itself: the deal row is written
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
  /** Reaches the other party (counter, accept): refused across a block, in the UPDATE's WHERE (issue 21 §2). */
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
  if (rule.only) conditions.push(sql`${rule.only === party ? sql`1` : sql`0`} = 1`);
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
  const target = { kind: "deal", proposerId: deal.proposerId, ownerId: deal.ownerId } as const;
  if (!can(viewer, "view", target)) return { ok: false, error: "notFound" };
  // A party the table does not grant this step (the owner withdrawing): told so, not a 404 — they see the deal.
  if (!can(viewer, spec.step, target)) return { ok: false, error: "notYours", deal };

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
 * Accept: the deal's state, revision and turn as the party saw them, and none of its listings
 * locked by another deal, changed since, or gone — then a lock row per listing (primary key on the
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
function completionStatements(db: Db, dealId: string, when: SQL, now: Date) {
  return [
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
function releaseStatements(db: Db, dealId: string, when: SQL) {
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

// ---------------------------------------------------------------------------------------------
// The clock (a Workers cron trigger in production, the scheduler of `npm start`, and tests)
// ---------------------------------------------------------------------------------------------

export type ClockReport = { expired: Deal[]; reminded: Deal[]; completed: Deal[]; lapsed: Deal[]; reviewsPublished: number };

/**
 * Expires offers unanswered for 48 h (a reminder at 24 h), completes deals one side handed over
 * 72 h ago, lets deals with no hand-over 7 days after the meeting day lapse (listings back to
 * active, no reviews), and publishes reviews hidden for 14 days. Each deal is its own conditional
 * step, so a party acting at the same moment wins or loses cleanly.
 */
export async function runDealClock(db: Db, now = new Date()): Promise<ClockReport> {
  const t = now.getTime();
  const report: ClockReport = { expired: [], reminded: [], completed: [], lapsed: [], reviewsPublished: 0 };

  const expire = await db
    .update(deals)
    .set({ state: "expired", turn: null, closedAt: now, closedBy: "system", closeReason: "unanswered", transitionId: crypto.randomUUID() })
    .where(and(eq(deals.state, "proposed"), lt(deals.lastRevisionAt, new Date(t - OFFER_TTL_MS + 1))))
    .returning();
  report.expired = expire;

  report.reminded = await db
    .update(deals)
    .set({ reminderSentAt: now })
    .where(
      and(
        eq(deals.state, "proposed"),
        lt(deals.lastRevisionAt, new Date(t - OFFER_REMINDER_MS + 1)),
        sql`(deals.reminder_sent_at is null or deals.reminder_sent_at < deals.last_revision_at)`,
      ),
    )
    .returning();

  const dueCompletion = await db
    .select({ id: deals.id })
    .from(deals)
    .where(
      and(
        eq(deals.state, "handed_over"),
        sql`min(coalesce(deals.handed_over_by_proposer_at, ${t}), coalesce(deals.handed_over_by_owner_at, ${t})) <= ${t - AUTO_COMPLETE_MS}`,
      ),
    );
  for (const { id } of dueCompletion) {
    const tid = crypto.randomUUID();
    const won = sql`exists (select 1 from deals d where d.id = ${id} and d.transition_id = ${tid})`;
    const results = await db.batch([
      db
        .update(deals)
        .set({ state: "completed", completedAt: now, transitionId: tid })
        .where(and(eq(deals.id, id), eq(deals.state, "handed_over"))),
      ...completionStatements(db, id, won, now),
      db.select().from(deals).where(eq(deals.id, id)),
    ]);
    const after = (results.at(-1) as Deal[])[0];
    if (after?.transitionId === tid) report.completed.push(after);
  }

  const dueLapse = await db
    .select({ id: deals.id })
    .from(deals)
    .where(
      and(
        sql`deals.state in ('accepted', 'meetup_agreed')`,
        sql`coalesce(deals.meetup_at, deals.accepted_at) <= ${t - LAPSE_AFTER_MEETUP_MS}`,
      ),
    );
  for (const { id } of dueLapse) {
    const tid = crypto.randomUUID();
    const won = sql`exists (select 1 from deals d where d.id = ${id} and d.transition_id = ${tid})`;
    const results = await db.batch([
      db
        .update(deals)
        .set({ state: "lapsed", closedAt: now, closedBy: "system", closeReason: "no_handover", transitionId: tid })
        .where(and(eq(deals.id, id), sql`deals.state in ('accepted', 'meetup_agreed')`)),
      ...releaseStatements(db, id, won),
      db.select().from(deals).where(eq(deals.id, id)),
    ]);
    const after = (results.at(-1) as Deal[])[0];
    if (after?.transitionId === tid) report.lapsed.push(after);
  }

  report.reviewsPublished = await publishDueReviews(db, now);
  return report;
}

/** Publishes hidden reviews whose deal completed 14 days ago (the other half of double-blind: reviews.server.ts). */
async function publishDueReviews(db: Db, now: Date): Promise<number> {
  const rows = await db.run(sql`update reviews set published_at = ${now.getTime()}
    where published_at is null and deal_id in (select id from deals where state = 'completed' and completed_at <= ${now.getTime() - REVIEW_BLIND_MS})`);
  return rows.rowsAffected;
}

/**
 * Statements for a batch that ends a person's open deals — proposed ones voided, accepted ones
 * cancelled — and puts the other side's listings they held back to active:
 * - `account_deleted`: the account goes (run them before the user row goes; the deals and their
 *   reviews stay, the person shows as 'Former member');
 * - `account_suspended`: a moderator suspended them (issue 21 §4);
 * - `blocked`: one blocked the other — only the deals between `userId` and `withUserId` (issue 21 §2).
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
