// The scheduled photo cleanup (the Worker's cron trigger; `npm run photos:cleanup` locally; ADR 017,
// ADR 017): expires pending uploads older than a day, retries deletes R2 refused, drops rows whose
// object is gone and objects no row knows.
import { and, eq, inArray, lt, sql } from "drizzle-orm";
import type { Db } from "#db/client";
import { listingPhotos, photoObjects } from "#db/schema";
import { chunks, finishPhotoDeletes, type PhotoBucket } from "./ledger.server";

/** Pending uploads older than this are deleted by the cleanup. */
export const PENDING_MAX_AGE_MS = 24 * 60 * 60 * 1000;

export type CleanupReport = {
  /** Pending uploads older than a day, marked for deletion. */
  expiredPending: number;
  /** Objects deleted from R2 (expired uploads and retried deletes). */
  deletedObjects: number;
  /** R2 deletes that failed again; their rows stay for the next run. */
  failedDeletes: number;
  /** Database rows (listing photos or pending uploads) whose object is gone, removed. */
  rowsWithoutObject: number;
  /** R2 objects older than a day that no row knows (uploads from before the ledger), deleted. */
  orphanObjects: number;
};

/**
 * The scheduled photo cleanup (Worker cron trigger; `npm run photos:cleanup` locally; ADR 017).
 * Rows younger than `graceMs` are never judged by a missing object: an upload writes its row just
 * before its object.
 */
export async function cleanupPhotos(
  db: Db,
  bucket: PhotoBucket,
  { now = Date.now(), pendingMaxAgeMs = PENDING_MAX_AGE_MS, graceMs = 60 * 60 * 1000 } = {},
): Promise<CleanupReport> {
  const expiredBefore = new Date(now - pendingMaxAgeMs);
  const expired = await db
    .update(photoObjects)
    .set({ state: "deleting" })
    .where(and(eq(photoObjects.state, "pending"), lt(photoObjects.createdAt, expiredBefore)))
    .returning({ r2Key: photoObjects.r2Key });

  const deleting = await db.select({ r2Key: photoObjects.r2Key }).from(photoObjects).where(eq(photoObjects.state, "deleting"));
  const { deleted, failed } = await finishPhotoDeletes(
    db,
    bucket,
    deleting.map((r) => r.r2Key),
  );

  // One walk over the bucket (a list call per thousand objects, rather than a head per row).
  const objects = new Map<string, Date>();
  let cursor: string | undefined;
  do {
    const page = await bucket.list({ cursor, limit: 1000 });
    for (const object of page.objects) objects.set(object.key, object.uploaded);
    cursor = page.truncated ? page.cursor : undefined;
  } while (cursor);

  // One statement, so a row moving between the two tables (a save, a removal) is seen once.
  const rows = await db.all<{ r2Key: string; thumbKey: string | null; createdAt: number; held: number }>(sql`
    select r2_key as r2Key, thumb_key as thumbKey, created_at as createdAt, 1 as held from listing_photos
    union all
    select r2_key, thumb_key, created_at, 0 from photo_objects`);
  const gone = rows.filter((r) => !objects.has(r.r2Key) && Number(r.createdAt) < now - graceMs);
  const heldGone = gone.filter((r) => Number(r.held) === 1).map((r) => r.r2Key);
  const ledgerGone = gone.filter((r) => Number(r.held) === 0).map((r) => r.r2Key);
  for (const batch of chunks(heldGone, 500)) await db.delete(listingPhotos).where(inArray(listingPhotos.r2Key, batch));
  for (const batch of chunks(ledgerGone, 500)) await db.delete(photoObjects).where(inArray(photoObjects.r2Key, batch));

  // Club logos are held by clubs.logo_key (club-logo.server.ts, ADR 037), never orphans; a photo's
  // thumbnail is known with its photo (ADR 036).
  const logos = await db.all<{ r2Key: string }>(sql`select logo_key as r2Key from clubs where logo_key is not null`);
  const known = new Set([...rows.flatMap((r) => (r.thumbKey ? [r.r2Key, r.thumbKey] : [r.r2Key])), ...logos.map((l) => l.r2Key)]);
  const orphans = [...objects].filter(([key, uploaded]) => !known.has(key) && uploaded < expiredBefore).map(([key]) => key);
  let orphanObjects = 0;
  for (const batch of chunks(orphans, 1000)) {
    try {
      await bucket.delete(batch);
      orphanObjects += batch.length;
    } catch (error) {
      console.error(JSON.stringify({ level: "error", event: "photo_delete_failed", keys: batch.length, message: String(error) }));
    }
  }

  return {
    expiredPending: expired.length,
    deletedObjects: deleted,
    failedDeletes: failed,
    rowsWithoutObject: heldGone.length + ledgerGone.length,
    orphanObjects,
  };
}
