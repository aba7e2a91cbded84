// Real PNG files drawn in pure JS (node:zlib for the deflate), so seeded listings have photos
// without external URLs or image packages: a diagonal gradient in the sport's colours with a
// light shape on top. 8-bit RGB, no interlace.
import { deflateSync } from "node:zlib";

export type Rgb = readonly [number, number, number];
export type PlaceholderShape = "circle" | "diamond" | "bars";

const CRC_TABLE = (() => {
  const table = new Uint32Array(256);
  for (let n = 0; n < 256; n++) {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    table[n] = c >>> 0;
  }
  return table;
})();

function crc32(bytes: Uint8Array): number {
  let c = 0xffffffff;
  for (const byte of bytes) c = CRC_TABLE[(c ^ byte) & 0xff]! ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

function chunk(type: string, data: Uint8Array): Uint8Array {
  const out = new Uint8Array(12 + data.length);
  const view = new DataView(out.buffer);
  view.setUint32(0, data.length);
  out.set(new TextEncoder().encode(type), 4);
  out.set(data, 8);
  view.setUint32(8 + data.length, crc32(out.subarray(4, 8 + data.length)));
  return out;
}

/** Encodes RGB pixels (`width * height * 3` bytes, row by row) as a PNG file. */
export function encodePng(width: number, height: number, rgb: Uint8Array): Uint8Array {
  if (rgb.length !== width * height * 3) throw new Error("pixel buffer does not match the size");
  // Each scanline starts with its filter byte; 'Sub' (1) turns smooth gradients into runs of
  // small numbers that deflate well.
  const stride = width * 3;
  const raw = new Uint8Array((stride + 1) * height);
  for (let y = 0; y < height; y++) {
    const row = y * (stride + 1);
    raw[row] = 1;
    for (let x = 0; x < stride; x++) {
      const value = rgb[y * stride + x]!;
      const left = x >= 3 ? rgb[y * stride + x - 3]! : 0;
      raw[row + 1 + x] = (value - left) & 0xff;
    }
  }
  const header = new Uint8Array(13);
  const view = new DataView(header.buffer);
  view.setUint32(0, width);
  view.setUint32(4, height);
  header.set([8, 2, 0, 0, 0], 8); // bit depth 8, colour type 2 (RGB), deflate, adaptive filters, no interlace
  const signature = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  const parts = [signature, chunk("IHDR", header), chunk("IDAT", deflateSync(raw, { level: 6 })), chunk("IEND", new Uint8Array())];
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let offset = 0;
  for (const part of parts) {
    out.set(part, offset);
    offset += part.length;
  }
  return out;
}

export function hexToRgb(hex: string): Rgb {
  const n = parseInt(hex.replace("#", ""), 16);
  return [(n >> 16) & 0xff, (n >> 8) & 0xff, n & 0xff];
}

/** A gradient from `from` (top left) to `to` (bottom right) with a translucent white shape. */
export function renderPlaceholder(opts: { width: number; height: number; from: Rgb; to: Rgb; shape: PlaceholderShape }): Uint8Array {
  const { width, height, from, to, shape } = opts;
  const rgb = new Uint8Array(width * height * 3);
  const cx = width / 2;
  const cy = height / 2;
  const r = Math.min(width, height) * 0.3;
  const [r0, g0, b0] = from;
  const dr = to[0] - r0;
  const dg = to[1] - g0;
  const db = to[2] - b0;
  let i = 0;
  for (let y = 0; y < height; y++) {
    const dy = y - cy;
    for (let x = 0; x < width; x++) {
      const t = (x / width + y / height) / 2;
      const dx = x - cx;
      let inside: boolean;
      if (shape === "circle") inside = dx * dx + dy * dy <= r * r;
      else if (shape === "diamond") inside = Math.abs(dx) + Math.abs(dy) <= r * 1.2;
      else inside = Math.abs(dy) <= r && Math.abs(dx) < r * 1.5 && ((((dx + r * 1.5) / (r / 2)) | 0) & 1) === 0;
      // Blend 45 % white over the gradient inside the shape.
      const keep = inside ? 0.55 : 1;
      const add = inside ? 114.75 : 0;
      rgb[i++] = ((r0 + dr * t) * keep + add + 0.5) | 0;
      rgb[i++] = ((g0 + dg * t) * keep + add + 0.5) | 0;
      rgb[i++] = ((b0 + db * t) * keep + add + 0.5) | 0;
    }
  }
  return encodePng(width, height, rgb);
}
