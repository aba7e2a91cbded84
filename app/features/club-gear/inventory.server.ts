// The library at a glance (ADR 093), for its keepers: counts by sport, type and size (in, out, overdue, retired),
// usage per season (the share of units lent at least once in it), and the CSV export of units and loans. A season
// runs 1 August to 31 July (the autumn start of most youth seasons), named by its two years ("2026–27").
import { sql } from "drizzle-orm";
import type { Db } from "#db/client";
import type { ClubAccess } from "../clubs/club-access.server";
import { keepsGearOf } from "./keepers.server";

export type InventoryRow = {
  sport: string;
  equipmentType: string;
  size: string;
  in: number;
  out: number;
  overdue: number;
  retired: number;
};
export type SeasonUsage = { season: string; unitsLent: number; units: number; share: number };

/** The season (its first year) of an epoch-ms column, as SQL: August onwards belongs to that year's season. */
const seasonOf = (column: string) =>
  sql.raw(
    `(cast(strftime('%Y', ${column} / 1000, 'unixepoch') as integer) - (cast(strftime('%m', ${column} / 1000, 'unixepoch') as integer) < 8))`,
  );

export const seasonLabel = (first: number) => `${first}–${String((first + 1) % 100).padStart(2, "0")}`;

/** The inventory view's two reads, in one batch. */
export async function getInventory(db: Db, access: ClubAccess, now = new Date()) {
  const clubId = access.club.id;
  const keeps = keepsGearOf(access.viewer, clubId);
  const [counts, usage] = await db.batch([
    db.all<{ sport: string; equipment_type: string; size: string; in_n: number; out_n: number; overdue_n: number; retired_n: number }>(sql`
      select i.sport, i.equipment_type, u.size,
        sum(case when u.retired_at is null and o.id is null then 1 else 0 end) as in_n,
        sum(case when o.id is not null then 1 else 0 end) as out_n,
        sum(case when o.id is not null and o.due_at < ${now.getTime()} then 1 else 0 end) as overdue_n,
        sum(case when u.retired_at is not null then 1 else 0 end) as retired_n
      from gear_units u join gear_items i on i.id = u.item_id
      left join gear_loans o on o.unit_id = u.id and o.checked_in_at is null
      where u.club_id = ${clubId} and ${keeps}
      group by i.sport, i.equipment_type, u.size, u.size_rank
      order by i.sport, i.equipment_type, u.size_rank`),
    db.all<{ season: number; lent: number; units: number }>(sql`
      select ${seasonOf("l.out_at")} as season, count(distinct l.unit_id) as lent,
        (select count(*) from gear_units a where a.club_id = ${clubId}) as units
      from gear_loans l
      where l.club_id = ${clubId} and ${keeps}
      group by season order by season desc limit 10`),
  ]);
  return {
    counts: counts.map<InventoryRow>((r) => ({
      sport: r.sport,
      equipmentType: r.equipment_type,
      size: r.size,
      in: Number(r.in_n),
      out: Number(r.out_n),
      overdue: Number(r.overdue_n),
      retired: Number(r.retired_n),
    })),
    usage: usage.map<SeasonUsage>((r) => ({
      season: seasonLabel(Number(r.season)),
      unitsLent: Number(r.lent),
      units: Number(r.units),
      share: Number(r.units) ? Number(r.lent) / Number(r.units) : 0,
    })),
  };
}

/**
 * One CSV cell: quoted when it holds a comma, quote or line break, and a formula guard — a cell a spreadsheet
 * would run (starting with =, +, -, @, or a tab or carriage return) gets a leading apostrophe (OWASP's CSV
 * injection advice), so a borrower named "=HYPERLINK(…)" is text.
 */
export function csvCell(value: string | number | null): string {
  if (value === null) return "";
  let s = String(value);
  if (/^[=+\-@\t\r]/.test(s)) s = `'${s}`;
  return /[",\r\n]/.test(s) ? `"${s.replaceAll('"', '""')}"` : s;
}

const csvLine = (cells: (string | number | null)[]) => cells.map(csvCell).join(",");
const isoOrNull = (ms: number | null) => (ms === null ? null : new Date(Number(ms)).toISOString());

/** The export: units, then a blank line, then every loan (newest first). Keepers only (in the SQL). */
export async function gearCsv(db: Db, access: ClubAccess): Promise<string> {
  const clubId = access.club.id;
  const keeps = keepsGearOf(access.viewer, clubId);
  type UnitRow = {
    code: string;
    title: string;
    sport: string;
    equipment_type: string;
    size: string;
    condition: string;
    retired_at: number | null;
    out: number;
  };
  type LoanRow = {
    code: string;
    title: string;
    size: string;
    borrower: string;
    out_at: number;
    due_at: number;
    checked_in_at: number | null;
    condition_out: string;
    condition_in: string | null;
    deposit: string | null;
    damage_notes: string | null;
  };
  const [units, loans] = await db.batch([
    db.all<UnitRow>(sql`
      select u.code, i.title, i.sport, i.equipment_type, u.size, u.condition, u.retired_at,
        exists (select 1 from gear_loans o where o.unit_id = u.id and o.checked_in_at is null) as out
      from gear_units u join gear_items i on i.id = u.item_id
      where u.club_id = ${clubId} and ${keeps}
      order by i.title collate nocase, u.number`),
    db.all<LoanRow>(sql`
      select u.code, i.title, u.size,
        coalesce(nullif(trim(coalesce(p.first_name, '') || ' ' || coalesce(p.last_name, '')), ''), nullif(trim(p.display_name), ''), 'Member') as borrower,
        l.out_at, l.due_at, l.checked_in_at, l.condition_out, l.condition_in, l.deposit, l.damage_notes
      from gear_loans l join gear_units u on u.id = l.unit_id join gear_items i on i.id = u.item_id
      left join profiles p on p.user_id = l.user_id
      where l.club_id = ${clubId} and ${keeps}
      order by l.out_at desc`),
  ]);
  const lines = [
    csvLine(["unit", "item", "sport", "type", "size", "condition", "status"]),
    ...units.map((u) =>
      csvLine([
        u.code,
        u.title,
        u.sport,
        u.equipment_type,
        u.size,
        u.condition,
        u.retired_at !== null ? "retired" : Number(u.out) ? "out" : "in",
      ]),
    ),
    "",
    csvLine(["unit", "item", "size", "borrower", "out", "due", "in", "condition out", "condition in", "deposit", "damage notes"]),
    ...loans.map((l) =>
      csvLine([
        l.code,
        l.title,
        l.size,
        l.borrower,
        isoOrNull(l.out_at),
        isoOrNull(l.due_at),
        isoOrNull(l.checked_in_at),
        l.condition_out,
        l.condition_in,
        l.deposit,
        l.damage_notes,
      ]),
    ),
  ];
  return `${lines.join("\r\n")}\r\n`;
}
