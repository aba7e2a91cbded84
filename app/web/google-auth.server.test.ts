// The Google sign-in round trip (the web layer's half, app/web/google-auth.server.ts) against the
// local OIDC stand-in; id_token checks and account linking are tested in
// app/features/accounts/google-auth.server.test.ts.
import type { AppLoadContext } from "@remix-run/cloudflare";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { profiles, sessions, users } from "#db/schema";
import { DEMO_CHOOSER_ACCOUNTS, googleVarsFor, localSubject, startOidcProvider, type OidcProvider } from "../../scripts/oidc-provider";
import { createTestDb, type TestDb } from "../../tests/setup/test-db";
import { ageCookieFor } from "./age-step.server";
import { finishGoogleSignIn, startGoogleSignIn } from "./google-auth.server";

describe("the Google sign-in flow against a local OIDC provider", () => {
  let t: TestDb;
  let provider: OidcProvider;
  let context: AppLoadContext;
  const origin = "http://app.test";
  const errors: string[] = [];
  const originalError = console.error;
  const originalInfo = console.info;

  beforeAll(async () => {
    t = await createTestDb();
    provider = await startOidcProvider({ clientId: "flow-client", clientSecret: "flow-secret" });
    const env = {
      APP_ENV: "test",
      APP_ORIGIN: "http://app.test",
      SESSION_SECRET: "s".repeat(32),
      GOOGLE_CLIENT_ID: "flow-client",
      GOOGLE_CLIENT_SECRET: "flow-secret",
      GOOGLE_AUTHORIZATION_URL: provider.authorizationUrl,
      GOOGLE_TOKEN_URL: provider.tokenUrl,
      GOOGLE_JWKS_URL: provider.jwksUrl,
      GOOGLE_ISSUER: provider.issuer,
    };
    context = { db: t.db, env } as unknown as AppLoadContext;
    // The flow logs one structured line per outcome; keep them to assert on.
    console.error = (line: string) => errors.push(line);
    console.info = () => {};
  });
  afterAll(async () => {
    console.error = originalError;
    console.info = originalInfo;
    await provider.stop();
    await t.cleanup();
  });

  const cookiePairs = (response: Response) => response.headers.getSetCookie().map((c) => c.split(";")[0]);

  /** Browser steps: POST /auth/google → provider /authorize → back to the callback. */
  /** `age`: whether the browser came through the age step (ADR 092) — a new account needs it. */
  async function signInAs(session: string, tamper?: (callback: URL) => void, startPath = "/auth/google", age = true) {
    const start = await startGoogleSignIn(new Request(`${origin}${startPath}`, { method: "POST" }), context);
    expect(start.status).toBe(302);
    const authorize = new URL(start.headers.get("Location")!);
    expect(authorize.origin + authorize.pathname).toBe(provider.authorizationUrl);
    expect(authorize.searchParams.get("code_challenge_method")).toBe("S256");
    expect(authorize.searchParams.get("redirect_uri")).toBe(`${origin}/auth/google/callback`);
    const atProvider = await fetch(authorize, { redirect: "manual", headers: { Cookie: `oidc_session=${session}` } });
    const callback = new URL(atProvider.headers.get("Location")!);
    tamper?.(callback);
    const ageCookie = age ? [(await ageCookieFor(context.env, { year: 1990, month: 6 })).split(";")[0]] : [];
    return finishGoogleSignIn(new Request(callback, { headers: { Cookie: [...cookiePairs(start), ...ageCookie].join("; ") } }), context);
  }

  test("a new Google user without the age step is sent to it, signed out, and nothing of theirs is kept", async () => {
    const session = provider.addIdentity({ sub: "flow-age", email: "flow-age@example.com", email_verified: true, given_name: "Ada" });
    const response = await signInAs(session, undefined, "/auth/google", false);
    expect(response.headers.get("Location")).toBe("/auth/age?next=google");
    expect(response.headers.getSetCookie().some((c) => c.startsWith("ls_session="))).toBe(false);
    expect(await t.db.select().from(users).where(eq(users.email, "flow-age@example.com"))).toEqual([]);
    // Through the step, the same person gets an account with the birth month.
    const again = await signInAs(session);
    expect(again.headers.get("Location")).toBe("/");
    const [user] = await t.db.select().from(users).where(eq(users.email, "flow-age@example.com"));
    expect(user).toMatchObject({ birthYear: 1990, birthMonth: 6 });
  });

  test("a new Google user comes back signed in", async () => {
    const session = provider.addIdentity({ sub: "flow-1", email: "flow@example.com", email_verified: true, given_name: "Flo" });
    const response = await signInAs(session);
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/");
    const cookies = response.headers.getSetCookie();
    expect(cookies.some((c) => c.startsWith("ls_session="))).toBe(true);
    // The state cookie is spent.
    expect(cookies.some((c) => c.startsWith("ls_google_oauth:") && c.includes("Max-Age=0"))).toBe(true);
    const [user] = await t.db.select().from(users).where(eq(users.googleSub, "flow-1"));
    expect(await t.db.select().from(sessions).where(eq(sessions.userId, user.id))).toHaveLength(1);
  });

  test("a safe redirectTo given at the start is where the callback lands", async () => {
    const session = provider.addIdentity({ sub: "flow-5", email: "flow5@example.com", email_verified: true });
    const response = await signInAs(session, undefined, `/auth/google?redirectTo=${encodeURIComponent("/on-deck?tab=saved")}`);
    expect(response.headers.get("Location")).toBe("/on-deck?tab=saved");
    // The kept destination is spent with the state cookie.
    expect(response.headers.getSetCookie().some((c) => c.startsWith("ls_google_return=;") && c.includes("Max-Age=0"))).toBe(true);
  });

  test("an open redirect given at the start lands home", async () => {
    for (const [i, evil] of ["//evil.example", "https://evil.example/", "/\\evil.example"].entries()) {
      const session = provider.addIdentity({ sub: `flow-6-${i}`, email: `flow6-${i}@example.com`, email_verified: true });
      const response = await signInAs(session, undefined, `/auth/google?redirectTo=${encodeURIComponent(evil)}`);
      expect(response.headers.get("Location")).toBe("/");
    }
  });

  test("a tampered destination cookie is ignored: the callback lands home", async () => {
    const session = provider.addIdentity({ sub: "flow-7", email: "flow7@example.com", email_verified: true });
    const start = await startGoogleSignIn(new Request(`${origin}/auth/google?redirectTo=%2Fon-deck`, { method: "POST" }), context);
    // Same-site, so only the missing signature can refuse it.
    const forged = `ls_google_return=${btoa(JSON.stringify("/forged"))}`;
    const age = (await ageCookieFor(context.env, { year: 1990, month: 6 })).split(";")[0];
    const cookies = [...cookiePairs(start).filter((c) => !c.startsWith("ls_google_return=")), forged, age];
    const authorize = new URL(start.headers.get("Location")!);
    const atProvider = await fetch(authorize, { redirect: "manual", headers: { Cookie: `oidc_session=${session}` } });
    const response = await finishGoogleSignIn(
      new Request(atProvider.headers.get("Location")!, { headers: { Cookie: cookies.join("; ") } }),
      context,
    );
    expect(response.headers.get("Location")).toBe("/");
    expect(response.headers.getSetCookie().some((c) => c.startsWith("ls_session="))).toBe(true);
  });

  test("a failed sign-in started with a redirectTo goes back to /auth keeping it", async () => {
    const session = provider.addIdentity({ sub: "flow-8", email: "flow8@example.com", email_verified: true, forge: true });
    const response = await signInAs(session, undefined, "/auth/google?redirectTo=%2Fon-deck");
    expect(response.headers.get("Location")).toBe("/auth?redirectTo=%2Fon-deck");
  });

  test("a callback whose state does not match the cookie is refused and logged", async () => {
    const session = provider.addIdentity({ sub: "flow-2", email: "flow2@example.com", email_verified: true });
    const response = await signInAs(session, (callback) => callback.searchParams.set("state", "forged-state"));
    expect(response.headers.get("Location")).toBe("/auth");
    expect(response.headers.getSetCookie().some((c) => c.startsWith("ls_session="))).toBe(false);
    expect(JSON.parse(errors.at(-1)!)).toMatchObject({
      event: "google_sign_in_failed",
      step: "callback",
      reason: expect.stringMatching(/State/),
    });
    expect(await t.db.select().from(users).where(eq(users.googleSub, "flow-2"))).toHaveLength(0);
  });

  test("a forged id_token is refused", async () => {
    const session = provider.addIdentity({ sub: "flow-3", email: "flow3@example.com", email_verified: true, forge: true });
    const response = await signInAs(session);
    expect(response.headers.get("Location")).toBe("/auth");
    expect(JSON.parse(errors.at(-1)!).reason).toMatch(/bad signature/);
  });

  test("the provider refuses a code redeemed without the PKCE verifier", async () => {
    // An attacker who got hold of the code but not the verifier cookie redeems it at the provider.
    const session = provider.addIdentity({ sub: "flow-4", email: "flow4@example.com", email_verified: true });
    const start = await startGoogleSignIn(new Request(`${origin}/auth/google`, { method: "POST" }), context);
    const authorize = new URL(start.headers.get("Location")!);
    const atProvider = await fetch(authorize, { redirect: "manual", headers: { Cookie: `oidc_session=${session}` } });
    const code = new URL(atProvider.headers.get("Location")!).searchParams.get("code")!;
    const token = await fetch(provider.tokenUrl, {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded", Authorization: `Basic ${btoa("flow-client:flow-secret")}` },
      body: new URLSearchParams({
        grant_type: "authorization_code",
        code,
        redirect_uri: `${origin}/auth/google/callback`,
        code_verifier: "guessed",
      }),
    });
    expect(token.status).toBe(400);
    expect(await token.json()).toMatchObject({ error: "invalid_grant", error_description: "PKCE verification failed" });
  });

  test("a sign-in started from another site is sent to /auth instead of the provider", async () => {
    const request = new Request(`${origin}/auth/google`, { headers: { "Sec-Fetch-Site": "cross-site" } });
    const response = await startGoogleSignIn(request, context);
    expect(response.headers.get("Location")).toBe("/auth");
  });

  test("without a client id and secret, Continue with Google answers with a toast", async () => {
    const unconfigured = { ...context, env: { ...context.env, GOOGLE_CLIENT_ID: undefined } } as AppLoadContext;
    const response = await startGoogleSignIn(new Request(`${origin}/auth/google`, { method: "POST" }), unconfigured);
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/auth");
    expect(response.headers.getSetCookie().some((c) => c.startsWith("toast="))).toBe(true);
  });
});

describe("the local Google stand-in (npm start) asks who signs in with a tiny account chooser", () => {
  let t: TestDb;
  let provider: OidcProvider;
  let context: AppLoadContext;
  const origin = "http://app.test";
  const originalInfo = console.info;

  beforeAll(async () => {
    t = await createTestDb();
    provider = await startOidcProvider({ clientId: "demo-client", clientSecret: "demo-secret", accounts: DEMO_CHOOSER_ACCOUNTS });
    context = {
      db: t.db,
      env: { APP_ENV: "development", APP_ORIGIN: origin, SESSION_SECRET: "s".repeat(32), ...googleVarsFor(provider) },
    } as unknown as AppLoadContext;
    console.info = () => {};
  });
  afterAll(async () => {
    console.info = originalInfo;
    await provider.stop();
    await t.cleanup();
  });

  const cookiePairs = (response: Response) => response.headers.getSetCookie().map((c) => c.split(";")[0]);

  /** 'Continue with Google' → the chooser page, and the hidden fields its forms carry. */
  async function openChooser() {
    const start = await startGoogleSignIn(new Request(`${origin}/auth/google`), context);
    const page = await fetch(start.headers.get("Location")!, { redirect: "manual" });
    const html = await page.text();
    // The fields every chooser form carries back: the authorization request, as hidden inputs.
    const firstForm = html.slice(html.indexOf('<form method="post" action="/authorize">'), html.indexOf("<ul>"));
    const hidden = new URLSearchParams(
      [...firstForm.matchAll(/type="hidden" name="([^"]+)" value="([^"]*)"/g)].map((m) => [m[1]!, m[2]!.replace(/&amp;/g, "&")]),
    );
    return { start, page, html, hidden };
  }

  async function answer(chooser: Awaited<ReturnType<typeof openChooser>>, fields: Record<string, string>) {
    const body = new URLSearchParams(chooser.hidden);
    for (const [key, value] of Object.entries(fields)) body.set(key, value);
    return fetch(`${provider.issuer}/authorize`, { method: "POST", body, redirect: "manual" });
  }

  const callback = async (chooser: Awaited<ReturnType<typeof openChooser>>, atProvider: Response) =>
    finishGoogleSignIn(
      new Request(atProvider.headers.get("Location")!, {
        // Through the age step (ADR 092), as a new person must be.
        headers: {
          Cookie: [...cookiePairs(chooser.start), (await ageCookieFor(context.env, { year: 1990, month: 6 })).split(";")[0]].join("; "),
        },
      }),
      context,
    );

  test("the chooser says it is a local stand-in, not Google, and lists the demo accounts and another e-mail", async () => {
    const { page, html } = await openChooser();
    expect(page.status).toBe(200);
    expect(page.headers.get("content-type")).toMatch(/text\/html/);
    expect(html).toContain("<title>Local Google stand-in — not Google</title>");
    for (const account of DEMO_CHOOSER_ACCOUNTS) expect(html).toContain(`name="email" value="${account.email}"`);
    expect(html).toContain("Use another e-mail");
  });

  test("picking a demo account signs in to that seeded account, linked to a stable local subject", async () => {
    const email = DEMO_CHOOSER_ACCOUNTS[3]!.email;
    const [seeded] = await t.db.insert(users).values({ email, emailVerifiedAt: new Date() }).returning();
    const chooser = await openChooser();
    const atProvider = await answer(chooser, { email });
    expect(atProvider.status).toBe(303);
    const response = await callback(chooser, atProvider);
    expect(response.headers.get("Location")).toBe("/");
    expect(response.headers.getSetCookie().some((c) => c.startsWith("ls_session="))).toBe(true);
    const [user] = await t.db.select().from(users).where(eq(users.id, seeded!.id));
    expect(user!.googleSub).toBe(localSubject(email));
  });

  test("another e-mail creates a new verified account named as typed", async () => {
    const chooser = await openChooser();
    const response = await callback(chooser, await answer(chooser, { email: "New.Person@Example.com", name: "Nia Brooks" }));
    expect(response.headers.get("Location")).toBe("/");
    const [user] = await t.db.select().from(users).where(eq(users.email, "new.person@example.com"));
    expect(user!.emailVerifiedAt).toBeInstanceOf(Date);
    const [profile] = await t.db.select().from(profiles).where(eq(profiles.userId, user!.id));
    expect(profile).toMatchObject({ firstName: "Nia", lastName: "Brooks" });
  });

  test("a malformed e-mail shows the chooser again with the message and what was typed", async () => {
    const chooser = await openChooser();
    const atProvider = await answer(chooser, { email: "not-an-email", name: "<Nia>" });
    expect(atProvider.status).toBe(400);
    const html = await atProvider.text();
    expect(html).toContain("Enter an e-mail address like name@example.com.");
    expect(html).toContain('value="not-an-email"');
    expect(html).toContain('value="&lt;Nia&gt;"');
  });

  test("Cancel comes back to /auth with 'Sign in failed'", async () => {
    const originalError = console.error;
    console.error = () => {};
    try {
      const chooser = await openChooser();
      const atProvider = await answer(chooser, { cancel: "1" });
      expect(new URL(atProvider.headers.get("Location")!).searchParams.get("error")).toBe("access_denied");
      const response = await callback(chooser, atProvider);
      expect(response.headers.get("Location")).toBe("/auth");
      expect(response.headers.getSetCookie().some((c) => c.startsWith("ls_session="))).toBe(false);
    } finally {
      console.error = originalError;
    }
  });

  test("the test-only endpoints are closed outside the e2e server", async () => {
    const response = await fetch(`${provider.issuer}/test/next-identity`, {
      method: "POST",
      body: JSON.stringify({ sub: "x", email: "x@example.com", email_verified: true }),
    });
    expect(response.status).toBe(404);
  });
});
