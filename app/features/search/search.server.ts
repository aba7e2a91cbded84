// The search engine behind the home grid and /sport/{sport} (spec 01 §4, §7): the
// filters (search-filters), keywords (fts-query) and radius (radius) put together into one page,
// its count and the club it was narrowed to, in one round trip. Every query carries `listedStatuses`
// and `listingVisibleTo(viewer)`, so a members-only club's listing never reaches a non-member, and the
// price is nulled in SQL for viewers who may not see prices (`canSeePrices`) so it never leaves the
// server for them — nor can it be recovered by filtering or sorting on it (ADR 014).
import { sql, type SQL } from "drizzle-orm";
import type { Db } from "#db/client";
import type { ListingSummary } from "~/shared/schemas/search";
import { clubVisibleTo } from "../clubs/club-access.server";
import { normalizeZip, type GeoPoint } from "../geo/geo.server";
import { canSeePrices, listedStatuses, listingVisibleTo } from "../listings/listing-visibility.server";
import type { Viewer } from "../permissions/viewer";
import { ftsQuery } from "./fts-query";
import {
  readBatch,
  summaryStatement,
  toSummaryFrom,
  type OrderKey,
  type SummaryQuery,
  type SummaryRowWithExtras,
} from "../listings/listing-summaries.server";
import { FEW_IN_RADIUS, radiusPlan, withinRadius, withinRadiusPerRow } from "./radius.server";
import { filterConditions, type SearchFilters } from "./search-filters.server";

export type SearchResult = {
  items: ListingSummary[];
  /** Every match, or with `totalCapped` a lower bound: more than this many match (ADR 074). */
  total: number;
  /** The count stopped at its cap: the page says '{total}+ items found' (ADR 074). */
  totalCapped: boolean;
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

/**
 * Matches are counted exactly up to this many; past it the page says '1,000+ items found' (ADR 074):
 * at a million listings an exact count walks every match (a sport: ~50,000 index entries and as
 * many visibility probes) and costs many times the page.
 */
export const COUNT_CAP = 1000;

/**
 * The number of matches, for '{n} item(s) found' (ADR 010, capped by ADR 074): one `count(*)` with
 * the same conditions as the page over at most `cap + 1` matching rows — one more than the cap
 * tells "more than `cap`" from "exactly `cap`". The listed indexes carry `id` and `user_id` (the
 * sport one also ZIP, type, condition, sub-category), so unless a filter needs the row (brand,
 * size, gender) the count never reads the table — only the index and one probe of listing_clubs per
 * row for visibility. Keywords go through `rowid in (… match …)`, driven by the FTS index.
 */
function countStatement(viewer: Viewer | null, query: Pick<SummaryQuery, "where" | "match" | "onlyIds">, cap: number): SQL {
  const conditions = [listingVisibleTo(viewer), ...query.where];
  if (query.onlyIds) conditions.push(sql`listings.id in (select value from json_each(${JSON.stringify(query.onlyIds)}))`);
  if (query.match) conditions.push(sql`listings.rowid in (select rowid from listings_fts where listings_fts match ${query.match})`);
  return sql`select count(*) as total from (select 1 from listings where ${sql.join(conditions, sql` and `)} limit ${cap + 1})`;
}

/**
 * Browse and search (spec 01 §4, §7 "listings home grid" and "listings sport browse").
 * `total` counts every match, for '{n} item(s) found'.
 */
type SearchOptions = {
  limit: number;
  offset?: number;
  /**
   * Count every match for `total` (default). `false` for lists that show no count (the home
   * grid): `total` is then only `offset + items.length`.
   */
  count?: boolean;
  /** Count exactly up to this many matches (at least `offset + limit`), then stop: `totalCapped`. */
  countCap?: number;
  /** Below how many listed listings in the radius the page is picked by ZIP (ADR 077); 0 never, for tests. */
  fewInRadius?: number;
};

/** A search as its statements and what turns their rows into the result: sent alone or in a batch with others. */
type PreparedSearch = { statements: SQL[]; finish: (results: unknown[][]) => SearchResult };

/**
 * Browse and search (spec 01 §4, §7 "listings home grid" and "listings sport browse").
 * `total` counts every match, for '{n} item(s) found'.
 */
export async function searchListings(db: Db, viewer: Viewer | null, filters: SearchFilters, options: SearchOptions): Promise<SearchResult> {
  const search = prepareSearch(viewer, filters, options);
  const result = search.finish(await readBatch(db, search.statements));
  return result.clubNotFound ? withoutUnknownClub(result, await searchListings(db, viewer, { ...filters, club: "" }, options)) : result;
}

/**
 * Spec 01 §8: a club not found is not applied. Its filter matched nothing in the first pass; the
 * search runs again without it — a second round trip only then (the pages redirect anyway).
 */
const withoutUnknownClub = (first: SearchResult, again: SearchResult): SearchResult => ({ ...again, clubNotFound: first.clubNotFound });

/**
 * Many searches in as few round trips as possible (the matcher and the digest ask one per saved
 * search): up to `perTrip` searches' statements go in one batch. Results in the order asked.
 */
export async function searchListingsMany(
  db: Db,
  searches: { viewer: Viewer | null; filters: SearchFilters; options: SearchOptions }[],
  { perTrip = 50 }: { perTrip?: number } = {},
): Promise<SearchResult[]> {
  const results: SearchResult[] = [];
  for (let start = 0; start < searches.length; start += perTrip) {
    const prepared = searches.slice(start, start + perTrip).map((s) => prepareSearch(s.viewer, s.filters, s.options));
    const rows = await readBatch(
      db,
      prepared.flatMap((search) => search.statements),
    );
    let at = 0;
    for (const search of prepared) {
      results.push(search.finish(rows.slice(at, at + search.statements.length)));
      at += search.statements.length;
    }
  }
  // The few whose club was not found, again without it (searchListings: spec 01 §8).
  const unknown = results.flatMap((result, i) => (result.clubNotFound ? [i] : []));
  if (unknown.length) {
    const again = await searchListingsMany(
      db,
      unknown.map((i) => ({ ...searches[i]!, filters: { ...searches[i]!.filters, club: "" } })),
      { perTrip },
    );
    unknown.forEach((i, k) => (results[i] = withoutUnknownClub(results[i]!, again[k]!)));
  }
  return results;
}

function prepareSearch(
  viewer: Viewer | null,
  filters: SearchFilters,
  { limit, offset = 0, count = true, countCap = COUNT_CAP, fewInRadius: few = FEW_IN_RADIUS }: SearchOptions,
): PreparedSearch {
  const { where, clubSlug, location, onlyIds } = filterConditions(viewer, filters);
  const prices = canSeePrices(viewer);

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
  let alternative: SummaryQuery["alternative"];
  let ctes: SQL | undefined;
  // With keywords, or a few given listings (the matcher), one distance per row costs less.
  if (radiusOn && originZip && (match || onlyIds)) {
    where.push(withinRadiusPerRow(originZip, radius));
    countWhere.push(withinRadiusPerRow(originZip, radius));
  } else if (radiusOn && originZip) {
    // Where few listings are near, the page is picked by ZIP instead (ADR 077); `few` 0 always walks.
    const plan = radiusPlan(originZip, radius, listedStatuses, few);
    ctes = plan.with;
    alternative = { when: plan.few, where: [...where, plan.byZip] };
    where.push(plan.walking);
    countWhere.push(withinRadius(originZip, radius));
  }

  // Newest first, ties by id: the order every listed index ends with (created_at desc, id).
  const tieBreak: OrderKey[] = [{ expr: sql`listings.created_at`, desc: true }, { expr: sql`listings.id` }];
  const sort = prices ? filters.sort : undefined;
  const orderBy: OrderKey[] =
    sort === "price_asc"
      ? [{ expr: sql`listings.price_cents` }, ...tieBreak]
      : sort === "price_desc"
        ? [{ expr: sql`listings.price_cents`, desc: true }, ...tieBreak]
        : match
          ? [{ expr: sql`bm25(listings_fts, 10.0, 1.0, 5.0)` }, ...tieBreak] // relevance (title counts most), then recency
          : tieBreak;

  // Everything the page needs goes in one batch, one database round trip (ADR 034, ADR
  // 034): the origin ZIP's centre, the club, the page (with favorites and card ZIP centres) and,
  // when asked for and not counted by the page itself, the count. With keywords the page visits every
  // full-text match whatever the order (bm25 scores them all; a price sort sorts them all), so it
  // counts them as it goes (a window) instead of a second pass over the same matches (ADR 078). Not
  // with an offset: a page past the last match has no row to carry the total.
  const windowTotal = count && Boolean(match) && offset === 0;
  const separateCount = count && !windowTotal;
  // Never below what the page itself shows, so 'Load more' knows whether more exist. The window
  // total (keywords) is exact for free, but is capped the same so every search reads alike.
  const cap = Math.max(countCap, offset + limit);
  const statements: SQL[] = [
    summaryStatement(viewer, {
      where,
      match,
      orderBy,
      limit,
      offset,
      windowTotal,
      favoritesOf: viewer,
      zipPoints: Boolean(originZip),
      onlyIds: onlyIds ?? undefined,
      alternative,
      with: ctes,
    }),
    originZip
      ? sql`select latitude, longitude from zip_codes where zip = ${originZip}`
      : sql`select null as latitude, null as longitude where 0`,
    clubSlug
      ? sql`select id, slug, name from clubs where slug = ${clubSlug} and ${clubVisibleTo(viewer)} limit 1`
      : sql`select null as id, null as slug, null as name where 0`,
    ...(separateCount ? [countStatement(viewer, { where: countWhere, match, onlyIds: onlyIds ?? undefined }, cap)] : []),
  ];
  const finish = (results: unknown[][]): SearchResult => {
    const [rows, origins, clubs, counted] = results as [
      SummaryRowWithExtras[],
      GeoPoint[],
      { id: string; slug: string; name: string }[],
      { total: number }[] | undefined,
    ];
    const origin = origins[0] ?? null;
    const items = rows.map((row) => toSummaryFrom(viewer, row, origin));
    const matches = windowTotal && rows.length ? Number(rows[0].total) : counted ? Number(counted[0].total) : offset + items.length;
    const totalCapped = count && matches > cap;
    return {
      items,
      favorites: new Set(rows.filter((row) => Number(row.favorited) === 1).map((row) => row.id)),
      total: totalCapped ? cap : matches,
      totalCapped,
      clubNotFound: Boolean(clubSlug) && clubs.length === 0,
      club: clubs[0] ?? null,
      originZip,
      radiusApplied: radiusOn && origin !== null,
    };
  };
  return { statements, finish };
}
