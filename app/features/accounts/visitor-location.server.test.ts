import { describe, expect, test } from "vitest";
import { visitorOrigin, visitorZipCookie } from "./visitor-location.server";

const env = { APP_ENV: "test" };
const request = (headers: Record<string, string> = {}) => new Request("http://app.test/", { headers });
const austin = { country: "US", postalCode: "78701", latitude: "30.27130", longitude: "-97.74260", city: "Austin", regionCode: "TX" };

describe("where a signed-out visitor is (ADR 035)", () => {
  test("the ZIP they chose wins, then the configured default, then Cloudflare's request.cf", () => {
    const chosen = request({ Cookie: "ls_visitor_zip=10001" });
    expect(visitorOrigin(chosen, { env: { ...env, DEFAULT_VISITOR_ZIP: "02139" }, cloudflare: { cf: austin } })).toEqual({
      source: "chosen",
      zip: "10001",
    });
    expect(visitorOrigin(request(), { env: { ...env, DEFAULT_VISITOR_ZIP: "02139" }, cloudflare: { cf: austin } })).toEqual({
      source: "default",
      zip: "02139",
    });
    expect(visitorOrigin(request(), { env, cloudflare: { cf: austin } })).toEqual({ source: "edge", zip: "78701" });
  });

  test("without a postal code the edge's latitude and longitude are used, outside the US nothing", () => {
    const { postalCode: _postalCode, ...noZip } = austin;
    expect(visitorOrigin(request(), { env, cloudflare: { cf: noZip } })).toEqual({
      source: "edge",
      latitude: 30.2713,
      longitude: -97.7426,
      place: "Austin, TX",
    });
    expect(visitorOrigin(request(), { env, cloudflare: { cf: { ...austin, country: "CA" } } })).toBeNull();
    expect(visitorOrigin(request(), { env, cloudflare: {} })).toBeNull();
  });

  test("client headers never set the location, and a malformed cookie is ignored", () => {
    const forged = request({
      "CF-IPCountry": "US",
      "CF-Postal-Code": "90210",
      "X-Forwarded-For": "1.2.3.4",
      Cookie: "ls_visitor_zip=9021<script>",
    });
    expect(visitorOrigin(forged, { env, cloudflare: {} })).toBeNull();
  });

  test("the chosen ZIP cookie lasts a year, HttpOnly; in production __Host- and Secure", () => {
    expect(visitorZipCookie(env, "02139")).toMatch(/^ls_visitor_zip=02139; Path=\/; HttpOnly; SameSite=Lax; Max-Age=31536000$/);
    expect(visitorZipCookie({ APP_ENV: "production" }, "02139")).toMatch(/^__Host-ls_visitor_zip=02139;.*Secure$/);
  });
});
