// Saved searches (ADR 071): a person keeps the whole URL state of a home search or a sport page
// under a name, at most SAVED_SEARCHES_MAX, and renames, pauses, deletes or runs them again. Every
// statement carries `user_id = viewer`: another person's saved search is not found (a 404).
import { and, desc, eq, sql } from "drizzle-orm";
import type { Db } from "#db/client";
import { SAVED_SEARCH_NAME_MAX, SAVED_SEARCHES_MAX, savedSearches } from "#db/schema";
import { SPORT_NAMES, isSportKey, type SportKey } from "~/shared/catalog/sport-names";
import { hasHomeCriteria, homeSearchState, parseSearchParams, serializeSearchParams, type SearchState } from "~/shared/search-params";
import { stripControlCharacters } from "~/shared/text";
import type { Viewer } from "../permissions/viewer";

/** Where a saved search runs: the page's path and its canonical query string (no page number). */
export type SearchPlace = { path: string; query: string; sport: SportKey | null; state: SearchState };

/**
 * The canonical place for a path and query, or null when the path is not a search page. The query
 * goes through the pages' own parser and back, so two spellings of one search are one row, and
 * nothing the URL parser would drop is stored.
 */
export function searchPlace(path: string, query: string): SearchPlace | null {
  let sport: SportKey | null = null;
  if (path !== "/") {
    const match = /^\/sport\/([a-z-]+)$/.exec(path);
    if (!match || !isSportKey(match[1])) return null;
    sport = match[1];
  }
  const parsed = { ...parseSearchParams(query), page: 1 };
  // The home page runs only its own keys: a saved home search keeps exactly those.
  const state = path === "/" ? homeSearchState(parsed) : parsed;
  return { path, query: serializeSearchParams(state).toString(), sport, state };
}

/** `/sport/hockey?q=…` — what 'Run now' opens. */
export function searchPlaceHref(place: Pick<SearchPlace, "path" | "query">): string {
  return place.query ? `${place.path}?${place.query}` : place.path;
}

const capitalize = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/** A readable default name: 'Goalie pads · Hockey · within 10 mi of 02139' (ADR 071). */
export function savedSearchName(place: SearchPlace): string {
  const { state, sport } = place;
  const parts: string[] = [];
  if (state.q.trim()) parts.push(capitalize(state.q.trim()));
  const sports = sport ? [sport] : state.sports;
  if (sports.length) parts.push(sports.map((key) => SPORT_NAMES[key].name).join(", "));
  if (state.club) parts.push(`club ${state.club}`);
  if (state.location) parts.push(`in ${state.location}`);
  else if (state.zip) parts.push(`within ${state.radius} mi of ${state.zip}`);
  if (state.priceMin !== null && state.priceMax !== null) parts.push(`$${state.priceMin}–$${state.priceMax}`);
  else if (state.priceMin !== null) parts.push(`$${state.priceMin}+`);
  else if (state.priceMax !== null) parts.push(`up to $${state.priceMax}`);
  const name = parts.length ? parts.join(" · ") : "All listings";
  return name.length > SAVED_SEARCH_NAME_MAX ? `${name.slice(0, SAVED_SEARCH_NAME_MAX - 1)}…` : name;
}

/** A name as typed: control characters out, spaces trimmed; null when nothing is left. */
export function cleanSavedSearchName(name: string | null | undefined): string | null {
  const cleaned = stripControlCharacters(name ?? "").trim();
  return cleaned ? cleaned.slice(0, SAVED_SEARCH_NAME_MAX) : null;
}

export type SaveSearchResult = { ok: true; id: string; created: boolean } | { ok: false; reason: "not_a_search" | "limit" };

/**
 * Saves the search for the viewer — once: the same place saved again (a second click, a retry) is
 * the row already there. The limit is in the insert's own statement, so parallel saves cannot pass it.
 */
export async function saveSearch(
  db: Db,
  viewer: Pick<Viewer, "id">,
  input: { path: string; query: string; name?: string | null },
  now = new Date(),
): Promise<SaveSearchResult> {
  const place = searchPlace(input.path, input.query);
  // The home page without criteria is every listing: not a search to be told about (the page shows no form).
  if (!place || (place.path === "/" && !hasHomeCriteria(place.state))) return { ok: false, reason: "not_a_search" };
  const name = cleanSavedSearchName(input.name) ?? savedSearchName(place);
  const id = crypto.randomUUID();
  const inserted = await db.all<{ id: string }>(sql`insert into saved_searches
      (id, user_id, name, path, query, paused, emails, created_at, updated_at)
    select ${id}, ${viewer.id}, ${name}, ${place.path}, ${place.query}, 0, 1, ${now.getTime()}, ${now.getTime()}
    where (select count(*) from saved_searches where user_id = ${viewer.id}) < ${SAVED_SEARCHES_MAX}
    on conflict (user_id, path, query) do nothing
    returning id`);
  if (inserted[0]) return { ok: true, id: inserted[0].id, created: true };
  const [existing] = await db
    .select({ id: savedSearches.id })
    .from(savedSearches)
    .where(and(eq(savedSearches.userId, viewer.id), eq(savedSearches.path, place.path), eq(savedSearches.query, place.query)));
  return existing ? { ok: true, id: existing.id, created: false } : { ok: false, reason: "limit" };
}

export type SavedSearchRow = {
  id: string;
  name: string;
  href: string;
  paused: boolean;
  emails: boolean;
  createdAt: Date;
  /** Matches the person has not seen yet, and every match so far. */
  newMatches: number;
  matches: number;
};

/** The viewer's saved searches, newest first, with their match counts (one statement). */
export async function listSavedSearches(db: Db, viewer: Pick<Viewer, "id">): Promise<SavedSearchRow[]> {
  const rows = await db
    .select({
      id: savedSearches.id,
      name: savedSearches.name,
      path: savedSearches.path,
      query: savedSearches.query,
      paused: savedSearches.paused,
      emails: savedSearches.emails,
      createdAt: savedSearches.createdAt,
      newMatches: sql<number>`(select count(*) from search_matches m where m.saved_search_id = ${savedSearches.id} and m.seen_at is null)`,
      matches: sql<number>`(select count(*) from search_matches m where m.saved_search_id = ${savedSearches.id})`,
    })
    .from(savedSearches)
    .where(eq(savedSearches.userId, viewer.id))
    .orderBy(desc(savedSearches.createdAt), savedSearches.id);
  return rows.map(({ path, query, ...row }) => ({
    ...row,
    href: searchPlaceHref({ path, query }),
    newMatches: Number(row.newMatches),
    matches: Number(row.matches),
  }));
}

/** How many searches the viewer has saved (the 'Saved searches (n)' link on /player-profile). */
export async function countSavedSearches(db: Db, viewer: Pick<Viewer, "id">): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)` })
    .from(savedSearches)
    .where(eq(savedSearches.userId, viewer.id));
  return Number(row?.n ?? 0);
}

const own = (viewer: Pick<Viewer, "id">, id: string) => and(eq(savedSearches.id, id), eq(savedSearches.userId, viewer.id));

/** Each returns false when the search is not the viewer's (or gone): the caller answers 404. */
export async function renameSavedSearch(db: Db, viewer: Pick<Viewer, "id">, id: string, name: string): Promise<boolean> {
  const cleaned = cleanSavedSearchName(name);
  if (!cleaned) return false;
  const rows = await db.update(savedSearches).set({ name: cleaned }).where(own(viewer, id)).returning({ id: savedSearches.id });
  return rows.length > 0;
}

export async function setSavedSearchPaused(db: Db, viewer: Pick<Viewer, "id">, id: string, paused: boolean): Promise<boolean> {
  const rows = await db.update(savedSearches).set({ paused }).where(own(viewer, id)).returning({ id: savedSearches.id });
  return rows.length > 0;
}

export async function deleteSavedSearch(db: Db, viewer: Pick<Viewer, "id">, id: string): Promise<boolean> {
  const rows = await db.delete(savedSearches).where(own(viewer, id)).returning({ id: savedSearches.id });
  return rows.length > 0;
}

/** 'Run now': where the saved search opens, or null when it is not the viewer's. */
export async function savedSearchHref(db: Db, viewer: Pick<Viewer, "id">, id: string): Promise<string | null> {
  const [row] = await db.select({ path: savedSearches.path, query: savedSearches.query }).from(savedSearches).where(own(viewer, id));
  return row ? searchPlaceHref(row) : null;
}
