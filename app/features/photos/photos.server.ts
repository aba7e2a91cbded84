// Listing photos: what an upload really is (by its bytes, never its name or declared type), and
// how it is kept in R2 (issue 6 §2; spec 02 §2, §5, §9), with its quota and cleanup (issue 9; ADR 017).
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
import { and, eq, inArray, lt, or, sql } from "drizzle-orm";
import type { Db } from "#db/client";
import { listingPhotos, photoObjects } from "#db/schema";
import { LIMITS } from "~/shared/catalog";
import { listingPhotoUrl, type CardPhoto } from "~/shared/schemas/search";

export type ImageKind = { ext: "jpg" | "png" | "webp"; contentType: "image/jpeg" | "image/png" | "image/webp" };
export type SniffedImage = ImageKind & { width: number | null; height: number | null };
export type SniffResult = { ok: true; image: SniffedImage } | { ok: false; reason: "type" | "size" | "empty" };

export const PHOTO_MAX_BYTES = LIMITS.photoMaxBytes;
export const MAX_PHOTOS = LIMITS.photosPerListing;

export const PHOTO_ERRORS = {
  type: "Only JPG, PNG or WebP images can be uploaded. This file is not a valid image.",
  size: "Each photo must be 10MB or smaller.",
  empty: "The photo is empty.",
  tooMany: `You can add up to ${LIMITS.photosPerListing} photos.`,
  quota: "You have too many photos waiting to be saved. Save or remove some first.",
} as const;

/**
 * Bytes of pending (uploaded, not yet saved) photos one account may hold: room for two full
 * listing forms. Deployments set PHOTO_PENDING_QUOTA_BYTES.
 */
export const DEFAULT_PENDING_QUOTA_BYTES = 2 * LIMITS.photosPerListing * LIMITS.photoMaxBytes;
/** Pending uploads older than this are deleted by the cleanup. */
export const PENDING_MAX_AGE_MS = 24 * 60 * 60 * 1000;

const JPEG: ImageKind = { ext: "jpg", contentType: "image/jpeg" };
const PNG: ImageKind = { ext: "png", contentType: "image/png" };
const WEBP: ImageKind = { ext: "webp", contentType: "image/webp" };

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

function startsWith(bytes: Uint8Array, prefix: number[], offset = 0) {
  return prefix.every((b, i) => bytes[offset + i] === b);
}
const ascii = (bytes: Uint8Array, start: number, length: number) =>
  String.fromCharCode(...bytes.subarray(start, start + length));
const u16be = (b: Uint8Array, i: number) => (b[i] << 8) | b[i + 1];
const u32be = (b: Uint8Array, i: number) => ((b[i] << 24) >>> 0) + (b[i + 1] << 16) + (b[i + 2] << 8) + b[i + 3];
const u16le = (b: Uint8Array, i: number) => b[i] | (b[i + 1] << 8);
const u24le = (b: Uint8Array, i: number) => b[i] | (b[i + 1] << 8) | (b[i + 2] << 16);
const u32le = (b: Uint8Array, i: number) => (b[i] | (b[i + 1] << 8) | (b[i + 2] << 16)) + b[i + 3] * 0x1000000;

// Markup a browser might render if the file were ever served as HTML or SVG. Image data almost
// never starts with these; a "PNG header + HTML" polyglot also fails the chunk walk below.
const MARKUP = /<\s*(!doctype|html|script|svg|body|iframe|\?xml)/i;

/** A PNG is accepted only if its chunks walk cleanly from IHDR to a final IEND (no trailing data). */
function sniffPng(bytes: Uint8Array): SniffedImage | null {
  if (bytes.length < 8 + 25 + 12 || !startsWith(bytes, PNG_SIGNATURE)) return null;
  if (ascii(bytes, 12, 4) !== "IHDR" || u32be(bytes, 8) !== 13) return null;
  const width = u32be(bytes, 16);
  const height = u32be(bytes, 20);
  let offset = 8;
  while (offset + 12 <= bytes.length) {
    const length = u32be(bytes, offset);
    const type = ascii(bytes, offset + 4, 4);
    if (!/^[A-Za-z]{4}$/.test(type)) return null;
    const next = offset + 12 + length;
    if (next > bytes.length) return null;
    if (type === "IEND") return next === bytes.length ? { ...PNG, width, height } : null;
    offset = next;
  }
  return null;
}

/** A JPEG starts with SOI, has a frame header before the scan, and ends with EOI. */
function sniffJpeg(bytes: Uint8Array): SniffedImage | null {
  if (bytes.length < 4 || !startsWith(bytes, [0xff, 0xd8, 0xff])) return null;
  let end = bytes.length;
  while (end > 2 && bytes[end - 1] === 0x00) end--; // some encoders pad after EOI
  if (bytes[end - 2] !== 0xff || bytes[end - 1] !== 0xd9) return null;
  let offset = 2;
  while (offset + 4 <= end) {
    if (bytes[offset] !== 0xff) return null;
    const marker = bytes[offset + 1];
    if (marker === 0xff) {
      offset++;
      continue;
    }
    if (marker === 0xd8 || (marker >= 0xd0 && marker <= 0xd7) || marker === 0x01) {
      offset += 2;
      continue;
    }
    const length = u16be(bytes, offset + 2);
    if (length < 2 || offset + 2 + length > end) return null;
    const isFrame = marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc;
    if (isFrame) {
      if (length < 7) return null;
      return { ...JPEG, height: u16be(bytes, offset + 5), width: u16be(bytes, offset + 7) };
    }
    if (marker === 0xda || marker === 0xd9) return null; // scan or end before any frame header
    offset += 2 + length;
  }
  return null;
}

/** RIFF container whose declared size matches the file, with a VP8, VP8L or VP8X first chunk. */
function sniffWebp(bytes: Uint8Array): SniffedImage | null {
  if (bytes.length < 30 || ascii(bytes, 0, 4) !== "RIFF" || ascii(bytes, 8, 4) !== "WEBP") return null;
  const riffSize = u32le(bytes, 4);
  if (riffSize + 8 !== bytes.length && riffSize + 9 !== bytes.length) return null;
  const chunk = ascii(bytes, 12, 4);
  if (chunk === "VP8 ") {
    if (!startsWith(bytes, [0x9d, 0x01, 0x2a], 23)) return null;
    return { ...WEBP, width: u16le(bytes, 26) & 0x3fff, height: u16le(bytes, 28) & 0x3fff };
  }
  if (chunk === "VP8L") {
    if (bytes[20] !== 0x2f) return null;
    const bits = u32le(bytes, 21);
    return { ...WEBP, width: (bits & 0x3fff) + 1, height: ((bits >>> 14) & 0x3fff) + 1 };
  }
  if (chunk === "VP8X") return { ...WEBP, width: u24le(bytes, 24) + 1, height: u24le(bytes, 27) + 1 };
  return null;
}

/** What the bytes are. Anything but a well-formed JPEG, PNG or WebP is refused. */
export function sniffImage(bytes: Uint8Array): SniffResult {
  if (bytes.length === 0) return { ok: false, reason: "empty" };
  if (bytes.length > PHOTO_MAX_BYTES) return { ok: false, reason: "size" };
  if (MARKUP.test(ascii(bytes, 0, Math.min(bytes.length, 1024)))) return { ok: false, reason: "type" };
  const image = sniffJpeg(bytes) ?? sniffPng(bytes) ?? sniffWebp(bytes);
  return image ? { ok: true, image } : { ok: false, reason: "type" };
}

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
};

/** Widest a thumbnail may be: cards are at most ~320 CSS px wide, so 480 covers 1.5× screens. */
export const THUMB_MAX_WIDTH = 480;
/** Largest thumbnail file accepted (a 480 px JPEG or WebP is ~30–80 KB). */
export const THUMB_MAX_BYTES = 512 * 1024;

/**
 * Whether `thumb` is an acceptable card-size rendition of `full` (ADR 036). Only what the bytes
 * say counts: both sizes come from the file headers, never from what the client declared. It must
 * be a well-formed image, smaller than the photo, at most THUMB_MAX_WIDTH wide, and of the same
 * shape (height within a pixel of the photo's aspect at that width).
 */
export function checkThumbnail(full: SniffedImage, thumbBytes: Uint8Array): SniffedImage | null {
  if (thumbBytes.length === 0 || thumbBytes.length > THUMB_MAX_BYTES) return null;
  const sniffed = sniffImage(thumbBytes);
  if (!sniffed.ok) return null;
  const thumb = sniffed.image;
  if (!full.width || !full.height || !thumb.width || !thumb.height) return null;
  if (thumb.width > THUMB_MAX_WIDTH || thumb.width >= full.width) return null;
  const expectedHeight = (thumb.width * full.height) / full.width;
  return Math.abs(thumb.height - expectedHeight) <= 1 ? thumb : null;
}

/** The minimal R2 surface used here (the real binding in the Worker). */
export type PhotoBucket = Pick<R2Bucket, "put" | "head" | "delete" | "get" | "list">;

export function photoKey(userId: string, index: number, ext: string, now = Date.now()) {
  return `${userId}/${now}-${index}.${ext}`;
}

/** The thumbnail's key next to its photo's: `{user}/{time}-{index}-thumb.{ext}`. */
export function thumbKeyFor(r2Key: string, ext: string) {
  return r2Key.replace(/\.[a-z]+$/, `-thumb.${ext}`);
}

/** Every key shape the photo route serves: photos and their thumbnails. */
export const SERVED_PHOTO_KEY = /^[^/]+\/\d+-\d+(-thumb)?\.(jpg|png|webp)$/;

/** Key shape we generate; anything else in a hidden field is ignored. */
export function isOwnPhotoKey(userId: string, key: string) {
  return key.startsWith(`${userId}/`) && /^[^/]+\/\d+-\d+\.(jpg|png|webp)$/.test(key);
}

export type UploadOutcome =
  | { ok: true; photo: StoredPhoto }
  | { ok: false; fileName: string; message: string; index: number; failed?: true };

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
  { now = Date.now(), quotaBytes = DEFAULT_PENDING_QUOTA_BYTES, thumbnail = null }: { now?: number; quotaBytes?: number; thumbnail?: File | null } = {},
): Promise<UploadOutcome> {
  const name = file.name || `photo ${index + 1}`;
  if (file.size > PHOTO_MAX_BYTES) return { ok: false, fileName: name, index, message: `${name}: ${PHOTO_ERRORS.size}` };
  const bytes = new Uint8Array(await file.arrayBuffer());
  const sniffed = sniffImage(bytes);
  if (!sniffed.ok) return { ok: false, fileName: name, index, message: `${name}: ${PHOTO_ERRORS[sniffed.reason]}` };
  const { image } = sniffed;
  const r2Key = photoKey(userId, index, image.ext, now);
  const thumbBytes = thumbnail && thumbnail.size > 0 && thumbnail.size <= THUMB_MAX_BYTES ? new Uint8Array(await thumbnail.arrayBuffer()) : null;
  const thumbImage = thumbBytes ? checkThumbnail(image, thumbBytes) : null;
  if (thumbnail && thumbnail.size > 0 && !thumbImage) {
    console.warn(JSON.stringify({ level: "warn", event: "photo_thumbnail_refused", bytes: thumbnail.size }));
  }
  const thumb = thumbImage && thumbBytes ? { key: thumbKeyFor(r2Key, thumbImage.ext), image: thumbImage, bytes: thumbBytes } : null;
  const totalBytes = bytes.length + (thumb?.bytes.length ?? 0);
  const reserved = await db.run(sql`
    insert into photo_objects (r2_key, owner_id, state, content_type, width, height, byte_size,
                               thumb_key, thumb_width, thumb_height, thumb_byte_size, created_at)
    select ${r2Key}, ${userId}, 'pending', ${image.contentType}, ${image.width}, ${image.height}, ${bytes.length},
           ${thumb?.key ?? null}, ${thumb?.image.width ?? null}, ${thumb?.image.height ?? null}, ${thumb?.bytes.length ?? null}, ${now}
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
    },
  };
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
    .where(and(eq(photoObjects.ownerId, userId), eq(photoObjects.state, "pending"), or(eq(photoObjects.r2Key, key), eq(photoObjects.thumbKey, key))))
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

const chunks = <T>(items: T[], size: number) =>
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
  const { deleted, failed } = await finishPhotoDeletes(db, bucket, deleting.map((r) => r.r2Key));

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

/** URL the app serves a photo from (app/routes/photos.$.tsx). */
export function photoUrl(key: string) {
  return `/photos/${key}`;
}

/**
 * SQL for the card photo of the row `listings` (a JSON object, or NULL): the first photo's
 * thumbnail when it has one, else the photo, with that file's size (ADR 036). One subquery, so
 * search and club grids keep a single row per listing. Read it with `cardPhotoFrom`.
 */
export const cardPhotoJson = sql`(select json_object(
    'key', coalesce(p.thumb_key, p.r2_key),
    'width', case when p.thumb_key is null then p.width else p.thumb_width end,
    'height', case when p.thumb_key is null then p.height else p.thumb_height end)
  from listing_photos p where p.listing_id = listings.id order by p.position limit 1)`;

/** The card fields of a `cardPhotoJson` value. */
export function cardPhotoFrom(json: string | null): CardPhoto {
  if (!json) return { photoUrl: null, photoWidth: null, photoHeight: null };
  const { key, width, height } = JSON.parse(json) as { key: string; width: number | null; height: number | null };
  return { photoUrl: listingPhotoUrl(key), photoWidth: width, photoHeight: height };
}
