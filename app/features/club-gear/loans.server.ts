// Lending and taking back (ADR 093). The database decides every race: a loan is inserted only for the request
// first in its item and size's queue, on a unit with no open loan (a unique index besides), at most one per
// request (another); a check-in is a conditional UPDATE of the open loan, so two keepers taking the same unit
// back store one. 'Swap up a size' is the check-in, a request for the next size and, when a unit is free and
// nobody waits ahead, its loan — one batch.
import { sql } from "drizzle-orm";
import type { Db } from "#db/client";
import type { ListingCondition } from "#db/schema/enums";
import type { ClubAccess } from "../clubs/club-access.server";
import { clubCan } from "../permissions/club";
import { keepsGearOf } from "./keepers.server";
import type { GearResult } from "./library.server";

/**
 * A loan's due date from the form's day: the end of that day (UTC), so a loan due "today" is not overdue until the
 * day is over. Without one, a season's loan is due on the season's last day, 31 July (the seasons of inventory.server.ts).
 */
export function dueAtOf(day: string): Date {
  return new Date(`${day}T23:59:59.999Z`);
}
export function seasonLastDay(now = new Date()): string {
  return `${now.getUTCFullYear() + (now.getUTCMonth() >= 7 ? 1 : 0)}-07-31`;
}

type LendInput = {
  loanId: string;
  requestId: string;
  unitCode: string | null;
  dueAt: Date;
  conditionOut: ListingCondition | null;
  deposit: string | null;
};

/** The borrower of request `r` is still an active member of the club. */
const borrowerIsMember = sql`exists (select 1 from club_members bm where bm.club_id = r.club_id and bm.user_id = r.user_id and bm.status = 'active')`;
/** Nobody waits ahead of request `r` in its item and size's queue. */
const firstInQueue = sql`not exists (select 1 from gear_requests e where e.item_id = r.item_id and e.size_rank = r.size_rank
  and e.status = 'waiting' and (e.created_at < r.created_at or (e.created_at = r.created_at and e.id < r.id)))`;

/** The two statements of a loan: the loan (if the request is first and a unit free), then the request marked lent. */
function lendStatements(db: Db, clubId: string, keeper: { id: string }, input: LendInput, now: Date, guard = sql`1 = 1`) {
  return [
    db.run(sql`
      insert into gear_loans (id, club_id, unit_id, request_id, user_id, checked_out_by, out_at, due_at, condition_out, deposit)
      select ${input.loanId}, r.club_id, u.id, r.id, r.user_id, ${keeper.id}, ${now.getTime()}, ${input.dueAt.getTime()},
        coalesce(${input.conditionOut}, u.condition), ${input.deposit}
      from gear_requests r join gear_units u on u.item_id = r.item_id and u.size_rank = r.size_rank
      where r.id = ${input.requestId} and r.club_id = ${clubId} and r.status = 'waiting' and ${guard}
        and ${keepsGearOf(keeper, clubId)} and ${borrowerIsMember} and ${firstInQueue}
        and u.retired_at is null and (${input.unitCode} is null or u.code = ${input.unitCode})
        and not exists (select 1 from gear_loans o where o.unit_id = u.id and o.checked_in_at is null)
      order by u.number limit 1
      on conflict do nothing`),
    db.run(sql`
      update gear_requests set status = 'lent', updated_at = ${now.getTime()}
      where id = ${input.requestId} and status = 'waiting'
        and exists (select 1 from gear_loans l where l.id = ${input.loanId} and l.request_id = ${input.requestId})`),
  ] as const;
}

/**
 * A keeper lends a unit for a request (the first in its queue): the unit typed (its code) or the lowest-numbered
 * free one. A retry with the same loan id answers as the first did.
 */
export async function checkOutGear(
  db: Db,
  access: ClubAccess,
  input: LendInput,
  now = new Date(),
): Promise<GearResult<{ unitCode: string; created: boolean }>> {
  const viewer = access.viewer;
  if (!viewer || !clubCan(access, "manageGear")) return { ok: false, error: "forbidden" };
  if (input.dueAt.getTime() <= now.getTime()) return { ok: false, error: "forbidden" };
  const clubId = access.club.id;
  const [inserted] = await db.batch(lendStatements(db, clubId, viewer, input, now));
  const [loan] = await db.all<{ code: string }>(sql`
    select u.code from gear_loans l join gear_units u on u.id = l.unit_id where l.id = ${input.loanId} and l.club_id = ${clubId}`);
  if (loan) return { ok: true, unitCode: loan.code, created: inserted.rowsAffected > 0 };
  const [r] = await db.all<{ waiting: number; first: number; member: number }>(sql`
    select r.status = 'waiting' as waiting, ${firstInQueue} as first, ${borrowerIsMember} as member
    from gear_requests r where r.id = ${input.requestId} and r.club_id = ${clubId}`);
  if (!r || !Number(r.waiting) || !Number(r.member)) return { ok: false, error: "noSuchRequest" };
  if (!Number(r.first)) return { ok: false, error: "notFirstInQueue" };
  return { ok: false, error: input.unitCode ? "noSuchUnit" : "noFreeUnit" };
}

export type CheckInInput = {
  unitCode: string;
  conditionIn: ListingCondition;
  damageNotes: string | null;
  /** 'Swap up a size': the ids the page minted for the next size's request and loan, and that loan's due date. */
  swapUp: { requestId: string; loanId: string; dueAt: Date } | null;
};

export type CheckInResult = GearResult<{ swap: null | { lent: string } | { queued: true } | { noNextSize: true } }>;

/** A keeper takes a unit back by its code (condition in, damage notes); with 'swap up a size', in the same batch. */
export async function checkInGear(db: Db, access: ClubAccess, input: CheckInInput, now = new Date()): Promise<CheckInResult> {
  const viewer = access.viewer;
  if (!viewer || !clubCan(access, "manageGear")) return { ok: false, error: "forbidden" };
  const clubId = access.club.id;
  const at = now.getTime();
  const unit = sql`(select id from gear_units where club_id = ${clubId} and code = ${input.unitCode})`;
  // The loan this batch closed (at this instant, by this keeper): what the later statements hang on.
  const closed = sql`(select l.id from gear_loans l where l.unit_id = ${unit} and l.checked_in_at = ${at} and l.checked_in_by = ${viewer.id})`;
  const statements = [
    db.run(sql`
      update gear_loans set checked_in_at = ${at}, checked_in_by = ${viewer.id}, condition_in = ${input.conditionIn},
        damage_notes = ${input.damageNotes}
      where club_id = ${clubId} and unit_id = ${unit} and checked_in_at is null and ${keepsGearOf(viewer, clubId)}`),
    db.run(sql`update gear_units set condition = ${input.conditionIn} where id = ${unit} and exists ${closed}`),
  ];
  const swap = input.swapUp;
  if (swap) {
    statements.push(
      db.run(sql`
        insert into gear_requests (id, club_id, item_id, size_rank, user_id, period, from_date, to_date, status, created_at, updated_at)
        select ${swap.requestId}, l.club_id, u.item_id, nxt.rank, l.user_id, 'season', null, null, 'waiting', ${at}, ${at}
        from gear_loans l join gear_units u on u.id = l.unit_id
        join (select min(u2.size_rank) as rank from gear_units u2 join gear_units me on me.id = ${unit}
              where u2.item_id = me.item_id and u2.size_rank > me.size_rank and u2.retired_at is null) nxt on nxt.rank is not null
        where l.id = ${closed} and l.user_id is not null
          and exists (select 1 from club_members bm where bm.club_id = l.club_id and bm.user_id = l.user_id and bm.status = 'active')
        on conflict do nothing`),
      ...lendStatements(
        db,
        clubId,
        viewer,
        { loanId: swap.loanId, requestId: swap.requestId, unitCode: null, dueAt: swap.dueAt, conditionOut: null, deposit: null },
        now,
      ),
    );
  }
  const [closedResult] = await db.batch(statements as unknown as Parameters<Db["batch"]>[0]);
  if (closedResult.rowsAffected === 0) {
    const [exists] = await db.all<{ id: string }>(sql`select id from gear_units where club_id = ${clubId} and code = ${input.unitCode}`);
    return { ok: false, error: exists ? "notOut" : "noSuchUnit" };
  }
  if (!swap) return { ok: true, swap: null };
  const [after] = await db.all<{ status: string | null; code: string | null }>(sql`
    select r.status, u.code from gear_requests r left join gear_loans l on l.request_id = r.id left join gear_units u on u.id = l.unit_id
    where r.id = ${swap.requestId} and r.club_id = ${clubId}`);
  if (!after) return { ok: true, swap: { noNextSize: true } };
  return { ok: true, swap: after.code ? { lent: after.code } : { queued: true } };
}
