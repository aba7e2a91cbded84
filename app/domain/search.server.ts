// The search engine behind the home grid, /sport/{sport}, suggestions and On Deck
// (spec 01 §4, §7; issue 5 §4). Every query carries `listedStatuses` (where a list is browsed) and
// `listingVisibleTo(viewer)`, so a members-only club's listing never reaches a non-member, and the
// price is nulled in SQL for viewers who may not see prices (`canSeePrices`) so it never leaves the
// server for them — nor can it be recovered by filtering or sorting on it (issue 9).
import { sql, type SQL } from "drizzle-orm";
import type { Db } from "#db/client";
import type { SearchState } from "~/lib/search-params";
import type { ClubSuggestion, ListingSuggestion, ListingSummary } from "~/schemas/search";
import { cardPhotoFrom, cardPhotoJson } from "./photos.server";
import { clubVisibleTo, findVisibleClubBySlug } from "./club-access.server";
import { distanceMiles, normalizeZip, zipsWithin } from "./geo.server";
import { canSeePrices, listedStatuses, listingVisibleTo } from "./listing-visibility.server";
import { priceColumnFor } from "./prices.server";
import type { Viewer } from "./viewer";

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
  // Signed-out visitors get no price at all (issue 5 §2): decided in SQL, not in the component.
  const price = priceColumn(viewer);
  const columns = sql`listings.id, listings.title, listings.sport, ${price} as price_cents, listings.condition,
      listings.city, listings.state, listings.zip_code, listings.status, listings.created_at,
      (select c.name from listing_clubs lc join clubs c on c.id = lc.club_id
        where lc.listing_id = listings.id order by lc.is_primary desc, c.name limit 1) as club_name,
      ${cardPhotoJson} as photo`;
  const page = sql`limit ${query.limit} offset ${query.offset ?? 0}`;
  let statement: SQL;
  if (Array.isArray(query.orderBy)) {
    const keys = query.orderBy;
    const dir = (key: OrderKey) => (key.desc ? sql` desc` : sql` asc`);
    const inner = sql.join(keys.map((key, i) => sql`${key.expr} as ${sql.raw(`k${i}`)}`), sql`, `);
    const innerOrder = sql.join(keys.map((key, i) => sql`${sql.raw(`k${i}`)}${dir(key)}`), sql`, `);
    const outerOrder = sql.join(keys.map((key, i) => sql`page.${sql.raw(`k${i}`)}${dir(key)}`), sql`, `);
    // The LIMIT keeps SQLite from flattening the page into the outer join; the outer ORDER BY
    // re-sorts at most `limit` rows by the keys the inner query already computed. A window total
    // needs one more level: bm25() may not be evaluated inside a window query.
    statement = sql`
      select ${columns}${query.windowTotal ? sql`, page.total` : sql``}
      from (${query.windowTotal ? sql`select *, count(*) over () as total from (` : sql``}select listings.rowid as rid, ${inner}
        ${fromClause(query)} ${whereClause(viewer, query)}${query.windowTotal ? sql`)` : sql``}
        order by ${innerOrder} ${page}) as page
      join listings on listings.rowid = page.rid
      order by ${outerOrder}`;
  } else {
    statement = sql`
      select ${columns}
      ${fromClause(query)}
      ${whereClause(viewer, query)}
      order by ${query.orderBy}
      ${page}`;
  }
  const rows = await db.all<SummaryRow & { total?: number }>(statement);
  const total = query.windowTotal && rows.length ? Number(rows[0].total) : null;
  const items = rows.map((row) => ({
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
  }));
  return { items, total };
}

/** Adds `distanceMiles` from the origin ZIP to each card; unknown ZIPs stay null. */
export async function withDistances(db: Db, originZip: string | null, items: ListingSummary[]): Promise<ListingSummary[]> {
  const origin = normalizeZip(originZip);
  if (!origin || items.length === 0) return items;
  const zips = [...new Set([origin, ...items.map((item) => item.zipCode)])];
  const rows = await db.all<{ zip: string; latitude: number; longitude: number }>(
    sql`select zip, latitude, longitude from zip_codes where ${inList(sql`zip`, zips)}`,
  );
  const points = new Map(rows.map((row) => [row.zip, row]));
  const from = points.get(origin);
  if (!from) return items;
  return items.map((item) => {
    const to = points.get(item.zipCode);
    return { ...item, distanceMiles: to ? Math.round(distanceMiles(from, to) * 10) / 10 : null };
  });
}

/**
 * The exact number of matches, for '{n} item(s) found' (ADR 010). A page that came back short
 * already holds every match after `offset`, so no second query is needed. Otherwise one
 * `count(*)` with the same conditions as the page: the listed indexes carry `id` and `user_id` (the
 * sport one also ZIP, type, condition, sub-category), so unless a filter needs the row (brand, size,
 * gender) the count never reads the table — only the index and one probe of listing_clubs per row
 * for visibility. Keywords go through `rowid in (… match …)`, driven by the FTS index.
 */
async function countMatches(
  db: Db,
  viewer: Viewer | null,
  query: Pick<SummaryQuery, "where" | "match">,
  { limit, offset, found }: { limit: number; offset: number; found: number },
): Promise<number> {
  if (found < limit && (found > 0 || offset === 0)) return offset + found;
  const conditions = [listingVisibleTo(viewer), ...query.where];
  if (query.match) conditions.push(sql`listings.rowid in (select rowid from listings_fts where listings_fts match ${query.match})`);
  const [{ total }] = await db.all<{ total: number }>(sql`select count(*) as total from listings where ${sql.join(conditions, sql` and `)}`);
  return Number(total);
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

  let club: SearchResult["club"] = null;
  let clubNotFound = false;
  if (filters.club) {
    // A club this viewer may not see is "not found" here too (clubVisibleTo).
    club = await findVisibleClubBySlug(db, viewer, filters.club);
    if (club) {
      where.push(sql`exists (select 1 from listing_clubs f where f.listing_id = listings.id and f.club_id = ${club.id})`);
    } else {
      clubNotFound = true;
    }
  }

  const location = filters.location ? locationCondition(filters.location) : null;
  if (location) where.push(location);

  // Spec 01 §4: a ZIP from the URL, else the profile, and no location text → drop listings
  // outside the radius. When the geo step fails (unknown ZIP) the unfiltered list remains.
  // `anywhere` (the removed radius chip, ADR 031) lifts the profile's radius, not a URL ZIP's.
  const originZip = normalizeZip(filters.zip) ?? normalizeZip(viewer?.zipCode);
  const radiusWanted = Boolean(normalizeZip(filters.zip)) || !filters.anywhere;
  let radiusApplied = false;
  if (originZip && !location && radiusWanted) {
    const nearby = await zipsWithin(db, originZip, filters.radius ?? 25);
    if (nearby.ok) {
      where.push(inList(sql`listings.zip_code`, nearby.zips));
      radiusApplied = true;
    } else {
      console.warn(`search: distance filter skipped for ZIP ${originZip} (${nearby.reason})`);
    }
  }

  const match = ftsQuery(filters.q);
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

  // Ranked by relevance, every match is visited to sort it, so the same pass counts them.
  const windowTotal = count && Boolean(match) && !sort;
  const page = await summaryPage(db, viewer, { where, match, orderBy, limit, offset, windowTotal });
  const items = page.items;
  const total = !count
    ? offset + items.length
    : (page.total ?? (await countMatches(db, viewer, { where, match }, { limit, offset, found: items.length })));
  return {
    items: await withDistances(db, originZip, items),
    total,
    clubNotFound,
    club,
    originZip,
    radiusApplied,
  };
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
