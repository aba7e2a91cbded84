// Fixed-window rate limits over the rate_limits table (ADR 015). One row per key; the
// window restarts when it is over. Good enough against password guessing and mail flooding; it is
// not a precise sliding window and is not meant to be.
import { sql, type SQL } from "drizzle-orm";
import type { Db } from "#db/client";
import { rateLimits } from "#db/schema";

export type RateLimitRule = { limit: number; windowMs: number };
export type RateLimitResult = { ok: true } | { ok: false; retryAfterSeconds: number };

/** The variables that size the auth limits (app/platform/env.server.ts); absent → the defaults below. */
export type AuthLimitVars = { AUTH_LIMIT_PER_EMAIL?: number; AUTH_LIMIT_PER_IP?: number; AUTH_LIMIT_WINDOW_SECONDS?: number };
export type AuthRateLimits = { email: RateLimitRule; ip: RateLimitRule };

/**
 * Per action and per key kind, sized for production: per e-mail is tight (guessing one account),
 * per IP is looser (a campus or office behind one address). Deployments and the test suites set
 * their own through the variables (the e2e suite runs from one address, so it raises the per-IP
 * limit and proves it in unit tests instead).
 */
export const AUTH_RATE_LIMIT_DEFAULTS = { perEmail: 5, perIp: 100, windowSeconds: 600 } as const;

export function authRateLimits(env: AuthLimitVars = {}): AuthRateLimits {
  const windowMs = (env.AUTH_LIMIT_WINDOW_SECONDS ?? AUTH_RATE_LIMIT_DEFAULTS.windowSeconds) * 1000;
  return {
    email: { limit: env.AUTH_LIMIT_PER_EMAIL ?? AUTH_RATE_LIMIT_DEFAULTS.perEmail, windowMs },
    ip: { limit: env.AUTH_LIMIT_PER_IP ?? AUTH_RATE_LIMIT_DEFAULTS.perIp, windowMs },
  };
}

export const RATE_LIMIT_MESSAGE = "Too many attempts. Please wait a few minutes and try again.";

/** Counts one attempt against `key` and says whether it is still within the rule. */
export async function hitRateLimit(db: Db, key: string, rule: RateLimitRule, now = new Date()): Promise<RateLimitResult> {
  const windowFloor = new Date(now.getTime() - rule.windowMs);
  // One statement: a new key or an expired window starts at 1, otherwise the count goes up.
  const [row] = await db
    .insert(rateLimits)
    .values({ key, count: 1, windowStart: now })
    .onConflictDoUpdate({
      target: rateLimits.key,
      set: {
        count: sql`case when ${rateLimits.windowStart} <= ${windowFloor.getTime()} then 1 else ${rateLimits.count} + 1 end`,
        windowStart: sql`case when ${rateLimits.windowStart} <= ${windowFloor.getTime()} then ${now.getTime()} else ${rateLimits.windowStart} end`,
      },
    })
    .returning();
  if (row.count <= rule.limit) return { ok: true };
  const retryAfterMs = row.windowStart.getTime() + rule.windowMs - now.getTime();
  return { ok: false, retryAfterSeconds: Math.max(1, Math.ceil(retryAfterMs / 1000)) };
}

/**
 * hitRateLimit as one statement, for a write that sends its check, its insert and its read-back in
 * one batch (one round trip). The attempt is counted only when `onlyIf` holds (a retry of something
 * already stored is not a new attempt); the statement returns the counter, or no row when it did not
 * count. `withinRateLimit` guards the batch's insert; `rateLimitVerdict` reads the returned row.
 */
export function rateLimitHit(db: Db, key: string, rule: RateLimitRule, now: Date, onlyIf: SQL) {
  const floor = now.getTime() - rule.windowMs;
  return db.all<{ count: number; windowStart: number }>(sql`
    insert into rate_limits (key, count, window_start)
    select ${key}, 1, ${now.getTime()} where ${onlyIf}
    on conflict (key) do update set
      count = case when window_start <= ${floor} then 1 else count + 1 end,
      window_start = case when window_start <= ${floor} then ${now.getTime()} else window_start end
    returning count, window_start as windowStart`);
}

/** SQL: the counter of `key` is within the rule (after rateLimitHit counted this attempt). */
export function withinRateLimit(key: string, rule: RateLimitRule): SQL {
  return sql`coalesce((select count from rate_limits where key = ${key}), 0) <= ${rule.limit}`;
}

/** What rateLimitHit's row says: null when the attempt was not counted. */
export function rateLimitVerdict(rows: { count: number; windowStart: number }[], rule: RateLimitRule, now: Date): RateLimitResult | null {
  const [row] = rows;
  if (!row) return null;
  if (Number(row.count) <= rule.limit) return { ok: true };
  const retryAfterMs = Number(row.windowStart) + rule.windowMs - now.getTime();
  return { ok: false, retryAfterSeconds: Math.max(1, Math.ceil(retryAfterMs / 1000)) };
}

/** The client address as Cloudflare reports it; 'local' when there is none (local dev, tests). */
export function clientIp(request: Request) {
  return request.headers.get("CF-Connecting-IP")?.trim() || "local";
}

/**
 * Checks the per-IP and per-e-mail limits of one auth action (sign-up, resend). Both counters move
 * on every attempt, so a refused attempt still counts. Sign-in counts differently (see signIn).
 */
export async function hitAuthRateLimits(
  db: Db,
  limits: AuthRateLimits,
  action: string,
  ip: string,
  email: string | null,
  now = new Date(),
) {
  const byIp = await hitRateLimit(db, authLimitKey(action, "ip", ip), limits.ip, now);
  const byEmail = email ? await hitRateLimit(db, authLimitKey(action, "email", email), limits.email, now) : { ok: true as const };
  return byIp.ok && byEmail.ok;
}

export const authLimitKey = (action: string, kind: "ip" | "email", value: string) =>
  `${action}:${kind}:${kind === "email" ? value.trim().toLowerCase() : value}`;
