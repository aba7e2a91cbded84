import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { createTestDb, type TestDb } from "../../../tests/setup/test-db";
import { AUTH_RATE_LIMIT_DEFAULTS, authRateLimits, clientIp, hitAuthRateLimits, hitRateLimit } from "./rate-limit.server";

const AUTH_RATE_LIMITS = authRateLimits({ AUTH_LIMIT_PER_EMAIL: 5, AUTH_LIMIT_PER_IP: 12 });

let t: TestDb;
beforeAll(async () => {
  t = await createTestDb();
});
afterAll(() => t.cleanup());

describe("rate limits", () => {
  const rule = { limit: 3, windowMs: 60_000 };

  test("attempts within the limit pass and the next one is refused with a retry time", async () => {
    const now = new Date("2030-01-01T00:00:00Z");
    for (let i = 0; i < 3; i++) expect(await hitRateLimit(t.db, "test:a", rule, now)).toEqual({ ok: true });
    expect(await hitRateLimit(t.db, "test:a", rule, new Date(now.getTime() + 20_000))).toEqual({ ok: false, retryAfterSeconds: 40 });
  });

  test("a new window starts once the old one is over", async () => {
    const now = new Date("2030-01-01T00:00:00Z");
    for (let i = 0; i < 4; i++) await hitRateLimit(t.db, "test:b", rule, now);
    expect(await hitRateLimit(t.db, "test:b", rule, new Date(now.getTime() + 60_000))).toEqual({ ok: true });
  });

  test("keys are counted separately", async () => {
    const now = new Date("2030-01-01T00:00:00Z");
    for (let i = 0; i < 4; i++) await hitRateLimit(t.db, "test:c", rule, now);
    expect((await hitRateLimit(t.db, "test:d", rule, now)).ok).toBe(true);
  });

  test("the per-e-mail auth limit refuses the attempt after the limit, whatever the case of the address", async () => {
    const now = new Date("2030-02-01T00:00:00Z");
    for (let i = 0; i < AUTH_RATE_LIMITS.email.limit; i++) {
      expect(await hitAuthRateLimits(t.db, AUTH_RATE_LIMITS, "sign-in", `10.0.0.${i}`, "Sam@Example.com", now)).toBe(true);
    }
    expect(await hitAuthRateLimits(t.db, AUTH_RATE_LIMITS, "sign-in", "10.0.1.1", "sam@example.com", now)).toBe(false);
    expect(await hitAuthRateLimits(t.db, AUTH_RATE_LIMITS, "sign-up", "10.0.1.1", "sam@example.com", now)).toBe(true);
  });

  test("the per-IP auth limit refuses one address trying many e-mails", async () => {
    const now = new Date("2030-03-01T00:00:00Z");
    for (let i = 0; i < AUTH_RATE_LIMITS.ip.limit; i++) {
      expect(await hitAuthRateLimits(t.db, AUTH_RATE_LIMITS, "sign-in", "10.9.9.9", `user${i}@example.com`, now)).toBe(true);
    }
    expect(await hitAuthRateLimits(t.db, AUTH_RATE_LIMITS, "sign-in", "10.9.9.9", "fresh@example.com", now)).toBe(false);
  });

  test("the limits come from the environment, with production-sized defaults", () => {
    expect(authRateLimits({})).toEqual({
      email: { limit: AUTH_RATE_LIMIT_DEFAULTS.perEmail, windowMs: 600_000 },
      ip: { limit: AUTH_RATE_LIMIT_DEFAULTS.perIp, windowMs: 600_000 },
    });
    expect(authRateLimits({ AUTH_LIMIT_PER_EMAIL: 3, AUTH_LIMIT_PER_IP: 7, AUTH_LIMIT_WINDOW_SECONDS: 60 })).toEqual({
      email: { limit: 3, windowMs: 60_000 },
      ip: { limit: 7, windowMs: 60_000 },
    });
  });

  test("the client IP comes from CF-Connecting-IP, else 'local'", () => {
    expect(clientIp(new Request("http://x/", { headers: { "CF-Connecting-IP": "203.0.113.9" } }))).toBe("203.0.113.9");
    expect(clientIp(new Request("http://x/"))).toBe("local");
  });
});
