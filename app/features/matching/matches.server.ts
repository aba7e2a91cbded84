// What the matcher found, as people see it (ADR 071): 'New matches' in the notifications
// menu (unseen, counted in the bell; price drops of ADR 086 ride in the same lane, kind 'drop') and 'Possible match' on an item request for its author. Every
// read goes through listingVisibleTo as the viewer now: a match whose listing was sold, removed,
// hidden by a block or a suspension since it was made is not shown.
import { sql, type SQL } from "drizzle-orm";
import type { Db } from "#db/client";
import type { CardPhoto } from "~/shared/schemas/search";
import { formatPrice } from "~/shared/format";
import { priceDropLine } from "~/shared/copy/price-drops";
import { cardPhotoFrom, cardPhotoJson } from "../photos/card-photo.server";
import { canSeePrices, listedStatuses, listingVisibleTo } from "../listings/listing-visibility.server";
import type { Viewer } from "../permissions/viewer";
import type { Publish } from "../realtime/realtime.server";

export type MatchedListing = { id: string; title: string; priceCents: number | null; photo: CardPhoto };
export type NewMatch = MatchedListing & {
  /** The saved search's name, the item request's title, or '' for a price drop (its title is its line: '{title} dropped from $80 to $60'). */
  source: string;
  /** 'drop': a favourite that got cheaper (ADR 086), told in the same lane as the matches. */
  kind: "search" | "request" | "drop";
  /** The saved search's id, the request's club slug (its 'On the Radar' tab), or the drop notice's id. */
  sourceId: string;
  /** A drop's price before it (the listing's price is the price now); null for a match. */
  wasCents: number | null;
  /** Where the menu's second line goes, and its words: the saved search, the request, or On Deck. */
  from: { to: string; text: string };
  matchedAt: Date;
};
export type NewMatches = { items: NewMatch[]; count: number };
/** A request's match, with its seller: 'Contact seller' opens a direct message to them in the request's club. */
export type PossibleMatch = MatchedListing & { sellerId: string };

const MENU_MATCHES = 5;

type Row = {
  id: string;
  title: string;
  priceCents: number | null;
  photo: string | null;
  source: string;
  kind: "search" | "request" | "drop";
  sourceId: string;
  matchedAt: number;
  wasCents: number | null;
};

/**
 * The newest unseen matches (a few) and how many: two statements, for a caller's own batch (the
 * bell's, getNotifications — one round trip for the whole menu). `toNewMatches` reads their answers.
 */
export function newMatchesQueries(db: Db, viewer: Viewer) {
  const visible = sql`${listedStatuses} and ${listingVisibleTo(viewer)}`;
  const price = canSeePrices(viewer) ? sql`listings.price_cents` : sql`null`;
  const unseen = sql`select m.listing_id, s.name as source, 'search' as kind, s.id as source_id, m.matched_at, null as was_cents
      from search_matches m join saved_searches s on s.id = m.saved_search_id
      where m.user_id = ${viewer.id} and m.seen_at is null
    union all
    select m.listing_id, r.title as source, 'request' as kind, c.slug as source_id, m.matched_at, null
      from request_matches m join club_requests r on r.id = m.request_id join clubs c on c.id = r.club_id
      where m.user_id = ${viewer.id} and m.seen_at is null and r.status = 'open'
    union all
    select n.listing_id, '', 'drop', n.id, n.created_at, n.from_cents
      from price_drop_notices n
      where n.user_id = ${viewer.id} and n.seen_at is null`;
  // A drop is shown only while the listing is still cheaper than before it, and never to its owner (ADR 086).
  const stillDropped = sql`(u.kind <> 'drop' or (listings.price_cents < u.was_cents and listings.user_id <> ${viewer.id}))`;
  return [
    db.all<Row>(sql`select listings.id, listings.title, ${price} as priceCents, ${cardPhotoJson} as photo,
        u.source, u.kind, u.source_id as sourceId, u.matched_at as matchedAt, u.was_cents as wasCents
      from (${unseen}) u join listings on listings.id = u.listing_id
      where ${visible} and ${stillDropped}
      order by u.matched_at desc, listings.id limit ${MENU_MATCHES}`),
    db.all<{ n: number }>(
      sql`select count(*) as n from (${unseen}) u join listings on listings.id = u.listing_id where ${visible} and ${stillDropped}`,
    ),
  ] as const;
}

export function toNewMatches(items: Row[], counted: { n: number }[]): NewMatches {
  return {
    items: items.map((row) => ({
      id: row.id,
      title: row.title,
      priceCents: row.priceCents === null ? null : Number(row.priceCents),
      photo: cardPhotoFrom(row.photo),
      source: row.source,
      kind: row.kind,
      sourceId: row.sourceId,
      matchedAt: new Date(Number(row.matchedAt)),
      wasCents: row.wasCents === null ? null : Number(row.wasCents),
      from:
        row.kind === "search"
          ? { to: "/saved-searches", text: `Saved search: ${row.source}` }
          : row.kind === "request"
            ? { to: `/club/${row.sourceId}?tab=radar`, text: `Item request: ${row.source}` }
            : { to: "/on-deck", text: "From your On Deck list" },
      // A drop's line, in words here, as its title (the prices are in it): the menu only shows it, so its
      // JavaScript stays as it was (ADR 033).
      ...(row.kind === "drop" && row.wasCents !== null && row.priceCents !== null
        ? { title: priceDropLine(row.title, formatPrice(Number(row.wasCents)), formatPrice(Number(row.priceCents))), priceCents: null }
        : {}),
    })),
    count: Number(counted[0]?.n ?? 0),
  };
}

/** The newest unseen matches (a few) and how many there are, for the bell (one round trip, two statements). */
export async function newMatchesFor(db: Db, viewer: Viewer): Promise<NewMatches> {
  const [items, counted] = await db.batch(newMatchesQueries(db, viewer));
  return toNewMatches(items, counted);
}

/**
 * The menu was opened: every match so far is seen (the bell's count drops). `publish`: the user's
 * other tabs refetch their badges (`badges.changed`) and drop the count too.
 */
export async function markMatchesSeen(
  db: Db,
  viewer: Pick<Viewer, "id">,
  publish: Pick<Publish, "user"> | null = null,
  now = new Date(),
): Promise<void> {
  await db.batch([
    db.run(sql`update search_matches set seen_at = ${now.getTime()} where user_id = ${viewer.id} and seen_at is null`),
    db.run(sql`update request_matches set seen_at = ${now.getTime()} where user_id = ${viewer.id} and seen_at is null`),
    db.run(sql`update price_drop_notices set seen_at = ${now.getTime()} where user_id = ${viewer.id} and seen_at is null`),
  ]);
  publish?.user(viewer.id, { type: "badges.changed" });
}

/**
 * 'Possible match' on the viewer's own item requests: request id → the listings matched to it that
 * the viewer may still see (newest first). Another person's request has none here.
 */
export async function possibleMatchesFor(db: Db, viewer: Viewer, requestIds: readonly string[]): Promise<Map<string, PossibleMatch[]>> {
  if (requestIds.length === 0) return new Map();
  return possibleMatches(db, viewer, sql`m.request_id in (select value from json_each(${JSON.stringify(requestIds)}))`);
}

/**
 * The same for the viewer's requests in one club — its id, or a subquery such as
 * visibleClubIdBySlug — so the On the Radar tab reads it beside the requests themselves (ADR 051).
 */
export async function possibleMatchesInClub(db: Db, viewer: Viewer, clubId: string | SQL): Promise<Map<string, PossibleMatch[]>> {
  return possibleMatches(db, viewer, sql`m.request_id in (select id from club_requests where club_id = ${clubId} and status = 'open')`);
}

async function possibleMatches(db: Db, viewer: Viewer, requests: SQL): Promise<Map<string, PossibleMatch[]>> {
  const found = new Map<string, PossibleMatch[]>();
  const price = canSeePrices(viewer) ? sql`listings.price_cents` : sql`null`;
  const rows = await db.all<
    Omit<Row, "source" | "kind" | "sourceId" | "matchedAt" | "wasCents"> & { requestId: string; sellerId: string }
  >(sql`
    select m.request_id as requestId, listings.id, listings.title, listings.user_id as sellerId, ${price} as priceCents, ${cardPhotoJson} as photo
    from request_matches m join listings on listings.id = m.listing_id
    where m.user_id = ${viewer.id} and ${requests}
      and ${listedStatuses} and ${listingVisibleTo(viewer)}
    order by m.matched_at desc, listings.id`);
  for (const row of rows) {
    const list = found.get(row.requestId) ?? [];
    list.push({
      id: row.id,
      title: row.title,
      sellerId: row.sellerId,
      priceCents: row.priceCents === null ? null : Number(row.priceCents),
      photo: cardPhotoFrom(row.photo),
    });
    found.set(row.requestId, list);
  }
  return found;
}
