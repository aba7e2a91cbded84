// A listing save's photos (ADR 017): which keys a save may attach, as SQL that holds at the moment
// the save's batch runs, and the photos a save removes (marked for the cleanup).
import { and, eq, inArray, sql, type SQL } from "drizzle-orm";
import type { Db } from "#db/client";
import { listingPhotos, photoObjects } from "#db/schema";
import type { Viewer } from "../permissions/viewer";
import { ListingRuleError, PHOTO_TAKEN } from "./listing-rule-error";

/**
 * The photos a save may attach, as SQL that holds at the moment the save's batch runs: every key
 * in `kept` is still a photo of this listing, every key in `added` still a pending upload of the
 * viewer (not saved by a parallel request, not removed). ADR 017.
 */
export function photosClaimable(viewer: Viewer, listingId: string | null, kept: string[], added: string[]): SQL {
  const list = (keys: string[]) =>
    sql.join(
      keys.map((k) => sql`${k}`),
      sql`, `,
    );
  // Table names spelled out: this SQL sits inside the listing's INSERT or UPDATE.
  const keptOk = kept.length
    ? sql`(select count(*) from listing_photos lp where lp.listing_id = ${listingId} and lp.r2_key in (${list(kept)})) = ${kept.length}`
    : sql`1 = 1`;
  const addedOk = added.length
    ? sql`(select count(*) from photo_objects po where po.owner_id = ${viewer.id} and po.state = 'pending' and po.r2_key in (${list(added)})) = ${added.length}`
    : sql`1 = 1`;
  return sql`(${keptOk} and ${addedOk})`;
}

/**
 * `updated_at` of the listing write, NULL (a NOT NULL violation that rolls the whole batch back)
 * unless its photos are still claimable. SQLite has no conditional abort outside triggers; this
 * makes the listing row itself conditional on its photos, inside the one write transaction.
 */
export const savedAtIfPhotosClaimable = (claimable: SQL, now: Date) => sql`(case when ${claimable} then ${now.getTime()} end)`;

/** After a failed batch: the keys that are no longer claimable (empty when photos were not the cause). */
export async function unclaimablePhotoKeys(db: Db, viewer: Viewer, listingId: string | null, kept: string[], added: string[]) {
  const [held, pending] = await Promise.all([
    kept.length && listingId
      ? db
          .select({ r2Key: listingPhotos.r2Key })
          .from(listingPhotos)
          .where(and(eq(listingPhotos.listingId, listingId), inArray(listingPhotos.r2Key, kept)))
      : [],
    added.length
      ? db
          .select({ r2Key: photoObjects.r2Key })
          .from(photoObjects)
          .where(and(eq(photoObjects.ownerId, viewer.id), eq(photoObjects.state, "pending"), inArray(photoObjects.r2Key, added)))
      : [],
  ]);
  const ok = new Set([...held, ...pending].map((r) => r.r2Key));
  return [...kept, ...added].filter((key) => !ok.has(key));
}

export async function refusedForPhotos(error: unknown, db: Db, viewer: Viewer, listingId: string | null, kept: string[], added: string[]) {
  if (kept.length + added.length === 0) return error;
  const unavailable = await unclaimablePhotoKeys(db, viewer, listingId, kept, added);
  return unavailable.length ? new ListingRuleError("photo_taken", PHOTO_TAKEN, unavailable) : error;
}

/** Marks the listing's photos that are not in `keep` for deletion (photo_objects 'deleting'); returns their keys. */
export function markRemovedPhotos(db: Db, listingId: string, ownerId: SQL, keep: string[], allowed: SQL = sql`1 = 1`) {
  return db.all<{ r2Key: string }>(sql`
    insert into photo_objects (r2_key, owner_id, state, content_type, width, height, byte_size,
                               thumb_key, thumb_width, thumb_height, thumb_byte_size, created_at)
    select lp.r2_key, ${ownerId}, 'deleting', lp.content_type, lp.width, lp.height, lp.byte_size,
           lp.thumb_key, lp.thumb_width, lp.thumb_height, lp.thumb_byte_size, ${Date.now()}
    from listing_photos lp join listings on listings.id = lp.listing_id
    where lp.listing_id = ${listingId} and ${allowed} ${
      keep.length
        ? sql`and lp.r2_key not in (${sql.join(
            keep.map((k) => sql`${k}`),
            sql`, `,
          )})`
        : sql``
    }
    on conflict (r2_key) do update set state = 'deleting'
    returning r2_key as r2Key`);
}
