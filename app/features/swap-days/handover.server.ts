// The swap table's hand-over (ADR 090): an organiser checks each item in by its tag code and hands it out to its
// receiver. Who may is the club table (organiseSwapDay); this club's event, the table mode, the hand-over phase,
// "still an active member" and "the item trades" sit in the SQL, so a stale page or another club's code changes
// nothing. The check-in's primary key decides two organisers typing the same code: one row.
import { sql } from "drizzle-orm";
import type { Db } from "#db/client";
import { activeMemberOf, type ClubAccess } from "../clubs/club-access.server";
import { clubCan } from "../permissions/club";
import { ringCompletionStatements, storedSteps } from "./ring-completion.server";

/** The table is open for hand-over: this club's table event, solved, the hand-over date reached, not closed. */
export const atTheTable = (swapDayId: string, clubId: string, now: Date) =>
  sql`exists (select 1 from swap_days sd where sd.id = ${swapDayId} and sd.club_id = ${clubId} and sd.mode = 'table'
    and sd.solved_at is not null and sd.handover_at <= ${now.getTime()} and sd.closes_at > ${now.getTime()})`;

/** The item is given in a ring still to happen (proposed) of this event. */
const trades = (itemId: SQL) => sql`exists (select 1 from swap_day_ring_steps st join swap_day_rings r on r.id = st.ring_id
  where st.item_id = ${itemId} and r.status = 'proposed')`;
type SQL = ReturnType<typeof sql>;

export type CheckInResult =
  | { ok: true; created: boolean; item: { id: string; code: string; title: string } }
  | { ok: false; error: "forbidden" | "unknownCode" | "notTrading" | "closed" };

/**
 * Checks in the item with `code` (already normalised: A–Z0–9). One statement: inserted only where the code is an
 * item of this event that trades, the table is open and check-in not closed, and the organiser is an active member;
 * `on conflict do nothing` keeps the first check-in, so a retry or a second organiser stores nothing twice.
 */
export async function checkIn(db: Db, access: ClubAccess, swapDayId: string, code: string, now = new Date()): Promise<CheckInResult> {
  const viewer = access.viewer;
  if (!viewer || !clubCan(access, "organiseSwapDay")) return { ok: false, error: "forbidden" };
  const open = sql`${atTheTable(swapDayId, access.club.id, now)}
    and not exists (select 1 from swap_days sd where sd.id = ${swapDayId} and sd.checkin_closed_at is not null)`;
  const [inserted, rows] = await db.batch([
    db.run(sql`insert into swap_day_checkins (item_id, checked_in_at, checked_in_by)
      select si.id, ${now.getTime()}, ${viewer.id} from swap_day_items si
      where si.swap_day_id = ${swapDayId} and si.code = ${code} and ${open} and ${trades(sql`si.id`)}
        and ${activeMemberOf(viewer, sql`${access.club.id}`)}
      on conflict (item_id) do nothing`),
    db.all<{ id: string; code: string; title: string; trades: number; checked_in_at: number | null; open: number }>(sql`
      select si.id, si.code, si.title, ${trades(sql`si.id`)} as trades, c.checked_in_at, ${open} as open
      from swap_day_items si left join swap_day_checkins c on c.item_id = si.id
      where si.swap_day_id = ${swapDayId} and si.code = ${code}
        and exists (select 1 from swap_days sd where sd.id = ${swapDayId} and sd.club_id = ${access.club.id})`),
  ]);
  const [row] = rows;
  if (!row) return { ok: false, error: "unknownCode" };
  const item = { id: row.id, code: row.code, title: row.title };
  if (row.checked_in_at !== null) return { ok: true, created: inserted.rowsAffected > 0, item };
  if (!Number(row.open)) return { ok: false, error: "closed" };
  return { ok: false, error: Number(row.trades) ? "closed" : "notTrading" };
}

export type HandOutResult = { ok: true; handedOut: boolean; ringCompleted: boolean } | { ok: false; error: "forbidden" | "notReady" };

/**
 * Hands `itemId` to its receiver. Only once every item of its ring is checked in (so the receiver has given theirs,
 * and a no-show can never strand an item already handed out: the re-solve keeps such a ring whole). One batch: the
 * check-out (only while not out), then — when that was the ring's last item — the ring's completion (deals, sold).
 */
export async function handOut(db: Db, access: ClubAccess, swapDayId: string, itemId: string, now = new Date()): Promise<HandOutResult> {
  const viewer = access.viewer;
  if (!viewer || !clubCan(access, "organiseSwapDay")) return { ok: false, error: "forbidden" };
  const [ring] = await db.all<{ ring_id: string; place: string; handover_at: number; name: string }>(sql`
    select st.ring_id, sd.place, sd.handover_at, sd.name from swap_day_ring_steps st
    join swap_day_rings r on r.id = st.ring_id and r.status = 'proposed'
    join swap_days sd on sd.id = r.swap_day_id and sd.id = ${swapDayId} and sd.club_id = ${access.club.id}
    where st.item_id = ${itemId}`);
  if (!ring) return { ok: false, error: "notReady" };
  const steps = await storedSteps(db, ring.ring_id);
  const allIn = sql`not exists (select 1 from swap_day_ring_steps s2 where s2.ring_id = ${ring.ring_id}
    and not exists (select 1 from swap_day_checkins c2 where c2.item_id = s2.item_id))`;
  const allOut = sql`not exists (select 1 from swap_day_ring_steps s2 where s2.ring_id = ${ring.ring_id}
    and not exists (select 1 from swap_day_checkins c2 where c2.item_id = s2.item_id and c2.checked_out_at is not null))`;
  const [out, ...rest] = await db.batch([
    db.run(sql`update swap_day_checkins set checked_out_at = ${now.getTime()}, checked_out_by = ${viewer.id}
      where item_id = ${itemId} and checked_out_at is null and ${atTheTable(swapDayId, access.club.id, now)} and ${allIn}
        and ${activeMemberOf(viewer, sql`${access.club.id}`)}`),
    ...ringCompletionStatements(
      db,
      { id: ring.ring_id, steps, place: ring.place, handoverAt: new Date(Number(ring.handover_at)), swapDayName: ring.name },
      allOut,
      now,
    ),
  ]);
  const completed = (rest[0] as { rowsAffected: number }).rowsAffected > 0;
  if (out.rowsAffected > 0) return { ok: true, handedOut: true, ringCompleted: completed };
  const [already] = await db.all<{ n: number }>(
    sql`select count(*) as n from swap_day_checkins where item_id = ${itemId} and checked_out_at is not null`,
  );
  return Number(already?.n ?? 0) ? { ok: true, handedOut: false, ringCompleted: completed } : { ok: false, error: "notReady" };
}
