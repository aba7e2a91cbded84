// Price guidance (ADR 086; spec 02 §1 listing form, §2 listing page): what similar items sold for,
// from the sales of completed deals (app/features/trade/sales.server.ts). Similar: the same sport and
// type, the same condition or one step either side, the last 12 months, and the same brand when that
// alone gives enough. Where: near (within GUIDANCE_RADIUS_MILES of the ZIP, or a sale in one of the
// asker's clubs), else the ZIP's state, else everywhere. The figures are the interquartile range and
// the median.
//
// No price oracle (ADR 014, 058): a sale counts only if its listing was public, or it was in one of
// `clubIds` AND the asker is an active member of that club (in SQL, so a club named in a request
// counts for nobody else). Every figure comes from at least MIN_SALES sales: the query itself
// returns nothing below that. Signed-out visitors get none (a Viewer is required).
import { sql, type SQL } from "drizzle-orm";
import type { Db } from "#db/client";
import { LISTING_CONDITIONS, type ListingCondition } from "#db/schema/enums";
import { activeClubIdsOf } from "../clubs/club-access.server";
import type { Viewer } from "../permissions/viewer";
import { zipCentre, zipsNear } from "../search/radius.server";
import type { Guidance, GuidanceScope } from "~/shared/schemas/price-guidance";

export const MIN_SALES = 5;
export const GUIDANCE_RADIUS_MILES = 25;
export const GUIDANCE_WINDOW_MS = 365 * 86_400_000;

export type GuidanceAsk = {
  sport: string;
  equipmentType: string;
  condition: ListingCondition;
  brand?: string | null;
  zipCode?: string | null;
  /** The clubs the listing is (to be) shown in: their members' sales may count, for their members only. */
  clubIds?: readonly string[];
};
export type { Guidance };

/** The condition and its neighbours on the one scale (ADR 006). */
export function nearbyConditions(condition: ListingCondition): ListingCondition[] {
  const i = LISTING_CONDITIONS.indexOf(condition);
  return LISTING_CONDITIONS.filter((_, j) => Math.abs(j - i) <= 1);
}

type Variant = { scope: GuidanceScope; sameBrand: boolean; where: SQL };
type Row = { variant: number; n: number; i: number; p: number; region: string | null };

/** The quantile `q` of a sorted list given only the ranks it needs (linear between neighbours). */
function quantile(at: Map<number, number>, n: number, q: number): number {
  const pos = q * (n - 1);
  const lo = at.get(Math.floor(pos))!;
  const hi = at.get(Math.ceil(pos))!;
  return Math.round(lo + (hi - lo) * (pos - Math.floor(pos)));
}

/**
 * The guidance for `ask`, as `viewer` may be told it: the first of near → region → everywhere (with
 * the brand first, when there is one) that has at least MIN_SALES sales; null when none has. One
 * statement, one round trip: the candidate sales are read once, every variant counted in one pass
 * over them, and only the first with enough sales ranked.
 */
export async function priceGuidance(db: Db, viewer: Viewer, ask: GuidanceAsk, now = new Date()): Promise<Guidance | null> {
  const conditions = nearbyConditions(ask.condition);
  const clubIds = JSON.stringify([...new Set(ask.clubIds ?? [])]);
  // Outside a club no members-only sale can count: no subquery at all.
  const clubSale =
    clubIds === "[]"
      ? sql`0`
      : sql`s.deal_id in (select sc.deal_id from sale_clubs sc
      where sc.club_id in (select value from json_each(${clubIds})) and sc.club_id in ${activeClubIdsOf(viewer)})`;
  const zip = ask.zipCode ?? null;
  const brand = ask.brand?.trim() || null;
  const places: { scope: GuidanceScope; where: SQL }[] = [
    ...(zip ? [{ scope: "near" as const, where: sql`(b.near or b.in_club)` }] : []),
    ...(zip ? [{ scope: "region" as const, where: sql`(b.in_region or b.in_club)` }] : []),
    { scope: "everywhere", where: sql`1 = 1` },
  ];
  const variants: Variant[] = places.flatMap((place) => [
    ...(brand ? [{ scope: place.scope, sameBrand: true, where: sql`${place.where} and b.brand = ${brand} collate nocase` }] : []),
    { scope: place.scope, sameBrand: false, where: place.where },
  ]);
  const nearZips = zip ? sql`select zip from (${zipsNear(zipCentre(zip), GUIDANCE_RADIUS_MILES)})` : sql`select null as zip where 0`;
  // One pass counts every variant's sales; the first with at least MIN_SALES is picked — `k` is null
  // when none has, and then no row comes back at all: the guard is the query's. Only the picked
  // variant is ranked by price, and only the ranks the quartiles need are returned.
  const counts = sql.join(
    variants.map((variant, k) => sql`sum(${variant.where}) as c${sql.raw(String(k))}`),
    sql`, `,
  );
  const pickK = sql.join(
    variants.map((_, k) => sql`when c${sql.raw(String(k))} >= ${MIN_SALES} then ${k}`),
    sql` `,
  );
  const pickN = sql.join(
    variants.map((_, k) => sql`when c${sql.raw(String(k))} >= ${MIN_SALES} then c${sql.raw(String(k))}`),
    sql` `,
  );
  const inPicked = sql.join(
    variants.map((variant, k) => sql`when ${k} then ${variant.where}`),
    sql` `,
  );
  const rows = await db.all<Row>(sql`
    with b as materialized (
      select s.price_cents as p, s.brand, s.zip_code in (${nearZips}) as near,
        s.state = (select state from zip_codes where zip = ${zip}) as in_region, ${clubSale} as in_club
      from sales s
      where s.sport = ${ask.sport} and s.equipment_type = ${ask.equipmentType}
        and s.condition in (select value from json_each(${JSON.stringify(conditions)}))
        and s.completed_at > ${now.getTime() - GUIDANCE_WINDOW_MS}
        and (s.is_public = 1 or in_club)
    ),
    counted as (select ${counts} from b),
    pick as materialized (select case ${pickK} end as k, case ${pickN} end as n from counted)
    select pick.k as variant, pick.n as n, r.i, r.p, (select state from zip_codes where zip = ${zip}) as region
    from pick join (
      select b.p, row_number() over (order by b.p) - 1 as i from b, pick where case pick.k ${inPicked} end
    ) r
    where pick.k is not null
      and r.i in ((pick.n - 1) / 4, (pick.n + 2) / 4, (pick.n - 1) / 2, pick.n / 2, 3 * (pick.n - 1) / 4, (3 * (pick.n - 1) + 3) / 4)`);
  if (rows.length === 0) return null;
  const first = Math.min(...rows.map((row) => Number(row.variant)));
  const mine = rows.filter((row) => Number(row.variant) === first);
  const n = Number(mine[0]!.n);
  const at = new Map(mine.map((row) => [Number(row.i), Number(row.p)]));
  const variant = variants[first]!;
  return {
    low: quantile(at, n, 0.25),
    median: quantile(at, n, 0.5),
    high: quantile(at, n, 0.75),
    count: n,
    scope: variant.scope,
    sameBrand: variant.sameBrand,
    region: variant.scope === "region" ? (mine[0]!.region ?? null) : null,
  };
}
