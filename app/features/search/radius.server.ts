// The search radius in SQL (spec 01 §4; ADR 034): great-circle miles between ZIP centres,
// and the two ways a listing is checked against a radius around an origin ZIP.
import { sql, type SQL } from "drizzle-orm";
import { EARTH_RADIUS_MILES, MILES_PER_DEGREE_LATITUDE } from "../geo/geo.server";

// Great-circle miles from `o` to `z` (both with latitude/longitude), the same formula as
// geo.server's distanceMiles. No pow(): not every libSQL build has it; a square is a product.
const halfDLat = sql`sin(radians(z.latitude - o.latitude) / 2)`;
const halfDLon = sql`sin(radians(z.longitude - o.longitude) / 2)`;
const haversineMiles = sql`(2 * ${EARTH_RADIUS_MILES} * asin(min(1, sqrt(
    ${halfDLat} * ${halfDLat} + cos(radians(o.latitude)) * cos(radians(z.latitude)) * ${halfDLon} * ${halfDLon}))))`;

/**
 * ZIPs within `miles` of the origin ZIP's centre, as a subquery (ADR 034): the radius costs
 * no round trip of its own. When the origin is not a ZIP we know, no radius applies (spec 01 §8:
 * the unfiltered list remains).
 */
export function withinRadius(originZip: string, miles: number): SQL {
  return sql`listings.zip_code in (${radiusZips(originZip, miles)})`;
}

/** The ZIPs of `withinRadius`, as a select of one column `zip`. */
function radiusZips(originZip: string, miles: number): SQL {
  // No OR around the IN: a plain `zip_code in (…)` lets SQLite drive the listed ZIP index from
  // the ZIP set. An unknown origin yields every known ZIP instead (the radius does not apply). That
  // arm's LIMIT is 0 when the origin is known, which skips its loop before it opens: a WHERE saying
  // the same was tested on every row, reading all 42,000 ZIPs on every radius search (Turso bills
  // them as rows read; ADR 078).
  return sql`select zip from (${zipsNear(zipCentre(originZip), miles)})
      union all
      select zip from (select zip from zip_codes
        limit case when exists (select 1 from zip_codes where zip = ${originZip}) then 0 else -1 end)`;
}

/** A ZIP's centre, as the one-row origin `zipsNear` takes (no row when the ZIP is unknown). */
export function zipCentre(zip: string): SQL {
  return sql`(select latitude, longitude from zip_codes where zip = ${zip})`;
}

/**
 * The ZIPs within `miles` of `origin` (a one-row select of latitude and longitude), with their
 * distance: columns `zip`, `miles`. A latitude band (indexed) and a longitude box narrow the ZIPs,
 * the haversine distance decides; near the 180th meridian the box would wrap, so only the band
 * applies. The search radius and the visitor's nearby grid both start here.
 */
export function zipsNear(origin: SQL, miles: number): SQL {
  const latDelta = miles / MILES_PER_DEGREE_LATITUDE;
  const lonDelta = sql`(${miles} / (${MILES_PER_DEGREE_LATITUDE} * max(cos(radians(o.latitude)), 0.01)))`;
  return sql`select z.zip, ${haversineMiles} as miles from ${origin} o join zip_codes z
        on z.latitude between o.latitude - ${latDelta} and o.latitude + ${latDelta}
      where (abs(o.longitude) + ${lonDelta} > 180 or z.longitude between o.longitude - ${lonDelta} and o.longitude + ${lonDelta})
        and ${haversineMiles} <= ${miles}`;
}

/**
 * The same radius, checked row by row: for a keyword search, where the full-text index yields a
 * few hundred matches, one distance per match costs less than listing every ZIP within 250 miles
 * (thousands of distances) first. An unknown origin lets every listing with a known ZIP through,
 * as withinRadius does.
 */
export function withinRadiusPerRow(originZip: string, miles: number): SQL {
  return sql`exists (
      select 1 from zip_codes z left join zip_codes o on o.zip = ${originZip}
      where z.zip = listings.zip_code and (o.zip is null or ${haversineMiles} <= ${miles}))`;
}

/** How many listed listings "few" is for a radius (RadiusPlan): sorting this many costs a few ms. */
export const FEW_IN_RADIUS = 2_000;

/**
 * A radius for a page that picks its rows one of two ways (ADR 077): `with` names the ZIP set once
 * (`near_zips`, computed once for the statement) and whether fewer than `few` listed listings lie in
 * it (`few_near`, counted in the ZIP index, stopping at `few`). Near a place with few listings the
 * page is best picked by ZIP and sorted (`byZip`); elsewhere by walking the newest-first index and
 * testing each row's ZIP (`walking`, the `+` keeps SQLite from driving it by ZIP).
 */
export function radiusPlan(originZip: string, miles: number, listed: SQL, few = FEW_IN_RADIUS) {
  return {
    with: sql`near_zips(zip) as materialized (${radiusZips(originZip, miles)}),
      few_near(yes) as materialized (select (select count(*) from (select 1 from listings
        where ${listed} and listings.zip_code in (select zip from near_zips) limit ${few})) < ${few})`,
    few: sql`(select yes from few_near)`,
    byZip: sql`listings.zip_code in (select zip from near_zips)`,
    walking: sql`+listings.zip_code in (select zip from near_zips)`,
  };
}
