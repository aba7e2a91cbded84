// What the library's pages read (ADR 093), each in one batch (one round trip after the club access read):
// the members' Library (items, sizes, availability, and only the viewer's own requests and loans) and the
// keepers' Gear Library (overdue first, the queues, the items and their units). Rules are in the SQL:
// a member's rows carry `user_id = viewer`; a keeper's read carries keepsGearOf.
import { sql, type SQL } from "drizzle-orm";
import type { Db } from "#db/client";
import type { ListingCondition, SportKey } from "#db/schema/enums";
import { activeMemberOf, type ClubAccess } from "../clubs/club-access.server";
import { keepsGearOf } from "./keepers.server";

/** Display name of the profile aliased `p` (the accounts feature's rule, as raw SQL for these joins). */
const nameOf = (p: string) =>
  sql.raw(
    `coalesce(nullif(trim(coalesce(${p}.first_name, '') || ' ' || coalesce(${p}.last_name, '')), ''), nullif(trim(${p}.display_name), ''), 'Member')`,
  );

export type LibrarySize = { size: string; rank: number; units: number; free: number; waiting: number };
export type LibraryItem = {
  id: string;
  title: string;
  sport: SportKey;
  equipmentType: string;
  condition: ListingCondition;
  notes: string | null;
  tagCode: string;
  sizes: LibrarySize[];
};

type SizeRow = {
  id: string;
  title: string;
  sport: SportKey;
  equipment_type: string;
  condition: ListingCondition;
  notes: string | null;
  tag_code: string;
  size: string;
  size_rank: number;
  units: number;
  free: number;
  waiting: number;
};

/** Items and their sizes with counts: units not retired, free (no open loan), waiting requests. */
function sizesQuery(db: Db, clubId: string, guard: SQL) {
  return db.all<SizeRow>(sql`
    select i.id, i.title, i.sport, i.equipment_type, i.condition, i.notes, i.tag_code, u.size, u.size_rank,
      count(*) as units,
      sum(case when o.id is null then 1 else 0 end) as free,
      (select count(*) from gear_requests r where r.item_id = i.id and r.size_rank = u.size_rank and r.status = 'waiting') as waiting
    from gear_items i
    join gear_units u on u.item_id = i.id and u.retired_at is null
    left join gear_loans o on o.unit_id = u.id and o.checked_in_at is null
    where i.club_id = ${clubId} and ${guard}
    group by i.id, u.size_rank
    order by i.sport, i.equipment_type, i.title collate nocase, i.id, u.size_rank`);
}

function toItems(rows: SizeRow[]): LibraryItem[] {
  const items = new Map<string, LibraryItem>();
  for (const r of rows) {
    let item = items.get(r.id);
    if (!item) {
      item = {
        id: r.id,
        title: r.title,
        sport: r.sport,
        equipmentType: r.equipment_type,
        condition: r.condition,
        notes: r.notes,
        tagCode: r.tag_code,
        sizes: [],
      };
      items.set(r.id, item);
    }
    item.sizes.push({ size: r.size, rank: Number(r.size_rank), units: Number(r.units), free: Number(r.free), waiting: Number(r.waiting) });
  }
  return [...items.values()];
}

export type MyGearRequest = {
  id: string;
  title: string;
  size: string;
  position: number;
  period: string;
  fromDate: string | null;
  toDate: string | null;
};
export type MyGearLoan = { unitCode: string; title: string; size: string; dueAt: number; overdue: boolean };

/** The members' Library: the items, and the viewer's own waiting requests (with their place) and open loans. */
export async function getMemberLibrary(db: Db, access: ClubAccess, now = new Date()) {
  const viewer = access.viewer!;
  const clubId = access.club.id;
  const member = activeMemberOf(viewer, sql`${clubId}`);
  const [sizes, requests, loans] = await db.batch([
    sizesQuery(db, clubId, member),
    db.all<{
      id: string;
      title: string;
      size: string;
      position: number;
      period: string;
      from_date: string | null;
      to_date: string | null;
    }>(sql`
      select r.id, i.title, (select u.size from gear_units u where u.item_id = r.item_id and u.size_rank = r.size_rank limit 1) as size,
        1 + (select count(*) from gear_requests e where e.item_id = r.item_id and e.size_rank = r.size_rank and e.status = 'waiting'
          and (e.created_at < r.created_at or (e.created_at = r.created_at and e.id < r.id))) as position,
        r.period, r.from_date, r.to_date
      from gear_requests r join gear_items i on i.id = r.item_id
      where r.club_id = ${clubId} and r.user_id = ${viewer.id} and r.status = 'waiting' and ${member}
      order by r.created_at`),
    db.all<{ code: string; title: string; size: string; due_at: number }>(sql`
      select u.code, i.title, u.size, l.due_at from gear_loans l join gear_units u on u.id = l.unit_id join gear_items i on i.id = u.item_id
      where l.club_id = ${clubId} and l.user_id = ${viewer.id} and l.checked_in_at is null and ${member}
      order by l.due_at`),
  ]);
  return {
    items: toItems(sizes),
    requests: requests.map<MyGearRequest>((r) => ({
      id: r.id,
      title: r.title,
      size: r.size,
      position: Number(r.position),
      period: r.period,
      fromDate: r.from_date,
      toDate: r.to_date,
    })),
    loans: loans.map<MyGearLoan>((l) => ({
      unitCode: l.code,
      title: l.title,
      size: l.size,
      dueAt: Number(l.due_at),
      overdue: Number(l.due_at) < now.getTime(),
    })),
  };
}

export type OpenLoan = {
  unitCode: string;
  title: string;
  size: string;
  borrower: string;
  stillMember: boolean;
  outAt: number;
  dueAt: number;
  overdue: boolean;
  deposit: string | null;
};
export type QueuedRequest = {
  id: string;
  itemId: string;
  title: string;
  size: string;
  borrower: string;
  position: number;
  createdAt: number;
  period: string;
  toDate: string | null;
};

/**
 * The keepers' Gear Library: open loans (overdue first — a removed member's loan stays, overdue when it is),
 * the queues (first come, first served), and the items with their sizes.
 */
export async function getKeeperLibrary(db: Db, access: ClubAccess, now = new Date()) {
  const viewer = access.viewer!;
  const clubId = access.club.id;
  const keeps = keepsGearOf(viewer, clubId);
  const [loans, queue, sizes] = await db.batch([
    db.all<{
      code: string;
      title: string;
      size: string;
      borrower: string;
      member: number;
      out_at: number;
      due_at: number;
      deposit: string | null;
    }>(sql`
      select u.code, i.title, u.size, ${nameOf("p")} as borrower,
        exists (select 1 from club_members bm where bm.club_id = l.club_id and bm.user_id = l.user_id and bm.status = 'active') as member,
        l.out_at, l.due_at, l.deposit
      from gear_loans l join gear_units u on u.id = l.unit_id join gear_items i on i.id = u.item_id
      left join profiles p on p.user_id = l.user_id
      where l.club_id = ${clubId} and l.checked_in_at is null and ${keeps}
      order by l.due_at, u.code`),
    db.all<{
      id: string;
      item_id: string;
      title: string;
      size: string;
      borrower: string;
      position: number;
      created_at: number;
      period: string;
      to_date: string | null;
    }>(sql`
      select r.id, r.item_id, i.title, (select u.size from gear_units u where u.item_id = r.item_id and u.size_rank = r.size_rank limit 1) as size,
        ${nameOf("p")} as borrower,
        row_number() over (partition by r.item_id, r.size_rank order by r.created_at, r.id) as position, r.created_at, r.period, r.to_date
      from gear_requests r join gear_items i on i.id = r.item_id left join profiles p on p.user_id = r.user_id
      where r.club_id = ${clubId} and r.status = 'waiting' and ${keeps}
      order by i.title collate nocase, r.size_rank, position`),
    sizesQuery(db, clubId, keeps),
  ]);
  return {
    loans: loans
      .map<OpenLoan>((l) => ({
        unitCode: l.code,
        title: l.title,
        size: l.size,
        borrower: l.borrower,
        stillMember: Boolean(Number(l.member)),
        outAt: Number(l.out_at),
        dueAt: Number(l.due_at),
        overdue: Number(l.due_at) < now.getTime() || !Number(l.member),
        deposit: l.deposit,
      }))
      .sort((a, b) => Number(b.overdue) - Number(a.overdue) || a.dueAt - b.dueAt),
    queue: queue.map<QueuedRequest>((r) => ({
      id: r.id,
      itemId: r.item_id,
      title: r.title,
      size: r.size,
      borrower: r.borrower,
      position: Number(r.position),
      createdAt: Number(r.created_at),
      period: r.period,
      toDate: r.to_date,
    })),
    items: toItems(sizes),
  };
}
