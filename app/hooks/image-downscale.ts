// Client-side downscaling before upload, with JavaScript (spec 02 §5). Browser-only: the form
// calls it just before sending. The server still decides what a file is by its bytes.

export const DOWNSCALE_MAX_SIDE = 2000;
const DOWNSCALABLE = new Set(["image/jpeg", "image/png", "image/webp"]);

/** The size to draw at so the longest side is at most `maxSide`, or null when it already fits. */
export function scaledSize(width: number, height: number, maxSide = DOWNSCALE_MAX_SIDE) {
  const longest = Math.max(width, height);
  if (!(longest > maxSide) || width <= 0 || height <= 0) return null;
  const ratio = maxSide / longest;
  return { width: Math.max(1, Math.round(width * ratio)), height: Math.max(1, Math.round(height * ratio)) };
}

/** The file name with the extension of the type it was re-encoded to. */
export function renamedFor(name: string, type: "image/jpeg" | "image/png") {
  const base = name.replace(/\.[^./\\]*$/, "") || "photo";
  return `${base}.${type === "image/png" ? "png" : "jpg"}`;
}

function hasTransparency(context: CanvasRenderingContext2D, width: number, height: number) {
  const pixels = context.getImageData(0, 0, width, height).data;
  for (let i = 3; i < pixels.length; i += 4) if (pixels[i] < 255) return true;
  return false;
}

/**
 * A JPEG, PNG or WebP larger than `maxSide` on its longest side comes back redrawn at that size:
 * as JPEG (quality 0.85), or PNG when it has transparent pixels. Anything else — another type, a
 * file over `maxBytes` (refused by the server either way), one the browser cannot decode, or a
 * result that is not smaller — comes back unchanged.
 */
export async function downscaleImage(file: File, opts: { maxSide?: number; maxBytes?: number; quality?: number } = {}): Promise<File> {
  const { maxSide = DOWNSCALE_MAX_SIDE, maxBytes = Infinity, quality = 0.85 } = opts;
  if (!DOWNSCALABLE.has(file.type) || file.size > maxBytes || typeof createImageBitmap !== "function") return file;
  let bitmap: ImageBitmap;
  try {
    bitmap = await createImageBitmap(file);
  } catch {
    return file;
  }
  try {
    const size = scaledSize(bitmap.width, bitmap.height, maxSide);
    if (!size) return file;
    const canvas = document.createElement("canvas");
    canvas.width = size.width;
    canvas.height = size.height;
    const context = canvas.getContext("2d");
    if (!context) return file;
    context.imageSmoothingQuality = "high";
    context.drawImage(bitmap, 0, 0, size.width, size.height);
    const type = file.type !== "image/jpeg" && hasTransparency(context, size.width, size.height) ? "image/png" : "image/jpeg";
    const blob = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, type, quality));
    if (!blob || blob.size >= file.size) return file;
    return new File([blob], renamedFor(file.name, type), { type, lastModified: file.lastModified });
  } finally {
    bitmap.close();
  }
}

/** Width of the card-size rendition made at upload (the server's THUMB_MAX_WIDTH; ADR 036). */
export const THUMB_WIDTH = 480;

/** The thumbnail's pixel size for a photo of this size, or null when the photo is already that small. */
export function thumbnailSize(width: number, height: number, thumbWidth = THUMB_WIDTH) {
  if (!(width > thumbWidth) || height <= 0) return null;
  return { width: thumbWidth, height: Math.max(1, Math.round((height * thumbWidth) / width)) };
}

/**
 * The card-size rendition of a photo (ADR 036): THUMB_WIDTH wide, WebP (JPEG on a white
 * background where the browser cannot encode WebP). Null when the photo is already that narrow,
 * or cannot be decoded: cards then show the photo itself. The server reads both sizes from the
 * files and refuses a thumbnail of another shape.
 */
export async function makeThumbnail(file: File): Promise<File | null> {
  if (!DOWNSCALABLE.has(file.type) || typeof createImageBitmap !== "function") return null;
  let bitmap: ImageBitmap;
  try {
    bitmap = await createImageBitmap(file);
  } catch {
    return null;
  }
  try {
    const size = thumbnailSize(bitmap.width, bitmap.height);
    if (!size) return null;
    const canvas = document.createElement("canvas");
    canvas.width = size.width;
    canvas.height = size.height;
    const context = canvas.getContext("2d");
    if (!context) return null;
    context.imageSmoothingQuality = "high";
    context.drawImage(bitmap, 0, 0, size.width, size.height);
    const encode = (type: string) => new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, type, 0.8));
    let blob = await encode("image/webp");
    if (blob?.type !== "image/webp") {
      // No WebP encoder (toBlob fell back to PNG): JPEG has no alpha, so paint white underneath.
      context.globalCompositeOperation = "destination-over";
      context.fillStyle = "#ffffff";
      context.fillRect(0, 0, size.width, size.height);
      blob = await encode("image/jpeg");
    }
    if (!blob) return null;
    const ext = blob.type === "image/webp" ? "webp" : "jpg";
    return new File([blob], `${file.name.replace(/\.[^./\\]*$/, "") || "photo"}-thumb.${ext}`, { type: blob.type });
  } finally {
    bitmap.close();
  }
}
