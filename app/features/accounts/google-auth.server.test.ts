import { createSign, generateKeyPairSync, type KeyObject } from "node:crypto";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import type { AppLoadContext } from "@remix-run/cloudflare";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { profiles, sessions, users } from "#db/schema";
import { DEMO_CHOOSER_ACCOUNTS, googleVarsFor, localSubject, startOidcProvider, type OidcProvider } from "../../../scripts/oidc-provider";
import { createTestDb, type TestDb } from "../../../tests/setup/test-db";
import {
  finishGoogleSignIn,
  GoogleSignInRefused,
  IdTokenError,
  signInWithGoogle,
  startGoogleSignIn,
  verifyIdToken,
  type GoogleClaims,
} from "./google-auth.server";

const CLIENT_ID = "unit-client";
const ISSUER = "https://accounts.google.com";

describe("id_token verification", () => {
  const kid = "key-1";
  const good = generateKeyPairSync("rsa", { modulusLength: 2048 });
  const other = generateKeyPairSync("rsa", { modulusLength: 2048 });
  let jwksServer: Server;
  let jwksUrl: string;
  /** What the provider publishes right now (a test may rotate it). */
  let published: KeyObject[] = [good.publicKey];
  let jwksRequests = 0;

  beforeAll(async () => {
    jwksServer = createServer((_, response) => {
      jwksRequests++;
      response.writeHead(200, { "Content-Type": "application/json" });
      response.end(JSON.stringify({ keys: published.map((key) => ({ ...key.export({ format: "jwk" }), kid, alg: "RS256", use: "sig" })) }));
    });
    await new Promise<void>((resolve) => jwksServer.listen(0, "127.0.0.1", resolve));
    jwksUrl = `http://127.0.0.1:${(jwksServer.address() as AddressInfo).port}/certs`;
  });
  afterAll(() => new Promise<void>((resolve) => jwksServer.close(() => resolve())));

  const now = Math.floor(Date.now() / 1000);
  const claims = (overrides: Record<string, unknown> = {}) => ({
    iss: ISSUER,
    aud: CLIENT_ID,
    sub: "1234567890",
    email: "Sam.Lee@Example.com",
    email_verified: true,
    given_name: "Sam",
    family_name: "Lee",
    iat: now,
    exp: now + 3600,
    ...overrides,
  });
  function sign(payload: Record<string, unknown>, key: KeyObject = good.privateKey, header: Record<string, unknown> = { alg: "RS256", kid }) {
    const enc = (value: unknown) => Buffer.from(JSON.stringify(value)).toString("base64url");
    const input = `${enc(header)}.${enc(payload)}`;
    return `${input}.${createSign("RSA-SHA256").update(input).sign(key).toString("base64url")}`;
  }
  const verify = (token: string) => verifyIdToken(token, { clientId: CLIENT_ID, issuer: ISSUER, jwksUrl });

  test("a token signed by the provider's key gives the claims, with the e-mail lower-cased", async () => {
    await expect(verify(sign(claims()))).resolves.toEqual({
      sub: "1234567890",
      email: "sam.lee@example.com",
      givenName: "Sam",
      familyName: "Lee",
      name: null,
    });
    // Google's tokens may name the issuer without the scheme.
    await expect(verify(sign(claims({ iss: "accounts.google.com" })))).resolves.toMatchObject({ sub: "1234567890" });
  });

  test("a token signed by another key is refused, even with the provider's kid", async () => {
    await expect(verify(sign(claims(), other.privateKey))).rejects.toThrow(new IdTokenError("bad signature"));
    await expect(verify(sign(claims(), other.privateKey, { alg: "RS256", kid: "unknown" }))).rejects.toThrow(/unknown signing key/);
  });

  test("the keys are fetched for each sign-in: a rotated key works at once and the retired one is refused", async () => {
    // Nothing is cached between requests (ADR 019): an isolate shares no fetch or key across them.
    const before = jwksRequests;
    await expect(verify(sign(claims()))).resolves.toMatchObject({ sub: "1234567890" });
    await expect(verify(sign(claims()))).resolves.toMatchObject({ sub: "1234567890" });
    expect(jwksRequests - before).toBe(2);
    published = [other.publicKey];
    try {
      await expect(verify(sign(claims(), other.privateKey))).resolves.toMatchObject({ sub: "1234567890" });
      await expect(verify(sign(claims()))).rejects.toThrow(/bad signature/);
    } finally {
      published = [good.publicKey];
    }
  });

  test("concurrent sign-ins against two providers each check their own provider's keys", async () => {
    const second = createServer((_, response) => {
      response.writeHead(200, { "Content-Type": "application/json" });
      response.end(JSON.stringify({ keys: [{ ...other.publicKey.export({ format: "jwk" }), kid, alg: "RS256", use: "sig" }] }));
    });
    await new Promise<void>((resolve) => second.listen(0, "127.0.0.1", resolve));
    const secondUrl = `http://127.0.0.1:${(second.address() as AddressInfo).port}/certs`;
    try {
      const results = await Promise.allSettled([
        verify(sign(claims())),
        verifyIdToken(sign(claims(), other.privateKey), { clientId: CLIENT_ID, issuer: ISSUER, jwksUrl: secondUrl }),
        verifyIdToken(sign(claims()), { clientId: CLIENT_ID, issuer: ISSUER, jwksUrl: secondUrl }),
      ]);
      expect(results.map((r) => r.status)).toEqual(["fulfilled", "fulfilled", "rejected"]);
    } finally {
      await new Promise<void>((resolve) => second.close(() => resolve()));
    }
  });

  test("a provider whose keys cannot be fetched refuses the token instead of crashing", async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, "127.0.0.1", resolve));
    const deadUrl = `http://127.0.0.1:${(closed.address() as AddressInfo).port}/certs`;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    await expect(verifyIdToken(sign(claims()), { clientId: CLIENT_ID, issuer: ISSUER, jwksUrl: deadUrl })).rejects.toThrow(/JWKS unreachable/);
  });

  test("a token for another client is refused", async () => {
    await expect(verify(sign(claims({ aud: "someone-else" })))).rejects.toThrow(/wrong audience/);
  });

  test("a token from another issuer is refused", async () => {
    await expect(verify(sign(claims({ iss: "https://evil.example" })))).rejects.toThrow(/wrong issuer/);
  });

  test("an expired token is refused", async () => {
    await expect(verify(sign(claims({ iat: now - 7200, exp: now - 3600 })))).rejects.toThrow(/expired/);
  });

  test("a token issued in the future is refused", async () => {
    await expect(verify(sign(claims({ iat: now + 3600, exp: now + 7200 })))).rejects.toThrow(/future/);
  });

  test("an unverified e-mail is refused", async () => {
    await expect(verify(sign(claims({ email_verified: false })))).rejects.toThrow(/e-mail not verified/);
    await expect(verify(sign(claims({ email_verified: "true" })))).rejects.toThrow(/e-mail not verified/);
  });

  test("an unsigned or HMAC token is refused", async () => {
    const [header, payload] = sign(claims()).split(".");
    const none = `${Buffer.from(JSON.stringify({ alg: "none", kid })).toString("base64url")}.${payload}.`;
    await expect(verify(none)).rejects.toThrow(/unexpected alg none/);
    await expect(verify(`${header}.${payload}`)).rejects.toThrow(/malformed/);
    await expect(verify(sign(claims(), good.privateKey, { alg: "HS256", kid }))).rejects.toThrow(/unexpected alg HS256/);
  });
});

describe("the account behind a Google sign-in", () => {
  let t: TestDb;
  beforeAll(async () => {
    t = await createTestDb();
  });
  afterAll(() => t.cleanup());

  let counter = 0;
  const google = (overrides: Partial<GoogleClaims> = {}): GoogleClaims => ({
    sub: `sub-${++counter}`,
    email: `google-${counter}@example.com`,
    givenName: "Gia",
    familyName: "Park",
    name: "Gia Park",
    ...overrides,
  });

  test("a new Google user gets a verified account without a password and a profile from the claims", async () => {
    const claims = google();
    const result = await signInWithGoogle(t.db, claims);
    expect(result.outcome).toBe("created");
    const [user] = await t.db.select().from(users).where(eq(users.id, result.userId));
    expect(user).toMatchObject({ email: claims.email, googleSub: claims.sub, passwordHash: null });
    expect(user.emailVerifiedAt).toBeInstanceOf(Date);
    const [profile] = await t.db.select().from(profiles).where(eq(profiles.userId, user.id));
    expect(profile).toMatchObject({ firstName: "Gia", lastName: "Park", email: claims.email });
  });

  test("the same Google user signs in to the same account next time, even after changing address", async () => {
    const claims = google();
    const first = await signInWithGoogle(t.db, claims);
    const again = await signInWithGoogle(t.db, { ...claims, email: "renamed@example.com" });
    expect(again).toEqual({ userId: first.userId, outcome: "signed-in" });
  });

  test("a verified password account with the same e-mail is linked and keeps its password", async () => {
    const claims = google();
    const verifiedAt = new Date("2026-01-01T00:00:00Z");
    const [existing] = await t.db
      .insert(users)
      .values({ email: claims.email, passwordHash: "hash", passwordAlgo: "pbkdf2-sha256", passwordParams: "{}", emailVerifiedAt: verifiedAt })
      .returning();
    expect(await signInWithGoogle(t.db, claims)).toEqual({ userId: existing.id, outcome: "linked" });
    const rows = await t.db.select().from(users).where(eq(users.email, claims.email));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ googleSub: claims.sub, passwordHash: "hash", emailVerifiedAt: verifiedAt });
  });

  test("an unverified password account with the same e-mail is linked, verified, and its password dropped", async () => {
    const claims = google();
    const [existing] = await t.db.insert(users).values({ email: claims.email, passwordHash: "hash", passwordAlgo: "pbkdf2-sha256", passwordParams: "{}" }).returning();
    expect(await signInWithGoogle(t.db, claims)).toEqual({ userId: existing.id, outcome: "linked" });
    const [user] = await t.db.select().from(users).where(eq(users.id, existing.id));
    expect(user.emailVerifiedAt).toBeInstanceOf(Date);
    expect(user).toMatchObject({ googleSub: claims.sub, passwordHash: null, passwordAlgo: null });
  });

  test("an e-mail already linked to another Google account is refused", async () => {
    const first = google();
    await signInWithGoogle(t.db, first);
    await expect(signInWithGoogle(t.db, google({ email: first.email }))).rejects.toThrow(GoogleSignInRefused);
  });
});

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
  async function signInAs(session: string, tamper?: (callback: URL) => void, startPath = "/auth/google") {
    const start = await startGoogleSignIn(new Request(`${origin}${startPath}`, { method: "POST" }), context);
    expect(start.status).toBe(302);
    const authorize = new URL(start.headers.get("Location")!);
    expect(authorize.origin + authorize.pathname).toBe(provider.authorizationUrl);
    expect(authorize.searchParams.get("code_challenge_method")).toBe("S256");
    expect(authorize.searchParams.get("redirect_uri")).toBe(`${origin}/auth/google/callback`);
    const atProvider = await fetch(authorize, { redirect: "manual", headers: { Cookie: `oidc_session=${session}` } });
    const callback = new URL(atProvider.headers.get("Location")!);
    tamper?.(callback);
    return finishGoogleSignIn(new Request(callback, { headers: { Cookie: cookiePairs(start).join("; ") } }), context);
  }

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
    const cookies = [...cookiePairs(start).filter((c) => !c.startsWith("ls_google_return=")), forged];
    const authorize = new URL(start.headers.get("Location")!);
    const atProvider = await fetch(authorize, { redirect: "manual", headers: { Cookie: `oidc_session=${session}` } });
    const response = await finishGoogleSignIn(new Request(atProvider.headers.get("Location")!, { headers: { Cookie: cookies.join("; ") } }), context);
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
    expect(JSON.parse(errors.at(-1)!)).toMatchObject({ event: "google_sign_in_failed", step: "callback", reason: expect.stringMatching(/State/) });
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
      body: new URLSearchParams({ grant_type: "authorization_code", code, redirect_uri: `${origin}/auth/google/callback`, code_verifier: "guessed" }),
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
    context = { db: t.db, env: { APP_ENV: "development", APP_ORIGIN: origin, SESSION_SECRET: "s".repeat(32), ...googleVarsFor(provider) } } as unknown as AppLoadContext;
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
    const hidden = new URLSearchParams([...firstForm.matchAll(/type="hidden" name="([^"]+)" value="([^"]*)"/g)].map((m) => [m[1]!, m[2]!.replace(/&amp;/g, "&")]));
    return { start, page, html, hidden };
  }

  async function answer(chooser: Awaited<ReturnType<typeof openChooser>>, fields: Record<string, string>) {
    const body = new URLSearchParams(chooser.hidden);
    for (const [key, value] of Object.entries(fields)) body.set(key, value);
    return fetch(`${provider.issuer}/authorize`, { method: "POST", body, redirect: "manual" });
  }

  const callback = (chooser: Awaited<ReturnType<typeof openChooser>>, atProvider: Response) =>
    finishGoogleSignIn(new Request(atProvider.headers.get("Location")!, { headers: { Cookie: cookiePairs(chooser.start).join("; ") } }), context);

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
    const response = await fetch(`${provider.issuer}/test/next-identity`, { method: "POST", body: JSON.stringify({ sub: "x", email: "x@example.com", email_verified: true }) });
    expect(response.status).toBe(404);
  });
});
