// The session cookie and the guards built on it. The cookie carries the
// token the accounts feature hands out (app/features/accounts/session.server.ts keeps the rows and
// their rules); here it becomes Set-Cookie headers, the request's viewer, and redirects to /auth.
// It is also the one place a suspension refuses a write (ADR 069): every form post and fetch that
// changes something reads the session first, so no action can forget the rule. Which posts a
// suspended person keeps is the site table's (`siteAllowsPost`); this only answers the refusal.
import { json, redirect } from "@remix-run/cloudflare";
import type { BatchItem, BatchResponse } from "drizzle-orm/batch";
import {
  endSession,
  findSessionViewer,
  findSessionViewerWith,
  hashToken,
  SESSION_LIFETIME_MS,
  startSession,
  type SessionStore,
} from "~/features/accounts/session.server";
import type { Viewer } from "~/features/permissions/viewer";
import type { SqlViewer } from "~/features/accounts/viewer-columns.server";
import { siteAllowsPost } from "~/features/permissions/site";
import { readCookie } from "~/platform/cookies";
import { returnPath, safeRedirect } from "~/platform/security.server";
import { suspendedMessage } from "~/shared/copy/safety";
import { TRUST_TEXT } from "~/shared/copy/trust";
import { PENDING_GUARDIAN_MESSAGE } from "~/shared/copy/families";
import { toastCookie } from "./toast.server";

type SessionContext = SessionStore & {
  env: { APP_ENV: string; SESSION_SECRET?: string };
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

/** Signs `userId` in with a new session → Set-Cookie. */
export async function createSession(context: SessionContext, userId: string, request: Request, now = new Date()) {
  const client = { userAgent: request.headers.get("User-Agent"), ip: request.headers.get("CF-Connecting-IP") };
  const token = await startSession(context, userId, client, now);
  // A session cookie that outlives the browser session; the server still enforces the lifetime.
  return `${sessionCookieName(context.env)}=${token}; ${cookieAttributes(context.env, SESSION_LIFETIME_MS / 1000)}`;
}

/** Set-Cookie that removes the session cookie. */
export function clearSessionCookie(env: { APP_ENV: string }) {
  return `${sessionCookieName(env)}=; ${cookieAttributes(env, 0)}; Expires=Thu, 01 Jan 1970 00:00:00 GMT`;
}

/**
 * The page a request is for. With JavaScript, Remix's single fetch posts to `{path}.data` (the
 * index route: `/_root.data`); without, to the page's own path.
 */
export function pagePathOf(pathname: string): string {
  if (pathname === "/_root.data") return "/";
  return pathname.endsWith(".data") ? pathname.slice(0, -".data".length) : pathname;
}

/** Throws the refusal when `viewer` may not make this non-GET request (the site table); returns otherwise. */
export async function refuseWhileSuspended(request: Request, context: Pick<SessionContext, "env">, viewer: Viewer): Promise<void> {
  const pathname = pagePathOf(new URL(request.url).pathname);
  if (siteAllowsPost(viewer, pathname)) return;
  // A teen waiting for a guardian is told so (ADR 092); a silenced person why (ADR 095); anyone else refused here is suspended.
  const message = viewer.suspension
    ? suspendedMessage(viewer.suspension.until ?? null)
    : viewer.silenced
      ? TRUST_TEXT.silenced
      : viewer.minor && !viewer.minor.guardianLinked
        ? PENDING_GUARDIAN_MESSAGE
        : suspendedMessage(null);
  // A fetch to an API answers in JSON; a form post goes back to its page with the message as a toast.
  if (pathname.startsWith("/api/")) throw json({ error: message }, { status: 403 });
  const headers = new Headers();
  if (context.env.SESSION_SECRET)
    headers.append(
      "Set-Cookie",
      await toastCookie(context as Parameters<typeof toastCookie>[0], { title: message, variant: "destructive" }),
    );
  throw redirect(safeRedirect(pathname), { status: 303, headers });
}

export type SessionLookup = {
  viewer: Viewer | null;
  /** Set-Cookie to send when the browser holds a cookie that no longer names a live session. */
  clearCookie: string | null;
};

async function lookUp(token: string, context: SessionContext, now: Date): Promise<SessionLookup> {
  const viewer = await findSessionViewer(context, token, now);
  return viewer ? { viewer, clearCookie: null } : { viewer: null, clearCookie: clearSessionCookie(context.env) };
}

// One lookup per page view: memoised on the load context (one object per request, shared by the root
// and route loaders — Remix hands each loader its own Request, so the Request cannot be the key), by
// token. Nothing module-level: the memo is created with the context and dies with it. An action is
// never served from it (and fills none): after a no-JavaScript POST the loaders read the session the
// action left.

/** The session behind the request's cookie, once per page view (root and route loaders share it). */
export function getSession(request: Request, context: SessionContext, now = new Date()): Promise<SessionLookup> {
  const token = readCookie(request, sessionCookieName(context.env));
  if (!token) return Promise.resolve({ viewer: null, clearCookie: null });
  // A write by a suspended person stops here, whichever action it was for.
  if (request.method !== "GET" && request.method !== "HEAD")
    return lookUp(token, context, now).then(async (lookup) => {
      if (lookup.viewer) await refuseWhileSuspended(request, context, lookup.viewer);
      return lookup;
    });
  const memo = context.sessionLookups;
  if (!memo) return lookUp(token, context, now);
  let lookup = memo.get(token) as Promise<SessionLookup> | undefined;
  if (!lookup) {
    lookup = lookUp(token, context, now);
    memo.set(token, lookup);
  }
  return lookup;
}

/**
 * For actions: the session and one query that depends on who is asking, in one round trip
 * (`findSessionViewerWith`; ADR 077 — a chat post reaches the room a round trip sooner). The
 * suspension gate holds as in getSession. `companion` is null when the request has no live session:
 * the caller asks again as a signed-out visitor. Not memoised: page loaders use getSession.
 */
export async function getSessionWith<Q extends BatchItem<"sqlite">>(
  request: Request,
  context: SessionContext,
  companion: (viewer: SqlViewer) => Q,
  now = new Date(),
): Promise<SessionLookup & { companion: BatchResponse<[Q]>[0] | null }> {
  const token = readCookie(request, sessionCookieName(context.env));
  if (!token) return { viewer: null, clearCookie: null, companion: null };
  const found = await findSessionViewerWith(context, token, companion, now);
  if (!found.viewer) return { viewer: null, clearCookie: clearSessionCookie(context.env), companion: null };
  if (request.method !== "GET" && request.method !== "HEAD") await refuseWhileSuspended(request, context, found.viewer);
  return { viewer: found.viewer, clearCookie: null, companion: found.companion };
}

export async function getUser(request: Request, context: SessionContext): Promise<Viewer | null> {
  return (await getSession(request, context)).viewer;
}

/** A path plus query of the request, for `/auth?redirectTo=` (capped: a Location header has a size limit). */
function here(request: Request) {
  return returnPath(new URL(request.url));
}

/** The signed-in viewer; a signed-out visitor is sent to /auth with the page to come back to. */
export async function requireUser(request: Request, context: SessionContext): Promise<Viewer> {
  const { viewer, clearCookie } = await getSession(request, context);
  if (viewer) return viewer;
  throw redirect(
    `/auth?${new URLSearchParams({ redirectTo: here(request) })}`,
    clearCookie ? { headers: { "Set-Cookie": clearCookie } } : undefined,
  );
}

/** Ends the request's session (the row is deleted) → Set-Cookie that clears the cookie. */
export async function destroySession(request: Request, context: SessionContext) {
  const token = readCookie(request, sessionCookieName(context.env));
  if (token) {
    await endSession(context.db, token);
    context.sessionLookups?.delete(token);
  }
  return clearSessionCookie(context.env);
}

/** The hash of this request's session token (how sessions are stored), or "" when there is none. */
export async function currentSessionHash(request: Request, env: { APP_ENV: string }) {
  const token = readCookie(request, sessionCookieName(env));
  return token ? hashToken(token) : "";
}

// Testing mode (01 §4): a flag cookie set alongside the demo account's session,
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
