// The solve's input (ADR 089): a Swap Day's frozen want lists as the solver's plain data (ADR 080's SwapInput).
// The rules sit in the SQL that reads them: only items still offered whose owner is still an active member of the
// club; a want only between two such items of this event and of different owners, or to one of the wanter's own
// groups; a group only of other members' items (what its owner would receive); and every pair of participants where one blocked the other, so the
// solver never puts them in one ring. The solver's ids are the tags' codes (groups G1, G2, …), so the official-wants
// file reads like the tags and names nobody.
import { sql } from "drizzle-orm";
import type { Db } from "#db/client";
import type { AnyOfGroup, SwapInput, SwapItem, SwapWant } from "./solver/types";

export type SwapDayInput = {
  input: SwapInput;
  /** Solver id (the tag's code, or G1…) → the row's id. */
  rowIdOf: Map<string, string>;
  /** Per-event pseudonyms for the file: M1, M2, … in the order of each member's first tag code. */
  pseudonym: (owner: string) => string;
};

type ItemRow = {
  id: string;
  code: string;
  owner_id: string;
  price_cents: number;
  add_up_to_cents: number | null;
  need_back_cents: number | null;
};

/** The items that take part: offered (or, once solved, traded/untraded), in this event, owner an active member. */
const participating = (swapDayId: string, statuses: readonly string[]) => sql`
  select si.id, si.code, si.owner_id, si.price_cents, si.add_up_to_cents, si.need_back_cents
  from swap_day_items si join swap_days sd on sd.id = si.swap_day_id
  where si.swap_day_id = ${swapDayId} and si.status in (select value from json_each(${JSON.stringify(statuses)}))
    and exists (select 1 from club_members cm where cm.club_id = sd.club_id and cm.user_id = si.owner_id and cm.status = 'active')`;

/**
 * Reads the event's input in one batch. `statuses`: which items take part — `['offered']` for the solve; a
 * re-solve (the hand-over's no-shows) may pass its own set.
 */
export async function loadSwapDayInput(db: Db, swapDayId: string, statuses: readonly string[] = ["offered"]): Promise<SwapDayInput | null> {
  const items = sql`(${participating(swapDayId, statuses)})`;
  const [days, itemRows, groupRows, wantRows, blockRows] = await db.batch([
    db.all<{ mode: "table" | "meetup"; seed: number }>(sql`select mode, seed from swap_days where id = ${swapDayId}`),
    db.all<ItemRow>(participating(swapDayId, statuses)),
    db.all<{ id: string; owner_id: string; item_id: string }>(sql`
      select g.id, g.owner_id, gi.item_id from swap_day_groups g
      join swap_day_group_items gi on gi.group_id = g.id
      join ${items} p on p.id = gi.item_id and p.owner_id <> g.owner_id
      where g.swap_day_id = ${swapDayId}
      order by g.id, gi.item_id`),
    db.all<{ item_id: string; wanted_item_id: string | null; wanted_group_id: string | null; rank: number }>(sql`
      select w.item_id, w.wanted_item_id, w.wanted_group_id, w.rank from swap_day_wants w
      join ${items} a on a.id = w.item_id
      left join ${items} b on b.id = w.wanted_item_id
      left join swap_day_groups g on g.id = w.wanted_group_id
      where (b.id is not null and b.owner_id <> a.owner_id)
        or (g.id is not null and g.swap_day_id = ${swapDayId} and g.owner_id = a.owner_id)`),
    db.all<{ a: string; b: string }>(sql`
      select distinct ub.blocker_id as a, ub.blocked_id as b from user_blocks ub
      where ub.blocker_id in (select owner_id from ${items}) and ub.blocked_id in (select owner_id from ${items})`),
  ]);
  const day = days[0];
  if (!day) return null;
  return toSwapDayInput(day, itemRows, groupRows, wantRows, blockRows);
}

/** The rows as the solver's input (pure; the order of rows does not matter, the solver sorts by id). */
export function toSwapDayInput(
  day: { mode: "table" | "meetup"; seed: number },
  itemRows: ItemRow[],
  groupRows: Array<{ id: string; owner_id: string; item_id: string }>,
  wantRows: Array<{ item_id: string; wanted_item_id: string | null; wanted_group_id: string | null; rank: number }>,
  blockRows: Array<{ a: string; b: string }>,
): SwapDayInput {
  const rowIdOf = new Map<string, string>();
  const solverIdOf = new Map<string, string>();
  const items: SwapItem[] = [...itemRows]
    .sort((x, y) => (x.code < y.code ? -1 : 1))
    .map((row) => {
      rowIdOf.set(row.code, row.id);
      solverIdOf.set(row.id, row.code);
      const item: SwapItem = { id: row.code, owner: row.owner_id, priceCents: Number(row.price_cents) };
      if (row.add_up_to_cents !== null) item.addUpToCents = Number(row.add_up_to_cents);
      if (row.need_back_cents !== null) item.needBackCents = Number(row.need_back_cents);
      return item;
    });
  const groups = new Map<string, AnyOfGroup>();
  for (const row of [...groupRows].sort((x, y) => (x.id < y.id ? -1 : x.id > y.id ? 1 : x.item_id < y.item_id ? -1 : 1))) {
    const member = solverIdOf.get(row.item_id);
    if (!member) continue;
    let group = groups.get(row.id);
    if (!group) {
      group = { id: `G${groups.size + 1}`, owner: row.owner_id, members: [] };
      groups.set(row.id, group);
      rowIdOf.set(group.id, row.id);
      solverIdOf.set(row.id, group.id);
    }
    group.members.push(member);
  }
  const wants: SwapWant[] = [];
  for (const row of wantRows) {
    const item = solverIdOf.get(row.item_id);
    const target = row.wanted_item_id
      ? solverIdOf.get(row.wanted_item_id)
      : row.wanted_group_id
        ? solverIdOf.get(row.wanted_group_id)
        : undefined;
    if (item && target) wants.push({ item, wants: target, rank: Number(row.rank) });
  }
  const owners = new Set(items.map((i) => i.owner));
  const seen = new Set<string>();
  const blocks: Array<[string, string]> = [];
  for (const { a, b } of blockRows) {
    const [x, y] = a < b ? [a, b] : [b, a];
    if (!owners.has(x) || !owners.has(y) || seen.has(`${x} ${y}`)) continue;
    seen.add(`${x} ${y}`);
    blocks.push([x, y]);
  }
  // Pseudonyms by each member's first code (items are sorted by code): stable for the event, names nobody.
  const names = new Map<string, string>();
  for (const item of items) if (!names.has(item.owner)) names.set(item.owner, `M${names.size + 1}`);
  return {
    input: { items, groups: [...groups.values()], wants, blocks, mode: day.mode, seed: Number(day.seed) },
    rowIdOf,
    pseudonym: (owner) => names.get(owner) ?? "M0",
  };
}
