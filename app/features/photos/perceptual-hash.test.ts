// ADR 094: the server's photo hash on known images — the same photo, the same photo re-compressed
// and shrunk, and different photos — and the band probes the match looks up.
import { readFileSync } from "node:fs";
import { decode as decodePng } from "fast-png";
import { decode, encode } from "jpeg-js";
import { describe, expect, test } from "vitest";
import { renderIllustration } from "#db/seed/illustrations";
import { bandProbes, hammingDistance, MATCH_DISTANCE, photoHash } from "./perceptual-hash";

const JPEG = new Uint8Array(readFileSync("tests/fixtures/photo.jpg"));

function recompressed(bytes: Uint8Array, quality: number, shrink = 1) {
  const image = decode(bytes, { useTArray: true });
  const width = Math.round(image.width / shrink);
  const height = Math.round(image.height / shrink);
  const data = new Uint8Array(width * height * 4);
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++) {
      const from = (Math.floor(y * shrink) * image.width + Math.floor(x * shrink)) * 4;
      data.set(image.data.subarray(from, from + 4), (y * width + x) * 4);
    }
  return new Uint8Array(encode({ width, height, data }, quality).data);
}

describe("photoHash", () => {
  test("the same bytes give the same 64-bit hash, as 16 hex digits and four 16-bit bands", () => {
    const a = photoHash(JPEG, "image/jpeg")!;
    expect(a.hex).toMatch(/^[0-9a-f]{16}$/);
    expect(a.bands.map((b) => b.toString(16).padStart(4, "0")).join("")).toBe(a.hex);
    expect(photoHash(JPEG, "image/jpeg")!.hex).toBe(a.hex);
  });

  test("re-compressed at quality 40 and shrunk to half: within the match distance", () => {
    const original = photoHash(JPEG, "image/jpeg")!;
    expect(hammingDistance(original.hex, photoHash(recompressed(JPEG, 40), "image/jpeg")!.hex)).toBeLessThanOrEqual(MATCH_DISTANCE);
    expect(hammingDistance(original.hex, photoHash(recompressed(JPEG, 70, 2), "image/jpeg")!.hex)).toBeLessThanOrEqual(MATCH_DISTANCE);
  });

  test("a PNG and its JPEG copy match; different drawings do not", () => {
    const bat = renderIllustration("bat", 0, 320);
    const batHash = photoHash(bat, "image/png")!;
    const image = decodePngToRgba(bat);
    const batJpeg = new Uint8Array(encode(image, 80).data);
    expect(hammingDistance(batHash.hex, photoHash(batJpeg, "image/jpeg")!.hex)).toBeLessThanOrEqual(MATCH_DISTANCE);
    for (const other of ["helmet-football", "skate-ice", "stick-ice"] as const) {
      const hash = photoHash(renderIllustration(other, 0, 320), "image/png")!;
      expect(hammingDistance(batHash.hex, hash.hex), other).toBeGreaterThan(MATCH_DISTANCE);
    }
  });

  test("WebP and broken bytes are not hashed (the save goes on unhashed)", () => {
    expect(photoHash(new Uint8Array([0x52, 0x49, 0x46, 0x46, 0, 0, 0, 0]), "image/webp")).toBeNull();
    expect(photoHash(JPEG.subarray(0, 200), "image/jpeg")).toBeNull();
  });
});

describe("bandProbes", () => {
  test("every hash within the match distance shares a probed band value (pigeonhole over four bands)", () => {
    let seed = 1;
    const random = () => (seed = (seed * 1103515245 + 12345) & 0x7fffffff) / 0x7fffffff;
    for (let round = 0; round < 500; round++) {
      const bands = [0, 1, 2, 3].map(() => Math.floor(random() * 65536));
      const flipped = [...bands];
      const bits = new Set<number>();
      while (bits.size < MATCH_DISTANCE) bits.add(Math.floor(random() * 64));
      for (const bit of bits) flipped[bit >> 4]! ^= 1 << (bit & 15);
      expect(bands.some((band, i) => bandProbes(band).includes(flipped[i]!))).toBe(true);
    }
    expect(bandProbes(0)).toHaveLength(17);
  });
});

/** fast-png gives RGB or RGBA; jpeg-js encodes RGBA. */
function decodePngToRgba(png: Uint8Array) {
  const d = decodePng(png);
  const data = new Uint8Array(d.width * d.height * 4);
  for (let i = 0; i < d.width * d.height; i++) {
    for (let c = 0; c < 3; c++) data[i * 4 + c] = d.data[i * d.channels + c]!;
    data[i * 4 + 3] = 255;
  }
  return { width: d.width, height: d.height, data };
}
