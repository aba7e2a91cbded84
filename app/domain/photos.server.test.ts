import { readFileSync } from "node:fs";
import { describe, expect, test } from "vitest";
import { makePng } from "../../tests/fixtures/make-png";
import { isOwnPhotoKey, PHOTO_MAX_BYTES, photoKey, sniffImage } from "./photos.server";

const fixture = (name: string) => new Uint8Array(readFileSync(new URL(`../../tests/fixtures/${name}`, import.meta.url)));
const text = (s: string) => new TextEncoder().encode(s);
// The smallest lossless WebP: 1×1 pixel.
const WEBP_1X1 = Uint8Array.from(
  Buffer.from("UklGRhoAAABXRUJQVlA4TA0AAAAvAAAAEAcQERGIiP4HAA==", "base64"),
);

describe("photo uploads are judged by their bytes (issue 6 §2)", () => {
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
