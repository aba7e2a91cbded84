// The gear library's items, units and borrow requests (ADR 093). Who may is the club table (manageGear,
// borrowGear: app/features/permissions/club.ts), asked first; that the viewer still holds the role sits in the SQL
// of every write (keepsGearOf, activeMemberOf), so a stale page stores nothing. Ids come from the page's loader,
// so a retry stores once.
import { sql } from "drizzle-orm";
import type { Db } from "#db/client";
import type { GearRequestPeriod, ListingCondition, SportKey } from "#db/schema/enums";
import { activeMemberOf, type ClubAccess } from "../clubs/club-access.server";
import { clubCan } from "../permissions/club";
import { keepsGearOf } from "./keepers.server";
import type { GearError } from "~/shared/copy/club-gear";

export type GearResult<T extends object = object> = ({ ok: true } & T) | { ok: false; error: GearError };
export type { GearError };

/** At most this many units per item (the CHECK on gear_units.number). */
export const MAX_UNITS_PER_ITEM = 500;

export type NewGearItem = {
  id: string;
  title: string;
  sport: SportKey;
  equipmentType: string;
  condition: ListingCondition;
  tagCode: string;
  notes: string | null;
  size: string;
  count: number;
};

/** `with recursive n(i)`: the numbers from..to, for inserting a run of units in one statement. */
const numbers = (from: number | ReturnType<typeof sql>, count: number) =>
  sql`with recursive n(i) as (select cast(${from} as integer) union all select i + 1 from n where i < cast(${from} as integer) + cast(${count} as integer) - 1)`;

/**
 * A keeper adds an item with its first size and its units, in one batch: the item only while they keep the
 * club's gear, the units only beside it. A retry (same id) stores nothing twice; a tag code the club already
 * uses is refused.
 */
export async function addGearItem(
  db: Db,
  access: ClubAccess,
  input: NewGearItem,
  now = new Date(),
): Promise<GearResult<{ created: boolean }>> {
  const viewer = access.viewer;
  if (!viewer || !clubCan(access, "manageGear")) return { ok: false, error: "forbidden" };
  const clubId = access.club.id;
  const id = input.id.toLowerCase();
  const [existing] = await db.all<{ id: string }>(sql`select id from gear_items where club_id = ${clubId} and tag_code = ${input.tagCode}`);
  if (existing && existing.id !== id) return { ok: false, error: "tagTaken" };
  const [inserted] = await db.batch([
    db.run(sql`
      insert into gear_items (id, club_id, title, sport, equipment_type, condition, tag_code, notes, created_by, created_at, updated_at)
      select ${id}, ${clubId}, ${input.title}, ${input.sport}, ${input.equipmentType}, ${input.condition}, ${input.tagCode},
        ${input.notes}, ${viewer.id}, ${now.getTime()}, ${now.getTime()}
      where ${keepsGearOf(viewer, clubId)}
      on conflict do nothing`),
    db.run(sql`
      ${numbers(1, input.count)}
      insert into gear_units (id, club_id, item_id, size, size_rank, number, code, condition, created_at)
      select lower(hex(randomblob(16))), ${clubId}, ${id}, ${input.size}, 1, n.i, ${input.tagCode} || '-' || n.i, ${input.condition}, ${now.getTime()}
      from n where exists (select 1 from gear_items i where i.id = ${id} and i.club_id = ${clubId} and i.created_by = ${viewer.id}
        and i.created_at = ${now.getTime()})
      on conflict do nothing`),
  ]);
  if (inserted.rowsAffected > 0) return { ok: true, created: true };
  const [mine] = await db.all<{ id: string }>(sql`select id from gear_items where id = ${id} and club_id = ${clubId}`);
  if (mine) return { ok: true, created: false };
  return existing ? { ok: false, error: "tagTaken" } : { ok: false, error: "forbidden" };
}

/**
 * More units of an item: in a size it has (the same rank) or a new size (the next rank: sizes are ordered as they
 * were added, which is the order 'swap up a size' follows). One statement; numbers continue the item's.
 */
export async function addGearUnits(
  db: Db,
  access: ClubAccess,
  input: { itemId: string; size: string; count: number },
  now = new Date(),
): Promise<GearResult<{ added: number }>> {
  const viewer = access.viewer;
  if (!viewer || !clubCan(access, "manageGear")) return { ok: false, error: "forbidden" };
  const clubId = access.club.id;
  const [item] = await db.all<{ tag: string; condition: ListingCondition; units: number }>(sql`
    select i.tag_code as tag, i.condition, (select count(*) from gear_units u where u.item_id = i.id) as units
    from gear_items i where i.id = ${input.itemId} and i.club_id = ${clubId}`);
  if (!item) return { ok: false, error: "noSuchItem" };
  if (Number(item.units) + input.count > MAX_UNITS_PER_ITEM) return { ok: false, error: "tooManyUnits" };
  const start = sql`(select coalesce(max(number), 0) + 1 from gear_units where item_id = ${input.itemId})`;
  const rank = sql`coalesce((select size_rank from gear_units where item_id = ${input.itemId} and size = ${input.size} limit 1),
    (select coalesce(max(size_rank), 0) + 1 from gear_units where item_id = ${input.itemId}))`;
  const result = await db.run(sql`
    ${numbers(start, input.count)}
    insert into gear_units (id, club_id, item_id, size, size_rank, number, code, condition, created_at)
    select lower(hex(randomblob(16))), ${clubId}, ${input.itemId}, ${input.size}, ${rank}, n.i, ${item.tag} || '-' || n.i, ${item.condition}, ${now.getTime()}
    from n where ${keepsGearOf(viewer, clubId)}`);
  return result.rowsAffected > 0 ? { ok: true, added: result.rowsAffected } : { ok: false, error: "forbidden" };
}

/** A keeper retires a unit that is in (not out): it stays in the history, no longer lent. */
export async function retireGearUnit(db: Db, access: ClubAccess, code: string, now = new Date()): Promise<GearResult> {
  const viewer = access.viewer;
  if (!viewer || !clubCan(access, "manageGear")) return { ok: false, error: "forbidden" };
  const clubId = access.club.id;
  const result = await db.run(sql`
    update gear_units set retired_at = ${now.getTime()}
    where club_id = ${clubId} and code = ${code} and retired_at is null and ${keepsGearOf(viewer, clubId)}
      and not exists (select 1 from gear_loans l where l.unit_id = gear_units.id and l.checked_in_at is null)`);
  if (result.rowsAffected > 0) return { ok: true };
  const [unit] = await db.all<{ id: string }>(
    sql`select id from gear_units where club_id = ${clubId} and code = ${code} and retired_at is null`,
  );
  return { ok: false, error: unit ? "alreadyOut" : "noSuchUnit" };
}

export type BorrowInput = {
  id: string;
  itemId: string;
  size: string;
  period: GearRequestPeriod;
  fromDate: string | null;
  toDate: string | null;
};

/**
 * A member asks to borrow an item in a size: a place at the end of that size's queue (first come, first served).
 * Written only while they are an active member and the size has units not retired; one waiting place per person
 * and size (a unique index), so a double submit queues once.
 */
export async function requestToBorrow(
  db: Db,
  access: ClubAccess,
  input: BorrowInput,
  now = new Date(),
): Promise<GearResult<{ created: boolean }>> {
  const viewer = access.viewer;
  if (!viewer || !clubCan(access, "borrowGear")) return { ok: false, error: "forbidden" };
  const clubId = access.club.id;
  const id = input.id.toLowerCase();
  const rank = sql`(select u.size_rank from gear_units u join gear_items i on i.id = u.item_id
    where u.item_id = ${input.itemId} and i.club_id = ${clubId} and u.size = ${input.size} and u.retired_at is null limit 1)`;
  const result = await db.run(sql`
    insert into gear_requests (id, club_id, item_id, size_rank, user_id, period, from_date, to_date, status, created_at, updated_at)
    select ${id}, ${clubId}, ${input.itemId}, ${rank}, ${viewer.id}, ${input.period}, ${input.fromDate}, ${input.toDate}, 'waiting',
      ${now.getTime()}, ${now.getTime()}
    where ${activeMemberOf(viewer, sql`${clubId}`)} and ${rank} is not null
    on conflict do nothing`);
  if (result.rowsAffected > 0) return { ok: true, created: true };
  const [again] = await db.all<{ id: string }>(sql`select id from gear_requests where id = ${id} and user_id = ${viewer.id}`);
  if (again) return { ok: true, created: false };
  const [size] = await db.all<{ rank: number | null }>(sql`select ${rank} as rank`);
  if (size?.rank == null) return { ok: false, error: "noSuchSize" };
  return { ok: false, error: clubCan(access, "borrowGear") ? "alreadyQueued" : "forbidden" };
}

/** The asker withdraws their own waiting request (the author is in the SQL: someone else's is "no such request"). */
export async function withdrawBorrowRequest(db: Db, access: ClubAccess, requestId: string, now = new Date()): Promise<GearResult> {
  const viewer = access.viewer;
  if (!viewer) return { ok: false, error: "forbidden" };
  const result = await db.run(sql`
    update gear_requests set status = 'withdrawn', updated_at = ${now.getTime()}
    where id = ${requestId} and club_id = ${access.club.id} and user_id = ${viewer.id} and status = 'waiting'`);
  return result.rowsAffected > 0 ? { ok: true } : { ok: false, error: "noSuchRequest" };
}

/** A keeper declines a waiting request (the next in the queue moves up); stored as withdrawn, one closed state for both. */
export async function declineBorrowRequest(db: Db, access: ClubAccess, requestId: string, now = new Date()): Promise<GearResult> {
  const viewer = access.viewer;
  if (!viewer || !clubCan(access, "manageGear")) return { ok: false, error: "forbidden" };
  const result = await db.run(sql`
    update gear_requests set status = 'withdrawn', updated_at = ${now.getTime()}
    where id = ${requestId} and club_id = ${access.club.id} and status = 'waiting' and ${keepsGearOf(viewer, access.club.id)}`);
  return result.rowsAffected > 0 ? { ok: true } : { ok: false, error: "noSuchRequest" };
}
