// Listing cards (ListingSummary) for any list of listings: the shared core of search, browse, On
// Deck and club pages. Visibility (`listingVisibleTo`) is always applied and the price is nulled in
// SQL for viewers who may not see prices (`canSeePrices`), so it never leaves the server for them.
import { sql, type SQL } from "drizzle-orm";
import type { Db } from "#db/client";
import type { ListingSummary } from "~/shared/schemas/search";
import { cardPhotoFrom, cardPhotoJson } from "../photos/card-photo.server";
import { distanceMiles, normalizeZip, type GeoPoint } from "../geo/geo.server";
import { canSeePrices, listingVisibleTo } from "./listing-visibility.server";
import { priceColumnFor } from "./prices.server";
import type { Viewer } from "../permissions/viewer";

/** One ORDER BY term. Given as a list, the page is picked first and the card columns filled after. */
export type OrderKey = { expr: SQL; desc?: boolean };

export type SummaryQuery = {
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
  /**
   * Only these listings, and let them drive the plan (the matcher asks about a few new listings):
   * each is a primary-key lookup, then the other conditions are checked on it — instead of the
   * page's own plan walking a sport or full-text index and testing each row against the list.
   */
  onlyIds?: readonly string[];
  /**
   * A second way to pick the page (keys only), taken when `when` holds — a condition on no row,
   * evaluated once per arm, and only one arm runs: the page is picked with `where` in place of the
   * query's and its keys unindexed (`+`), so the conditions choose the index and the few rows they
   * find are sorted. The radius around a ZIP with few listings near (ADR 077).
   */
  alternative?: { when: SQL; where: SQL[] };
  /** Common table expressions the conditions name (`a(x) as (…), b(y) as (…)`), before the statement. */
  with?: SQL;
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

export function fromClause(query: Pick<SummaryQuery, "match" | "join" | "onlyIds">): SQL {
  if (query.onlyIds) {
    // CROSS JOIN fixes the loop order in SQLite: the ids outermost, each listing by its key, then
    // (with keywords) the full-text index probed at that listing's rowid.
    const fts = query.match ? sql` cross join listings_fts on listings_fts.rowid = listings.rowid` : sql``;
    return sql`from json_each(${JSON.stringify(query.onlyIds)}) as only_ids cross join listings on listings.id = only_ids.value${fts}${query.join ?? sql``}`;
  }
  // With keywords the full-text index drives (CROSS JOIN fixes the order): left to itself SQLite
  // walked a sport's index and ran the MATCH once per row — 5.3 s for a sport + keyword with no
  // match at 1,000,000 listings, 0.03 s this way (ADR 074). Ranking visits every match anyway.
  if (query.match) return sql`from listings_fts cross join listings on listings.rowid = listings_fts.rowid${query.join ?? sql``}`;
  return sql`from listings${query.join ?? sql``}`;
}

export function whereClause(viewer: Viewer | null, query: Pick<SummaryQuery, "where" | "match">): SQL {
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

export type SummaryRowWithExtras = SummaryRow & {
  total?: number;
  favorited?: number;
  zip_latitude?: number | null;
  zip_longitude?: number | null;
};

/** The statement behind `summaryPage`, so a caller can send it in a batch with others. */
export function summaryStatement(viewer: Viewer | null, query: SummaryQuery & SummaryExtras): SQL {
  // Signed-out visitors get no price at all (spec 01 §6): decided in SQL, not in the component.
  const price = priceColumnFor(viewer);
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
  const prefix = query.with ? sql`with ${query.with} ` : sql``;
  if (Array.isArray(query.orderBy)) {
    const keys = query.orderBy;
    const dir = (key: OrderKey) => (key.desc ? sql` desc` : sql` asc`);
    const inner = sql.join(
      keys.map((key, i) => sql`${key.expr} as ${sql.raw(`k${i}`)}`),
      sql`, `,
    );
    const innerOrder = sql.join(
      keys.map((key, i) => sql`${sql.raw(`k${i}`)}${dir(key)}`),
      sql`, `,
    );
    const outerOrder = sql.join(
      keys.map((key, i) => sql`page.${sql.raw(`k${i}`)}${dir(key)}`),
      sql`, `,
    );
    // The LIMIT keeps SQLite from flattening the page into the outer join; the outer ORDER BY
    // re-sorts at most `limit` rows by the keys the inner query already computed. A window total
    // needs one more level: bm25() may not be evaluated inside a window query.
    const alternative = query.windowTotal ? undefined : query.alternative;
    if (alternative) {
      const unindexed = sql.join(
        keys.map((key, i) => sql`+${key.expr} as ${sql.raw(`k${i}`)}`),
        sql`, `,
      );
      // The choice is in each arm's LIMIT, not its WHERE: a LIMIT of 0 skips the arm's loop before
      // it starts, while a condition in the WHERE (a subquery, so not "constant" to SQLite) would be
      // tested on every row the arm walks — the unwanted arm then still walks its index (ADR 077).
      const pick = (keyColumns: SQL, where: SQL[], limit: SQL) =>
        sql`select * from (select listings.rowid as rid, ${keyColumns} ${fromClause(query)} ${whereClause(viewer, { ...query, where })}
          order by ${innerOrder} limit ${limit} offset ${query.offset ?? 0})`;
      return sql`${prefix}
      select ${columns}
      from (${pick(unindexed, alternative.where, sql`case when ${alternative.when} then ${query.limit} else 0 end`)}
        union all ${pick(inner, query.where, sql`case when ${alternative.when} then 0 else ${query.limit} end`)}) as page
      join listings on listings.rowid = page.rid
      order by ${outerOrder}`;
    }
    return sql`${prefix}
      select ${columns}${query.windowTotal ? sql`, page.total` : sql``}
      from (${query.windowTotal ? sql`select *, count(*) over () as total from (` : sql``}select listings.rowid as rid, ${inner}
        ${fromClause(query)} ${whereClause(viewer, query)}${query.windowTotal ? sql`)` : sql``}
        order by ${innerOrder} ${page}) as page
      join listings on listings.rowid = page.rid
      order by ${outerOrder}`;
  }
  return sql`${prefix}
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

/** A card with `distanceMiles` from `from` (null when either end has no known centre). */
export function toSummaryFrom(viewer: Viewer | null, row: SummaryRowWithExtras, from: GeoPoint | null): ListingSummary {
  const item = toSummary(viewer, row);
  const at =
    from && row.zip_latitude != null && row.zip_longitude != null
      ? { latitude: Number(row.zip_latitude), longitude: Number(row.zip_longitude) }
      : null;
  return { ...item, distanceMiles: from && at ? roundMiles(distanceMiles(from, at)) : null };
}

/**
 * `listingSummaries` with `distanceMiles` from `originZip`, in one round trip: each card's ZIP centre
 * is a column and the origin's centre travels in the same batch (On Deck; ADR 051).
 */
export async function listingSummariesFrom(
  db: Db,
  viewer: Viewer | null,
  query: SummaryQuery,
  originZip: string | null,
): Promise<ListingSummary[]> {
  const origin = normalizeZip(originZip);
  if (!origin) return listingSummaries(db, viewer, query);
  const [rows, origins] = (await readBatch(db, [
    summaryStatement(viewer, { ...query, zipPoints: true }),
    sql`select latitude, longitude from zip_codes where zip = ${origin}`,
  ])) as [SummaryRowWithExtras[], GeoPoint[]];
  const from = origins[0] ?? null;
  return rows.map((row) => toSummaryFrom(viewer, row, from));
}

/** Rounded to a tenth of a mile, as cards show it. */
const roundMiles = (miles: number) => Math.round(miles * 10) / 10;

/** Several read statements in one round trip (one statement goes alone: no transaction needed). */
export async function readBatch(db: Db, statements: SQL[]): Promise<unknown[][]> {
  if (statements.length === 1) return [await db.all(statements[0])];
  const [first, ...rest] = statements.map((statement) => db.all(statement));
  return db.batch([first, ...rest]);
}
