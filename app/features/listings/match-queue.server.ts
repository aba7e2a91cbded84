// The matcher's in-tray (ADR 071): the listing create and edit actions add the listing here in
// their own batch and return; the scheduled matcher (matcher.server.ts) reads it. Nothing else here,
// so the listings feature can write to it without importing the search code.
import { sql } from "drizzle-orm";
import type { Db } from "#db/client";

/**
 * The statement that (re)queues `listingId` for matching at `at` (default: now) — when it is
 * `ownerId`'s (a refused edit queues nothing). Requeueing an edited listing moves its time: a
 * listing matches a given search or request once, ever (the matches' primary keys), so only what it
 * newly matches is added. The time only moves later: an edit that lowered the price queues the
 * listing an hour ahead (ADR 086), and a later edit within that hour does not bring it forward.
 */
export function enqueueForMatching(db: Db, listingId: string, ownerId: string, now: Date, at: Date = now) {
  return db.run(sql`insert into listing_match_queue (listing_id, enqueued_at)
    select id, ${at.getTime()} from listings where id = ${listingId} and user_id = ${ownerId}
    on conflict (listing_id) do update set enqueued_at = max(listing_match_queue.enqueued_at, excluded.enqueued_at)`);
}
