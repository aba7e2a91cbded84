/**
 * The web security baseline, each point shown over plain HTTP against the e2e
 * stack, the way an attacker's page or script would try it. What only production does (HSTS, the
 * __Host- cookie) is decided by APP_ENV and unit-tested where it is built:
 * app/platform/security.server.test.ts and app/features/accounts/session.server.test.ts. docs/security.md has the map.
 */
import { randomBytes, randomUUID } from "node:crypto";
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { test as base } from "@playwright/test";
import { and, eq } from "drizzle-orm";
import { hashPassword } from "../../app/features/accounts/password.server";
import { clubMembers, clubs, favorites, listingMessages, listings, photoObjects, profiles, sessions, users } from "../../db/schema";
import { createUser, e2eDb, expect, hashSessionToken, SESSION_COOKIE } from "../e2e/fixtures";
import { E2E_BASE_URL, E2E_VARS } from "../setup/e2e-env";
import { recordFigures } from "./figures";
import { ageStepCookie } from "../setup/age-step";

// Plain HTTP: no page, so no browser is started for these tests.
const test = base;

const EVIL = "https://evil.example";
const uniqueEmail = (tag: string) => `${tag}-${randomBytes(5).toString("hex")}@e2e.test`;

/** A request with no cookie jar and no redirect following: every header is the test's own. */
function http(path: string, init: RequestInit & { cookie?: string; form?: Record<string, string> } = {}) {
  const headers = new Headers(init.headers);
  if (init.cookie) headers.set("Cookie", init.cookie);
  // A sign-up carries the age step's cookie (ADR 092), as a browser that came through /auth/age does.
  if (init.form?.intent === "signup" && AGE.cookie) headers.set("Cookie", [init.cookie, AGE.cookie].filter(Boolean).join("; "));
  let body = init.body;
  if (init.form) {
    body = new URLSearchParams(init.form).toString();
    headers.set("Content-Type", "application/x-www-form-urlencoded");
  }
  return fetch(`${E2E_BASE_URL}${path}`, { ...init, headers, body, redirect: "manual" });
}

/** A session row made the way the app makes one (only the token's SHA-256 stored) → the Cookie header. */
async function sessionCookie(userId: string) {
  const token = randomBytes(32).toString("base64url");
  await e2eDb()
    .insert(sessions)
    .values({ tokenHash: hashSessionToken(token), userId, expiresAt: new Date(Date.now() + 24 * 3600 * 1000) });
  return `${SESSION_COOKIE}=${token}`;
}

/** A user with a password, stored the way sign-up stores it. */
async function userWithPassword(email: string, password: string, verified = true) {
  const hashed = await hashPassword(password, E2E_VARS.PASSWORD_PEPPER);
  const [user] = await e2eDb()
    .insert(users)
    .values({
      email,
      passwordHash: hashed.hash,
      passwordAlgo: hashed.algo,
      passwordParams: hashed.params,
      emailVerifiedAt: verified ? new Date() : null,
    })
    .returning();
  await e2eDb().insert(profiles).values({ userId: user.id, email, firstName: "Robin", lastName: "Reed" });
  return user;
}

/** The age step's cookie, fetched once per worker before the tests (ADR 092). */
const AGE = { cookie: "" };
base.beforeAll(async () => void (AGE.cookie = await ageStepCookie()));

const signInForm = (email: string, password: string) => ({ intent: "signin", email, password });
const signUpForm = (email: string) => ({
  intent: "signup",
  firstName: "Robin",
  lastName: "Reed",
  email,
  password: "secret-pass-123",
  zipCode: "02139",
  city: "Cambridge",
  state: "MA",
});

test.describe("Content-Security-Policy", () => {
  test("every HTML answer — page, form error, 404, a route's error page, a signed-in page — has a nonce CSP and every script carries that nonce", async () => {
    const owner = await createUser();
    const cookie = await sessionCookie(owner.id);
    const answers = [
      { what: "home", response: await http("/") },
      { what: "sign-in page", response: await http("/auth") },
      {
        what: "sign-in form error (400)",
        response: await http("/auth", { method: "POST", form: signInForm(uniqueEmail("csp"), "wrong-pass-1") }),
      },
      { what: "unknown path (404)", response: await http(`/no/such/page-${randomBytes(3).toString("hex")}`) },
      { what: "a route's error boundary (listing not found)", response: await http(`/listing/${randomUUID()}`) },
      { what: "signed-in page (streamed)", response: await http("/player-profile", { cookie }) },
    ];
    const nonces = new Set<string>();
    for (const { what, response } of answers) {
      expect(response.headers.get("content-type"), what).toContain("text/html");
      const csp = response.headers.get("content-security-policy") ?? "";
      const scriptSrc = csp.split("; ").find((directive) => directive.startsWith("script-src ")) ?? "";
      const nonce = scriptSrc.match(/'nonce-([^']+)'/)?.[1];
      expect(nonce, what).toBeTruthy();
      expect(scriptSrc, what).not.toContain("unsafe-inline");
      expect(scriptSrc, what).not.toContain("unsafe-eval");
      expect(csp, what).toContain("frame-ancestors 'none'");
      expect(csp, what).toContain("object-src 'none'");
      expect(csp, what).toContain("base-uri 'none'");
      nonces.add(nonce!);

      const html = await response.text();
      const scripts = html.match(/<script\b[^>]*>/gi) ?? [];
      expect(scripts.length, what).toBeGreaterThan(0);
      for (const tag of scripts) expect(tag, what).toContain(`nonce="${nonce}"`);
      // No other way to run inline code: no inline handlers, no javascript: URLs.
      expect(html, what).not.toMatch(/<[^>]+\son[a-z]+\s*=/i);
      expect(html, what).not.toMatch(/(href|src|action)\s*=\s*"\s*javascript:/i);
    }
    expect(answers.map((a) => a.response.status)).toEqual([200, 200, 400, 404, 404, 200]);
    // A fresh nonce per response: one leaked nonce is no use for the next page.
    expect(nonces.size).toBe(answers.length);
  });

  test("no page may be framed: frame-ancestors 'none' and X-Frame-Options DENY; the dev stack sends no HSTS", async () => {
    for (const path of ["/", "/auth", "/healthz", "/no/such/page"]) {
      const response = await http(path);
      expect(response.headers.get("x-frame-options"), path).toBe("DENY");
      expect(response.headers.get("x-content-type-options"), path).toBe("nosniff");
      // HSTS belongs to production only (APP_ENV=production, unit-tested in security.server.test.ts).
      expect(response.headers.get("strict-transport-security"), path).toBeNull();
      if ((response.headers.get("content-type") ?? "").includes("text/html")) {
        expect(response.headers.get("content-security-policy"), path).toContain("frame-ancestors 'none'");
      }
    }
  });
});

test("outside production the session cookie is the plain HttpOnly, SameSite=Lax ls_session (the __Host- production cookie is unit-tested)", async () => {
  const email = uniqueEmail("cookie");
  await userWithPassword(email, "secret-pass-123");
  const response = await http("/auth", { method: "POST", form: signInForm(email, "secret-pass-123") });
  expect(response.status).toBe(302);
  const session = response.headers.getSetCookie().find((c) => c.startsWith(`${SESSION_COOKIE}=`));
  expect(session).toBeTruthy();
  const attributes = session!
    .split(";")
    .slice(1)
    .map((a) => a.trim());
  expect(attributes).toEqual(expect.arrayContaining(["Path=/", "HttpOnly", "SameSite=Lax"]));
  // Plain http://127.0.0.1: a Secure or __Host- cookie would never come back to the stack.
  expect(attributes).not.toContain("Secure");
  expect(attributes.some((a) => /^domain=/i.test(a))).toBe(false);
  expect(response.headers.getSetCookie().some((c) => c.startsWith("__Host-"))).toBe(false);
});

test.describe("cross-site writes", () => {
  /**
   * Every route module that exports an action, read from app/routes, so a new one is covered
   * without touching this file. Remix flat-route names → a path: `.` is `/`, `_index` is the
   * parent, a trailing `_` opts out of nesting, `$param` takes the test's value, `$` is any path.
   */
  function actionRoutes(params: Record<string, string>) {
    const dir = "app/routes";
    const routes: { file: string; path: string }[] = [];
    for (const entry of readdirSync(dir).sort()) {
      const full = join(dir, entry);
      const moduleFile = statSync(full).isDirectory()
        ? ["route.tsx", "route.ts"].map((f) => join(full, f)).find((f) => statSync(f, { throwIfNoEntry: false }))
        : /\.tsx?$/.test(entry) && !/\.test\.tsx?$/.test(entry)
          ? full
          : undefined;
      if (!moduleFile) continue;
      const source = readFileSync(moduleFile, "utf8");
      if (!/export\s+(async\s+)?function\s+action\b|export\s+const\s+action\b|export\s*\{[^}]*\baction\b/.test(source)) continue;
      const name = entry.replace(/\.tsx?$/, "");
      const segments = name
        .split(".")
        .filter((s) => s !== "_index" && !s.startsWith("_"))
        .map((s) => s.replace(/_$/, ""))
        .map((s) => (s === "$" ? `no-such-page-${randomBytes(3).toString("hex")}` : s.startsWith("$") ? (params[s.slice(1)] ?? "x") : s));
      routes.push({ file: moduleFile, path: `/${segments.join("/")}` });
    }
    return routes;
  }

  /** Everything of the owner's that a forged form could change. */
  async function ownersRows(ownerId: string, listingId: string, clubId: string) {
    const db = e2eDb();
    return {
      user: await db.select().from(users).where(eq(users.id, ownerId)),
      profile: await db.select().from(profiles).where(eq(profiles.userId, ownerId)),
      sessions: (await db.select({ id: sessions.id }).from(sessions).where(eq(sessions.userId, ownerId))).map((s) => s.id).sort(),
      listing: await db.select().from(listings).where(eq(listings.id, listingId)),
      club: await db.select().from(clubs).where(eq(clubs.id, clubId)),
      members: await db.select().from(clubMembers).where(eq(clubMembers.clubId, clubId)),
      favorites: await db.select().from(favorites).where(eq(favorites.userId, ownerId)),
      messages: await db.select().from(listingMessages).where(eq(listingMessages.listingId, listingId)),
      photos: await db.select().from(photoObjects).where(eq(photoObjects.ownerId, ownerId)),
    };
  }

  test("a POST from another site to any route with an action — pages, /api/*, the photo upload, /dev, sign-out — is refused 403 and changes nothing", async () => {
    const owner = await createUser();
    const db = e2eDb();
    const [listing] = await db
      .insert(listings)
      .values({
        userId: owner.id,
        title: `Cleats ${randomBytes(3).toString("hex")}`,
        priceCents: 2500,
        sport: "soccer",
        condition: "like-new",
        zipCode: "02139",
        city: "Cambridge",
        state: "MA",
      })
      .returning();
    const [club] = await db
      .insert(clubs)
      .values({ slug: `xsite-${randomBytes(4).toString("hex")}`, name: "Cross-site FC", createdBy: owner.id })
      .returning();
    await db.insert(clubMembers).values({ clubId: club.id, userId: owner.id, role: "owner", status: "active" });
    const cookie = await sessionCookie(owner.id);
    const before = await ownersRows(owner.id, listing.id, club.id);

    const routes = actionRoutes({ id: listing.id, slug: club.slug });
    // The ones the brief names must be among them, or the enumeration is broken.
    expect(routes.map((r) => r.path)).toEqual(
      expect.arrayContaining([
        "/api/photos",
        "/logout",
        "/auth",
        "/player-profile",
        "/dev/toast",
        `/listing/${listing.id}`,
        `/club/${club.slug}/manage`,
      ]),
    );

    // What a forged form would carry: the owner's cookie (SameSite=Lax does not send it on a
    // cross-site POST, but this guard must hold without that) and fields that would do harm.
    const harmful = {
      intent: "delete",
      listingId: listing.id,
      clubId: club.id,
      status: "sold",
      title: "pwned",
      email: "pwned@evil.example",
    };
    const photo = () => {
      const form = new FormData();
      form.append("newPhotos", new Blob([readFileSync("tests/fixtures/photo.png")], { type: "image/png" }), "x.png");
      return form;
    };
    const attacks: [string, Record<string, string>][] = [
      ["Origin of another site", { Origin: EVIL }],
      ["Sec-Fetch-Site: cross-site", { Origin: E2E_BASE_URL, "Sec-Fetch-Site": "cross-site" }],
      ["opaque Origin: null (sandboxed frame)", { Origin: "null" }],
    ];
    let refused = 0;
    for (const { path } of routes) {
      for (const [how, headers] of attacks) {
        const init = path === "/api/photos" ? { body: photo() } : { form: harmful };
        const response = await http(path, { method: "POST", headers, cookie, ...init });
        expect(response.status, `${how} → POST ${path}`).toBe(403);
        expect(await response.text()).toBe("Cross-site request refused");
        refused++;
      }
    }
    // Other unsafe methods are writes too.
    for (const method of ["PUT", "PATCH", "DELETE"]) {
      expect((await http("/player-profile", { method, headers: { Origin: EVIL }, cookie })).status, method).toBe(403);
    }
    expect(await ownersRows(owner.id, listing.id, club.id)).toEqual(before);

    // Control: the same POSTs from this site reach the routes (no route answers with the guard's refusal).
    for (const { path } of routes) {
      const response = await http(path, { method: "POST", headers: { Origin: E2E_BASE_URL, "Sec-Fetch-Site": "same-origin" }, form: {} });
      expect(await response.text(), `same-origin POST ${path}`).not.toBe("Cross-site request refused");
    }
    recordFigures("web-baseline", [
      `POST routes origin-checked: ${routes.length} route modules with an action × ${attacks.length} cross-site forms = ${refused} refused 403, 0 rows changed`,
    ]);
  });
});

test.describe("rate limits on the account forms (per e-mail; per IP is unit-tested, the e2e stack sends from one address)", () => {
  test("sign-in: after 5 wrong passwords for one address the next is 429 'Too many attempts'", async () => {
    const email = uniqueEmail("limit-signin");
    await userWithPassword(email, "secret-pass-123");
    for (let attempt = 1; attempt <= 5; attempt++) {
      const response = await http("/auth", { method: "POST", form: signInForm(email, `wrong-pass-${attempt}`) });
      expect(response.status, `attempt ${attempt}`).toBe(400);
      expect(await response.text()).toContain("Invalid email or password.");
    }
    const refused = await http("/auth", { method: "POST", form: signInForm(email, "wrong-pass-6") });
    expect(refused.status).toBe(429);
    expect(await refused.text()).toContain("Too many attempts. Please wait a few minutes and try again.");
    // ADR 015: guessing cannot lock the owner out.
    expect((await http("/auth", { method: "POST", form: signInForm(email, "secret-pass-123") })).status).toBe(302);
  });

  test("sign-up and resend confirmation: the 6th attempt for one address is 429 'Too many attempts'", async () => {
    for (const [what, form] of [
      ["sign-up", (email: string) => signUpForm(email)],
      ["resend confirmation", (email: string) => ({ intent: "resend", email })],
    ] as const) {
      const email = uniqueEmail(`limit-${what.split(" ")[0]}`);
      for (let attempt = 1; attempt <= 5; attempt++) {
        expect((await http("/auth", { method: "POST", form: form(email) })).status, `${what} ${attempt}`).toBe(302);
      }
      const refused = await http("/auth", { method: "POST", form: form(email) });
      expect(refused.status, what).toBe(429);
      expect(await refused.text()).toContain("Too many attempts. Please wait a few minutes and try again.");
    }
  });
});

test.describe("no user enumeration", () => {
  /** The answer with what legitimately differs (the nonce, the address typed) masked. */
  async function comparable(response: Response, email: string) {
    const nonce = (response.headers.get("content-security-policy") ?? "").match(/'nonce-([^']+)'/)?.[1] ?? "none";
    const body = (await response.text())
      .replaceAll(nonce, "NONCE")
      .replaceAll(email, "EMAIL")
      .replaceAll(encodeURIComponent(email), "EMAIL");
    return {
      status: response.status,
      location: response.headers.get("location")?.replaceAll(encodeURIComponent(email), "EMAIL") ?? null,
      body,
    };
  }

  /** The flash toast the redirect sets (a signed cookie of its JSON: equal text, equal cookie). */
  const toastOf = (response: Response) => response.headers.getSetCookie().find((c) => c.startsWith("toast=")) ?? "";

  test("sign-in, sign-up and resend answer word for word the same for a known and an unknown address", async () => {
    const known = uniqueEmail("known");
    await userWithPassword(known, "secret-pass-123");
    const unverified = uniqueEmail("unverified");
    await userWithPassword(unverified, "secret-pass-123", false);
    const unknown = uniqueEmail("unknown");

    // Sign-in: wrong password for a real account vs an address nobody has.
    const wrongPassword = await comparable(await http("/auth", { method: "POST", form: signInForm(known, "wrong-pass-123") }), known);
    const noAccount = await comparable(await http("/auth", { method: "POST", form: signInForm(unknown, "wrong-pass-123") }), unknown);
    expect(wrongPassword.status).toBe(400);
    expect(wrongPassword.body).toContain("Invalid email or password.");
    expect(noAccount).toEqual(wrongPassword);

    // Sign-up: a registered address vs a new one — same redirect, same toast.
    const taken = await http("/auth", { method: "POST", form: signUpForm(known) });
    const fresh = await http("/auth", { method: "POST", form: signUpForm(uniqueEmail("fresh")) });
    expect(taken.status).toBe(302);
    expect(fresh.status).toBe(302);
    const masked = (r: Response) => r.headers.get("location")!.replace(/sent=[^&]*/, "sent=EMAIL");
    expect(masked(taken)).toBe(masked(fresh));
    expect(toastOf(taken)).not.toBe("");
    expect(toastOf(taken)).toBe(toastOf(fresh));

    // Resend confirmation: unverified, verified and unknown addresses.
    const resends = [];
    for (const email of [unverified, known, unknown]) {
      const response = await http("/auth", { method: "POST", form: { intent: "resend", email } });
      resends.push({ status: response.status, location: response.headers.get("location"), toast: toastOf(response) });
    }
    expect(resends[0].status).toBe(302);
    expect(resends[0].toast).not.toBe("");
    expect(resends[1]).toEqual(resends[0]);
    expect(resends[2]).toEqual(resends[0]);
  });

  test("no timing difference over 50 ms on average: known vs unknown address for sign-in, sign-up and resend", async () => {
    test.setTimeout(60_000);
    // 10 alternating pairs = 20 requests per comparison: enough to see a skipped hash (~100 ms here)
    // or a skipped commit (~60 ms), small enough to keep the suite fast.
    const PAIRS = 10;
    type Send = () => Promise<Response>;
    /**
     * Every address is prepared first (nothing written between measurements), then the pairs run
     * in alternating order (known first, then unknown first) so load on this shared machine and any
     * warm-up hit both sides alike. The first pair warms up and is not counted.
     */
    async function gap(label: string, known: () => Promise<Send>, unknown: () => Promise<Send>) {
      const pairs: [Send, Send][] = [];
      for (let i = 0; i <= PAIRS; i++) pairs.push([await known(), await unknown()]);
      const time = async (send: Send) => {
        const start = performance.now();
        const response = await send();
        await response.arrayBuffer();
        expect(response.status, label).toBeLessThan(500);
        return performance.now() - start;
      };
      const differences: number[] = [];
      for (const [i, [a, b]] of pairs.entries()) {
        let ta: number, tb: number;
        if (i % 2 === 0) {
          ta = await time(a);
          tb = await time(b);
        } else {
          tb = await time(b);
          ta = await time(a);
        }
        if (i > 0) differences.push(ta - tb);
      }
      const mean = (xs: number[]) => xs.reduce((sum, x) => sum + x, 0) / xs.length;
      // The median of the paired differences: stalls on a 2-core machine shared with the other
      // worker's tests hit a few pairs (a trimmed mean of 10 still failed at load 20, −95 ms with a
      // raw mean of −118); a real gap — a skipped hash, a skipped commit — moves every pair, and the
      // median moves with it.
      const sorted = [...differences].sort((x, y) => x - y);
      const middle = sorted.length / 2;
      const median = sorted.length % 2 ? sorted[Math.floor(middle)]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
      return { label, raw: mean(differences), trimmed: median };
    }

    const results = [
      await gap(
        "sign-in: wrong password vs unknown address",
        async () => {
          const email = uniqueEmail("t-known");
          await userWithPassword(email, "secret-pass-123");
          return () => http("/auth", { method: "POST", form: signInForm(email, "wrong-pass-123") });
        },
        async () => {
          const email = uniqueEmail("t-unknown");
          return () => http("/auth", { method: "POST", form: signInForm(email, "wrong-pass-123") });
        },
      ),
      await gap(
        "sign-up: registered vs new address",
        async () => {
          const user = await createUser({ email: uniqueEmail("t-taken") });
          return () => http("/auth", { method: "POST", form: signUpForm(user.email) });
        },
        async () => {
          const email = uniqueEmail("t-new");
          return () => http("/auth", { method: "POST", form: signUpForm(email) });
        },
      ),
      await gap(
        "resend: unconfirmed account vs unknown address",
        async () => {
          const user = await e2eDb()
            .insert(users)
            .values({ email: uniqueEmail("t-unconfirmed") })
            .returning();
          return () => http("/auth", { method: "POST", form: { intent: "resend", email: user[0].email } });
        },
        async () => {
          const email = uniqueEmail("t-nobody");
          return () => http("/auth", { method: "POST", form: { intent: "resend", email } });
        },
      ),
    ];
    const line = results.map((r) => `${r.label} ${r.trimmed.toFixed(1)} ms median (raw mean ${r.raw.toFixed(1)})`).join("; ");
    recordFigures("web-baseline", [`enumeration timing gap, known − unknown, ${PAIRS} alternating pairs each (limit ±50 ms): ${line}`]);
    for (const r of results) expect(Math.abs(r.trimmed), `${r.label}: ${line}`).toBeLessThan(50);
  });
});

test.describe("sessions end for real", () => {
  const profilePage = (cookie: string) => http("/player-profile", { cookie });
  const signedOut = async (cookie: string) => {
    const response = await profilePage(cookie);
    return response.status === 302 && (response.headers.get("location") ?? "").startsWith("/auth");
  };
  const sameSite = { Origin: E2E_BASE_URL, "Sec-Fetch-Site": "same-origin" };

  test("a password change signs out every other session; 'sign out of other devices' and sign-out end theirs; an old cookie never works again", async () => {
    const email = uniqueEmail("revoke");
    const user = await userWithPassword(email, "old-pass-123");
    const [laptop, phone, tablet] = [await sessionCookie(user.id), await sessionCookie(user.id), await sessionCookie(user.id)];
    for (const cookie of [laptop, phone, tablet]) expect((await profilePage(cookie)).status).toBe(200);

    // The password is changed on the laptop: phone and tablet are out, the laptop stays in.
    const change = await http("/player-profile", {
      method: "POST",
      headers: sameSite,
      cookie: laptop,
      form: { intent: "password", currentPassword: "old-pass-123", newPassword: "new-pass-456", confirmPassword: "new-pass-456" },
    });
    expect(change.status).toBe(302);
    expect(await signedOut(phone)).toBe(true);
    expect(await signedOut(tablet)).toBe(true);
    expect(await signedOut(laptop)).toBe(false);
    // The stale cookie is told to go away, and the old password no longer signs in.
    expect((await profilePage(phone)).headers.getSetCookie().some((c) => c.startsWith(`${SESSION_COOKIE}=;`))).toBe(true);
    expect(await (await http("/auth", { method: "POST", form: signInForm(email, "old-pass-123") })).text()).toContain(
      "Invalid email or password.",
    );

    // Signed in again elsewhere with the new password; from there, "Sign out of all other devices".
    const signIn = await http("/auth", { method: "POST", form: signInForm(email, "new-pass-456") });
    expect(signIn.status).toBe(302);
    const desktop = signIn.headers
      .getSetCookie()
      .find((c) => c.startsWith(`${SESSION_COOKIE}=`))!
      .split(";")[0];
    const others = await http("/player-profile", { method: "POST", headers: sameSite, cookie: desktop, form: { intent: "signOutOthers" } });
    expect(others.status).toBe(302);
    expect(await signedOut(laptop)).toBe(true);
    expect(await signedOut(desktop)).toBe(false);

    // Sign-out ends the last one; replaying its cookie afterwards gets nothing.
    expect((await http("/logout", { method: "POST", headers: sameSite, cookie: desktop })).status).toBe(302);
    expect(await signedOut(desktop)).toBe(true);
    expect((await http("/api/badges", { cookie: desktop })).status).toBe(401);
    expect(await e2eDb().select().from(sessions).where(eq(sessions.userId, user.id))).toEqual([]);
    expect(
      await e2eDb()
        .select()
        .from(sessions)
        .where(and(eq(sessions.userId, user.id), eq(sessions.tokenHash, hashSessionToken(desktop.split("=")[1])))),
    ).toEqual([]);
  });
});
