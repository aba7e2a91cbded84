import { readFileSync } from "node:fs";
import { describe, expect, test } from "vitest";
import { makePng } from "../../../tests/fixtures/make-png";
import { isOwnPhotoKey, photoKey, SERVED_PHOTO_KEY, thumbKeyFor } from "./keys";
import { checkThumbnail, PHOTO_MAX_BYTES, sniffImage } from "./sniff";
import { photoUrl } from "./urls";

const fixture = (name: string) => new Uint8Array(readFileSync(new URL(`../../../tests/fixtures/${name}`, import.meta.url)));
const text = (s: string) => new TextEncoder().encode(s);
// The smallest lossless WebP: 1×1 pixel.
const WEBP_1X1 = Uint8Array.from(Buffer.from("UklGRhoAAABXRUJQVlA4TA0AAAAvAAAAEAcQERGIiP4HAA==", "base64"));

describe("photo uploads are judged by their bytes (spec 02 §5)", () => {
  test("a real JPEG is accepted with its width and height read from the header", () => {
    expect(sniffImage(fixture("photo.jpg"))).toEqual({
      ok: true,
      image: { ext: "jpg", contentType: "image/jpeg", width: 180, height: 240 },
    });
  });

  test("a real PNG is accepted with its dimensions", () => {
    expect(sniffImage(fixture("photo.png"))).toEqual({
      ok: true,
      image: { ext: "png", contentType: "image/png", width: 64, height: 48 },
    });
  });

  test("a WebP is accepted", () => {
    expect(sniffImage(WEBP_1X1)).toEqual({ ok: true, image: { ext: "webp", contentType: "image/webp", width: 1, height: 1 } });
  });

  test("an SVG is refused even though browsers call it an image", () => {
    const svg = text('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>');
    expect(sniffImage(svg)).toEqual({ ok: false, reason: "type" });
    expect(sniffImage(text('<?xml version="1.0"?><svg/>'))).toEqual({ ok: false, reason: "type" });
  });

  test("an HTML page is refused", () => {
    expect(sniffImage(text("<!DOCTYPE html><html><body>hi</body></html>"))).toEqual({ ok: false, reason: "type" });
  });

  test("a Windows executable renamed .jpg is refused", () => {
    const exe = new Uint8Array(2048);
    exe.set(text("MZ"), 0);
    exe.set(text("This program cannot be run in DOS mode."), 78);
    expect(sniffImage(exe)).toEqual({ ok: false, reason: "type" });
  });

  test("a PNG header followed by HTML (a polyglot) is refused: its chunks do not walk to IEND", () => {
    const png = makePng(4, 4);
    const polyglot = new Uint8Array([...png.subarray(0, 33), ...text("<html><script>alert(document.cookie)</script></html>")]);
    expect(sniffImage(polyglot)).toEqual({ ok: false, reason: "type" });
    const trailing = new Uint8Array([...png, ...text("<script>alert(1)</script>")]);
    expect(sniffImage(trailing)).toEqual({ ok: false, reason: "type" });
  });

  test("a JPEG cut short (no end-of-image marker) is refused", () => {
    const jpg = fixture("photo.jpg");
    expect(sniffImage(jpg.subarray(0, jpg.length - 100))).toEqual({ ok: false, reason: "type" });
  });

  test("files over 10 MB and empty files are refused", () => {
    const big = new Uint8Array(PHOTO_MAX_BYTES + 1);
    big.set(fixture("photo.jpg"));
    expect(sniffImage(big)).toEqual({ ok: false, reason: "size" });
    expect(sniffImage(new Uint8Array())).toEqual({ ok: false, reason: "empty" });
  });

  test("keys are server-generated under the uploader's id", () => {
    const key = photoKey("user-1", 2, "png", 1700000000000);
    expect(key).toBe("user-1/1700000000000-2.png");
    expect(isOwnPhotoKey("user-1", key)).toBe(true);
    expect(isOwnPhotoKey("user-2", key)).toBe(false);
    expect(isOwnPhotoKey("user-1", "user-1/../user-2/1-0.png")).toBe(false);
  });
});

describe("thumbnails are judged by their own headers, never by what the client declared (ADR 036)", () => {
  const full = (width: number, height: number) => {
    const sniffed = sniffImage(makePng(width, height));
    if (!sniffed.ok) throw new Error("fixture");
    return sniffed.image;
  };

  test("the width and height of a photo and of its thumbnail are read from the PNG header", () => {
    expect(full(1200, 900)).toMatchObject({ width: 1200, height: 900 });
    expect(checkThumbnail(full(1200, 900), makePng(480, 360))).toEqual({ ext: "png", contentType: "image/png", width: 480, height: 360 });
  });

  test("a thumbnail of the same shape within a pixel of rounding is accepted", () => {
    expect(checkThumbnail(full(1000, 667), makePng(480, 320))).toMatchObject({ width: 480, height: 320 });
  });

  test("a thumbnail of another shape is refused", () => {
    expect(checkThumbnail(full(1200, 900), makePng(480, 480))).toBeNull();
    expect(checkThumbnail(full(1200, 900), makePng(480, 300))).toBeNull();
  });

  test("a 'thumbnail' wider than 480 px, or not smaller than the photo, is refused", () => {
    expect(checkThumbnail(full(2000, 1500), makePng(800, 600))).toBeNull();
    expect(checkThumbnail(full(400, 300), makePng(400, 300))).toBeNull();
  });

  test("a thumbnail that is not an image is refused whatever it claims", () => {
    expect(checkThumbnail(full(1200, 900), text("<svg width='480' height='360'/>"))).toBeNull();
    expect(checkThumbnail(full(1200, 900), new Uint8Array())).toBeNull();
  });

  test("a thumbnail's key sits beside its photo's and the photo route serves both shapes", () => {
    expect(thumbKeyFor("u1/1700000000000-0.jpg", "webp")).toBe("u1/1700000000000-0-thumb.webp");
    expect(SERVED_PHOTO_KEY.test("u1/1700000000000-0-thumb.webp")).toBe(true);
    expect(SERVED_PHOTO_KEY.test("u1/1700000000000-0.jpg")).toBe(true);
    expect(SERVED_PHOTO_KEY.test("u1/1700000000000-0-thumb.svg")).toBe(false);
    expect(isOwnPhotoKey("u1", "u1/1700000000000-0-thumb.webp")).toBe(false); // never a form's photo key
  });
});

describe("photo URLs", () => {
  test("one builder serves photos, thumbnails and logos from /photos/, each key segment encoded", () => {
    expect(photoUrl("u1/1700000000000-0.jpg")).toBe("/photos/u1/1700000000000-0.jpg");
    expect(photoUrl("u1/1700000000000-0-thumb.webp")).toBe("/photos/u1/1700000000000-0-thumb.webp");
    expect(photoUrl("a b/c?.png")).toBe("/photos/a%20b/c%3F.png");
  });
});
