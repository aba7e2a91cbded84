import { describe, expect, test } from "vitest";
import { applySecurityHeaders, isCrossSiteWrite, MAX_RETURN_PATH, returnPath, safeRedirect } from "./security.server";

const post = (headers: Record<string, string>) =>
  new Request("https://lockerswap.test/auth", { method: "POST", headers });

describe("cross-site writes", () => {
  test("same-origin form posts pass", () => {
    expect(isCrossSiteWrite(post({ "Sec-Fetch-Site": "same-origin", Origin: "https://lockerswap.test" }))).toBe(false);
  });
  test("a post from another site is refused", () => {
    expect(isCrossSiteWrite(post({ "Sec-Fetch-Site": "cross-site", Origin: "https://evil.test" }))).toBe(true);
    expect(isCrossSiteWrite(post({ Origin: "https://evil.test" }))).toBe(true);
    expect(isCrossSiteWrite(post({ Origin: "null" }))).toBe(true);
    expect(isCrossSiteWrite(post({ "Sec-Fetch-Site": "same-site" }))).toBe(true);
  });
  test("reads are never refused", () => {
    const get = new Request("https://lockerswap.test/", { headers: { "Sec-Fetch-Site": "cross-site" } });
    expect(isCrossSiteWrite(get)).toBe(false);
  });
});

describe("security headers", () => {
  test("HTML gets a nonce CSP; HSTS only in production", () => {
    const headers = new Headers({ "content-type": "text/html; charset=utf-8" });
    applySecurityHeaders(headers, { nonce: "abc", url: new URL("https://lockerswap.test/"), production: true });
    const csp = headers.get("Content-Security-Policy")!;
    expect(csp).toContain("script-src 'nonce-abc' 'strict-dynamic'");
    expect(csp).toContain("object-src 'none'");
    expect(csp).toContain("connect-src 'self' wss://lockerswap.test");
    expect(headers.get("Strict-Transport-Security")).toMatch(/max-age=/);
    const dev = new Headers({ "content-type": "text/html" });
    applySecurityHeaders(dev, { nonce: "abc", url: new URL("http://127.0.0.1:8787/"), production: false });
    expect(dev.get("Strict-Transport-Security")).toBeNull();
    expect(dev.get("X-Content-Type-Options")).toBe("nosniff");
  });
});

describe("redirect targets (safeRedirect): a path on this site, else the fallback", () => {
  test.each([
    // Kept: paths on this site, normalised.
    ["/in-play", "/in-play"],
    ["/club/tigers?tab=chat#top", "/club/tigers?tab=chat#top"],
    ["/sport/soccer?q=nike%20cleats", "/sport/soccer?q=nike%20cleats"],
    ["/a/../on-deck", "/on-deck"],
    ["/%2F%2Fevil.example", "/%2F%2Fevil.example"], // a path segment, not a host
    ["/listing/ü", "/listing/%C3%BC"], // header-safe
    // Refused: anything a browser could follow off the site.
    ["//evil.example", "/"],
    ["///evil.example", "/"],
    ["/\\evil.example", "/"],
    ["/\\/evil.example", "/"],
    ["\\\\evil.example", "/"],
    ["/..//evil.example", "/"],
    ["/./..//evil.example/x", "/"],
    ["/.%2E//evil.example", "/"],
    ["%2F%2Fevil.example", "/"],
    ["https://evil.example", "/"],
    ["https:evil.example", "/"],
    ["HTTPS://evil.example/", "/"],
    ["javascript:alert(1)", "/"],
    ["JaVaScRiPt:alert(1)", "/"],
    ["data:text/html,<script>alert(1)</script>", "/"],
    ["evil.example", "/"],
    // Control characters: tab, CR, LF (the URL parser would drop them and rebuild `//evil`), NUL, DEL.
    ["/\t/evil.example", "/"],
    ["/\r\n/evil.example", "/"],
    ["/on-deck\r\nSet-Cookie: a=b", "/"],
    ["/on-deck\u0000", "/"],
    ["/on-deck\u007f", "/"],
    [" /in-play", "/"],
    ["", "/"],
    [null, "/"],
    [undefined, "/"],
  ])("%j → %s", (to, expected) => {
    expect(safeRedirect(to)).toBe(expected);
  });

  test("the fallback is the caller's", () => {
    expect(safeRedirect("//evil.example", "/on-deck")).toBe("/on-deck");
    expect(safeRedirect(new File([], "x"), "/on-deck")).toBe("/on-deck");
  });
});

describe("redirect targets stay small enough for a Location header (issue 14 §2)", () => {
  test("a very long query is dropped from the way back; an over-long target falls back", () => {
    const long = `/in-play?q=${"x".repeat(20_000)}`;
    expect(returnPath(new URL(`https://app.test${long}`))).toBe("/in-play");
    expect(returnPath(new URL("https://app.test/in-play?q=ball"))).toBe("/in-play?q=ball");
    expect(returnPath(new URL(`https://app.test/${"p".repeat(MAX_RETURN_PATH + 1)}`))).toBe("/");
    expect(safeRedirect(long, "/home")).toBe("/home");
  });
});
