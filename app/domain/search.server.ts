// The search engine behind the home grid, /sport/{sport}, suggestions and On Deck
// (spec 01 §4, §7; issue 5 §4). Every query carries `listedStatuses` (where a list is browsed) and
// `listingVisibleTo(viewer)`, so a members-only club's listing never reaches a non-member, and the
// price is nulled in SQL for signed-out visitors so it never leaves the server for them.
import { sql, type SQL } from "drizzle-orm";
import type { Db } from "#db/client";
import type { SearchState } from "~/lib/search-params";
import { listingPhotoUrl, type ClubSuggestion, type ListingSuggestion, type ListingSummary } from "~/schemas/search";
import { distanceMiles, normalizeZip, zipsWithin } from "./geo.server";
import { listedStatuses, listingVisibleTo } from "./listing-visibility.server";
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

export async function findClubBySlug(db: Db, slug: string) {
  const [club] = await db.all<{ id: string; slug: string; name: string }>(
    sql`select id, slug, name from clubs where slug = ${slug.toLowerCase()} limit 1`,
  );
  return club ?? null;
}

type SummaryQuery = {
  where: SQL[];
  /** Join the FTS index and rank by bm25 when set. */
  match?: string | null;
  /** Extra join (e.g. favorites), written against `listings`. */
  join?: SQL;
  orderBy: SQL;
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
  photo_key: string | null;
};

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
  // Signed-out visitors get no price at all (issue 5 §2): decided in SQL, not in the component.
  const price = viewer ? sql`listings.price_cents` : sql`null`;
  const rows = await db.all<SummaryRow>(sql`
    select listings.id, listings.title, listings.sport, ${price} as price_cents, listings.condition,
      listings.city, listings.state, listings.zip_code, listings.status, listings.created_at,
      (select c.name from listing_clubs lc join clubs c on c.id = lc.club_id
        where lc.listing_id = listings.id order by lc.is_primary desc, c.name limit 1) as club_name,
      (select p.r2_key from listing_photos p where p.listing_id = listings.id order by p.position limit 1) as photo_key
    ${fromClause(query)}
    ${whereClause(viewer, query)}
    order by ${query.orderBy}
    limit ${query.limit} offset ${query.offset ?? 0}`);
  return rows.map((row) => ({
    id: row.id,
    title: row.title,
    sport: row.sport,
    priceCents: viewer && row.price_cents !== null ? Number(row.price_cents) : null,
    condition: row.condition,
    city: row.city,
    state: row.state,
    zipCode: row.zip_code,
    status: row.status,
    createdAt: Number(row.created_at),
    clubName: row.club_name,
    photoUrl: row.photo_key ? listingPhotoUrl(row.photo_key) : null,
    distanceMiles: null,
  }));
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
 * Browse and search (spec 01 §4, §7 "listings home grid" and "listings sport browse").
 * `total` counts every match, for '{n} item(s) found'.
 */
export async function searchListings(
  db: Db,
  viewer: Viewer | null,
  filters: SearchFilters,
  { limit, offset = 0 }: { limit: number; offset?: number },
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
  // Dollars in the URL, whole cents in the database.
  if (filters.priceMin != null) where.push(sql`listings.price_cents >= ${Math.round(filters.priceMin * 100)}`);
  if (filters.priceMax != null) where.push(sql`listings.price_cents <= ${Math.round(filters.priceMax * 100)}`);

  let club: SearchResult["club"] = null;
  let clubNotFound = false;
  if (filters.club) {
    club = await findClubBySlug(db, filters.club);
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
  const originZip = normalizeZip(filters.zip) ?? normalizeZip(viewer?.zipCode);
  let radiusApplied = false;
  if (originZip && !location) {
    const nearby = await zipsWithin(db, originZip, filters.radius ?? 25);
    if (nearby.ok) {
      where.push(inList(sql`listings.zip_code`, nearby.zips));
      radiusApplied = true;
    } else {
      console.warn(`search: distance filter skipped for ZIP ${originZip} (${nearby.reason})`);
    }
  }

  const match = ftsQuery(filters.q);
  const tieBreak = sql`listings.created_at desc, listings.id`;
  const orderBy =
    filters.sort === "price_asc"
      ? sql`listings.price_cents asc, ${tieBreak}`
      : filters.sort === "price_desc"
        ? sql`listings.price_cents desc, ${tieBreak}`
        : match
          ? sql`bm25(listings_fts, 10.0, 1.0, 5.0), ${tieBreak}` // relevance (title counts most), then recency
          : tieBreak;

  const [items, [{ total }]] = await Promise.all([
    listingSummaries(db, viewer, { where, match, orderBy, limit, offset }),
    db.all<{ total: number }>(sql`select count(*) as total ${fromClause({ match })} ${whereClause(viewer, { where, match })}`),
  ]);
  return {
    items: await withDistances(db, originZip, items),
    total: Number(total),
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
  const price = viewer ? sql`listings.price_cents` : sql`null`;
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
    priceCents: viewer && row.price_cents !== null ? Number(row.price_cents) : null,
    city: row.city,
    state: row.state,
  }));
}

/**
 * The club combobox (spec 01 §7: name contains, case-insensitive, ≤ 10). Private clubs are only
 * offered to their members and site admins.
 */
export async function searchClubs(db: Db, viewer: Viewer | null, text: string): Promise<ClubSuggestion[]> {
  const needle = text.trim().toLowerCase();
  if (needle.length < 2) return [];
  const visible = viewer?.isAdmin
    ? sql`1 = 1`
    : viewer
      ? sql`(clubs.visibility <> 'private' or exists (select 1 from club_members m where m.club_id = clubs.id and m.user_id = ${viewer.id} and m.status = 'active'))`
      : sql`clubs.visibility <> 'private'`;
  // instr(), not LIKE: the user's % and _ stay literal.
  return db.all<ClubSuggestion>(sql`
    select id, slug, name from clubs
    where instr(lower(name), ${needle}) > 0 and ${visible}
    order by instr(lower(name), ${needle}) = 1 desc, name collate nocase
    limit ${CLUB_SEARCH_LIMIT}`);
}
