import { describe, expect, test } from "vitest";
import { base64ToBytes, base64UrlToBytes, bytesToBase64, bytesToBase64Url, randomBase64Url, sameSecret, timingSafeEqual } from "./crypto";

const bytes = (...values: number[]) => new Uint8Array(values);

describe("base64 and base64url", () => {
  test("encode the RFC 4648 test vectors", () => {
    const text = (s: string) => new TextEncoder().encode(s);
    expect(bytesToBase64(text("foob"))).toBe("Zm9vYg==");
    expect(bytesToBase64Url(text("foob"))).toBe("Zm9vYg");
    expect(bytesToBase64(text("foobar"))).toBe("Zm9vYmFy");
  });

  test("base64url uses - and _ where base64 uses + and /, and drops the padding", () => {
    const raw = bytes(0xfb, 0xff, 0xbf);
    expect(bytesToBase64(raw)).toBe("+/+/");
    expect(bytesToBase64Url(raw)).toBe("-_-_");
    expect(bytesToBase64Url(bytes(0xff))).toBe("_w");
  });

  test("round-trip every byte value", () => {
    const all = Uint8Array.from({ length: 256 }, (_, i) => i);
    expect(base64UrlToBytes(bytesToBase64Url(all))).toEqual(all);
    expect(base64ToBytes(bytesToBase64(all))).toEqual(all);
  });

  test("decoding accepts base64url with or without padding", () => {
    expect(base64UrlToBytes("_w")).toEqual(bytes(0xff));
    expect(base64UrlToBytes("_w==")).toEqual(bytes(0xff));
  });

  test("decoding refuses text from the other alphabet or with stray characters", () => {
    expect(base64UrlToBytes("+/+/")).toBeNull();
    expect(base64UrlToBytes("ab.c")).toBeNull();
    expect(base64ToBytes("-_-_")).toBeNull();
    expect(base64ToBytes("a")).toBeNull();
  });

  test("randomBase64Url gives the requested entropy, URL-safe and different each time", () => {
    const a = randomBase64Url(32);
    expect(a).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(base64UrlToBytes(a)).toHaveLength(32);
    expect(randomBase64Url(32)).not.toBe(a);
  });
});

describe("timingSafeEqual", () => {
  test("equal bytes are equal; a difference anywhere, or another length, is not", () => {
    expect(timingSafeEqual(bytes(1, 2, 3), bytes(1, 2, 3))).toBe(true);
    expect(timingSafeEqual(bytes(0, 2, 3), bytes(1, 2, 3))).toBe(false);
    expect(timingSafeEqual(bytes(1, 2, 3), bytes(1, 2, 4))).toBe(false);
    expect(timingSafeEqual(bytes(1, 2), bytes(1, 2, 3))).toBe(false);
    expect(timingSafeEqual(bytes(), bytes())).toBe(true);
  });

  test("text is compared as its UTF-8 bytes", () => {
    expect(timingSafeEqual("s3cret", "s3cret")).toBe(true);
    expect(timingSafeEqual("s3cret", "s3creT")).toBe(false);
    expect(timingSafeEqual("é", bytes(0xc3, 0xa9))).toBe(true);
  });

  test("sameSecret compares digests, so secrets of different lengths are simply unequal", async () => {
    expect(await sameSecret("ABC123", "ABC123")).toBe(true);
    expect(await sameSecret("ABC123", "ABC124")).toBe(false);
    expect(await sameSecret("ABC", "ABC123")).toBe(false);
  });
});
