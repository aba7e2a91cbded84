// The matcher (ADR 071): listings waiting in listing_match_queue are matched against every
// active saved search and against the open item requests of the clubs they are posted to — through
// searchListings itself, as the searcher, with the page's own filters narrowed to the waiting
// listings. So keyword, sport, type, size, condition, price, radius, the club, what the searcher may
// see (members-only clubs, suspended sellers) and blocks are the search's rules, not a copy of them.
// A match is a (search or request, listing) primary key: once, ever. Runs on a schedule (worker.ts
// scheduled(), `npm start`'s scheduler, POST /dev/matcher), never on the create action's path.
import { inArray, sql } from "drizzle-orm";
import type { Db } from "#db/client";
import { listingMatchQueue } from "#db/schema";
import { viewersById } from "../accounts/viewers-by-id.server";
import type { Publish } from "../realtime/realtime.server";
import { ftsQuery } from "../search/fts-query";
import { distanceMiles, normalizeZip, type GeoPoint } from "../geo/geo.server";
import { searchListingsMany } from "../search/search.server";
import type { SearchFilters } from "../search/search-filters.server";
import { searchPlace } from "./saved-searches.server";

export const MATCHER_CRON = "*/5 * * * *";
/** Listings matched per run; the rest wait for the next (the oldest first). */
export const MATCHER_BATCH = 200;

export type MatcherDeps = { db: Db; publish: Pick<Publish, "user"> };
export type MatcherRun = { listings: number; searches: number; requests: number; searchMatches: number; requestMatches: number };

// Words that say "I am looking for" rather than what: left out of an item request's keywords.
const REQUEST_FILLER = new Set(
  (
    "a an and any anyone are does for has have i im in is iso it looking me my need needed needs of on or our please seeking " +
    "size sized some someone the to want wanted wanting we wtb with would you"
  ).split(" "),
);

/**
 * An item request's title as search keywords: 'Looking for size 6 skates' → '6 skates'. Full-text
 * search ANDs every word, so the words that only say "I am looking" are dropped. Null when none is left.
 */
export function requestKeywords(title: string): string | null {
  const words = (title.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? []).filter((word) => !REQUEST_FILLER.has(word));
  return words.length ? words.join(" ") : null;
}

type Waiting = { listingId: string; enqueuedAt: number };
type WaitingFacts = { id: string; sport: string; latitude: number | null; longitude: number | null };

/** Slack on the radius for the pre-check: floating point may not decide a listing the search would take. */
const RADIUS_SLACK_MILES = 1;

/**
 * The waiting listings a saved search could possibly match, from two facts the search itself checks:
 * the sport, and the distance from the search's origin ZIP when its radius applies (the same origin
 * rule as searchListings: the URL's ZIP, else the profile's, unless 'anywhere' or a location text).
 * Only ever a superset — a listing left in may still be refused by the search, which decides;
 * a listing whose ZIP we cannot place is left in. It saves asking the search for what cannot match.
 */
function possibleFor(
  place: NonNullable<ReturnType<typeof searchPlace>>,
  viewerZip: string | null | undefined,
  waiting: WaitingFacts[],
  zips: Map<string, GeoPoint>,
): WaitingFacts[] {
  const sports: string[] = place.sport ? [place.sport] : place.state.sports;
  const state = place.state;
  const urlZip = normalizeZip(state.zip);
  const originZip = urlZip ?? normalizeZip(viewerZip);
  const radius = state.radius ?? 25;
  const radiusOn = Boolean(originZip && !state.location.trim() && (urlZip || !state.anywhere) && Number.isFinite(radius) && radius >= 0);
  const origin = radiusOn && originZip ? zips.get(originZip) : undefined;
  return waiting.filter(
    (listing) =>
      (sports.length === 0 || sports.includes(listing.sport)) &&
      (!origin ||
        listing.latitude === null ||
        listing.longitude === null ||
        distanceMiles(origin, { latitude: listing.latitude, longitude: listing.longitude }) <= radius + RADIUS_SLACK_MILES),
  );
}

export async function runMatcher(
  deps: MatcherDeps,
  { batch = MATCHER_BATCH, now: at = new Date() }: { batch?: number; now?: Date } = {},
): Promise<MatcherRun> {
  const { db } = deps;
  const run: MatcherRun = { listings: 0, searches: 0, requests: 0, searchMatches: 0, requestMatches: 0 };
  // Only what is due: a listing whose price was lowered waits out the drop's hour (ADR 086).
  const waiting = await db.all<Waiting>(
    sql`select listing_id as listingId, enqueued_at as enqueuedAt from listing_match_queue where enqueued_at <= ${at.getTime()}
      order by enqueued_at, listing_id limit ${batch}`,
  );
  if (waiting.length === 0) return run;
  const ids = waiting.map((row) => row.listingId);
  run.listings = ids.length;

  const [searches, requests, facts] = await db.batch([
    db.run(sql`select id, user_id as userId, path, query from saved_searches where paused = 0`),
    db.run(sql`select r.id, r.user_id as userId, r.title, c.slug as clubSlug from club_requests r join clubs c on c.id = r.club_id
      where r.status = 'open' and r.club_id in (select lc.club_id from listing_clubs lc where lc.listing_id in (select value from json_each(${JSON.stringify(ids)})))`),
    db.run(sql`select l.id, l.sport, z.latitude, z.longitude from listings l left join zip_codes z on z.zip = l.zip_code
      where l.id in (select value from json_each(${JSON.stringify(ids)}))`),
  ]);
  const waitingFacts = facts.rows as unknown as WaitingFacts[];
  const searchRows = searches.rows as unknown as { id: string; userId: string; path: string; query: string }[];
  const requestRows = requests.rows as unknown as { id: string; userId: string; title: string; clubSlug: string }[];
  const viewers = await viewersById(db, [...new Set([...searchRows.map((s) => s.userId), ...requestRows.map((r) => r.userId)])]);
  const places = new Map(searchRows.map((search) => [search.id, searchPlace(search.path, search.query)]));
  // The searches' origin ZIPs (the URL's, else the searcher's), placed in one query for possibleFor.
  const originZips = new Set<string>();
  for (const search of searchRows) {
    const zip = normalizeZip(places.get(search.id)?.state.zip) ?? normalizeZip(viewers.get(search.userId)?.zipCode);
    if (zip) originZips.add(zip);
  }
  const zipRows = await db.all<{ zip: string; latitude: number; longitude: number }>(
    sql`select zip, latitude, longitude from zip_codes where zip in (select value from json_each(${JSON.stringify([...originZips])}))`,
  );
  const zips = new Map(zipRows.map((row) => [row.zip, { latitude: Number(row.latitude), longitude: Number(row.longitude) }]));
  // The waiting listings each distinct keyword finds, by the search's own full-text condition
  // (ftsQuery; `rowid in (… match …)`, as searchListings puts it), all in one round trip: a search
  // whose words none of its possible listings has is not asked.
  const keywordQueries = [
    ...new Set([...places.values()].map((place) => (place ? ftsQuery(place.state.q) : null)).filter((q) => q !== null)),
  ];
  const keywordHits = new Map<string, Set<string>>();
  if (keywordQueries.length > 0) {
    const [first, ...rest] = keywordQueries.map((match) =>
      db.run(sql`select id from listings where id in (select value from json_each(${JSON.stringify(ids)}))
        and rowid in (select rowid from listings_fts where listings_fts match ${match})`),
    );
    const results = await db.batch([first!, ...rest]);
    keywordQueries.forEach((match, i) => keywordHits.set(match, new Set(results[i]!.rows.map((row) => String(row.id)))));
  }
  const told = new Set<string>();
  const now = at.getTime();

  // Every search's question, then every item request's, asked in batches of statements (one round
  // trip per batch on Turso): the searches only about the waiting listings they could match.
  type Ask = { kind: "search" | "request"; ownerId: string; userId: string; filters: SearchFilters; limit: number };
  const asks: Ask[] = [];
  for (const search of searchRows) {
    const viewer = viewers.get(search.userId);
    const place = places.get(search.id);
    if (!viewer || !place) continue;
    // A search is asked only about the waiting listings it could match by sport, distance and
    // words — none, and it is not asked at all (bench/matching.ts).
    const match = ftsQuery(place.state.q);
    const hits = match === null ? null : keywordHits.get(match);
    const possible = possibleFor(place, viewer.zipCode, waitingFacts, zips).filter((listing) => !hits || hits.has(listing.id));
    if (possible.length === 0) continue;
    run.searches += 1;
    const listingIds = possible.map((listing) => listing.id);
    asks.push({
      kind: "search",
      ownerId: search.id,
      userId: viewer.id,
      filters: { ...place.state, sport: place.sport, listingIds, notOwnedBy: viewer.id },
      limit: listingIds.length,
    });
  }
  for (const request of requestRows) {
    const viewer = viewers.get(request.userId);
    const keywords = requestKeywords(request.title);
    if (!viewer || !keywords) continue;
    run.requests += 1;
    // Anywhere: a club's request is about its members' gear, not the author's radius.
    asks.push({
      kind: "request",
      ownerId: request.id,
      userId: viewer.id,
      filters: { q: keywords, club: request.clubSlug, anywhere: true, listingIds: ids, notOwnedBy: viewer.id },
      limit: ids.length,
    });
  }
  const answers = await searchListingsMany(
    db,
    asks.map((ask) => ({ viewer: viewers.get(ask.userId)!, filters: ask.filters, options: { limit: ask.limit, count: false } })),
  );

  // The matches, each (search or request, listing) once ever, written in one batch.
  const inserts = asks.flatMap((ask, i) => {
    const found = answers[i]!;
    // The club filter is dropped when the club is not found (spec 01 §8): only its own listings count.
    if (found.items.length === 0 || (ask.kind === "request" && !found.club)) return [];
    const listingIds = JSON.stringify(found.items.map((item) => item.id));
    const statement =
      ask.kind === "search"
        ? sql`insert into search_matches (saved_search_id, listing_id, user_id, matched_at)
            select ${ask.ownerId}, value, ${ask.userId}, ${now} from json_each(${listingIds})
            where true on conflict do nothing returning listing_id as listingId`
        : sql`insert into request_matches (request_id, listing_id, user_id, matched_at)
            select ${ask.ownerId}, value, ${ask.userId}, ${now} from json_each(${listingIds})
            where true on conflict do nothing returning listing_id as listingId`;
    return [{ ask, statement: db.run(statement) }];
  });
  if (inserts.length > 0) {
    const [first, ...rest] = inserts.map((insert) => insert.statement);
    const written = await db.batch([first!, ...rest]);
    inserts.forEach(({ ask }, i) => {
      const added = written[i]!.rows.length;
      if (ask.kind === "search") run.searchMatches += added;
      else run.requestMatches += added;
      if (added) told.add(ask.userId);
    });
  }

  // Done with these — unless one was queued again meanwhile (an edit): that one waits for the next run.
  await db.run(sql`delete from listing_match_queue where (listing_id, enqueued_at) in
    (select json_extract(value, '$[0]'), json_extract(value, '$[1]') from json_each(${JSON.stringify(waiting.map((row) => [row.listingId, row.enqueuedAt]))}))`);
  for (const userId of told) {
    deps.publish.user(userId, { type: "matches.changed" });
    deps.publish.user(userId, { type: "badges.changed" });
  }
  return run;
}

/** Test and bench helper: how many listings wait. */
export async function waitingForMatcher(db: Db, listingIds?: string[]): Promise<number> {
  const rows = await db
    .select({ n: sql<number>`count(*)` })
    .from(listingMatchQueue)
    .where(listingIds ? inArray(listingMatchQueue.listingId, listingIds) : sql`1 = 1`);
  return Number(rows[0]?.n ?? 0);
}
