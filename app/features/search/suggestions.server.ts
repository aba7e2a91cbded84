// What shows under the search boxes as you type: listing keywords and the club combobox (spec 01 §7).
import { sql } from "drizzle-orm";
import type { Db } from "#db/client";
import type { ClubSuggestion, ListingSuggestion } from "~/shared/schemas/search";
import { clubVisibleTo } from "../clubs/club-access.server";
import { canSeePrices, listedStatuses } from "../listings/listing-visibility.server";
import { priceColumnFor } from "../listings/prices.server";
import type { Viewer } from "../permissions/viewer";
import { ftsQuery } from "./fts-query";
import { fromClause, whereClause } from "../listings/listing-summaries.server";

const SUGGESTION_LIMIT = 5;
const CLUB_SEARCH_LIMIT = 10;

/** Keyword suggestions under the search box: at most 5, same visibility as search. */
export async function suggestListings(db: Db, viewer: Viewer | null, text: string): Promise<ListingSuggestion[]> {
  if (text.trim().length < 2) return [];
  const match = ftsQuery(text);
  if (!match) return [];
  const price = priceColumnFor(viewer);
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
export async function suggestClubs(db: Db, viewer: Viewer | null, text: string): Promise<ClubSuggestion[]> {
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
