// The search engine behind the home grid, /sport/{sport}, suggestions and On Deck
// (spec 01 §4, §7; issue 5 §4). Every query carries `listedStatuses` (where a list is browsed) and
// `listingVisibleTo(viewer)`, so a members-only club's listing never reaches a non-member, and the
// price is nulled in SQL for viewers who may not see prices (`canSeePrices`) so it never leaves the
// server for them — nor can it be recovered by filtering or sorting on it (issue 9).
import { sql, type SQL } from "drizzle-orm";
import type { Db } from "#db/client";
import type { SearchState } from "~/shared/search-params";
import type { ClubSuggestion, ListingSuggestion, ListingSummary } from "~/shared/schemas/search";
import { cardPhotoFrom, cardPhotoJson } from "../photos/card-photo.server";
import { clubVisibleTo } from "../clubs/club-access.server";
import { distanceMiles, EARTH_RADIUS_MILES, MILES_PER_DEGREE_LATITUDE, normalizeZip, type GeoPoint } from "./geo.server";
import { canSeePrices, listedStatuses, listingVisibleTo } from "../listings/listing-visibility.server";
import { priceColumnFor } from "../listings/prices.server";
import type { Viewer } from "../accounts/viewer";

export type SearchFilters = Partial<
  Pick<
    SearchState,
    | "q"
    | "location"
    | "zip"
    | "club"
    | "sports"
    | "radius"
    | "anywhere"
    | "category"
    | "types"
    | "brands"
    | "conditions"
    | "sizes"
    | "sizeGroups"
    | "genders"
    | "priceMin"
    | "priceMax"
    | "sort"
  >
> & { sport?: string | null };

export type SearchResult = {
  items: ListingSummary[];
  total: number;
  /** A club slug was given that does not exist: the filter was dropped (spec 01 §8). */
  clubNotFound: boolean;
  /** The club the results were narrowed to, for the empty state and chips. */
  club: { id: string; slug: string; name: string } | null;
  /** The ZIP distances are measured from (URL, else the viewer's profile), or null. */
  originZip: string | null;
  /** True when listings outside the radius were dropped. */
  radiusApplied: boolean;
  /** Which of `items` the viewer has favorited (empty when signed out). */
  favorites: Set<string>;
};

const MAX_KEYWORD_TOKENS = 8;
const SUGGESTION_LIMIT = 5;
const CLUB_SEARCH_LIMIT = 10;

/**
 * FTS5 MATCH text from what a user typed: every run of letters/digits becomes a quoted prefix
 * term (`"wils"*`), joined with spaces (AND). Only letters and digits get in, so nothing the user
 * types can become FTS syntax (quotes, NEAR, column filters, ^, -). Null when nothing is left.
 */
export function ftsQuery(input: string | null | undefined): string | null {
  const tokens = (input ?? "").toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];
  const unique = [...new Set(tokens)].slice(0, MAX_KEYWORD_TOKENS);
  return unique.length ? unique.map((token) => `"${token}"*`).join(" ") : null;
}

/** 'City, ST' → equality on city (case-insensitive) and state when given. */
function locationCondition(location: string): SQL | null {
  const [cityPart, statePart = ""] = location.split(",", 2);
  const city = cityPart.trim();
  const state = statePart.trim();
  if (!city) return null;
  return state
    ? sql`(listings.city = ${city} collate nocase and listings.state = ${state} collate nocase)`
    : sql`listings.city = ${city} collate nocase`;
}

const inList = (column: SQL, values: readonly string[]) =>
  sql`${column} in (select value from json_each(${JSON.stringify(values)}))`;

/** One ORDER BY term. Given as a list, the page is picked first and the card columns filled after. */
export type OrderKey = { expr: SQL; desc?: boolean };

type SummaryQuery = {
  where: SQL[];
  /** Join the FTS index and rank by bm25 when set. */
  match?: string | null;
  /** Extra join (e.g. favorites), written against `listings`. */
  join?: SQL;
  /**
   * A plain ORDER BY, or keys: with keys the ids of the page are chosen by an inner query that reads
   * only what it filters and sorts on, and the card's club and photo subqueries then run for the
   * page's rows only — not for every candidate a sort (bm25, price) has to look at.
   */
  orderBy: SQL | OrderKey[];
  limit: number;
  offset?: number;
};

type SummaryRow = {
  id: string;
  title: string;
  sport: string;
  price_cents: number | null;
  condition: string;
  city: string;
  state: string;
  zip_code: string;
  status: string;
  created_at: number;
  club_name: string | null;
  photo: string | null;
};

/** The price as this viewer may see it: the column, or null in SQL (`canSeePrices`). */
function priceColumn(viewer: Viewer | null): SQL {
  return priceColumnFor(viewer);
}

function fromClause(query: Pick<SummaryQuery, "match" | "join">): SQL {
  const fts = query.match ? sql` join listings_fts on listings_fts.rowid = listings.rowid` : sql``;
  return sql`from listings${fts}${query.join ?? sql``}`;
}

function whereClause(viewer: Viewer | null, query: Pick<SummaryQuery, "where" | "match">): SQL {
  const conditions = [listingVisibleTo(viewer), ...query.where];
  if (query.match) conditions.push(sql`listings_fts match ${query.match}`);
  return sql`where ${sql.join(conditions, sql` and `)}`;
}

/**
 * Card rows for any list of listings. The shared core of search, browse, On Deck and club pages:
 * visibility is always applied; callers add the statuses they list.
 */
export async function listingSummaries(db: Db, viewer: Viewer | null, query: SummaryQuery): Promise<ListingSummary[]> {
  return (await summaryPage(db, viewer, query)).items;
}

type SummaryExtras = {
  /** Count every match with `count(*) over ()` in the same pass (keys only; for orders that visit every match anyway). */
  windowTotal?: boolean;
  /** Add whether the viewer has favorited each card (one correlated probe per page row). */
  favoritesOf?: Viewer | null;
  /** Add each card's ZIP centre, so distances need no second query. */
  zipPoints?: boolean;
};

type SummaryRowWithExtras = SummaryRow & { total?: number; favorited?: number; zip_latitude?: number | null; zip_longitude?: number | null };

/** The statement behind `summaryPage`, so a caller can send it in a batch with others. */
function summaryStatement(viewer: Viewer | null, query: SummaryQuery & SummaryExtras): SQL {
  // Signed-out visitors get no price at all (issue 5 §2): decided in SQL, not in the component.
  const price = priceColumn(viewer);
  const favorited = query.favoritesOf
    ? sql`, exists (select 1 from favorites fav_of where fav_of.user_id = ${query.favoritesOf.id} and fav_of.listing_id = listings.id) as favorited`
    : sql``;
  const points = query.zipPoints
    ? sql`, (select z.latitude from zip_codes z where z.zip = listings.zip_code) as zip_latitude,
        (select z.longitude from zip_codes z where z.zip = listings.zip_code) as zip_longitude`
    : sql``;
  const columns = sql`listings.id, listings.title, listings.sport, ${price} as price_cents, listings.condition,
      listings.city, listings.state, listings.zip_code, listings.status, listings.created_at,
      (select c.name from listing_clubs lc join clubs c on c.id = lc.club_id
        where lc.listing_id = listings.id order by lc.is_primary desc, c.name limit 1) as club_name,
      ${cardPhotoJson} as photo${favorited}${points}`;
  const page = sql`limit ${query.limit} offset ${query.offset ?? 0}`;
  if (Array.isArray(query.orderBy)) {
    const keys = query.orderBy;
    const dir = (key: OrderKey) => (key.desc ? sql` desc` : sql` asc`);
    const inner = sql.join(keys.map((key, i) => sql`${key.expr} as ${sql.raw(`k${i}`)}`), sql`, `);
    const innerOrder = sql.join(keys.map((key, i) => sql`${sql.raw(`k${i}`)}${dir(key)}`), sql`, `);
    const outerOrder = sql.join(keys.map((key, i) => sql`page.${sql.raw(`k${i}`)}${dir(key)}`), sql`, `);
    // The LIMIT keeps SQLite from flattening the page into the outer join; the outer ORDER BY
    // re-sorts at most `limit` rows by the keys the inner query already computed. A window total
    // needs one more level: bm25() may not be evaluated inside a window query.
    return sql`
      select ${columns}${query.windowTotal ? sql`, page.total` : sql``}
      from (${query.windowTotal ? sql`select *, count(*) over () as total from (` : sql``}select listings.rowid as rid, ${inner}
        ${fromClause(query)} ${whereClause(viewer, query)}${query.windowTotal ? sql`)` : sql``}
        order by ${innerOrder} ${page}) as page
      join listings on listings.rowid = page.rid
      order by ${outerOrder}`;
  }
  return sql`
      select ${columns}
      ${fromClause(query)}
      ${whereClause(viewer, query)}
      order by ${query.orderBy}
      ${page}`;
}

function toSummary(viewer: Viewer | null, row: SummaryRowWithExtras): ListingSummary {
  return {
    id: row.id,
    title: row.title,
    sport: row.sport,
    priceCents: canSeePrices(viewer) && row.price_cents !== null ? Number(row.price_cents) : null,
    condition: row.condition,
    city: row.city,
    state: row.state,
    zipCode: row.zip_code,
    status: row.status,
    createdAt: Number(row.created_at),
    clubName: row.club_name,
    ...cardPhotoFrom(row.photo),
    distanceMiles: null,
  };
}

/**
 * `listingSummaries`, plus with `windowTotal` (keys only) the number of all matches, counted by
 * `count(*) over ()` in the same pass — for orders that visit every match anyway (bm25). Null
 * when the page is empty.
 */
async function summaryPage(
  db: Db,
  viewer: Viewer | null,
  query: SummaryQuery & { windowTotal?: boolean },
): Promise<{ items: ListingSummary[]; total: number | null }> {
  const rows = await db.all<SummaryRowWithExtras>(summaryStatement(viewer, query));
  const total = query.windowTotal && rows.length ? Number(rows[0].total) : null;
  return { items: rows.map((row) => toSummary(viewer, row)), total };
}

/**
 * `listingSummaries` with `distanceMiles` from `originZip`, in one round trip: each card's ZIP centre
 * is a column and the origin's centre travels in the same batch (On Deck; ADR 051).
 */
export async function listingSummariesFrom(db: Db, viewer: Viewer | null, query: SummaryQuery, originZip: string | null): Promise<ListingSummary[]> {
  const origin = normalizeZip(originZip);
  if (!origin) return listingSummaries(db, viewer, query);
  const [rows, origins] = (await readBatch(db, [
    summaryStatement(viewer, { ...query, zipPoints: true }),
    sql`select latitude, longitude from zip_codes where zip = ${origin}`,
  ])) as [SummaryRowWithExtras[], GeoPoint[]];
  const from = origins[0] ?? null;
  return rows.map((row) => {
    const item = toSummary(viewer, row);
    const at = from && row.zip_latitude != null && row.zip_longitude != null ? { latitude: Number(row.zip_latitude), longitude: Number(row.zip_longitude) } : null;
    return { ...item, distanceMiles: from && at ? roundMiles(distanceMiles(from, at)) : null };
  });
}

/** Rounded to a tenth of a mile, as cards show it. */
const roundMiles = (miles: number) => Math.round(miles * 10) / 10;

/**
 * The exact number of matches, for '{n} item(s) found' (ADR 010). A page that came back short
 * already holds every match after `offset`, so no second query is needed. Otherwise one
 * `count(*)` with the same conditions as the page: the listed indexes carry `id` and `user_id` (the
 * sport one also ZIP, type, condition, sub-category), so unless a filter needs the row (brand, size,
 * gender) the count never reads the table — only the index and one probe of listing_clubs per row
 * for visibility. Keywords go through `rowid in (… match …)`, driven by the FTS index.
 */
function countStatement(viewer: Viewer | null, query: Pick<SummaryQuery, "where" | "match">): SQL {
  const conditions = [listingVisibleTo(viewer), ...query.where];
  if (query.match) conditions.push(sql`listings.rowid in (select rowid from listings_fts where listings_fts match ${query.match})`);
  return sql`select count(*) as total from listings where ${sql.join(conditions, sql` and `)}`;
}

// Great-circle miles from `o` to `z` (both with latitude/longitude), the same formula as
// geo.server's distanceMiles. No pow(): not every libSQL build has it; a square is a product.
const halfDLat = sql`sin(radians(z.latitude - o.latitude) / 2)`;
const halfDLon = sql`sin(radians(z.longitude - o.longitude) / 2)`;
const haversineMiles = sql`(2 * ${EARTH_RADIUS_MILES} * asin(min(1, sqrt(
    ${halfDLat} * ${halfDLat} + cos(radians(o.latitude)) * cos(radians(z.latitude)) * ${halfDLon} * ${halfDLon}))))`;

/**
 * ZIPs within `miles` of the origin ZIP's centre, as a subquery (issue 10 item 6): the radius costs
 * no round trip of its own. A latitude band (indexed) and a longitude box narrow the ZIPs, the
 * haversine distance decides; near the 180th meridian the box would wrap, so only the band applies.
 * When the origin is not a ZIP we know, no radius applies (spec 01 §8: the unfiltered list remains).
 */
function withinRadius(originZip: string, miles: number, column: SQL = sql`listings.zip_code`): SQL {
  const latDelta = miles / MILES_PER_DEGREE_LATITUDE;
  const lonDelta = sql`(${miles} / (${MILES_PER_DEGREE_LATITUDE} * max(cos(radians(o.latitude)), 0.01)))`;
  const haversine = haversineMiles;
  // No OR around the IN: a plain `zip_code in (…)` lets SQLite drive the listed ZIP index from
  // the ZIP set. An unknown origin yields every known ZIP instead (the radius does not apply).
  return sql`${column} in (
      select z.zip from zip_codes o join zip_codes z
        on z.latitude between o.latitude - ${latDelta} and o.latitude + ${latDelta}
      where o.zip = ${originZip}
        and (abs(o.longitude) + ${lonDelta} > 180 or z.longitude between o.longitude - ${lonDelta} and o.longitude + ${lonDelta})
        and ${haversine} <= ${miles}
      union all
      select zip from zip_codes where not exists (select 1 from zip_codes where zip = ${originZip}))`;
}

/**
 * The same radius, checked row by row: for a keyword search, where the full-text index yields a
 * few hundred matches, one distance per match costs less than listing every ZIP within 250 miles
 * (thousands of distances) first. An unknown origin lets every listing with a known ZIP through,
 * as withinRadius does.
 */
function withinRadiusPerRow(originZip: string, miles: number): SQL {
  return sql`exists (
      select 1 from zip_codes z left join zip_codes o on o.zip = ${originZip}
      where z.zip = listings.zip_code and (o.zip is null or ${haversineMiles} <= ${miles}))`;
}

/**
 * Browse and search (spec 01 §4, §7 "listings home grid" and "listings sport browse").
 * `total` counts every match, for '{n} item(s) found'.
 */
export async function searchListings(
  db: Db,
  viewer: Viewer | null,
  filters: SearchFilters,
  {
    limit,
    offset = 0,
    count = true,
  }: {
    limit: number;
    offset?: number;
    /**
     * Count every match for `total` (default). `false` for lists that show no count (the home
     * grid): `total` is then only `offset + items.length`.
     */
    count?: boolean;
  },
): Promise<SearchResult> {
  const where: SQL[] = [listedStatuses];

  if (filters.sport) where.push(sql`listings.sport = ${filters.sport.toLowerCase()}`);
  if (filters.sports?.length) where.push(inList(sql`listings.sport`, filters.sports));
  if (filters.category) where.push(sql`listings.sport_subcategory = ${filters.category}`);
  if (filters.types?.length) where.push(inList(sql`listings.equipment_type`, filters.types));
  if (filters.brands?.length) where.push(inList(sql`listings.brand`, filters.brands));
  if (filters.conditions?.length) where.push(inList(sql`listings.condition`, filters.conditions));
  if (filters.sizes?.length) where.push(inList(sql`listings.size_numeric`, filters.sizes));
  if (filters.sizeGroups?.length) where.push(inList(sql`listings.size`, filters.sizeGroups));
  if (filters.genders?.length) where.push(inList(sql`listings.gender`, filters.genders));
  // Dollars in the URL, whole cents in the database. For a viewer who may not see prices, price
  // filters and price sorts do not apply: either would let a hidden price be bisected back (issue 9).
  const prices = canSeePrices(viewer);
  if (prices && filters.priceMin != null) where.push(sql`listings.price_cents >= ${Math.round(filters.priceMin * 100)}`);
  if (prices && filters.priceMax != null) where.push(sql`listings.price_cents <= ${Math.round(filters.priceMax * 100)}`);

  // The club filter, by slug, only for a club this viewer may see (clubVisibleTo): its row comes
  // back in the same batch. A club not found (or not visible) drops the filter (spec 01 §8).
  const clubSlug = filters.club ? filters.club.trim().toLowerCase() : null;
  if (clubSlug) {
    where.push(sql`(not exists (select 1 from clubs where clubs.slug = ${clubSlug} and ${clubVisibleTo(viewer)})
      or exists (select 1 from listing_clubs f join clubs on clubs.id = f.club_id
        where f.listing_id = listings.id and clubs.slug = ${clubSlug} and ${clubVisibleTo(viewer)}))`);
  }

  const location = filters.location ? locationCondition(filters.location) : null;
  if (location) where.push(location);

  // Spec 01 §4: a ZIP from the URL, else the profile, and no location text → drop listings
  // outside the radius. When the geo step fails (unknown ZIP) the unfiltered list remains.
  // `anywhere` (the removed radius chip, ADR 031) lifts the profile's radius, not a URL ZIP's.
  const originZip = normalizeZip(filters.zip) ?? normalizeZip(viewer?.zipCode);
  const radiusWanted = Boolean(normalizeZip(filters.zip)) || !filters.anywhere;
  const radius = filters.radius ?? 25;
  const radiusOn = Boolean(originZip && !location && radiusWanted && Number.isFinite(radius) && radius >= 0);
  // The page walks the newest-first index and checks the ZIP set as it goes (the `+` keeps SQLite
  // from driving it by ZIP, which would sort every match in range to keep 24); the count uses the
  // ZIP index. Measured in bench/search-latency.ts (README "Round trips and search").
  const match = ftsQuery(filters.q);
  const countWhere = [...where];
  if (radiusOn && originZip && match) {
    where.push(withinRadiusPerRow(originZip, radius));
    countWhere.push(withinRadiusPerRow(originZip, radius));
  } else if (radiusOn && originZip) {
    where.push(withinRadius(originZip, radius, sql`+listings.zip_code`));
    countWhere.push(withinRadius(originZip, radius));
  }

  // Newest first, ties by id: the order every listed index ends with (created_at desc, id).
  const tieBreak: OrderKey[] = [
    { expr: sql`listings.created_at`, desc: true },
    { expr: sql`listings.id` },
  ];
  const sort = prices ? filters.sort : undefined;
  const orderBy: OrderKey[] =
    sort === "price_asc"
      ? [{ expr: sql`listings.price_cents` }, ...tieBreak]
      : sort === "price_desc"
        ? [{ expr: sql`listings.price_cents`, desc: true }, ...tieBreak]
        : match
          ? [{ expr: sql`bm25(listings_fts, 10.0, 1.0, 5.0)` }, ...tieBreak] // relevance (title counts most), then recency
          : tieBreak;

  // Everything the page needs goes in one batch, one database round trip (issue 10 item 6, ADR
  // 034): the origin ZIP's centre, the club, the page (with favorites and card ZIP centres) and,
  // when asked for and not counted by the page itself (bm25 visits every match anyway), the count.
  const windowTotal = count && Boolean(match) && !sort;
  const separateCount = count && !windowTotal;
  const statements: SQL[] = [
    summaryStatement(viewer, { where, match, orderBy, limit, offset, windowTotal, favoritesOf: viewer, zipPoints: Boolean(originZip) }),
    originZip ? sql`select latitude, longitude from zip_codes where zip = ${originZip}` : sql`select null as latitude, null as longitude where 0`,
    clubSlug
      ? sql`select id, slug, name from clubs where slug = ${clubSlug} and ${clubVisibleTo(viewer)} limit 1`
      : sql`select null as id, null as slug, null as name where 0`,
    ...(separateCount ? [countStatement(viewer, { where: countWhere, match })] : []),
  ];
  const [rows, origins, clubs, counted] = (await readBatch(db, statements)) as [
    SummaryRowWithExtras[],
    GeoPoint[],
    { id: string; slug: string; name: string }[],
    { total: number }[] | undefined,
  ];
  const origin = origins[0] ?? null;
  const items = rows.map((row) => {
    const item = toSummary(viewer, row);
    const at = origin && row.zip_latitude != null && row.zip_longitude != null ? { latitude: Number(row.zip_latitude), longitude: Number(row.zip_longitude) } : null;
    return { ...item, distanceMiles: origin && at ? roundMiles(distanceMiles(origin, at)) : null };
  });
  const total = windowTotal && rows.length ? Number(rows[0].total) : counted ? Number(counted[0].total) : offset + items.length;
  return {
    items,
    favorites: new Set(rows.filter((row) => Number(row.favorited) === 1).map((row) => row.id)),
    total,
    clubNotFound: Boolean(clubSlug) && clubs.length === 0,
    club: clubs[0] ?? null,
    originZip,
    radiusApplied: radiusOn && origin !== null,
  };
}

/** Several read statements in one round trip (one statement goes alone: no transaction needed). */
async function readBatch(db: Db, statements: SQL[]): Promise<unknown[][]> {
  if (statements.length === 1) return [await db.all(statements[0])];
  const [first, ...rest] = statements.map((statement) => db.all(statement));
  return db.batch([first, ...rest]);
}

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
 * 'Recent Listings Near You' for a signed-out visitor (issue 10 item 10, ADR 035): listed items
 * within VISITOR_NEAR_MILES of the origin, nearest first (newest first at the same distance), each
 * labelled with its distance. One round trip: the origin's place and the page in one batch. Only
 * when nothing is near does a second query fetch the newest anywhere.
 */
export async function listNearby(db: Db, viewer: Viewer | null, origin: NearbyOrigin, limit: number): Promise<NearbyResult> {
  const miles = VISITOR_NEAR_MILES;
  const o =
    "zip" in origin
      ? sql`(select latitude, longitude from zip_codes where zip = ${origin.zip})`
      : sql`(select ${origin.latitude} as latitude, ${origin.longitude} as longitude)`;
  const latDelta = miles / MILES_PER_DEGREE_LATITUDE;
  const lonDelta = sql`(${miles} / (${MILES_PER_DEGREE_LATITUDE} * max(cos(radians(o.latitude)), 0.01)))`;
  const near = sql` join (
      select z.zip, ${haversineMiles} as miles from ${o} o join zip_codes z
        on z.latitude between o.latitude - ${latDelta} and o.latitude + ${latDelta}
      where (abs(o.longitude) + ${lonDelta} > 180 or z.longitude between o.longitude - ${lonDelta} and o.longitude + ${lonDelta})
        and ${haversineMiles} <= ${miles}
    ) near on near.zip = listings.zip_code`;
  const page = summaryStatement(viewer, {
    where: [listedStatuses],
    join: near,
    orderBy: sql`near.miles, listings.created_at desc, listings.id`,
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
  const label = (row: SummaryRowWithExtras) => {
    const item = toSummary(viewer, row);
    const at = row.zip_latitude != null && row.zip_longitude != null ? { latitude: Number(row.zip_latitude), longitude: Number(row.zip_longitude) } : null;
    return { ...item, distanceMiles: from && at ? roundMiles(distanceMiles(from, at)) : null };
  };
  if (rows.length > 0) return { items: rows.map(label), place: places[0]?.place ?? null, near: true };
  const newest = await db.all<SummaryRowWithExtras>(
    summaryStatement(viewer, { where: [listedStatuses], orderBy: [{ expr: sql`listings.created_at`, desc: true }, { expr: sql`listings.id` }], limit, zipPoints: true, favoritesOf: viewer }),
  );
  return { items: newest.map(label), place: places[0]?.place ?? null, near: false };
}

/** Keyword suggestions under the search box: at most 5, same visibility as search. */
export async function suggestListings(db: Db, viewer: Viewer | null, text: string): Promise<ListingSuggestion[]> {
  if (text.trim().length < 2) return [];
  const match = ftsQuery(text);
  if (!match) return [];
  const price = priceColumn(viewer);
  const rows = await db.all<{ id: string; title: string; sport: string; price_cents: number | null; city: string; state: string }>(sql`
    select listings.id, listings.title, listings.sport, ${price} as price_cents, listings.city, listings.state
    ${fromClause({ match })}
    ${whereClause(viewer, { where: [listedStatuses], match })}
    order by bm25(listings_fts, 10.0, 1.0, 5.0), listings.created_at desc
    limit ${SUGGESTION_LIMIT}`);
  return rows.map((row) => ({
    id: row.id,
    title: row.title,
    sport: row.sport,
    priceCents: canSeePrices(viewer) && row.price_cents !== null ? Number(row.price_cents) : null,
    city: row.city,
    state: row.state,
  }));
}

/**
 * The club combobox (spec 01 §7: name contains, case-insensitive, ≤ 10): only clubs the viewer may
 * know exist (`clubVisibleTo`: signed-out → public; signed-in → + members-only; private → members).
 */
export async function searchClubs(db: Db, viewer: Viewer | null, text: string): Promise<ClubSuggestion[]> {
  const needle = text.trim().toLowerCase();
  if (needle.length < 2) return [];
  const visible = clubVisibleTo(viewer);
  // instr(), not LIKE: the user's % and _ stay literal.
  return db.all<ClubSuggestion>(sql`
    select id, slug, name from clubs
    where instr(lower(name), ${needle}) > 0 and ${visible}
    order by instr(lower(name), ${needle}) = 1 desc, name collate nocase
    limit ${CLUB_SEARCH_LIMIT}`);
}
