// A lowered price (ADR 086), recorded by the edit's own batch: the drop waits an hour in
// pending_price_drops (from the price before the first lowering), and raising the price back to it
// or above ends the wait with nothing sent. The scheduled job (notifications/price-drops.server.ts)
// tells the favourites after the hour; the saved searches hear of it from the matcher at the same
// time, because a lowering edit queues the listing for matching an hour ahead (match-queue.server.ts).
import { sql } from "drizzle-orm";
import type { Db } from "#db/client";

/** How long a drop waits before anyone is told: down and up again within it sends nothing. */
export const PRICE_DROP_WAIT_MS = 60 * 60_000;

/**
 * The statements an edit of `ownerId`'s listing from `fromCents` to `toCents` adds to its batch
 * (after the listing's own update). A lowering starts the wait unless one runs (the first price
 * before it stays the one told); any change ends a wait whose starting price it reached again.
 */
export function priceDropStatements(db: Db, listingId: string, ownerId: string, fromCents: number, toCents: number, now: Date) {
  if (toCents === fromCents) return [];
  return [
    db.run(sql`delete from pending_price_drops where listing_id = ${listingId} and from_cents <= ${toCents}
      and exists (select 1 from listings where id = ${listingId} and user_id = ${ownerId})`),
    ...(toCents < fromCents
      ? [
          db.run(sql`insert into pending_price_drops (listing_id, from_cents, dropped_at)
            select id, ${fromCents}, ${now.getTime()} from listings where id = ${listingId} and user_id = ${ownerId} and price_cents = ${toCents}
            on conflict (listing_id) do nothing`),
        ]
      : []),
  ];
}
