// The solve and its stored result (ADR 089 on ADR 080 and 088). `solveAndStore` reads the frozen input, runs the
// solver and stores rings, steps, the items' statuses and the input file in ONE batch whose first statement claims
// the event (solved_at is null → this token); every other statement runs only where the token won, so two solves
// at once store one result and a re-run changes nothing. Storing traded/untraded ends the hold (the deal's accept
// reads status 'offered'). `resultsFor` is what a member may read of it: their own items' outcome; the rings for
// organisers; nothing before the results.
import { sql } from "drizzle-orm";
import type { Db } from "#db/client";
import type { ClubAccess } from "../clubs/club-access.server";
import { clubCan } from "../permissions/club";
import { freezeSwapDay, REMOVED_REASONS } from "./items.server";
import { loadSwapDayInput } from "./input.server";
import { solveSwapDay } from "./solver/index";
import { writeOfficialWants } from "./solver/official-wants";
import { getSwapDay } from "./swap-days.server";

export type SolveOutcome = { stored: boolean; itemsTraded: number; rings: number };

async function sha256Hex(text: string): Promise<string> {
  const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(text));
  return Array.from(new Uint8Array(digest), (b) => b.toString(16).padStart(2, "0")).join("");
}

/** What is stored for the event: rings and traded items (for an answer when this call did not store). */
async function storedCounts(db: Db, swapDayId: string): Promise<{ itemsTraded: number; rings: number }> {
  const [row] = await db.all<{ rings: number; traded: number }>(sql`select
    (select count(*) from swap_day_rings where swap_day_id = ${swapDayId}) as rings,
    (select count(*) from swap_day_items where swap_day_id = ${swapDayId} and status = 'traded') as traded`);
  return { itemsTraded: Number(row?.traded ?? 0), rings: Number(row?.rings ?? 0) };
}

/**
 * Solves the event and stores the result, once. Runs only on an event whose lists are closed (frozen by an
 * organiser, or by the date — then the freeze's batch runs first, taking out what cannot be held) and not closed.
 * Callers: the scheduled job at the results date, and 'Find the swaps' (after the answer, ctx.waitUntil).
 */
export async function solveAndStore(db: Db, swapDayId: string, { now, token }: { now: Date; token: string }): Promise<SolveOutcome> {
  const [day] = await db.all<{ frozen_at: number | null; solved_at: number | null; lists_close_at: number; closes_at: number }>(
    sql`select frozen_at, solved_at, lists_close_at, closes_at from swap_days where id = ${swapDayId}`,
  );
  if (!day || day.solved_at !== null || Number(day.closes_at) <= now.getTime())
    return { stored: false, ...(await storedCounts(db, swapDayId)) };
  if (day.frozen_at === null) {
    if (Number(day.lists_close_at) > now.getTime()) return { stored: false, itemsTraded: 0, rings: 0 };
    await freezeSwapDay(db, null, swapDayId, now);
  }
  const loaded = await loadSwapDayInput(db, swapDayId);
  if (!loaded) return { stored: false, itemsTraded: 0, rings: 0 };
  const result = solveSwapDay(loaded.input);
  const file = writeOfficialWants(loaded.input, loaded.pseudonym);
  const checksum = await sha256Hex(file);
  const rowId = (solverId: string) => loaded.rowIdOf.get(solverId)!;
  const rings = result.rings.map((ring, i) => ({ id: crypto.randomUUID(), n: i + 1, steps: ring.steps }));
  const steps = rings.flatMap((ring) =>
    ring.steps.map((step, position) => ({ r: ring.id, p: position, i: rowId(step.item), g: rowId(step.receives), c: step.cashCents })),
  );
  const traded = steps.map((s) => s.i);
  const inInput = loaded.input.items.map((item) => rowId(item.id));
  const at = now.getTime();
  // Every statement after the first: only where this call's token claimed the event. The steps go only into this
  // call's freshly minted rings, and rings only into an event without any, so a retry with the same token and
  // clock stores nothing twice.
  const won = sql`exists (select 1 from swap_days where id = ${swapDayId} and solve_token = ${token} and solved_at = ${at})`;
  const [claimed] = await db.batch([
    db.run(sql`update swap_days set solved_at = ${at}, solve_token = ${token}, input_checksum = ${checksum}, updated_at = ${at}
      where id = ${swapDayId} and solved_at is null and frozen_at is not null`),
    db.run(sql`insert into swap_day_inputs (swap_day_id, official_wants, created_at)
      select ${swapDayId}, ${file}, ${at} where ${won} on conflict do nothing`),
    db.run(sql`insert into swap_day_rings (id, swap_day_id, number, status, created_at, updated_at)
      select json_extract(value, '$.id'), ${swapDayId}, json_extract(value, '$.n'), 'proposed', ${at}, ${at}
      from json_each(${JSON.stringify(rings.map(({ id, n }) => ({ id, n })))})
      where ${won} and not exists (select 1 from swap_day_rings where swap_day_id = ${swapDayId})`),
    db.run(sql`insert into swap_day_ring_steps (ring_id, position, item_id, receives_item_id, cash_cents)
      select json_extract(value, '$.r'), json_extract(value, '$.p'), json_extract(value, '$.i'), json_extract(value, '$.g'),
        json_extract(value, '$.c')
      from json_each(${JSON.stringify(steps)})
      where exists (select 1 from swap_day_rings r where r.id = json_extract(value, '$.r'))`),
    // Offered but not in the input: its owner left after the freeze (the input reads active members only).
    db.run(sql`update swap_day_items set status = case
        when id in (select value from json_each(${JSON.stringify(traded)})) then 'traded'
        when id in (select value from json_each(${JSON.stringify(inInput)})) then 'untraded'
        else 'removed' end,
      removed_reason = case when id in (select value from json_each(${JSON.stringify(inInput)})) then null else ${REMOVED_REASONS.left} end,
      updated_at = ${at}
      where swap_day_id = ${swapDayId} and status = 'offered' and ${won}`),
  ]);
  if (claimed.rowsAffected === 0) return { stored: false, ...(await storedCounts(db, swapDayId)) };
  return { stored: true, itemsTraded: result.itemsTraded, rings: rings.length };
}

export type ResultItem = { code: string; title: string; firstName: string };

/** One of the viewer's own items: what it went for, or that it did not trade. */
export type MyResult = {
  code: string;
  title: string;
  traded: boolean;
  /** Who receives it (their first name) and what the viewer receives for it, from whom. */
  givesTo: string | null;
  receives: ResultItem | null;
  /** The viewer gets (positive) or pays (negative), in cents. */
  cashCents: number;
};

export type RingView = {
  number: number;
  status: string;
  steps: Array<{ code: string; title: string; owner: string; receivesCode: string; receivesTitle: string; cashCents: number }>;
};

export type SwapResults = {
  solved: boolean;
  seed: number;
  checksum: string | null;
  itemsTraded: number;
  itemsTotal: number;
  membersTrading: number;
  ringCount: number;
  mine: MyResult[];
  /** Organisers only (null for everyone else). */
  rings: RingView[] | null;
  /** Participants (anyone with an item in the solve) and organisers may download the frozen want lists. */
  canDownload: boolean;
};

const firstName = (name: string | null) => name?.trim() || "A member";

/**
 * The results as this viewer may see them; null when the event is not theirs to see (404). Before the solve:
 * `solved: false` and nothing else — lists stay private to their authors until then.
 */
export async function resultsFor(db: Db, access: ClubAccess, swapDayId: string): Promise<SwapResults | null> {
  const day = await getSwapDay(db, access, swapDayId);
  if (!day || !access.viewer) return null;
  const organiser = clubCan(access, "organiseSwapDay");
  const empty = { itemsTraded: 0, itemsTotal: 0, membersTrading: 0, ringCount: 0, mine: [], rings: null, canDownload: false };
  if (!day.solvedAt) return { solved: false, seed: day.seed, checksum: null, ...empty };
  const viewerId = access.viewer.id;
  const [[counts], mine, ringRows] = await db.batch([
    db.all<{ traded: number; total: number; members: number; rings: number; mine: number }>(sql`select
      (select count(*) from swap_day_items where swap_day_id = ${day.id} and status = 'traded') as traded,
      (select count(*) from swap_day_items where swap_day_id = ${day.id} and status in ('traded', 'untraded')) as total,
      (select count(distinct owner_id) from swap_day_items where swap_day_id = ${day.id} and status = 'traded') as members,
      (select count(*) from swap_day_rings where swap_day_id = ${day.id}) as rings,
      (select count(*) from swap_day_items where swap_day_id = ${day.id} and owner_id = ${viewerId}
        and status in ('traded', 'untraded')) as mine`),
    db.all<{
      code: string;
      title: string;
      cash: number | null;
      r_code: string | null;
      r_title: string | null;
      r_name: string | null;
      to_name: string | null;
      ring: string | null;
    }>(sql`select mi.code, mi.title, s.cash_cents as cash, ri.code as r_code, ri.title as r_title, rp.first_name as r_name,
        tp.first_name as to_name, s.ring_id as ring
      from swap_day_items mi
      left join swap_day_ring_steps s on s.item_id = mi.id
      left join swap_day_items ri on ri.id = s.receives_item_id
      left join profiles rp on rp.user_id = ri.owner_id
      left join swap_day_ring_steps s2 on s2.receives_item_id = mi.id
      left join swap_day_items ti on ti.id = s2.item_id
      left join profiles tp on tp.user_id = ti.owner_id
      where mi.swap_day_id = ${day.id} and mi.owner_id = ${viewerId} and mi.status in ('traded', 'untraded')
      order by mi.created_at, mi.id`),
    organiser
      ? db.all<{
          number: number;
          status: string;
          code: string;
          title: string;
          owner: string | null;
          r_code: string;
          r_title: string;
          cash: number;
        }>(sql`
        select r.number, r.status, gi.code, gi.title, p.first_name as owner, ri.code as r_code, ri.title as r_title, s.cash_cents as cash
        from swap_day_rings r join swap_day_ring_steps s on s.ring_id = r.id
        join swap_day_items gi on gi.id = s.item_id join swap_day_items ri on ri.id = s.receives_item_id
        left join profiles p on p.user_id = gi.owner_id
        where r.swap_day_id = ${day.id} order by r.number, s.position`)
      : db.all<never>(sql`select 1 where 0`),
  ]);
  const rings: RingView[] = [];
  for (const row of ringRows) {
    let ring = rings.at(-1);
    if (!ring || ring.number !== Number(row.number)) rings.push((ring = { number: Number(row.number), status: row.status, steps: [] }));
    ring.steps.push({
      code: row.code,
      title: row.title,
      owner: firstName(row.owner),
      receivesCode: row.r_code,
      receivesTitle: row.r_title,
      cashCents: Number(row.cash),
    });
  }
  return {
    solved: true,
    seed: day.seed,
    checksum: day.inputChecksum,
    itemsTraded: Number(counts?.traded ?? 0),
    itemsTotal: Number(counts?.total ?? 0),
    membersTrading: Number(counts?.members ?? 0),
    ringCount: Number(counts?.rings ?? 0),
    mine: mine.map((row) => ({
      code: row.code,
      title: row.title,
      traded: row.ring !== null,
      givesTo: row.ring !== null ? firstName(row.to_name) : null,
      receives: row.r_code ? { code: row.r_code, title: row.r_title ?? "", firstName: firstName(row.r_name) } : null,
      cashCents: Number(row.cash ?? 0),
    })),
    rings: organiser ? rings : null,
    canDownload: organiser || Number(counts?.mine ?? 0) > 0,
  };
}

/** The frozen want lists as solved (the stored bytes), for a participant or an organiser once solved; else null. */
export async function officialWantsFor(db: Db, access: ClubAccess, swapDayId: string): Promise<string | null> {
  const results = await resultsFor(db, access, swapDayId);
  if (!results?.solved || !results.canDownload) return null;
  const [row] = await db.all<{ text: string }>(sql`select official_wants as text from swap_day_inputs where swap_day_id = ${swapDayId}`);
  return row?.text ?? null;
}

/**
 * The scheduled job (worker.ts, the matcher's 5-minute cron): every event whose results date has passed, not
 * solved and not closed, is solved and stored — one after another, each its own batch. Its token is the job's.
 */
export async function runSwapDaySolves(db: Db, { now = new Date(), limit = 5 }: { now?: Date; limit?: number } = {}) {
  const due = await db.all<{ id: string }>(sql`select id from swap_days
    where solved_at is null and results_at <= ${now.getTime()} and closes_at > ${now.getTime()}
    order by results_at, id limit ${limit}`);
  let solved = 0;
  let itemsTraded = 0;
  for (const { id } of due) {
    const outcome = await solveAndStore(db, id, { now, token: `job:${now.getTime()}` });
    if (outcome.stored) solved++;
    itemsTraded += outcome.itemsTraded;
  }
  return { due: due.length, solved, itemsTraded };
}
