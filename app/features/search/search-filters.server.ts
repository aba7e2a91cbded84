// The filter half of search (spec 01 §4, §7, §8): the URL's filters as WHERE conditions on
// `listings`. Prices and the club filter follow what the viewer may see (ADR 014; clubVisibleTo).
import { sql, type SQL } from "drizzle-orm";
import type { SearchState } from "~/shared/search-params";
import { clubVisibleTo } from "../clubs/club-access.server";
import { canSeePrices, listedStatuses } from "../listings/listing-visibility.server";
import type { Viewer } from "../permissions/viewer";

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
> & {
  sport?: string | null;
  /**
   * The matcher's narrowing (ADR 071): only these listings, never this person's own. Not URL
   * state — a saved search runs the page's own filters over the listings waiting to be matched.
   */
  listingIds?: readonly string[];
  notOwnedBy?: string;
  /** 'Fits {player}' (ADR 091): the guardian's player's sizes as a condition (app/features/families/fits.server.ts). */
  fits?: SQL | null;
};

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

const inList = (column: SQL, values: readonly string[]) => sql`${column} in (select value from json_each(${JSON.stringify(values)}))`;

export type FilterConditions = {
  /** Listed statuses, the filters and the club filter, ANDed by the caller. */
  where: SQL[];
  /** The club filter's slug (lower case), or null. */
  clubSlug: string | null;
  /** The location text's condition; when set, no radius applies. */
  location: SQL | null;
  /** The matcher's listings (`listingIds`): not a condition here — they drive the query (SummaryQuery.onlyIds). */
  onlyIds: readonly string[] | null;
};

/** Every filter but keywords and the radius, as conditions on `listings`. */
export function filterConditions(viewer: Viewer | null, filters: SearchFilters): FilterConditions {
  const where: SQL[] = [listedStatuses];
  // With a club filter its few listings drive the query: the `+` keeps SQLite from walking a
  // sport's index instead and testing each row against the club's set (38 → ~2 ms at 1,000,000).
  const clubSlug = filters.club ? filters.club.trim().toLowerCase() : null;
  const sport = clubSlug ? sql`+listings.sport` : sql`listings.sport`;

  if (filters.notOwnedBy) where.push(sql`listings.user_id <> ${filters.notOwnedBy}`);
  if (filters.sport) where.push(sql`${sport} = ${filters.sport.toLowerCase()}`);
  if (filters.sports?.length) where.push(inList(sport, filters.sports));
  if (filters.category) where.push(sql`listings.sport_subcategory = ${filters.category}`);
  if (filters.types?.length) where.push(inList(sql`listings.equipment_type`, filters.types));
  if (filters.brands?.length) where.push(inList(sql`listings.brand`, filters.brands));
  if (filters.conditions?.length) where.push(inList(sql`listings.condition`, filters.conditions));
  if (filters.sizes?.length) where.push(inList(sql`listings.size_numeric`, filters.sizes));
  if (filters.sizeGroups?.length) where.push(inList(sql`listings.size`, filters.sizeGroups));
  if (filters.fits) where.push(filters.fits);
  if (filters.genders?.length) where.push(inList(sql`listings.gender`, filters.genders));
  // Dollars in the URL, whole cents in the database. For a viewer who may not see prices, price
  // filters and price sorts do not apply: either would let a hidden price be bisected back (ADR 014).
  const prices = canSeePrices(viewer);
  if (prices && filters.priceMin != null) where.push(sql`listings.price_cents >= ${Math.round(filters.priceMin * 100)}`);
  if (prices && filters.priceMax != null) where.push(sql`listings.price_cents <= ${Math.round(filters.priceMax * 100)}`);

  // The club filter, by slug, only for a club this viewer may see (clubVisibleTo): its row comes
  // back in the same batch. The club's listings are one set, so they drive the query (a lookup
  // each, then a sort of the few) — a test per listing walked every listed row: 3–11 s at
  // 1,000,000 listings (ADR 074). A club not found (or not visible) matches nothing here;
  // searchListings then drops the filter (spec 01 §8).
  if (clubSlug) {
    where.push(sql`listings.id in (select f.listing_id from listing_clubs f join clubs on clubs.id = f.club_id
      where clubs.slug = ${clubSlug} and ${clubVisibleTo(viewer)})`);
  }

  const location = filters.location ? locationCondition(filters.location) : null;
  if (location) where.push(location);
  return { where, clubSlug, location, onlyIds: filters.listingIds ?? null };
}
