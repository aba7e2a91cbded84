/**
 * How well the photo hash tells "the same photo" from "another photo" (ADR 094), measured on the
 * demo's own drawings (ADR 020): every drawing, whole, in one colour variant, is the original; each
 * gets the copies a thief makes — re-compressed at JPEG quality 40–95, resized 25–200 %, cropped up
 * to 10 %, brightness ±15 %, a text overlay (and mirrored, reported apart: neither hash is
 * mirror-proof) — and is compared with every *other* drawing (whole and close-up, all colour
 * variants: the distinct photos). Prints, for pHash and dHash, recall and false matches per
 * Hamming threshold, and the worst transform at the chosen threshold.
 *
 *   node --import tsx bench/photo-hash-recall.ts [--width 480]
 */
import { cpus, loadavg } from "node:os";
import { decode as decodePng } from "fast-png";
import { encode as encodeJpeg } from "jpeg-js";
import { DRAWINGS, renderIllustration, VARIANTS, type DrawingKey } from "../db/seed/illustrations";
import {
  decodePixels,
  hammingDistance,
  hashOfBits,
  lumaGrid,
  pHashBits,
  MATCH_DISTANCE,
  photoHash,
} from "../app/features/photos/perceptual-hash";
import { option } from "./cli";

type Rgb = { width: number; height: number; data: Uint8Array };

const WIDTH = Number(option("width", "480"));

function rgbOfPng(png: Uint8Array): Rgb {
  const d = decodePng(png);
  const out = new Uint8Array(d.width * d.height * 3);
  for (let i = 0, o = 0; i < d.width * d.height; i++, o += 3) for (let c = 0; c < 3; c++) out[o + c] = d.data[i * d.channels + c]!;
  return { width: d.width, height: d.height, data: out };
}

function resize(img: Rgb, factor: number): Rgb {
  const width = Math.max(8, Math.round(img.width * factor));
  const height = Math.max(8, Math.round(img.height * factor));
  const out = new Uint8Array(width * height * 3);
  // Box filter when shrinking, bilinear when growing: what an ordinary editor does.
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++) {
      const x0 = (x * img.width) / width;
      const y0 = (y * img.height) / height;
      const x1 = Math.max(x0 + 1, ((x + 1) * img.width) / width);
      const y1 = Math.max(y0 + 1, ((y + 1) * img.height) / height);
      const acc = [0, 0, 0];
      let n = 0;
      for (let sy = Math.floor(y0); sy < Math.min(img.height, Math.ceil(y1)); sy++)
        for (let sx = Math.floor(x0); sx < Math.min(img.width, Math.ceil(x1)); sx++) {
          for (let c = 0; c < 3; c++) acc[c]! += img.data[(sy * img.width + sx) * 3 + c]!;
          n++;
        }
      for (let c = 0; c < 3; c++) out[(y * width + x) * 3 + c] = acc[c]! / n;
    }
  return { width, height, data: out };
}

function crop(img: Rgb, share: number, side: "all" | "left" | "top"): Rgb {
  const dx = side === "top" ? 0 : Math.round(img.width * share);
  const dy = side === "left" ? 0 : Math.round(img.height * share);
  const left = side === "all" ? Math.round(dx / 2) : dx;
  const top = side === "all" ? Math.round(dy / 2) : dy;
  const width = img.width - dx;
  const height = img.height - dy;
  const out = new Uint8Array(width * height * 3);
  for (let y = 0; y < height; y++)
    out.set(img.data.subarray(((y + top) * img.width + left) * 3, ((y + top) * img.width + left + width) * 3), y * width * 3);
  return { width, height, data: out };
}

function brightness(img: Rgb, factor: number): Rgb {
  return { ...img, data: img.data.map((v) => Math.max(0, Math.min(255, Math.round(v * factor)))) };
}

function mirror(img: Rgb): Rgb {
  const out = new Uint8Array(img.data.length);
  for (let y = 0; y < img.height; y++)
    for (let x = 0; x < img.width; x++)
      for (let c = 0; c < 3; c++) out[(y * img.width + x) * 3 + c] = img.data[(y * img.width + img.width - 1 - x) * 3 + c]!;
  return { ...img, data: out };
}

/** A caption in the bottom-left corner: "words" of bold 3 × 5 blocks, white on a dark strip. */
function overlay(img: Rgb): Rgb {
  const data = img.data.slice();
  const cell = Math.max(2, Math.round(img.height / 60));
  const stripTop = img.height - cell * 9;
  const paint = (x: number, y: number, v: number) => {
    if (x < 0 || y < 0 || x >= img.width || y >= img.height) return;
    for (let c = 0; c < 3; c++) data[(y * img.width + x) * 3 + c] = v;
  };
  for (let y = stripTop; y < img.height; y++) for (let x = 0; x < img.width * 0.7; x++) paint(x, y, 30);
  let seed = 7;
  for (let letter = 0; letter < 24; letter++) {
    const x0 = cell * 2 + letter * cell * 4 + Math.floor(letter / 5) * cell * 2;
    if (x0 + cell * 3 > img.width * 0.7) break;
    for (let by = 0; by < 5; by++)
      for (let bx = 0; bx < 3; bx++) {
        seed = (seed * 1103515245 + 12345) & 0x7fffffff;
        if (seed % 3 === 0) continue;
        for (let y = 0; y < cell; y++) for (let x = 0; x < cell; x++) paint(x0 + bx * cell + x, stripTop + cell * 2 + by * cell + y, 245);
      }
  }
  return { ...img, data };
}

const jpeg = (img: Rgb, quality: number) => {
  const rgba = new Uint8Array(img.width * img.height * 4);
  for (let i = 0; i < img.width * img.height; i++) {
    rgba.set(img.data.subarray(i * 3, i * 3 + 3), i * 4);
    rgba[i * 4 + 3] = 255;
  }
  return new Uint8Array(encodeJpeg({ width: img.width, height: img.height, data: rgba }, quality).data);
};

type Transform = { name: string; make: (img: Rgb) => Uint8Array };
const TRANSFORMS: Transform[] = [
  ...[40, 60, 75, 95].map((q) => ({ name: `jpeg q${q}`, make: (img: Rgb) => jpeg(img, q) })),
  ...[0.25, 0.5, 1.5, 2].map((f) => ({ name: `resize ${f * 100}%`, make: (img: Rgb) => jpeg(resize(img, f), 85) })),
  ...([0.05, 0.1] as const).flatMap((s) =>
    (["all", "left", "top"] as const).map((side) => ({
      name: `crop ${s * 100}% ${side}`,
      make: (img: Rgb) => jpeg(crop(img, s, side), 85),
    })),
  ),
  ...[0.85, 1.15].map((f) => ({ name: `brightness ${Math.round((f - 1) * 100)}%`, make: (img: Rgb) => jpeg(brightness(img, f), 85) })),
  { name: "text overlay", make: (img: Rgb) => jpeg(overlay(img), 85) },
  { name: "resize 50% + q50 + crop 5%", make: (img: Rgb) => jpeg(crop(resize(img, 0.5), 0.05, "all"), 50) },
];
const MIRROR: Transform = { name: "mirrored", make: (img: Rgb) => jpeg(mirror(img), 85) };

type Hashes = { p: string; d: string };
/** Both hashes from the server's own decode (decodePixels), so the bench measures what the save stores. */
function hashes(bytes: Uint8Array, type: "image/png" | "image/jpeg"): Hashes {
  const pixels = decodePixels(bytes, type)!;
  return { p: hashOfBits(pHashBits(lumaGrid(pixels))).hex, d: photoHash(bytes, type)!.hex };
}

const started = performance.now();
const keys = Object.keys(DRAWINGS) as DrawingKey[];
const originals = keys.map((key, i) => ({ key, png: renderIllustration(key, i % VARIANTS.length, WIDTH, "whole") }));
const distinct: { key: DrawingKey; h: Hashes }[] = [];
for (const key of keys)
  for (let v = 0; v < VARIANTS.length; v++)
    for (const shot of ["whole", "close-up"] as const)
      distinct.push({ key, h: hashes(renderIllustration(key, v, WIDTH, shot), "image/png") });

type Copy = { key: DrawingKey; transform: string; original: Hashes; copy: Hashes };
const copies: Copy[] = [];
const mirrored: Copy[] = [];
for (const { key, png } of originals) {
  const original = hashes(png, "image/png");
  const rgb = rgbOfPng(png);
  for (const t of TRANSFORMS) copies.push({ key, transform: t.name, original, copy: hashes(t.make(rgb), "image/jpeg") });
  mirrored.push({ key, transform: MIRROR.name, original, copy: hashes(MIRROR.make(rgb), "image/jpeg") });
}

const MAX_T = 16;
type Curve = { recall: number[]; falseMatch: number[]; mirrored: number[] };
function curve(which: "p" | "d"): Curve {
  const within = (list: number[]) => Array.from({ length: MAX_T + 1 }, (_, t) => list.filter((d) => d <= t).length / list.length);
  const same = copies.map((c) => hammingDistance(c.original[which], c.copy[which]));
  const flips = mirrored.map((c) => hammingDistance(c.original[which], c.copy[which]));
  // Every copy and every original against every distinct photo of another drawing.
  const other: number[] = [];
  const queries = [
    ...originals.map((o, i) => ({ key: o.key, h: copies[i * TRANSFORMS.length]!.original })),
    ...copies.map((c) => ({ key: c.key, h: c.copy })),
  ];
  for (const q of queries) for (const d of distinct) if (d.key !== q.key) other.push(hammingDistance(q.h[which], d.h[which]));
  return { recall: within(same), falseMatch: within(other), mirrored: within(flips) };
}

const pct = (x: number) => `${(x * 100).toFixed(2).padStart(6)} %`;
const load = loadavg()[0]!.toFixed(2);
console.log(
  `photo-hash-recall ${new Date().toISOString()} · ${cpus().length} cores, load ${load} · ${originals.length} originals × ${TRANSFORMS.length} copies = ${copies.length} copies; ${distinct.length} distinct photos (${keys.length} drawings × ${VARIANTS.length} colours × whole/close-up); width ${WIDTH} px`,
);
for (const which of ["p", "d"] as const) {
  const c = curve(which);
  console.log(
    `\n${which === "p" ? "pHash (DCT 8×8 of 32×32)" : "dHash (9×8 gradients)"}: threshold · recall · false matches · mirrored found`,
  );
  for (let t = 0; t <= MAX_T; t++) {
    const mark = which === "d" && t === MATCH_DISTANCE ? "  ← chosen" : "";
    console.log(`  ≤ ${String(t).padStart(2)}  ${pct(c.recall[t]!)}  ${pct(c.falseMatch[t]!)}  ${pct(c.mirrored[t]!)}${mark}`);
  }
}
console.log(`\ndHash (the stored hash) at ≤ ${MATCH_DISTANCE}, recall per transform:`);
for (const t of TRANSFORMS) {
  const of = copies.filter((c) => c.transform === t.name);
  const found = of.filter((c) => hammingDistance(c.original.d, c.copy.d) <= MATCH_DISTANCE).length;
  console.log(`  ${t.name.padEnd(28)} ${pct(found / of.length)}`);
}
console.log(`\n${((performance.now() - started) / 1000).toFixed(1)} s`);
