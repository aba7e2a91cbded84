// Sessions (issue 4 items 5 and 8). The cookie holds a random 256-bit token; the database holds
// only its SHA-256 (tests/e2e/fixtures.ts relies on that contract). A session ends at the first of:
// sign-out (row deleted), 7 days without a request (idle), 30 days after sign-in (absolute).
import { redirect, type AppLoadContext } from "@remix-run/cloudflare";
import { eq, sql } from "drizzle-orm";
import type { Db } from "#db/client";
import { profiles, sessions, userRoles, users } from "#db/schema";
import { randomBase64Url } from "~/platform/crypto";
import { redirectWithToast } from "~/web/toast.server";
import { returnPath } from "~/platform/security.server";
import type { Viewer } from "./viewer";

export const SESSION_IDLE_MS = 7 * 24 * 3600 * 1000;
export const SESSION_LIFETIME_MS = 30 * 24 * 3600 * 1000;
/** last_seen_at is written at most this often, so most requests stay read-only. */
export const LAST_SEEN_RESOLUTION_MS = 5 * 60 * 1000;

type SessionContext = {
  db: Db;
  env: { APP_ENV: string };
  /** On Workers: where background writes go (`waitUntil`). */
  cloudflare?: { ctx?: { waitUntil(promise: Promise<unknown>): void } };
  /** This request's session lookups by token (load-context.ts); absent in scripts and unit tests. */
  sessionLookups?: Map<string, Promise<unknown>>;
};

export function sessionCookieName(env: { APP_ENV: string }) {
  return env.APP_ENV === "production" ? "__Host-ls_session" : "ls_session";
}

function cookieAttributes(env: { APP_ENV: string }, maxAgeSeconds: number) {
  const parts = ["Path=/", "HttpOnly", "SameSite=Lax", `Max-Age=${maxAgeSeconds}`];
  if (env.APP_ENV === "production") parts.push("Secure");
  return parts.join("; ");
}

export function readCookie(request: Request, name: string) {
  const header = request.headers.get("Cookie");
  if (!header) return null;
  for (const part of header.split(";")) {
    const index = part.indexOf("=");
    if (index === -1) continue;
    if (part.slice(0, index).trim() === name) {
      const value = part.slice(index + 1).trim();
      try {
        return decodeURIComponent(value);
      } catch {
        return value;
      }
    }
  }
  return null;
}

/** A fresh random token (256 bits), URL- and cookie-safe. Also used for e-mail verification links. */
export function randomToken() {
  return randomBase64Url(32);
}

/** SHA-256 as lower-case hex: what the database stores instead of a token. */
export async function hashToken(token: string) {
  const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", new TextEncoder().encode(token)));
  return Array.from(digest, (b) => b.toString(16).padStart(2, "0")).join("");
}

/** Starts a new session (a new row at every sign-in, so a token is never reused) → Set-Cookie. */
export async function createSession(context: SessionContext, userId: string, request: Request, now = new Date()) {
  const token = randomToken();
  await context.db.insert(sessions).values({
    tokenHash: await hashToken(token),
    userId,
    createdAt: now,
    lastSeenAt: now,
    expiresAt: new Date(now.getTime() + SESSION_LIFETIME_MS),
    userAgent: request.headers.get("User-Agent")?.slice(0, 255) ?? null,
    ip: request.headers.get("CF-Connecting-IP"),
  });
  // A session cookie that outlives the browser session; the server still enforces the lifetime.
  return `${sessionCookieName(context.env)}=${token}; ${cookieAttributes(context.env, SESSION_LIFETIME_MS / 1000)}`;
}

/** Set-Cookie that removes the session cookie. */
export function clearSessionCookie(env: { APP_ENV: string }) {
  return `${sessionCookieName(env)}=; ${cookieAttributes(env, 0)}; Expires=Thu, 01 Jan 1970 00:00:00 GMT`;
}

export type SessionLookup = {
  viewer: Viewer | null;
  /** Set-Cookie to send when the browser holds a cookie that no longer names a live session. */
  clearCookie: string | null;
};

// One lookup per page view: memoised on the load context (one object per request, shared by the root
// and route loaders — Remix hands each loader its own Request, so the Request cannot be the key), by
// token. Nothing module-level: the memo is created with the context and dies with it. An action is
// never served from it (and fills none): after a no-JavaScript POST the loaders read the session the
// action left.

/** The session behind the request's cookie, once per page view (root and route loaders share it). */
export function getSession(request: Request, context: SessionContext, now = new Date()): Promise<SessionLookup> {
  const token = readCookie(request, sessionCookieName(context.env));
  if (!token) return Promise.resolve({ viewer: null, clearCookie: null });
  if (request.method !== "GET" && request.method !== "HEAD") return lookUpSession(token, context, now);
  const memo = context.sessionLookups;
  if (!memo) return lookUpSession(token, context, now);
  let lookup = memo.get(token) as Promise<SessionLookup> | undefined;
  if (!lookup) {
    lookup = lookUpSession(token, context, now);
    memo.set(token, lookup);
  }
  return lookup;
}

/**
 * The session row, its user, profile and admin flag in one statement: a page view pays one database
 * round trip for "who is asking" (issue 10 item 6, ADR 034).
 */
function sessionWithViewer(db: Db, tokenHash: string) {
  return db
    .select({
      sessionId: sessions.id,
      lastSeenAt: sessions.lastSeenAt,
      expiresAt: sessions.expiresAt,
      id: users.id,
      email: users.email,
      firstName: profiles.firstName,
      lastName: profiles.lastName,
      zipCode: profiles.zipCode,
      isAdmin: sql<number>`exists (select 1 from ${userRoles} where ${userRoles.userId} = ${sessions.userId} and ${userRoles.role} = 'admin')`,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .leftJoin(profiles, eq(profiles.userId, users.id))
    .where(eq(sessions.tokenHash, tokenHash));
}

/**
 * Bookkeeping writes (last seen, removing an ended session) run after the response on Workers
 * (`ctx.waitUntil`), so no page waits for them. Without an execution context (unit tests, scripts)
 * they are awaited.
 */
async function inBackground(context: SessionContext, write: Promise<unknown>) {
  const guarded = write.catch((error) => console.error(JSON.stringify({ level: "error", event: "session_write_failed", message: String(error) })));
  if (context.cloudflare?.ctx) context.cloudflare.ctx.waitUntil(guarded);
  else await guarded;
}

async function lookUpSession(token: string, context: SessionContext, now: Date): Promise<SessionLookup> {
  const signedOut = { viewer: null, clearCookie: clearSessionCookie(context.env) };
  // A session whose user is gone finds no row here (the join), like a deleted session.
  const [row] = await sessionWithViewer(context.db, await hashToken(token));
  if (!row) return signedOut;
  const idleSince = now.getTime() - row.lastSeenAt.getTime();
  const expired = row.expiresAt.getTime() <= now.getTime() || idleSince >= SESSION_IDLE_MS;
  if (expired) {
    await inBackground(context, context.db.delete(sessions).where(eq(sessions.id, row.sessionId)).execute());
    return signedOut;
  }
  if (idleSince >= LAST_SEEN_RESOLUTION_MS) {
    await inBackground(context, context.db.update(sessions).set({ lastSeenAt: now }).where(eq(sessions.id, row.sessionId)).execute());
  }
  const { sessionId: _sessionId, lastSeenAt: _lastSeenAt, expiresAt: _expiresAt, isAdmin, ...viewer } = row;
  return { viewer: { ...viewer, isAdmin: Boolean(isAdmin) }, clearCookie: null };
}

export async function getUser(request: Request, context: SessionContext): Promise<Viewer | null> {
  return (await getSession(request, context)).viewer;
}

/** A path plus query of the request, for `/auth?redirectTo=` (capped: a Location header has a size limit). */
function here(request: Request) {
  return returnPath(new URL(request.url));
}

export async function requireUser(request: Request, context: SessionContext): Promise<Viewer> {
  const { viewer, clearCookie } = await getSession(request, context);
  if (viewer) return viewer;
  throw redirect(`/auth?${new URLSearchParams({ redirectTo: here(request) })}`, clearCookie ? { headers: { "Set-Cookie": clearCookie } } : undefined);
}

/** Spec 02 §6: signed-out → /auth; signed in but not a site admin → 'Access Denied' toast and /. */
export async function requireAdmin(request: Request, context: AppLoadContext): Promise<Viewer> {
  const viewer = await requireUser(request, context);
  if (viewer.isAdmin) return viewer;
  throw await redirectWithToast(context, "/", {
    title: "Access Denied",
    description: "You don't have admin permissions",
    variant: "destructive",
  });
}

/** Ends the request's session (the row is deleted) → Set-Cookie that clears the cookie. */
export async function destroySession(request: Request, context: SessionContext) {
  const token = readCookie(request, sessionCookieName(context.env));
  if (token) {
    await context.db.delete(sessions).where(eq(sessions.tokenHash, await hashToken(token)));
    context.sessionLookups?.delete(token);
  }
  return clearSessionCookie(context.env);
}

// Testing mode (01 §4, issue 4 item 10): a flag cookie set alongside the demo account's session,
// so the banner shows and the toggle knows which way to go. Meaningless unless the deployment
// enables testing mode.
const TESTING_MODE_COOKIE = "ls_testing_mode";
type TestingEnv = { APP_ENV: string; testingMode: boolean };

export function testingModeCookie(env: TestingEnv, on: boolean) {
  const attributes = cookieAttributes(env, on ? SESSION_LIFETIME_MS / 1000 : 0);
  return `${TESTING_MODE_COOKIE}=${on ? "on" : ""}; ${attributes}`;
}

export function isTestingModeOn(request: Request, env: TestingEnv) {
  return env.testingMode && readCookie(request, TESTING_MODE_COOKIE) === "on";
}
