// Deals waiting for you (ADR 068; spec 01 §2 the bell): the
// deals where the next move is yours. Derived from the deal rows every time, never stored, in ONE
// statement (the newest few and the count of all) that the bell's batch takes in
// (notifications.server.ts) and /api/badges sends beside the unread counts.
//   offer   — a first offer on your listing, unanswered (not expired)
//   turn    — a counter-offer waits for your answer (not expired)
//   meetup  — the other side proposed a meeting place for you to confirm
//   handoff — the other side marked it handed over and you have not
//   review  — completed within the review window and you have not reviewed it
import { and, desc, eq, or, sql, type SQL } from "drizzle-orm";
import type { Db } from "#db/client";
import { deals } from "#db/schema";
import type { Viewer } from "../permissions/viewer";
import { OFFER_TTL_MS, REVIEW_BLIND_MS } from "./deal-machine";
import { dealTitle, otherFirstName, otherPartyId } from "./deal-history.server";

export type WaitingKind = "offer" | "turn" | "meetup" | "handoff" | "review";

export type WaitingDeal = { dealId: string; kind: WaitingKind; title: string; otherName: string };

/** How many the bell's menu lists (the badge counts them all). */
export const WAITING_LIST_LIMIT = 10;

/** The viewer's party of a deal, as SQL: 'proposer' or 'owner'. */
const myParty = (viewer: Pick<Viewer, "id">) => sql`(case when ${deals.proposerId} = ${viewer.id} then 'proposer' else 'owner' end)`;
const theirParty = (viewer: Pick<Viewer, "id">) => sql`(case when ${deals.proposerId} = ${viewer.id} then 'owner' else 'proposer' end)`;

/**
 * Which kind of wait a deal is for the viewer, or null when the move is not theirs. Mirrors the list
 * above. (`deals.id` by hand in the subquery: drizzle renders a select list's columns unqualified.)
 */
function waitingKind(viewer: Pick<Viewer, "id">, now: Date): SQL<WaitingKind | null> {
  const mine = myParty(viewer);
  const theirs = theirParty(viewer);
  const t = now.getTime();
  // Handed over by each side, from the viewer's point of view.
  const mineHandedOver = sql`(case when ${deals.proposerId} = ${viewer.id} then ${deals.handedOverByProposerAt} else ${deals.handedOverByOwnerAt} end)`;
  const theirsHandedOver = sql`(case when ${deals.proposerId} = ${viewer.id} then ${deals.handedOverByOwnerAt} else ${deals.handedOverByProposerAt} end)`;
  return sql<WaitingKind | null>`(case
    when ${deals.state} = 'proposed' and ${deals.turn} = ${mine} and ${deals.lastRevisionAt} > ${t - OFFER_TTL_MS}
      then (case when ${deals.revision} = 1 then 'offer' else 'turn' end)
    when ${deals.state} = 'accepted' and ${deals.meetupPlace} is not null and ${deals.meetupProposedBy} = ${theirs}
      then 'meetup'
    when ${deals.state} = 'handed_over' and ${theirsHandedOver} is not null and ${mineHandedOver} is null
      then 'handoff'
    when ${deals.state} = 'completed' and ${deals.completedAt} > ${t - REVIEW_BLIND_MS}
      and not exists (select 1 from reviews r where r.deal_id = deals.id and r.reviewer_role = ${mine})
      then 'review'
    else null end)`;
}

/** The viewer's deals (either side; the two indexes on proposer_id and owner_id) still able to wait for them. */
function candidates(viewer: Pick<Viewer, "id">): SQL {
  return and(
    or(eq(deals.proposerId, viewer.id), eq(deals.ownerId, viewer.id)),
    sql`${deals.state} in ('proposed', 'accepted', 'handed_over', 'completed')`,
  )!;
}

/**
 * The deals waiting for the viewer, newest first, at most WAITING_LIST_LIMIT, each with the total
 * (`count(*) over ()`) so the bell's badge counts them all. A statement: put it in a batch and read
 * the rows with `toWaitingDeals`.
 */
export function dealsWaitingQuery(db: Db, viewer: Pick<Viewer, "id">, now = new Date()) {
  const kind = waitingKind(viewer, now);
  return db
    .select({
      dealId: deals.id,
      kind,
      title: dealTitle,
      otherName: otherFirstName(otherPartyId(viewer.id)),
      total: sql<number>`count(*) over ()`.mapWith(Number),
    })
    .from(deals)
    .where(and(candidates(viewer), sql`${kind} is not null`))
    .orderBy(desc(deals.updatedAt))
    .limit(WAITING_LIST_LIMIT);
}

export type WaitingRows = Awaited<ReturnType<typeof dealsWaitingQuery>>;

export function toWaitingDeals(rows: WaitingRows): { deals: WaitingDeal[]; count: number } {
  return {
    deals: rows.map(({ dealId, kind, title, otherName }) => ({ dealId, kind: kind as WaitingKind, title, otherName })),
    count: rows[0]?.total ?? 0,
  };
}

export async function dealsWaitingFor(db: Db, viewer: Pick<Viewer, "id">, now = new Date()) {
  return toWaitingDeals(await dealsWaitingQuery(db, viewer, now));
}
