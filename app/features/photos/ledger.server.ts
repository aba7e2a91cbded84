// The photo upload ledger: how listing photos are kept in R2 (spec 02 §5; spec 02 §2, §5, §9) with
// a `photo_objects` row per object, its quota and its deletes (ADR 017).
//
// Design, without JavaScript too: every POST of the listing form (save, or a re-render such as
// "refresh" for a new sport or a photo reorder) stores the new files in R2 at once, as *pending*
// objects under the uploader's prefix `{user id}/{timestamp}-{index}.{ext}`, each with a
// `photo_objects` row (state 'pending') written first, so the pending bytes per user can be
// limited atomically. The form comes back with one hidden `photos` field per photo (kept or
// pending) holding the R2 key, so nothing is re-uploaded and nothing is lost on a validation
// error. On save, a key is accepted only if it is one of this listing's photos or a pending row of
// this user; the save moves the row to listing_photos in the listing's own batch, and refuses the
// whole save (409) when a row is no longer there (listings.server.ts).
//
// Deleting an object is always: mark the row 'deleting' in the database (a listing_photos row
// becomes a photo_objects row in the same batch that removes it), then delete the R2 object, then
// the row. A failed R2 delete leaves the row, and the cleanup (cleanupPhotos: the Worker's cron
// trigger, `npm run photos:cleanup` locally) retries it. The cleanup also expires pending uploads
// older than a day and drops rows whose object is gone.
import { and, eq, inArray, or, sql } from "drizzle-orm";
import type { Db } from "#db/client";
import { photoObjects } from "#db/schema";
import { LIMITS } from "~/shared/catalog";
import { photoKey, isOwnPhotoKey, thumbKeyFor } from "./keys";
import { PHOTO_ERRORS } from "~/shared/copy/photos";
import { photoHash } from "./perceptual-hash";
import { checkThumbnail, PHOTO_MAX_BYTES, sniffImage, THUMB_MAX_BYTES, type SniffedImage } from "./sniff";

export const MAX_PHOTOS = LIMITS.photosPerListing;

/**
 * Bytes of pending (uploaded, not yet saved) photos one account may hold: room for two full
 * listing forms. Deployments set PHOTO_PENDING_QUOTA_BYTES.
 */
export const DEFAULT_PENDING_QUOTA_BYTES = 2 * LIMITS.photosPerListing * LIMITS.photoMaxBytes;

/** The minimal R2 surface used here (the real binding in the Worker). */
export type PhotoBucket = Pick<R2Bucket, "put" | "head" | "delete" | "get" | "list">;

export type StoredPhoto = {
  r2Key: string;
  contentType: string;
  width: number | null;
  height: number | null;
  byteSize: number;
  /** The card-size rendition (ADR 036), or null: cards then show the full photo. */
  thumbKey?: string | null;
  thumbWidth?: number | null;
  thumbHeight?: number | null;
  thumbByteSize?: number | null;
  /** The server's perceptual hash and its bands (ADR 094); null when it could not be decoded here. */
  phash?: string | null;
  phashB0?: number | null;
  phashB1?: number | null;
  phashB2?: number | null;
  phashB3?: number | null;
};

export type UploadOutcome =
  { ok: true; photo: StoredPhoto } | { ok: false; fileName: string; message: string; index: number; failed?: true };

/**
 * Checks one uploaded file by content and stores it as a pending object, with its thumbnail when
 * one was sent and it matches (checkThumbnail; a thumbnail that does not is dropped and cards show
 * the full photo). The pending row is written first, in one statement that also checks the user's
 * pending bytes (both files) against the quota, so parallel uploads cannot overrun it; the
 * objects follow.
 */
export async function storeUpload(
  db: Db,
  bucket: PhotoBucket,
  userId: string,
  file: File,
  index: number,
  {
    now = Date.now(),
    quotaBytes = DEFAULT_PENDING_QUOTA_BYTES,
    thumbnail = null,
  }: { now?: number; quotaBytes?: number; thumbnail?: File | null } = {},
): Promise<UploadOutcome> {
  const name = file.name || `photo ${index + 1}`;
  if (file.size > PHOTO_MAX_BYTES) return { ok: false, fileName: name, index, message: `${name}: ${PHOTO_ERRORS.size}` };
  const bytes = new Uint8Array(await file.arrayBuffer());
  const sniffed = sniffImage(bytes);
  if (!sniffed.ok) return { ok: false, fileName: name, index, message: `${name}: ${PHOTO_ERRORS[sniffed.reason]}` };
  const { image } = sniffed;
  const r2Key = photoKey(userId, index, image.ext, now);
  const thumbBytes =
    thumbnail && thumbnail.size > 0 && thumbnail.size <= THUMB_MAX_BYTES ? new Uint8Array(await thumbnail.arrayBuffer()) : null;
  const thumbImage = thumbBytes ? checkThumbnail(image, thumbBytes) : null;
  if (thumbnail && thumbnail.size > 0 && !thumbImage) {
    console.warn(JSON.stringify({ level: "warn", event: "photo_thumbnail_refused", bytes: thumbnail.size }));
  }
  const thumb = thumbImage && thumbBytes ? { key: thumbKeyFor(r2Key, thumbImage.ext), image: thumbImage, bytes: thumbBytes } : null;
  const totalBytes = bytes.length + (thumb?.bytes.length ?? 0);
  // From the photo's own bytes, never the browser's thumbnail (ADR 094: a client may send any thumbnail).
  const hash = hashOfUpload(bytes, image);
  const reserved = await db.run(sql`
    insert into photo_objects (r2_key, owner_id, state, content_type, width, height, byte_size,
                               thumb_key, thumb_width, thumb_height, thumb_byte_size,
                               phash, phash_b0, phash_b1, phash_b2, phash_b3, created_at)
    select ${r2Key}, ${userId}, 'pending', ${image.contentType}, ${image.width}, ${image.height}, ${bytes.length},
           ${thumb?.key ?? null}, ${thumb?.image.width ?? null}, ${thumb?.image.height ?? null}, ${thumb?.bytes.length ?? null},
           ${hash.phash}, ${hash.phashB0}, ${hash.phashB1}, ${hash.phashB2}, ${hash.phashB3}, ${now}
    where (select coalesce(sum(byte_size + coalesce(thumb_byte_size, 0)), 0) from photo_objects where owner_id = ${userId} and state = 'pending')
          + ${totalBytes} <= ${quotaBytes}`);
  if (reserved.rowsAffected === 0) return { ok: false, fileName: name, index, message: `${name}: ${PHOTO_ERRORS.quota}` };
  const put = (key: string, data: Uint8Array, kind: SniffedImage) =>
    bucket.put(key, data, {
      httpMetadata: { contentType: kind.contentType },
      customMetadata: { owner: userId, width: String(kind.width ?? ""), height: String(kind.height ?? "") },
    });
  try {
    await Promise.all([put(r2Key, bytes, image), ...(thumb ? [put(thumb.key, thumb.bytes, thumb.image)] : [])]);
  } catch {
    // The row goes: mark it for deletion so whichever object did arrive is removed with it.
    await db
      .update(photoObjects)
      .set({ state: "deleting" })
      .where(and(eq(photoObjects.r2Key, r2Key), eq(photoObjects.state, "pending")));
    await finishPhotoDeletes(db, bucket, [r2Key]);
    return { ok: false, fileName: name, index, failed: true, message: `Failed to upload image ${index + 1}. Continuing anyway...` };
  }
  return {
    ok: true,
    photo: {
      r2Key,
      contentType: image.contentType,
      width: image.width,
      height: image.height,
      byteSize: bytes.length,
      thumbKey: thumb?.key ?? null,
      thumbWidth: thumb?.image.width ?? null,
      thumbHeight: thumb?.image.height ?? null,
      thumbByteSize: thumb?.bytes.length ?? null,
      ...hash,
    },
  };
}

const NO_HASH = { phash: null, phashB0: null, phashB1: null, phashB2: null, phashB3: null };

/** The upload's perceptual hash as the photo row's columns; an undecodable photo is stored unhashed (ADR 094). */
function hashOfUpload(bytes: Uint8Array, image: SniffedImage) {
  const hash = photoHash(bytes, image.contentType);
  if (!hash) {
    console.warn(JSON.stringify({ level: "warn", event: "photo_hash_skipped", type: image.contentType, bytes: bytes.length }));
    return NO_HASH;
  }
  const [phashB0, phashB1, phashB2, phashB3] = hash.bands;
  return { phash: hash.hex, phashB0, phashB1, phashB2, phashB3 };
}

export type UploadBatch = { stored: StoredPhoto[]; errors: string[]; warnings: string[] };

/**
 * New files for a listing form that already holds `alreadyOnForm` photos: each is checked by its
 * bytes and stored as pending (within the user's pending quota), up to the per-listing limit.
 * `errors` (wrong type, too big, too many, quota) say why a file was refused; `warnings`
 * ("Failed to upload image N. Continuing anyway...") that storing failed. Either way the listing
 * form saves without the file and toasts the message (02 §5, §8). Used by the form's POST and by
 * POST /api/photos alike.
 */
export async function storeUploads(
  db: Db,
  bucket: PhotoBucket,
  userId: string,
  files: File[],
  alreadyOnForm: number,
  { now = Date.now(), quotaBytes, thumbnails = [] }: { now?: number; quotaBytes?: number; thumbnails?: (File | null)[] } = {},
): Promise<UploadBatch> {
  const batch: UploadBatch = { stored: [], errors: [], warnings: [] };
  let upload = 0;
  for (const [i, file] of files.entries()) {
    if (alreadyOnForm + batch.stored.length >= MAX_PHOTOS) {
      batch.errors.push(`${file.name}: ${PHOTO_ERRORS.tooMany}`);
      continue;
    }
    const outcome = await storeUpload(db, bucket, userId, file, upload++, { now, quotaBytes, thumbnail: thumbnails[i] ?? null });
    if (outcome.ok) batch.stored.push(outcome.photo);
    else if (outcome.failed) batch.warnings.push(outcome.message);
    else batch.errors.push(outcome.message);
  }
  return batch;
}

/** The user's pending uploads among `keys` (hidden `photos` fields of the form), by key. */
export async function findPendingPhotos(db: Db, userId: string, keys: string[]): Promise<Map<string, StoredPhoto>> {
  const own = keys.filter((key) => isOwnPhotoKey(userId, key));
  if (own.length === 0) return new Map();
  const rows = await db
    .select({
      r2Key: photoObjects.r2Key,
      contentType: photoObjects.contentType,
      width: photoObjects.width,
      height: photoObjects.height,
      byteSize: photoObjects.byteSize,
      thumbKey: photoObjects.thumbKey,
      thumbWidth: photoObjects.thumbWidth,
      thumbHeight: photoObjects.thumbHeight,
      thumbByteSize: photoObjects.thumbByteSize,
      phash: photoObjects.phash,
      phashB0: photoObjects.phashB0,
      phashB1: photoObjects.phashB1,
      phashB2: photoObjects.phashB2,
      phashB3: photoObjects.phashB3,
    })
    .from(photoObjects)
    .where(and(eq(photoObjects.ownerId, userId), eq(photoObjects.state, "pending"), inArray(photoObjects.r2Key, own)));
  return new Map(rows.map((row) => [row.r2Key, row]));
}

/** Whether `key` is a pending upload of this user, or its thumbnail (its uploader may preview it). */
export async function isOwnPendingPhoto(db: Db, userId: string, key: string) {
  const rows = await db
    .select({ r2Key: photoObjects.r2Key })
    .from(photoObjects)
    .where(
      and(
        eq(photoObjects.ownerId, userId),
        eq(photoObjects.state, "pending"),
        or(eq(photoObjects.r2Key, key), eq(photoObjects.thumbKey, key)),
      ),
    )
    .limit(1);
  return rows.length > 0;
}

/**
 * The remove button on a pending photo. Only a row still pending is marked for deletion: if a
 * save in another tab has just attached it, the object is that listing's now and stays.
 */
export async function removePendingPhoto(db: Db, bucket: PhotoBucket, userId: string, key: string) {
  const marked = await db
    .update(photoObjects)
    .set({ state: "deleting" })
    .where(and(eq(photoObjects.r2Key, key), eq(photoObjects.ownerId, userId), eq(photoObjects.state, "pending")))
    .returning({ r2Key: photoObjects.r2Key });
  if (marked.length > 0) await finishPhotoDeletes(db, bucket, [key]);
}

export const chunks = <T>(items: T[], size: number) =>
  Array.from({ length: Math.ceil(items.length / size) }, (_, i) => items.slice(i * size, i * size + size));

/**
 * Deletes the objects of rows marked 'deleting', then the rows. A row a listing holds again is
 * never deleted from R2 (only its stale mark goes). When R2 refuses, the rows stay for the
 * cleanup to retry. Returns how many objects were deleted and how many deletes failed.
 */
export async function finishPhotoDeletes(db: Db, bucket: PhotoBucket, keys: string[]) {
  let deleted = 0;
  let failed = 0;
  for (const batch of chunks([...new Set(keys)], 500)) {
    const rows = await db
      .select({
        r2Key: photoObjects.r2Key,
        thumbKey: photoObjects.thumbKey,
        // Spelled out: drizzle leaves columns of a one-table select unqualified.
        held: sql<number>`exists (select 1 from listing_photos lp where lp.r2_key = photo_objects.r2_key)`,
      })
      .from(photoObjects)
      .where(and(eq(photoObjects.state, "deleting"), inArray(photoObjects.r2Key, batch)));
    const held = rows.filter((r) => Boolean(r.held)).map((r) => r.r2Key);
    const freeRows = rows.filter((r) => !r.held);
    const free = freeRows.map((r) => r.r2Key);
    if (held.length) await db.delete(photoObjects).where(and(eq(photoObjects.state, "deleting"), inArray(photoObjects.r2Key, held)));
    if (free.length === 0) continue;
    try {
      // A photo and its thumbnail go together (ADR 036).
      await bucket.delete([...free, ...freeRows.flatMap((r) => (r.thumbKey ? [r.thumbKey] : []))]);
    } catch (error) {
      failed += free.length;
      console.error(JSON.stringify({ level: "error", event: "photo_delete_failed", keys: free.length, message: String(error) }));
      continue;
    }
    await db.delete(photoObjects).where(and(eq(photoObjects.state, "deleting"), inArray(photoObjects.r2Key, free)));
    deleted += free.length;
  }
  return { deleted, failed };
}
