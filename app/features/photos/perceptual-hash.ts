// The perceptual hash of a photo (ADR 094): computed by the server from pixels it decoded itself —
// a hash sent by a browser is never trusted. JPEG through `jpeg-js`, PNG through `fast-png`, both
// pure JavaScript that runs in workerd; WebP has no such decoder and is left unhashed (the save goes
// on; ADR 094 says why that is acceptable).
//
// One pass over the decoded pixels averages the luma into a grid (area averaging, so a 12-megapixel
// photo and its 25 % copy give the same grid), and the 64-bit dHash is read from it: 8 rows × 8
// "brighter than its right neighbour" of a 9 × 8 grid. pHash (the 8 × 8 lowest DCT frequencies of a
// 32 × 32 grid) is kept beside it for the bench: ADR 094 has the measured curves that chose dHash
// and the threshold.
import { decode as decodeJpeg } from "jpeg-js";
import { decode as decodePng } from "fast-png";

export const HASH_GRID = 32;
/** Hamming distance at or under which two photos are the same photo (ADR 094, the recall bench). */
export const MATCH_DISTANCE = 7;

export type PhotoHash = { hex: string; bands: [number, number, number, number] };

export type Pixels = { width: number; height: number; data: ArrayLike<number>; channels: number; max: number };

/** JPEG or PNG bytes to pixels, or null when they cannot be decoded here. */
export function decodePixels(bytes: Uint8Array, contentType: string): Pixels | null {
  try {
    if (contentType === "image/jpeg") {
      // RGB, not RGBA: a quarter less memory for a 12-megapixel photo (ADR 094 has the figures).
      const image = decodeJpeg(bytes, { useTArray: true, formatAsRGBA: false, maxResolutionInMP: 50, maxMemoryUsageInMB: 256 });
      return { width: image.width, height: image.height, data: image.data, channels: 3, max: 255 };
    }
    if (contentType === "image/png") {
      const png = decodePng(bytes);
      const max = png.depth === 16 ? 65535 : 255;
      if (png.palette) return { ...indexedToRgb(png.data, png.palette, png.depth, png.width, png.height), max: 255 };
      return { width: png.width, height: png.height, data: png.data, channels: png.channels, max };
    }
  } catch {
    return null;
  }
  return null;
}

function indexedToRgb(data: ArrayLike<number>, palette: number[][], depth: number, width: number, height: number) {
  const out = new Uint8Array(width * height * 3);
  const perByte = 8 / depth;
  const rowBytes = Math.ceil(width / perByte);
  const mask = (1 << depth) - 1;
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const byte = data[y * rowBytes + Math.floor(x / perByte)]!;
      const index = (byte >> (8 - depth * ((x % perByte) + 1))) & mask;
      const colour = palette[index] ?? [0, 0, 0];
      const o = (y * width + x) * 3;
      out[o] = colour[0]!;
      out[o + 1] = colour[1]!;
      out[o + 2] = colour[2]!;
    }
  }
  return { width, height, data: out, channels: 3 };
}

/**
 * The luma of `pixels` averaged into a size × size grid, 0–255. Transparent pixels count as white
 * (the browser's thumbnails paint white under transparency, ADR 036).
 */
export function lumaGrid({ width, height, data, channels, max }: Pixels, size = HASH_GRID): Float64Array {
  const sums = new Float64Array(size * size);
  const counts = new Float64Array(size * size);
  const scale = 255 / max;
  const colX = new Int32Array(width);
  for (let x = 0; x < width; x++) colX[x] = Math.min(size - 1, Math.floor((x * size) / width));
  for (let y = 0; y < height; y++) {
    const row = Math.min(size - 1, Math.floor((y * size) / height)) * size;
    let i = y * width * channels;
    for (let x = 0; x < width; x++, i += channels) {
      let luma: number;
      if (channels >= 3) luma = 0.299 * data[i]! + 0.587 * data[i + 1]! + 0.114 * data[i + 2]!;
      else luma = data[i]!;
      if (channels === 4 || channels === 2) {
        const alpha = data[i + channels - 1]! / max;
        luma = luma * alpha + max * (1 - alpha);
      }
      const cell = row + colX[x]!;
      sums[cell]! += luma * scale;
      counts[cell]! += 1;
    }
  }
  for (let c = 0; c < sums.length; c++) sums[c] = counts[c] ? sums[c]! / counts[c]! : 255;
  return sums;
}

const COSINES = (() => {
  const table = new Float64Array(8 * HASH_GRID);
  for (let u = 0; u < 8; u++)
    for (let x = 0; x < HASH_GRID; x++) table[u * HASH_GRID + x] = Math.cos(((2 * x + 1) * u * Math.PI) / (2 * HASH_GRID));
  return table;
})();

/** pHash: the 8 × 8 lowest DCT frequencies of the 32 × 32 luma grid, each bit set above their median. */
export function pHashBits(grid: Float64Array): boolean[] {
  const n = HASH_GRID;
  // Rows first, then columns: 8 × 32 + 8 × 8 sums of 32 terms.
  const rows = new Float64Array(n * 8);
  for (let y = 0; y < n; y++)
    for (let u = 0; u < 8; u++) {
      let s = 0;
      for (let x = 0; x < n; x++) s += grid[y * n + x]! * COSINES[u * n + x]!;
      rows[y * 8 + u] = s;
    }
  const coefficients: number[] = [];
  for (let v = 0; v < 8; v++)
    for (let u = 0; u < 8; u++) {
      let s = 0;
      for (let y = 0; y < n; y++) s += rows[y * 8 + u]! * COSINES[v * n + y]!;
      coefficients.push(s);
    }
  // The DC term says only how bright the photo is: leave it out of the median.
  const median = [...coefficients.slice(1)].sort((a, b) => a - b)[31]!;
  return coefficients.map((c) => c > median);
}

/** dHash, measured beside pHash in bench/photo-hash-recall.ts: 8 rows × 8 "brighter than the next" of a 9 × 8 grid. */
export function dHashBits(pixels: Pixels): boolean[] {
  const wide = lumaGridRect(pixels, 9, 8);
  const bits: boolean[] = [];
  for (let y = 0; y < 8; y++) for (let x = 0; x < 8; x++) bits.push(wide[y * 9 + x]! > wide[y * 9 + x + 1]!);
  return bits;
}

function lumaGridRect(pixels: Pixels, cols: number, rows: number) {
  // Square grid at the larger side, then averaged down to cols × rows (cheap: 72 cells).
  const fine = lumaGrid(pixels, 36);
  const out = new Float64Array(cols * rows);
  for (let y = 0; y < 36; y++)
    for (let x = 0; x < 36; x++) out[Math.floor((y * rows) / 36) * cols + Math.floor((x * cols) / 36)]! += fine[y * 36 + x]!;
  return out;
}

export function hashOfBits(bits: boolean[]): PhotoHash {
  const bands: [number, number, number, number] = [0, 0, 0, 0];
  bits.forEach((bit, i) => {
    if (bit) bands[i >> 4]! |= 1 << (15 - (i & 15));
  });
  return { hex: bands.map((b) => b.toString(16).padStart(4, "0")).join(""), bands };
}

/** The photo's dHash, or null when its bytes cannot be decoded here (WebP, a broken file). */
export function photoHash(bytes: Uint8Array, contentType: string): PhotoHash | null {
  const pixels = decodePixels(bytes, contentType);
  if (!pixels || pixels.width === 0 || pixels.height === 0) return null;
  return hashOfBits(dHashBits(pixels));
}

export function bandsOfHex(hex: string): [number, number, number, number] {
  return [0, 1, 2, 3].map((i) => parseInt(hex.slice(i * 4, i * 4 + 4), 16)) as [number, number, number, number];
}

const popcount16 = (v: number) => {
  let n = 0;
  for (let x = v; x; x &= x - 1) n++;
  return n;
};

export function hammingDistance(a: string, b: string): number {
  const x = bandsOfHex(a);
  const y = bandsOfHex(b);
  return x.reduce((sum, band, i) => sum + popcount16(band ^ y[i]!), 0);
}

/**
 * The values a band is looked up by: its own and every one-bit neighbour (17). Any two hashes
 * within distance 7 have a band that differs in at most one bit (pigeonhole over four bands), so
 * probing these finds every pair the threshold accepts (ADR 094).
 */
export function bandProbes(band: number): number[] {
  return [band, ...Array.from({ length: 16 }, (_, bit) => band ^ (1 << bit))];
}
