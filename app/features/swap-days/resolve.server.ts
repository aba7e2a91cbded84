// No-shows at the swap table (ADR 090): at the check-in cutoff — an organiser's 'Close check-in' — the solver
// (ADR 080) runs again over the items actually checked in. A ring with an item handed out is kept whole (the
// hand-out rule means all its items are in); every other checked-in item of a ring still to happen goes back
// into the pool with its wants restricted to the pool, and the solver finds the most trades among them, a want
// used by the first result preferred among equal counts (so a ring that is whole usually stays as it was).
// Stored in one batch with the cutoff: the rings replaced deleted, the new ones numbered on, the items that no
// longer trade released ('untraded'); a second press, or the job, finds the cutoff set and changes nothing.
import { sql } from "drizzle-orm";
import type { Db } from "#db/client";
import type { ClubAccess } from "../clubs/club-access.server";
import { clubCan } from "../permissions/club";
import { solveSwapDay } from "./solver";
import type { SwapInput, SwapResult } from "./solver/types";

export type ResolveResult =
  { ok: true; closed: boolean; kept: number; itemsTraded: number; itemsBefore: number } | { ok: false; error: "forbidden" | "notOpen" };

type Row = Record<string, unknown>;

/** The solver's input over the pool: items checked in, in a proposed ring with no item handed out. */
async function poolInput(db: Db, swapDayId: string) {
  const [day] = await db.all<{ seed: number }>(sql`select seed from swap_days where id = ${swapDayId}`);
  const poolSql = sql`select st.item_id from swap_day_ring_steps st join swap_day_rings r on r.id = st.ring_id
    where r.swap_day_id = ${swapDayId} and r.status = 'proposed'
      and exists (select 1 from swap_day_checkins c where c.item_id = st.item_id)
      and not exists (select 1 from swap_day_ring_steps s2 join swap_day_checkins c2 on c2.item_id = s2.item_id
        where s2.ring_id = r.id and c2.checked_out_at is not null)`;
  const [items, wants, groups, blocks, steps, before] = await db.batch([
    db.all<Row>(sql`select si.id, si.owner_id, si.price_cents, si.add_up_to_cents, si.need_back_cents
      from swap_day_items si where si.id in (${poolSql}) order by si.id`),
    db.all<Row>(sql`select w.item_id, w.wanted_item_id, w.wanted_group_id, w.rank from swap_day_wants w
      where w.item_id in (${poolSql}) and (w.wanted_item_id is null or w.wanted_item_id in (${poolSql}))`),
    db.all<Row>(sql`select g.id, g.owner_id, gi.item_id from swap_day_groups g
      join swap_day_group_items gi on gi.group_id = g.id
      where g.swap_day_id = ${swapDayId} and gi.item_id in (${poolSql}) order by g.id, gi.item_id`),
    db.all<Row>(sql`select b.blocker_id, b.blocked_id from user_blocks b
      where b.blocker_id in (select owner_id from swap_day_items where swap_day_id = ${swapDayId})
        and b.blocked_id in (select owner_id from swap_day_items where swap_day_id = ${swapDayId})`),
    db.all<Row>(sql`select st.item_id, st.receives_item_id from swap_day_ring_steps st where st.item_id in (${poolSql})`),
    db.all<{ n: number; mx: number | null }>(sql`select
      (select count(*) from swap_day_ring_steps st join swap_day_rings r on r.id = st.ring_id
        where r.swap_day_id = ${swapDayId} and r.status <> 'cancelled') as n,
      (select max(number) from swap_day_rings where swap_day_id = ${swapDayId}) as mx`),
  ]);
  const first = new Set(steps.map((s) => `${s.item_id} ${s.receives_item_id}`));
  const byGroup = new Map<string, { id: string; owner: string; members: string[] }>();
  for (const g of groups) {
    const id = String(g.id);
    const group = byGroup.get(id) ?? { id, owner: String(g.owner_id), members: [] };
    group.members.push(String(g.item_id));
    byGroup.set(id, group);
  }
  const num = (v: unknown) => (v === null || v === undefined ? undefined : Number(v));
  const input: SwapInput = {
    mode: "table",
    seed: Number(day?.seed ?? 1),
    items: items.map((i) => ({
      id: String(i.id),
      owner: String(i.owner_id),
      priceCents: Number(i.price_cents),
      addUpToCents: num(i.add_up_to_cents),
      needBackCents: num(i.need_back_cents),
    })),
    groups: [...byGroup.values()],
    wants: wants
      .filter((w) => w.wanted_item_id !== null || byGroup.has(String(w.wanted_group_id)))
      .map((w) => {
        const wanted = String(w.wanted_item_id ?? w.wanted_group_id);
        // A want the first result used comes first among equal counts; the others keep their order behind it.
        const rank = first.has(`${w.item_id} ${wanted}`) ? 1 : Math.min(1000, Number(w.rank) + 1);
        return { item: String(w.item_id), wants: wanted, rank };
      }),
    blocks: blocks.map((b) => [String(b.blocker_id), String(b.blocked_id)] as [string, string]),
  };
  return { input, itemsBefore: Number(before[0]?.n ?? 0), lastNumber: Number(before[0]?.mx ?? 0) };
}

/** The ids of every proposed ring made of pool items only, or with an item not checked in: the re-solve replaces them. */
const replaced = (swapDayId: string) => sql`select r.id from swap_day_rings r where r.swap_day_id = ${swapDayId}
  and r.status = 'proposed' and not exists (select 1 from swap_day_ring_steps s2 join swap_day_checkins c2
    on c2.item_id = s2.item_id where s2.ring_id = r.id and c2.checked_out_at is not null)`;

/**
 * Closes check-in and re-solves (access null: the scheduled job). A hand-out racing this batch makes its ring's
 * steps clash with the new rings' unique indexes, so the batch fails whole and is read and run again.
 */
export async function closeCheckin(db: Db, access: ClubAccess | null, swapDayId: string, now = new Date()): Promise<ResolveResult> {
  if (access && (!access.viewer || !clubCan(access, "organiseSwapDay"))) return { ok: false, error: "forbidden" };
  const clubSql = access ? sql`${access.club.id}` : sql`(select club_id from swap_days where id = ${swapDayId})`;
  for (let attempt = 0; ; attempt++) {
    const [open] = await db.all<{ n: number }>(sql`select count(*) as n from swap_days sd where sd.id = ${swapDayId}
      and sd.club_id = ${clubSql} and sd.checkin_closed_at is null`);
    const { input, itemsBefore, lastNumber } = await poolInput(db, swapDayId);
    const result = solveSwapDay(input);
    const token = crypto.randomUUID();
    try {
      const [closed] = await db.batch([
        db.run(sql`update swap_days set checkin_closed_at = ${now.getTime()}, resolve_token = ${token}, updated_at = ${now.getTime()}
          where id = ${swapDayId} and checkin_closed_at is null
            and mode = 'table' and solved_at is not null and handover_at <= ${now.getTime()} and closes_at > ${now.getTime()}
            and club_id = ${clubSql}`),
        ...storeStatements(db, swapDayId, token, result, lastNumber, now),
      ]);
      if (closed.rowsAffected === 0) {
        return Number(open?.n ?? 0) ? { ok: false, error: "notOpen" } : { ok: true, closed: false, kept: 0, itemsTraded: 0, itemsBefore };
      }
      const [after] = await db.all<{ n: number; kept: number }>(sql`select
        (select count(*) from swap_day_ring_steps st join swap_day_rings r on r.id = st.ring_id
          where r.swap_day_id = ${swapDayId} and r.status <> 'cancelled') as n,
        (select count(*) from swap_day_rings r where r.swap_day_id = ${swapDayId} and r.status <> 'cancelled'
          and r.number <= ${lastNumber}) as kept`);
      return { ok: true, closed: true, kept: Number(after?.kept ?? 0), itemsTraded: Number(after?.n ?? 0), itemsBefore };
    } catch (error) {
      if (attempt >= 2) throw error;
    }
  }
}

function storeStatements(db: Db, swapDayId: string, token: string, result: SwapResult, lastNumber: number, now: Date) {
  const ms = now.getTime();
  const mine = sql`exists (select 1 from swap_days sd where sd.id = ${swapDayId} and sd.resolve_token = ${token})`;
  const statements = [
    db.run(sql`delete from swap_day_ring_steps where ring_id in (${replaced(swapDayId)}) and ${mine}`),
    db.run(sql`delete from swap_day_rings where id in (${replaced(swapDayId)}) and ${mine}`),
  ];
  result.rings.forEach((ring, n) => {
    const ringId = crypto.randomUUID();
    statements.push(
      db.run(sql`insert into swap_day_rings (id, swap_day_id, number, status, created_at, updated_at)
        select ${ringId}, ${swapDayId}, ${lastNumber + n + 1}, 'proposed', ${ms}, ${ms} where ${mine}`),
      ...ring.steps.map((st, position) =>
        db.run(sql`insert into swap_day_ring_steps (ring_id, position, item_id, receives_item_id, cash_cents)
          select ${ringId}, ${position}, ${st.item}, ${st.receives}, ${st.cashCents}
          where exists (select 1 from swap_day_rings r where r.id = ${ringId})`),
      ),
    );
  });
  // Items of the event not in a ring any more let go (the holds end with them).
  statements.push(
    db.run(sql`update swap_day_items set status = 'untraded', updated_at = ${ms}
      where swap_day_id = ${swapDayId} and status in ('offered', 'traded') and ${mine}
        and not exists (select 1 from swap_day_ring_steps st join swap_day_rings r on r.id = st.ring_id
          where st.item_id = swap_day_items.id and r.status <> 'cancelled')`),
  );
  return statements;
}
