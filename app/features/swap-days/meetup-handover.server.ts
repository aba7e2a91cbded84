// Meet-up mode's hand-over (ADR 090): the people of a ring (at most three) meet, and each confirms on their own
// step — "I gave mine and got mine", as each side of a deal marks it handed over (ADR 068). The last confirmation
// completes the ring (swap deals, listings sold, ring-completion.server.ts). A ring with a missing item — reported
// by one of its people or an organiser, or not confirmed by the event's close (the scheduled job) — is cancelled
// whole and its items released; a ring already completed is never cancelled (the conditions are in the SQL).
import { sql } from "drizzle-orm";
import type { Db } from "#db/client";
import { activeMemberOf, type ClubAccess } from "../clubs/club-access.server";
import { clubCan } from "../permissions/club";
import { ringCompletionStatements, storedSteps } from "./ring-completion.server";

/** This club's meet-up event, solved, in its hand-over. */
const meetingUp = (swapDayId: string, clubId: string, now: Date) =>
  sql`exists (select 1 from swap_days sd where sd.id = ${swapDayId} and sd.club_id = ${clubId} and sd.mode = 'meetup'
    and sd.solved_at is not null and sd.handover_at <= ${now.getTime()} and sd.closes_at > ${now.getTime()})`;

type RingRow = { ring_id: string; place: string; handover_at: number; name: string };

async function ringOfItem(db: Db, swapDayId: string, clubId: string, itemId: string, ownerId: string | null) {
  const [ring] = await db.all<RingRow>(sql`
    select st.ring_id, sd.place, sd.handover_at, sd.name from swap_day_ring_steps st
    join swap_day_items si on si.id = st.item_id ${ownerId ? sql`and si.owner_id = ${ownerId}` : sql``}
    join swap_day_rings r on r.id = st.ring_id and r.status = 'proposed'
    join swap_days sd on sd.id = r.swap_day_id and sd.id = ${swapDayId} and sd.club_id = ${clubId}
    where st.item_id = ${itemId}`);
  return ring ?? null;
}

export type ConfirmResult = { ok: true; confirmed: boolean; ringCompleted: boolean } | { ok: false; error: "forbidden" | "notFound" };

/** The viewer confirms the hand-over of their own item's step; the last of the ring completes it, in the same batch. */
export async function confirmHandover(
  db: Db,
  access: ClubAccess,
  swapDayId: string,
  itemId: string,
  now = new Date(),
): Promise<ConfirmResult> {
  const viewer = access.viewer;
  if (!viewer || !clubCan(access, "joinSwapDay")) return { ok: false, error: "forbidden" };
  const ring = await ringOfItem(db, swapDayId, access.club.id, itemId, viewer.id);
  if (!ring) return { ok: false, error: "notFound" };
  const steps = await storedSteps(db, ring.ring_id);
  const allConfirmed = sql`not exists (select 1 from swap_day_ring_steps s2 where s2.ring_id = ${ring.ring_id} and s2.confirmed_at is null)`;
  const [confirmed, completed] = await db.batch([
    db.run(sql`update swap_day_ring_steps set confirmed_at = ${now.getTime()}
      where ring_id = ${ring.ring_id} and item_id = ${itemId} and confirmed_at is null
        and exists (select 1 from swap_day_rings r where r.id = ${ring.ring_id} and r.status = 'proposed')
        and ${meetingUp(swapDayId, access.club.id, now)} and ${activeMemberOf(viewer, sql`${access.club.id}`)}`),
    ...ringCompletionStatements(
      db,
      { id: ring.ring_id, steps, place: ring.place, handoverAt: new Date(Number(ring.handover_at)), swapDayName: ring.name },
      allConfirmed,
      now,
    ),
  ]);
  if (confirmed.rowsAffected === 0) {
    const [mine] = await db.all<{ n: number }>(sql`select count(*) as n from swap_day_ring_steps
      where ring_id = ${ring.ring_id} and item_id = ${itemId} and confirmed_at is not null`);
    if (!Number(mine?.n ?? 0)) return { ok: false, error: "notFound" };
  }
  return { ok: true, confirmed: confirmed.rowsAffected > 0, ringCompleted: (completed as { rowsAffected: number }).rowsAffected > 0 };
}

/** The ring's cancel and its items' release, for a batch; `which` picks the rings (proposed ones only). */
function cancelStatements(db: Db, which: ReturnType<typeof sql>, now: Date) {
  const ms = now.getTime();
  return [
    db.run(sql`update swap_day_items set status = 'untraded', updated_at = ${ms}
      where id in (select st.item_id from swap_day_ring_steps st join swap_day_rings r on r.id = st.ring_id
        where r.status = 'proposed' and r.id in (${which}))`),
    db.run(sql`update swap_day_rings set status = 'cancelled', updated_at = ${ms} where status = 'proposed' and id in (${which})`),
  ] as const;
}

export type ReportMissingResult = { ok: true; cancelled: boolean } | { ok: false; error: "forbidden" | "notFound" };

/**
 * One of the ring's people (or an organiser) says an item is missing: the ring is cancelled whole, its items
 * released — unless it completed first (then nothing changes). `itemId` is any item of the ring.
 */
export async function reportMissing(
  db: Db,
  access: ClubAccess,
  swapDayId: string,
  itemId: string,
  now = new Date(),
): Promise<ReportMissingResult> {
  const viewer = access.viewer;
  if (!viewer || !clubCan(access, "joinSwapDay")) return { ok: false, error: "forbidden" };
  const organiser = clubCan(access, "organiseSwapDay");
  const ring = await ringOfItem(db, swapDayId, access.club.id, itemId, null);
  if (!ring) return { ok: false, error: "notFound" };
  const inRing = sql`exists (select 1 from swap_day_ring_steps st join swap_day_items si on si.id = st.item_id
    where st.ring_id = ${ring.ring_id} and si.owner_id = ${viewer.id})`;
  const which = sql`select r.id from swap_day_rings r where r.id = ${ring.ring_id}
    and ${meetingUp(swapDayId, access.club.id, now)} and ${activeMemberOf(viewer, sql`${access.club.id}`)}
    and ${organiser ? sql`1 = 1` : inRing}`;
  const [, cancelled] = await db.batch(cancelStatements(db, which, now));
  if (cancelled.rowsAffected === 0 && !organiser) {
    const [mine] = await db.all<{ n: number }>(sql`select ${inRing} as n`);
    if (!Number(mine?.n ?? 0)) return { ok: false, error: "notFound" };
  }
  return { ok: true, cancelled: cancelled.rowsAffected > 0 };
}

/** The scheduled job: meet-up rings not confirmed by their event's close are cancelled and their items released. */
export async function lapseMeetupRings(db: Db, now = new Date()): Promise<number> {
  const which = sql`select r.id from swap_day_rings r join swap_days sd on sd.id = r.swap_day_id
    where sd.mode = 'meetup' and sd.closes_at <= ${now.getTime()} and r.status = 'proposed'`;
  const [, cancelled] = await db.batch(cancelStatements(db, which, now));
  return cancelled.rowsAffected;
}
