// 'Recent Listings Near You' on the home page for a signed-out visitor (ADR 035).
import { sql } from "drizzle-orm";
import type { Db } from "#db/client";
import type { ListingSummary } from "~/shared/schemas/search";
import type { GeoPoint } from "../geo/geo.server";
import { listedStatuses, listingVisibleTo } from "../listings/listing-visibility.server";
import type { Viewer } from "../permissions/viewer";
import { readBatch, summaryStatement, toSummaryFrom, type SummaryRowWithExtras } from "../listings/listing-summaries.server";
import { zipCentre, zipsNear } from "./radius.server";

/** How far 'Recent Listings Near You' looks for a visitor before it falls back to the newest anywhere. */
export const VISITOR_NEAR_MILES = 250;

export type NearbyOrigin = { zip: string } | { latitude: number; longitude: number };

export type NearbyResult = {
  items: ListingSummary[];
  /** 'City, ST' of the origin ZIP, or null for a bare point / unknown ZIP. */
  place: string | null;
  /** False when nothing was near (or the origin unknown): `items` are then the newest anywhere. */
  near: boolean;
};

/**
 * 'Recent Listings Near You' for a signed-out visitor (ADR 035): listed items
 * within VISITOR_NEAR_MILES of the origin, nearest first (newest first at the same distance), each
 * labelled with its distance. One round trip: the origin's place and the page in one batch. Only
 * when nothing is near does a second query fetch the newest anywhere.
 */
export async function listNearby(db: Db, viewer: Viewer | null, origin: NearbyOrigin, limit: number): Promise<NearbyResult> {
  const miles = VISITOR_NEAR_MILES;
  const o = "zip" in origin ? zipCentre(origin.zip) : sql`(select ${origin.latitude} as latitude, ${origin.longitude} as longitude)`;
  const visible = sql`${listedStatuses} and ${listingVisibleTo(viewer)}`;
  // Nearest first, without sorting every listing within 250 miles (ADR 077): `near_zips` are the ZIPs
  // in range with their distance; `enough` is the distance by which `limit` listings this viewer
  // may see are reached (each ZIP counted in its index, at most `limit` a ZIP, summed nearest
  // first). Only listings no farther than that are sorted. Null when fewer are in range: then all.
  const ctes = sql`near_zips(zip, miles) as materialized (${zipsNear(o, miles)}),
    enough(miles) as materialized (
      select min(miles) from (
        select miles, sum(found) over (order by miles rows unbounded preceding) as running from (
          select near_zips.miles, (select count(*) from (
            select 1 from listings where listings.zip_code = near_zips.zip and ${visible} limit ${limit})) as found
          from near_zips))
      where running >= ${limit})`;
  const near = sql` join near_zips near on near.zip = listings.zip_code`;
  const page = summaryStatement(viewer, {
    with: ctes,
    where: [listedStatuses, sql`near.miles <= coalesce((select miles from enough), ${miles})`],
    join: near,
    // As keys: the 12 are picked on the keys alone, and the card's club and photo are then read for
    // those 12 only.
    orderBy: [{ expr: sql`near.miles` }, { expr: sql`listings.created_at`, desc: true }, { expr: sql`listings.id` }],
    limit,
    zipPoints: true,
    favoritesOf: viewer,
  });
  const place =
    "zip" in origin
      ? sql`select latitude, longitude, city || ', ' || state as place from zip_codes where zip = ${origin.zip}`
      : sql`select ${origin.latitude} as latitude, ${origin.longitude} as longitude, null as place`;
  const [rows, places] = (await readBatch(db, [page, place])) as [SummaryRowWithExtras[], (GeoPoint & { place: string | null })[]];
  const from = places[0] ? { latitude: Number(places[0].latitude), longitude: Number(places[0].longitude) } : null;
  const label = (row: SummaryRowWithExtras) => toSummaryFrom(viewer, row, from);
  if (rows.length > 0) return { items: rows.map(label), place: places[0]?.place ?? null, near: true };
  const newest = await db.all<SummaryRowWithExtras>(
    summaryStatement(viewer, {
      where: [listedStatuses],
      orderBy: [{ expr: sql`listings.created_at`, desc: true }, { expr: sql`listings.id` }],
      limit,
      zipPoints: true,
      favoritesOf: viewer,
    }),
  );
  return { items: newest.map(label), place: places[0]?.place ?? null, near: false };
}
