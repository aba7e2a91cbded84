import { describe, expect, test } from "vitest";
import { applySecurityHeaders, isCrossSiteWrite } from "./security.server";

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
