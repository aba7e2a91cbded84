import { createHash } from "node:crypto";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { profiles, sessions, userRoles, users } from "#db/schema";
import { createTestDb, type TestDb } from "../../tests/setup/test-db";
import { LAST_SEEN_RESOLUTION_MS, SESSION_IDLE_MS, SESSION_LIFETIME_MS } from "~/features/accounts/session.server";
import {
  clearSessionCookie,
  createSession,
  destroySession,
  getSession,
  getUser,
  isTestingModeOn,
  pagePathOf,
  refuseWhileSuspended,
  requireUser,
  sessionCookieName,
  testingModeCookie,
} from "./session.server";
import { siteActionOfPost } from "~/features/permissions/site";

let t: TestDb;
let ctx: { db: TestDb["db"]; env: { APP_ENV: string } };
let userId: string;

beforeAll(async () => {
  t = await createTestDb();
  ctx = { db: t.db, env: { APP_ENV: "test" } };
  const [user] = await t.db.insert(users).values({ email: "sam@example.com", emailVerifiedAt: new Date() }).returning();
  await t.db.insert(profiles).values({ userId: user.id, firstName: "Sam", lastName: "Lee", zipCode: "02139" });
  userId = user.id;
});
afterAll(() => t.cleanup());

const requestWith = (setCookie: string, path = "/") =>
  new Request(`http://app.test${path}`, { headers: { Cookie: setCookie.split(";")[0] } });
const tokenOf = (setCookie: string) => setCookie.split(";")[0].split("=")[1];

describe("sessions", () => {
  test("a new session sets an HttpOnly, SameSite=Lax cookie and stores only the token's SHA-256", async () => {
    const cookie = await createSession(ctx, userId, new Request("http://app.test/"));
    expect(cookie).toMatch(/^ls_session=[A-Za-z0-9_-]{43};/);
    expect(cookie).toContain("HttpOnly");
    expect(cookie).toContain("SameSite=Lax");
    expect(cookie).toContain("Path=/");
    expect(cookie).not.toContain("Secure");
    const token = tokenOf(cookie);
    const [row] = await t.db
      .select()
      .from(sessions)
      .where(eq(sessions.tokenHash, createHash("sha256").update(token).digest("hex")));
    expect(row.userId).toBe(userId);
    expect(row.expiresAt.getTime() - row.createdAt.getTime()).toBe(SESSION_LIFETIME_MS);
  });

  test("in production the cookie is __Host- prefixed and Secure", async () => {
    const cookie = await createSession({ db: t.db, env: { APP_ENV: "production" } }, userId, new Request("https://app.test/"));
    expect(cookie).toMatch(/^__Host-ls_session=/);
    expect(cookie).toContain("Secure");
  });

  // What the browser requires of a __Host- cookie (else it drops it): Secure, Path=/, no Domain.
  test("production's set and clear cookies both meet the __Host- rules; every other APP_ENV uses the plain name", async () => {
    const production = { db: t.db, env: { APP_ENV: "production" } };
    for (const cookie of [await createSession(production, userId, new Request("https://app.test/")), clearSessionCookie(production.env)]) {
      const attributes = cookie
        .split(";")
        .slice(1)
        .map((part) => part.trim());
      expect(cookie.startsWith(`${sessionCookieName(production.env)}=`)).toBe(true);
      expect(attributes).toContain("Secure");
      expect(attributes).toContain("Path=/");
      expect(attributes).toContain("HttpOnly");
      expect(attributes.some((a) => /^domain=/i.test(a))).toBe(false);
    }
    expect(sessionCookieName({ APP_ENV: "production" })).toBe("__Host-ls_session");
    for (const APP_ENV of ["development", "test", "staging", ""]) {
      expect(sessionCookieName({ APP_ENV })).toBe("ls_session");
      expect(clearSessionCookie({ APP_ENV })).not.toContain("Secure");
    }
  });

  test("the cookie's session gives the viewer with profile fields and admin flag", async () => {
    const cookie = await createSession(ctx, userId, new Request("http://app.test/"));
    expect(await getUser(requestWith(cookie), ctx)).toEqual({
      id: userId,
      email: "sam@example.com",
      firstName: "Sam",
      lastName: "Lee",
      zipCode: "02139",
      isAdmin: false,
      suspension: null,
      silenced: false,
      minor: null,
    });
    await t.db.insert(userRoles).values({ userId, role: "admin" });
    // The next page view (its own load context) sees the role.
    expect((await getUser(requestWith(cookie), { ...ctx }))?.isAdmin).toBe(true);
    await t.db.delete(userRoles).where(eq(userRoles.userId, userId));
  });

  test("each sign-in makes a new session (rotation)", async () => {
    const a = await createSession(ctx, userId, new Request("http://app.test/"));
    const b = await createSession(ctx, userId, new Request("http://app.test/"));
    expect(tokenOf(a)).not.toBe(tokenOf(b));
  });

  test("a deleted session row signs the browser out and clears the cookie", async () => {
    const cookie = await createSession(ctx, userId, new Request("http://app.test/"));
    await t.db.delete(sessions).where(eq(sessions.tokenHash, createHash("sha256").update(tokenOf(cookie)).digest("hex")));
    const lookup = await getSession(requestWith(cookie), ctx);
    expect(lookup.viewer).toBeNull();
    expect(lookup.clearCookie).toMatch(/^ls_session=; .*Max-Age=0/);
  });

  test("a session idle for 7 days or older than 30 days has ended", async () => {
    const now = Date.now();
    const idle = await createSession(ctx, userId, new Request("http://app.test/"), new Date(now - SESSION_IDLE_MS - 1000));
    expect(await getUser(requestWith(idle), ctx)).toBeNull();
    const old = await createSession(ctx, userId, new Request("http://app.test/"), new Date(now - SESSION_LIFETIME_MS - 1000));
    expect(await getUser(requestWith(old), ctx)).toBeNull();
    // The expired rows are gone.
    const hash = createHash("sha256").update(tokenOf(idle)).digest("hex");
    expect(await t.db.select().from(sessions).where(eq(sessions.tokenHash, hash))).toEqual([]);
  });

  test("last_seen_at moves at most once per resolution period", async () => {
    const start = new Date(Date.now() - 3 * LAST_SEEN_RESOLUTION_MS);
    const cookie = await createSession(ctx, userId, new Request("http://app.test/"), start);
    const hash = createHash("sha256").update(tokenOf(cookie)).digest("hex");
    await getSession(requestWith(cookie), ctx, new Date(start.getTime() + 1000));
    let [row] = await t.db.select().from(sessions).where(eq(sessions.tokenHash, hash));
    expect(row.lastSeenAt.getTime()).toBe(start.getTime());
    const later = new Date(start.getTime() + LAST_SEEN_RESOLUTION_MS + 1000);
    // A later page view: a load context of its own (the lookup is shared within one view only).
    await getSession(requestWith(cookie), { ...ctx }, later);
    [row] = await t.db.select().from(sessions).where(eq(sessions.tokenHash, hash));
    expect(row.lastSeenAt.getTime()).toBe(later.getTime());
  });

  test("on Workers the last-seen write is handed to waitUntil, and only when it is stale", async () => {
    const start = new Date(Date.now() - 3 * LAST_SEEN_RESOLUTION_MS);
    const cookie = await createSession(ctx, userId, new Request("http://app.test/"), start);
    const background: Promise<unknown>[] = [];
    const workerCtx = { ...ctx, cloudflare: { ctx: { waitUntil: (promise: Promise<unknown>) => void background.push(promise) } } };
    await getSession(requestWith(cookie), workerCtx, new Date(start.getTime() + 1000));
    expect(background).toHaveLength(0);
    const later = new Date(start.getTime() + LAST_SEEN_RESOLUTION_MS + 1000);
    const lookup = await getSession(requestWith(cookie), { ...workerCtx }, later);
    expect(lookup.viewer?.id).toBe(userId);
    expect(background).toHaveLength(1);
    await Promise.all(background);
    const [row] = await t.db
      .select()
      .from(sessions)
      .where(eq(sessions.tokenHash, createHash("sha256").update(tokenOf(cookie)).digest("hex")));
    expect(row.lastSeenAt.getTime()).toBe(later.getTime());
  });

  test("root and route loaders of one page view share one lookup; the next view looks again", async () => {
    const cookie = await createSession(ctx, userId, new Request("http://app.test/"));
    // One load context per request (load-context.ts makes its memo); Remix hands each loader a
    // Request of its own: the view's load context is what they share.
    const view = { ...ctx, sessionLookups: new Map() };
    const [root, route] = await Promise.all([getSession(requestWith(cookie), view), getSession(requestWith(cookie), view)]);
    expect(route).toBe(root);
    expect(await getSession(requestWith(cookie), { ...ctx, sessionLookups: new Map() })).not.toBe(root);
    // An action reads the session afresh (it may change it before the loaders run).
    const post = new Request("http://app.test/", { method: "POST", headers: { Cookie: cookie.split(";")[0]! } });
    expect(await getSession(post, view)).not.toBe(root);
  });

  test("sign-out deletes the row", async () => {
    const cookie = await createSession(ctx, userId, new Request("http://app.test/"));
    const cleared = await destroySession(requestWith(cookie), ctx);
    expect(cleared).toMatch(/Max-Age=0/);
    expect(await getUser(requestWith(cookie), ctx)).toBeNull();
  });

  test("requireUser sends a signed-out visitor to /auth with the page to come back to", async () => {
    const thrown = await requireUser(new Request("http://app.test/in-play?tab=sold"), ctx).catch((e) => e);
    expect(thrown).toBeInstanceOf(Response);
    expect(thrown.status).toBe(302);
    expect(thrown.headers.get("Location")).toBe("/auth?redirectTo=%2Fin-play%3Ftab%3Dsold");
  });
});

describe("testing mode flag", () => {
  test("the flag counts only while the deployment enables testing mode", () => {
    const on = testingModeCookie({ APP_ENV: "test", testingMode: true }, true);
    expect(on).toMatch(/^ls_testing_mode=on; .*HttpOnly/);
    const request = requestWith(on);
    expect(isTestingModeOn(request, { APP_ENV: "test", testingMode: true })).toBe(true);
    expect(isTestingModeOn(request, { APP_ENV: "production", testingMode: false })).toBe(false);
    expect(testingModeCookie({ APP_ENV: "test", testingMode: true }, false)).toMatch(/Max-Age=0/);
  });
});

describe("the suspension gate (ADR 069)", () => {
  const viewer = { id: "u1", email: "u1@example.com", firstName: null, lastName: null, zipCode: null, isAdmin: false };
  const suspended = { ...viewer, suspension: { until: "2026-12-03T00:00:00.000Z", reason: "harassment" as const } };
  const context = { env: { APP_ENV: "development" } };
  const post = (path: string) => new Request(`http://localhost${path}`, { method: "POST" });

  test("a page's path, with JavaScript (single fetch's .data) or without", () => {
    expect(pagePathOf("/listing/abc.data")).toBe("/listing/abc");
    expect(pagePathOf("/_root.data")).toBe("/");
    expect(pagePathOf("/logout")).toBe("/logout");
  });

  test("posts that are not writing: the person's own account, reports and blocks", () => {
    expect(siteActionOfPost("/logout")).toBe("manageOwnAccount");
    expect(siteActionOfPost("/player-profile")).toBe("manageOwnAccount");
    expect(siteActionOfPost("/club/river-fc/leave")).toBe("manageOwnAccount");
    expect(siteActionOfPost("/report")).toBe("report");
    expect(siteActionOfPost("/block/u2")).toBe("block");
    expect(siteActionOfPost("/listing/abc")).toBe("write");
    expect(siteActionOfPost("/club/river-fc/messages")).toBe("write");
    expect(siteActionOfPost("/reportx")).toBe("write");
    expect(siteActionOfPost("/logout/../listing/abc")).toBe("write");
  });

  test("a suspended person's write is refused with the date; their sign-out is not; nobody else is stopped", async () => {
    const refusal = await refuseWhileSuspended(post("/listing/abc.data"), context, suspended).then(
      () => null,
      (thrown: Response) => thrown,
    );
    expect(refusal?.status).toBe(303);
    expect(refusal?.headers.get("Location")).toBe("/listing/abc");
    const api = await refuseWhileSuspended(post("/api/photos"), context, suspended).then(
      () => null,
      (thrown: Response) => thrown,
    );
    expect(api?.status).toBe(403);
    expect(await api?.json()).toEqual({ error: "Your account is suspended until December 3, 2026" });
    await expect(refuseWhileSuspended(post("/logout.data"), context, suspended)).resolves.toBeUndefined();
    await expect(refuseWhileSuspended(post("/listing/abc"), context, viewer)).resolves.toBeUndefined();
  });
});
