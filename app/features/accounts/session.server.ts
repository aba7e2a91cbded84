// Sessions: the rows and their rules. The browser holds a random 256-bit
// token; the database holds only its SHA-256 (tests/e2e/fixtures.ts relies on that contract). A
// session ends at the first of: sign-out (row deleted), 7 days without a request (idle), 30 days
// after sign-in (absolute). The cookie that carries the token, and the redirects and guards built
// on it, are the web layer's (app/web/session.server.ts).
import { eq, sql } from "drizzle-orm";
import type { BatchItem, BatchResponse } from "drizzle-orm/batch";
import type { Db } from "#db/client";
import { profiles, sessions, users } from "#db/schema";
import { randomBase64Url } from "~/platform/crypto";
import type { Viewer } from "../permissions/viewer";
import { isSiteAdmin, viewerColumns, viewerFromRow, type SqlViewer } from "./viewer-columns.server";

export const SESSION_IDLE_MS = 7 * 24 * 3600 * 1000;
export const SESSION_LIFETIME_MS = 30 * 24 * 3600 * 1000;
/** last_seen_at is written at most this often, so most requests stay read-only. */
export const LAST_SEEN_RESOLUTION_MS = 5 * 60 * 1000;

export type SessionStore = {
  db: Db;
  /** On Workers: where background writes go (`waitUntil`). */
  cloudflare?: { ctx?: { waitUntil(promise: Promise<unknown>): void } };
};

/** What the sign-in request tells about the browser, kept with the session for the profile page. */
export type SessionClient = { userAgent: string | null; ip: string | null };

/** A fresh random token (256 bits), URL- and cookie-safe. Also used for e-mail verification links. */
export function randomToken() {
  return randomBase64Url(32);
}

/** SHA-256 as lower-case hex: what the database stores instead of a token. */
export async function hashToken(token: string) {
  const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", new TextEncoder().encode(token)));
  return Array.from(digest, (b) => b.toString(16).padStart(2, "0")).join("");
}

/** Starts a new session (a new row at every sign-in, so a token is never reused) → its token. */
export async function startSession(store: SessionStore, userId: string, client: SessionClient, now = new Date()): Promise<string> {
  const token = randomToken();
  await store.db.insert(sessions).values({
    tokenHash: await hashToken(token),
    userId,
    createdAt: now,
    lastSeenAt: now,
    expiresAt: new Date(now.getTime() + SESSION_LIFETIME_MS),
    userAgent: client.userAgent?.slice(0, 255) ?? null,
    ip: client.ip,
  });
  return token;
}

/**
 * The session row, its user, profile and admin flag in one statement: a page view pays one database
 * round trip for "who is asking" (ADR 034).
 */
function sessionWithViewer(db: Db, tokenHash: string, now: Date) {
  return db
    .select({
      sessionId: sessions.id,
      lastSeenAt: sessions.lastSeenAt,
      expiresAt: sessions.expiresAt,
      ...viewerColumns(sql`${sessions.userId}`, now),
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
async function inBackground(store: SessionStore, write: Promise<unknown>) {
  const guarded = write.catch((error) =>
    console.error(JSON.stringify({ level: "error", event: "session_write_failed", message: String(error) })),
  );
  if (store.cloudflare?.ctx) store.cloudflare.ctx.waitUntil(guarded);
  else await guarded;
}

/**
 * The viewer behind a session token, or null when the token names no live session (unknown,
 * signed out, ended, or its user gone). An ended row is removed; last_seen_at moves at most once
 * per LAST_SEEN_RESOLUTION_MS.
 */
export async function findSessionViewer(store: SessionStore, token: string, now = new Date()): Promise<Viewer | null> {
  // A session whose user is gone finds no row here (the join), like a deleted session.
  const [row] = await sessionWithViewer(store.db, await hashToken(token), now);
  return liveViewer(store, row, now);
}

/** The viewer of a session row, or null when there is none or it has ended (then it is removed). */
async function liveViewer(
  store: SessionStore,
  row: Awaited<ReturnType<typeof sessionWithViewer>>[number] | undefined,
  now: Date,
): Promise<Viewer | null> {
  if (!row) return null;
  const idleSince = now.getTime() - row.lastSeenAt.getTime();
  const expired = row.expiresAt.getTime() <= now.getTime() || idleSince >= SESSION_IDLE_MS;
  if (expired) {
    await inBackground(store, store.db.delete(sessions).where(eq(sessions.id, row.sessionId)).execute());
    return null;
  }
  if (idleSince >= LAST_SEEN_RESOLUTION_MS) {
    await inBackground(store, store.db.update(sessions).set({ lastSeenAt: now }).where(eq(sessions.id, row.sessionId)).execute());
  }
  return viewerFromRow(row);
}

/**
 * `findSessionViewer` and a query that depends on who is asking, in one round trip: `companion` is
 * built for the session's user as SQL (`SqlViewer`) and sent in the same batch as the session
 * lookup. Its rows are kept only when the session is live; otherwise `companion` is null and the
 * caller asks again as a signed-out visitor (a stale cookie pays the extra round trip, not everyone).
 */
export async function findSessionViewerWith<Q extends BatchItem<"sqlite">>(
  store: SessionStore,
  token: string,
  companion: (viewer: SqlViewer) => Q,
  now = new Date(),
): Promise<{ viewer: Viewer | null; companion: BatchResponse<[Q]>[0] | null }> {
  const tokenHash = await hashToken(token);
  const userId = sql`(select s.user_id from sessions s where s.token_hash = ${tokenHash})`;
  const [rows, companionRows] = await store.db.batch([
    sessionWithViewer(store.db, tokenHash, now),
    companion({ id: userId, isAdmin: isSiteAdmin(userId) }),
  ]);
  const viewer = await liveViewer(store, rows[0], now);
  return { viewer, companion: viewer ? companionRows : null };
}

/** Ends the session of this token (its row is deleted). */
export async function endSession(db: Db, token: string) {
  await db.delete(sessions).where(eq(sessions.tokenHash, await hashToken(token)));
}
