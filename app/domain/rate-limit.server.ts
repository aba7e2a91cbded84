// Fixed-window rate limits over the rate_limits table (issue 4 item 4). One row per key; the
// window restarts when it is over. Good enough against password guessing and mail flooding; it is
// not a precise sliding window and is not meant to be.
import { sql } from "drizzle-orm";
import type { Db } from "#db/client";
import { rateLimits } from "#db/schema";

export type RateLimitRule = { limit: number; windowMs: number };
export type RateLimitResult = { ok: true } | { ok: false; retryAfterSeconds: number };

const TEN_MINUTES = 10 * 60 * 1000;

/**
 * Per action and per key kind. Per e-mail is tight (guessing one account); per IP is looser (a
 * campus or office behind one address). The e2e suite runs in parallel from one address (wrangler
 * gives every request the same CF-Connecting-IP, or none → 'local'), so its tests prove the
 * per-e-mail limits with unique addresses and the per-IP limit must stay above what the whole suite
 * spends per action in ten minutes (about 20 sign-ins, 12 sign-ups, 10 resends today).
 */
export const AUTH_RATE_LIMITS = {
  email: { limit: 5, windowMs: TEN_MINUTES },
  ip: { limit: 50, windowMs: TEN_MINUTES },
} satisfies Record<string, RateLimitRule>;

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

/** The client address as Cloudflare reports it; 'local' when there is none (local dev, tests). */
export function clientIp(request: Request) {
  return request.headers.get("CF-Connecting-IP")?.trim() || "local";
}

/**
 * Checks the per-IP and per-e-mail limits of one auth action (sign-in, sign-up, resend). Both
 * counters move on every attempt, so a refused attempt still counts.
 */
export async function hitAuthRateLimits(db: Db, action: string, ip: string, email: string | null, now = new Date()) {
  const byIp = await hitRateLimit(db, `${action}:ip:${ip}`, AUTH_RATE_LIMITS.ip, now);
  const byEmail = email ? await hitRateLimit(db, `${action}:email:${email.trim().toLowerCase()}`, AUTH_RATE_LIMITS.email, now) : { ok: true as const };
  return byIp.ok && byEmail.ok;
}
