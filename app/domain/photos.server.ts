// Listing photos: what an upload really is (by its bytes, never its name or declared type), and
// how it is kept in R2 (issue 6 §2; spec 02 §2, §5, §9).
//
// Design, without JavaScript too: every POST of the listing form (save, or a re-render such as
// "refresh" for a new sport or a photo reorder) stores the new files in R2 at once, as *pending*
// objects under the uploader's prefix `{user id}/{timestamp}-{index}.{ext}`. The form comes back
// with one hidden `photos` field per photo (kept or pending) holding the R2 key, so nothing is
// re-uploaded and nothing is lost on a validation error. On save, a key is accepted only if it is
// one of this listing's photos or a pending object under the user's own prefix (R2 metadata
// `owner`). A pending photo removed from the form is deleted at once; one whose form is abandoned
// stays in R2 until a cleanup job that compares R2 with listing_photos removes it (not built yet:
// the `pending` metadata is not updated on save, so it must not drive a lifecycle rule).
import { LIMITS } from "~/catalog";

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
} as const;

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
};

/** The minimal R2 surface used here (the real binding in the Worker). */
export type PhotoBucket = Pick<R2Bucket, "put" | "head" | "delete" | "get">;

export function photoKey(userId: string, index: number, ext: string, now = Date.now()) {
  return `${userId}/${now}-${index}.${ext}`;
}

/** Key shape we generate; anything else in a hidden field is ignored. */
export function isOwnPhotoKey(userId: string, key: string) {
  return key.startsWith(`${userId}/`) && /^[^/]+\/\d+-\d+\.(jpg|png|webp)$/.test(key);
}

export type UploadOutcome =
  | { ok: true; photo: StoredPhoto }
  | { ok: false; fileName: string; message: string; index: number };

/** Checks one uploaded file by content and stores it as a pending object. */
export async function storeUpload(bucket: PhotoBucket, userId: string, file: File, index: number, now = Date.now()): Promise<UploadOutcome> {
  const name = file.name || `photo ${index + 1}`;
  if (file.size > PHOTO_MAX_BYTES) return { ok: false, fileName: name, index, message: `${name}: ${PHOTO_ERRORS.size}` };
  const bytes = new Uint8Array(await file.arrayBuffer());
  const sniffed = sniffImage(bytes);
  if (!sniffed.ok) return { ok: false, fileName: name, index, message: `${name}: ${PHOTO_ERRORS[sniffed.reason]}` };
  const { image } = sniffed;
  const r2Key = photoKey(userId, index, image.ext, now);
  try {
    await bucket.put(r2Key, bytes, {
      httpMetadata: { contentType: image.contentType },
      customMetadata: {
        owner: userId,
        pending: "1",
        width: String(image.width ?? ""),
        height: String(image.height ?? ""),
      },
    });
  } catch {
    return { ok: false, fileName: name, index, message: `Failed to upload image ${index + 1}. Continuing anyway...` };
  }
  return { ok: true, photo: { r2Key, contentType: image.contentType, width: image.width, height: image.height, byteSize: bytes.length } };
}

export type UploadBatch = { stored: StoredPhoto[]; errors: string[]; warnings: string[] };

/**
 * New files for a listing form that already holds `alreadyOnForm` photos: each is checked by its
 * bytes and stored as pending, up to the per-listing limit. `errors` (wrong type, too big, too
 * many) stop a save until the user acts; `warnings` ("Failed to upload image N. Continuing
 * anyway...", storage failures) do not. Used by the form's POST and by POST /api/photos alike.
 */
export async function storeUploads(bucket: PhotoBucket, userId: string, files: File[], alreadyOnForm: number, now = Date.now()): Promise<UploadBatch> {
  const batch: UploadBatch = { stored: [], errors: [], warnings: [] };
  let upload = 0;
  for (const file of files) {
    if (alreadyOnForm + batch.stored.length >= MAX_PHOTOS) {
      batch.errors.push(`${file.name}: ${PHOTO_ERRORS.tooMany}`);
      continue;
    }
    const outcome = await storeUpload(bucket, userId, file, upload++, now);
    if (outcome.ok) batch.stored.push(outcome.photo);
    else if (outcome.message.startsWith("Failed to upload")) batch.warnings.push(outcome.message);
    else batch.errors.push(outcome.message);
  }
  return batch;
}

/** A pending object the user uploaded earlier (a hidden `photos` field), read back from R2. */
export async function readPendingPhoto(bucket: PhotoBucket, userId: string, key: string): Promise<StoredPhoto | null> {
  if (!isOwnPhotoKey(userId, key)) return null;
  const head = await bucket.head(key);
  if (!head || head.customMetadata?.owner !== userId) return null;
  const num = (v: string | undefined) => (v && /^\d+$/.test(v) ? Number(v) : null);
  return {
    r2Key: key,
    contentType: head.httpMetadata?.contentType ?? "application/octet-stream",
    width: num(head.customMetadata?.width),
    height: num(head.customMetadata?.height),
    byteSize: head.size,
  };
}

export async function deletePhotoObjects(bucket: PhotoBucket, keys: string[]) {
  if (keys.length > 0) await bucket.delete(keys);
}

/** URL the app serves a photo from (app/routes/photos.$.tsx). */
export function photoUrl(key: string) {
  return `/photos/${key}`;
}
