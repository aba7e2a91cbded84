// What an upload really is, by its bytes — never its name or declared type (spec 02 §5).
// `image-size` reads the format and the dimensions from the header; what it does not check stays
// here: the markup guard, and that the file is whole (a PNG's chunks end in IEND with nothing
// after it, a JPEG ends with its end-of-image marker, a WebP's RIFF size is the file's), which is
// what refuses a "PNG header + HTML" polyglot or a truncated upload.
import { imageSize } from "image-size";
import { LIMITS } from "~/shared/catalog";

export type ImageKind = { ext: "jpg" | "png" | "webp"; contentType: "image/jpeg" | "image/png" | "image/webp" };
export type SniffedImage = ImageKind & { width: number | null; height: number | null };
export type SniffResult = { ok: true; image: SniffedImage } | { ok: false; reason: "type" | "size" | "empty" };

export const PHOTO_MAX_BYTES = LIMITS.photoMaxBytes;

/** The formats we accept, by image-size's name for them. */
const KINDS: Record<string, ImageKind> = {
  jpg: { ext: "jpg", contentType: "image/jpeg" },
  png: { ext: "png", contentType: "image/png" },
  webp: { ext: "webp", contentType: "image/webp" },
};

const ascii = (bytes: Uint8Array, start: number, length: number) => String.fromCharCode(...bytes.subarray(start, start + length));
const u32be = (b: Uint8Array, i: number) => ((b[i]! << 24) >>> 0) + (b[i + 1]! << 16) + (b[i + 2]! << 8) + b[i + 3]!;
const u32le = (b: Uint8Array, i: number) => (b[i]! | (b[i + 1]! << 8) | (b[i + 2]! << 16)) + b[i + 3]! * 0x1000000;

// Markup a browser might render if the file were ever served as HTML or SVG. Image data almost
// never starts with these; a "PNG header + HTML" polyglot also fails the chunk walk below.
const MARKUP = /<\s*(!doctype|html|script|svg|body|iframe|\?xml)/i;

/** The PNG's chunks walk cleanly from the signature to a final IEND, with no trailing data. */
function pngIsWhole(bytes: Uint8Array) {
  let offset = 8;
  while (offset + 12 <= bytes.length) {
    const length = u32be(bytes, offset);
    const type = ascii(bytes, offset + 4, 4);
    if (!/^[A-Za-z]{4}$/.test(type)) return false;
    const next = offset + 12 + length;
    if (next > bytes.length) return false;
    if (type === "IEND") return next === bytes.length;
    offset = next;
  }
  return false;
}

/** The JPEG starts with SOI and ends with EOI (some encoders pad zeros after it). */
function jpegIsWhole(bytes: Uint8Array) {
  let end = bytes.length;
  while (end > 2 && bytes[end - 1] === 0x00) end--;
  return bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff && bytes[end - 2] === 0xff && bytes[end - 1] === 0xd9;
}

/** The RIFF container's declared size is the file's (plus at most one pad byte). */
function webpIsWhole(bytes: Uint8Array) {
  const riffSize = u32le(bytes, 4);
  return riffSize + 8 === bytes.length || riffSize + 9 === bytes.length;
}

const IS_WHOLE: Record<ImageKind["ext"], (bytes: Uint8Array) => boolean> = { jpg: jpegIsWhole, png: pngIsWhole, webp: webpIsWhole };

/** image-size's reading of the header, or null when it knows no such image (it throws on corrupt headers). */
function readHeader(bytes: Uint8Array) {
  try {
    return imageSize(bytes);
  } catch {
    return null;
  }
}

const dimension = (value: number | undefined) => (Number.isInteger(value) && value! > 0 ? value! : null);

/** What the bytes are. Anything but a whole, well-formed JPEG, PNG or WebP is refused. */
export function sniffImage(bytes: Uint8Array): SniffResult {
  if (bytes.length === 0) return { ok: false, reason: "empty" };
  if (bytes.length > PHOTO_MAX_BYTES) return { ok: false, reason: "size" };
  if (MARKUP.test(ascii(bytes, 0, Math.min(bytes.length, 1024)))) return { ok: false, reason: "type" };
  const header = readHeader(bytes);
  const kind = header?.type ? KINDS[header.type] : undefined;
  if (!header || !kind || !IS_WHOLE[kind.ext](bytes)) return { ok: false, reason: "type" };
  const width = dimension(header.width);
  const height = dimension(header.height);
  if (!width || !height) return { ok: false, reason: "type" };
  return { ok: true, image: { ...kind, width, height } };
}

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
