import { priceVisibleTo } from "../permissions/price";
import { sql, type SQL } from "drizzle-orm";
import { activeClubIdsOf } from "../clubs/club-access.server";
import type { Viewer } from "../permissions/viewer";
import { notBlockedWith } from "../safety/blocks.server";
import { notSuspended } from "../safety/suspensions.server";
import { notHeld } from "../safety/held-content.server";

/**
 * Who may see a listing (spec 01 §4, ADR 026):
 * - `audience = 'public'` — everyone;
 * - `audience = 'clubs'` — active members of one of its clubs, and site admins. A clubs listing
 *   whose clubs are all gone is seen by nobody else: it never becomes public by itself;
 * - its owner, always.
 * Returned as a SQL condition over `listings` so it lives in every query (search, suggestions,
 * detail, photos) instead of being checked after the fact.
 */
export function listingVisibleTo(viewer: Viewer | null, now = new Date()): SQL {
  if (viewer?.isAdmin) return sql`1 = 1`;
  // `audience` is carried by every listed index (ADR 010), so the public test reads no table row.
  const isPublic = sql`listings.audience = 'public'`;
  // A suspended person's listings are hidden from everyone but themselves until it ends (ADR 069).
  const ownerNotSuspended = notSuspended(sql`listings.user_id`, now);
  // A listing hidden pending review by its reports' weight (ADR 095) is left out the same way; its owner keeps it.
  const notHeldListing = notHeld("listing", sql`listings.id`);
  if (!viewer) return sql`(${isPublic} and ${ownerNotSuspended} and ${notHeldListing})`;
  // Cheapest test first: audience and owner are index columns. The listings of the viewer's active
  // clubs are an uncorrelated subquery, so SQLite builds that set once per statement and a
  // non-public row costs one probe into it, where a correlated EXISTS cost two index searches per
  // row (a count over 18,633 listings within 50 miles: 16.7 → 10.9 ms, ADR 054). The blocks
  // (ADR 069: neither sees the other's listings) and suspensions are built the same way.
  return sql`((${isPublic}
    or listings.id in (
      select lc.listing_id from listing_clubs lc
      where lc.club_id in ${activeClubIdsOf(viewer)}
    )) and ${ownerNotSuspended} and ${notHeldListing} and ${notBlockedWith(viewer.id, sql`listings.user_id`)}
    or listings.user_id = ${viewer.id})`;
}

/**
 * Who may OPEN a listing (its page, photos, questions, favourite): everyone `listingVisibleTo`
 * admits, and — spec 02 §6 "Signed-in non-member: can open listings in public clubs" — any
 * signed-in viewer when one of the listing's clubs is public. Search and browse keep the stricter
 * `listingVisibleTo`: a club listing is listed only to its members (ADR 026).
 */
export function listingOpenableBy(viewer: Viewer | null): SQL {
  if (!viewer || viewer.isAdmin) return listingVisibleTo(viewer);
  return sql`(${listingVisibleTo(viewer)} or exists (
    select 1 from listing_clubs lc join clubs c on c.id = lc.club_id
    where lc.listing_id = listings.id and c.visibility = 'public'))`;
}

/**
 * Only these statuses appear in search, suggestions, the home grid and sport browse (01 §4).
 * The partial `listings_listed_*` indexes (db/schema/listings.ts) have this exact condition as their
 * WHERE; SQLite only uses them when a query repeats it, so change both together.
 */
export const listedStatuses = sql`listings.status in ('active', 'pending_pickup')`;

/**
 * Who may see asking prices outside a club preview — the one price rule, `priceVisibleTo`
 * (prices.server.ts), with no club context. Search and suggestions null the price in SQL and
 * ignore price filters and price sorts for everyone else (a filter or sort on a hidden value
 * would let it be bisected back, ADR 014), and the listing page leaves the price out of its data.
 */
export function canSeePrices(viewer: Viewer | null): viewer is Viewer {
  return priceVisibleTo(viewer);
}

/**
 * Who may open a listing's page and photos: `listingOpenableBy` (public, an active member of one
 * of its clubs, any signed-in viewer for a public club's listing, site admins, the owner), and for a sold listing only its owner, site admins
 * and the buyers who wrote about it or made an offer on it (ADR 026, ADR 068).
 */
export function listingReadableBy(viewer: Viewer | null): SQL {
  const soldRule = viewer
    ? viewer.isAdmin
      ? sql`1 = 1`
      : sql`(listings.status <> 'sold' or listings.user_id = ${viewer.id} or exists (
          select 1 from listing_messages lm where lm.listing_id = listings.id and lm.sender_id = ${viewer.id})
          or exists (select 1 from deal_listings dl join deals d on d.id = dl.deal_id
            where dl.listing_id = listings.id and (d.proposer_id = ${viewer.id} or d.owner_id = ${viewer.id})))`
    : sql`listings.status <> 'sold'`;
  return sql`(${listingOpenableBy(viewer)} and ${soldRule})`;
}
