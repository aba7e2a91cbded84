import { createSign, generateKeyPairSync, type KeyObject } from "node:crypto";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { profiles, users } from "#db/schema";
import { createTestDb, type TestDb } from "../../../tests/setup/test-db";
import { GoogleSignInRefused, IdTokenError, signInWithGoogle, verifyIdToken, type GoogleClaims } from "./google-auth.server";

const ADULT = { year: 1990, month: 5 };

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
  function sign(
    payload: Record<string, unknown>,
    key: KeyObject = good.privateKey,
    header: Record<string, unknown> = { alg: "RS256", kid },
  ) {
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
    await expect(verifyIdToken(sign(claims()), { clientId: CLIENT_ID, issuer: ISSUER, jwksUrl: deadUrl })).rejects.toThrow(
      /JWKS unreachable/,
    );
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
    const result = await signInWithGoogle(t.db, claims, ADULT);
    expect(result.outcome).toBe("created");
    const [user] = await t.db.select().from(users).where(eq(users.id, result.userId));
    expect(user).toMatchObject({ email: claims.email, googleSub: claims.sub, passwordHash: null });
    expect(user.emailVerifiedAt).toBeInstanceOf(Date);
    const [profile] = await t.db.select().from(profiles).where(eq(profiles.userId, user.id));
    expect(profile).toMatchObject({ firstName: "Gia", lastName: "Park", email: claims.email });
  });

  test("the same Google user signs in to the same account next time, even after changing address", async () => {
    const claims = google();
    const first = await signInWithGoogle(t.db, claims, ADULT);
    const again = await signInWithGoogle(t.db, { ...claims, email: "renamed@example.com" }, ADULT);
    expect(again).toEqual({ userId: first.userId, outcome: "signed-in" });
  });

  test("a verified password account with the same e-mail is linked and keeps its password", async () => {
    const claims = google();
    const verifiedAt = new Date("2026-01-01T00:00:00Z");
    const [existing] = await t.db
      .insert(users)
      .values({
        email: claims.email,
        passwordHash: "hash",
        passwordAlgo: "pbkdf2-sha256",
        passwordParams: "{}",
        emailVerifiedAt: verifiedAt,
      })
      .returning();
    expect(await signInWithGoogle(t.db, claims, ADULT)).toEqual({ userId: existing.id, outcome: "linked" });
    const rows = await t.db.select().from(users).where(eq(users.email, claims.email));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ googleSub: claims.sub, passwordHash: "hash", emailVerifiedAt: verifiedAt });
  });

  test("an unverified password account with the same e-mail is linked, verified, and its password dropped", async () => {
    const claims = google();
    const [existing] = await t.db
      .insert(users)
      .values({ email: claims.email, passwordHash: "hash", passwordAlgo: "pbkdf2-sha256", passwordParams: "{}" })
      .returning();
    expect(await signInWithGoogle(t.db, claims, ADULT)).toEqual({ userId: existing.id, outcome: "linked" });
    const [user] = await t.db.select().from(users).where(eq(users.id, existing.id));
    expect(user.emailVerifiedAt).toBeInstanceOf(Date);
    expect(user).toMatchObject({ googleSub: claims.sub, passwordHash: null, passwordAlgo: null });
  });

  test("an e-mail already linked to another Google account is refused", async () => {
    const first = google();
    await signInWithGoogle(t.db, first, ADULT);
    await expect(signInWithGoogle(t.db, google({ email: first.email }), ADULT)).rejects.toThrow(GoogleSignInRefused);
  });
});
