import { createHash } from "node:crypto";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, test, vi } from "vitest";
import { emailVerificationTokens, mailOutbox, profiles, users, zipCodes } from "#db/schema";
import { createTestDb, type TestDb } from "../../../tests/setup/test-db";
import {
  fillLocationFromZip,
  resendVerification,
  safeRedirect,
  signIn,
  signUp,
  testingModeUser,
  verifyEmail,
  type AccountsContext,
} from "./accounts.server";
import { authRateLimits } from "./rate-limit.server";

let t: TestDb;
let ctx: AccountsContext;
/** What signUp hands to waitUntil (the mail, after the response); mailsTo waits for it. */
const background: Promise<unknown>[] = [];
const LIMITS = { AUTH_LIMIT_PER_EMAIL: 5, AUTH_LIMIT_PER_IP: 8 };
const AUTH_RATE_LIMITS = authRateLimits(LIMITS);
let ipCounter = 0;
/** A fresh IP per call keeps the per-IP limit out of the tests that are not about it. */
const info = () => ({ ip: `192.0.2.${++ipCounter}` });

beforeAll(async () => {
  t = await createTestDb();
  ctx = {
    db: t.db,
    env: { APP_ENV: "test", PASSWORD_PEPPER: "p".repeat(32), APP_ORIGIN: "http://app.test", ...LIMITS },
    cloudflare: { ctx: { waitUntil: (promise) => void background.push(promise) } },
  };
});
afterAll(() => t.cleanup());

const input = (email: string) => ({
  email,
  password: "secret-pass",
  firstName: " Sam ",
  lastName: "Lee",
  zipCode: "02139",
  city: "Cambridge",
  state: "MA",
});

async function mailsTo(email: string) {
  await Promise.all(background.splice(0));
  return t.db.select().from(mailOutbox).where(eq(mailOutbox.to, email));
}
function tokenFrom(text: string) {
  return new URL(text.match(/http:\/\/app\.test\/verify-email\?token=\S+/)![0]).searchParams.get("token")!;
}

describe("sign-up and e-mail verification", () => {
  test("sign-up creates an unverified account and profile, and mails a verification link", async () => {
    expect(await signUp(ctx, input("New@Example.com "), info())).toEqual({ ok: true, email: "new@example.com" });
    const [user] = await t.db.select().from(users).where(eq(users.email, "new@example.com"));
    expect(user.emailVerifiedAt).toBeNull();
    expect(user.passwordAlgo).toBe("pbkdf2-sha256");
    const [profile] = await t.db.select().from(profiles).where(eq(profiles.userId, user.id));
    expect(profile).toMatchObject({
      firstName: "Sam",
      lastName: "Lee",
      zipCode: "02139",
      city: "Cambridge",
      state: "MA",
      email: "new@example.com",
    });
    const mails = await mailsTo("new@example.com");
    expect(mails).toHaveLength(1);
    expect(mails[0].subject).toBe("Confirm your LockerSwap account");
    // Only the hash of the link's token is stored.
    const token = tokenFrom(mails[0].text);
    const [row] = await t.db.select().from(emailVerificationTokens).where(eq(emailVerificationTokens.userId, user.id));
    expect(row.tokenHash).toBe(createHash("sha256").update(token).digest("hex"));
  });

  test("an unverified account cannot sign in; after the link it can, and the link works only once", async () => {
    await signUp(ctx, input("verify@example.com"), info());
    expect(await signIn(ctx, { email: "verify@example.com", password: "secret-pass" }, info())).toEqual({
      ok: false,
      reason: "unverified",
    });
    const token = tokenFrom((await mailsTo("verify@example.com"))[0].text);
    const verified = await verifyEmail(t.db, token);
    expect(verified.ok).toBe(true);
    expect(await verifyEmail(t.db, token)).toEqual({ ok: false, reason: "used" });
    const result = await signIn(ctx, { email: "VERIFY@example.com", password: "secret-pass" }, info());
    expect(result.ok).toBe(true);
    expect(await signIn(ctx, { email: "verify@example.com", password: "wrong-pass" }, info())).toEqual({
      ok: false,
      reason: "invalid_credentials",
    });
  });

  test("an expired verification link is refused as expired, an unknown one as invalid", async () => {
    await signUp(ctx, input("late@example.com"), info());
    const token = tokenFrom((await mailsTo("late@example.com"))[0].text);
    expect(await verifyEmail(t.db, token, new Date(Date.now() + 25 * 3600 * 1000))).toEqual({ ok: false, reason: "expired" });
    const [user] = await t.db.select().from(users).where(eq(users.email, "late@example.com"));
    expect(user.emailVerifiedAt).toBeNull();
    expect(await verifyEmail(t.db, "not-a-token")).toEqual({ ok: false, reason: "invalid" });
    expect(await verifyEmail(t.db, "")).toEqual({ ok: false, reason: "invalid" });
  });

  test("after an expired link, a resend mails a new link that works", async () => {
    await signUp(ctx, input("renew@example.com"), info());
    const expired = tokenFrom((await mailsTo("renew@example.com"))[0].text);
    const later = new Date(Date.now() + 25 * 3600 * 1000);
    expect(await verifyEmail(t.db, expired, later)).toEqual({ ok: false, reason: "expired" });
    expect(await resendVerification(ctx, "renew@example.com", info())).toEqual({ ok: true });
    const fresh = tokenFrom((await mailsTo("renew@example.com"))[1].text);
    expect((await verifyEmail(t.db, fresh)).ok).toBe(true);
  });

  test("signing up with a registered address answers the same and mails the owner instead", async () => {
    await signUp(ctx, input("taken@example.com"), info());
    const token = tokenFrom((await mailsTo("taken@example.com"))[0].text);
    await verifyEmail(t.db, token);
    const again = await signUp(ctx, { ...input("Taken@example.com"), password: "another-pass", firstName: "Mallory" }, info());
    expect(again).toEqual({ ok: true, email: "taken@example.com" });
    expect(await t.db.select().from(users).where(eq(users.email, "taken@example.com"))).toHaveLength(1);
    const mails = await mailsTo("taken@example.com");
    expect(mails.map((m) => m.subject)).toEqual(["Confirm your LockerSwap account", "Someone tried to sign up with your address"]);
    // The original password still works; the attempt changed nothing.
    expect((await signIn(ctx, { email: "taken@example.com", password: "secret-pass" }, info())).ok).toBe(true);
  });

  test("resend mails a new link only to an unverified account, and answers the same for any address", async () => {
    await signUp(ctx, input("resend@example.com"), info());
    expect(await resendVerification(ctx, "resend@example.com", info())).toEqual({ ok: true });
    expect(await mailsTo("resend@example.com")).toHaveLength(2);
    expect(await resendVerification(ctx, "nobody@example.com", info())).toEqual({ ok: true });
    expect(await mailsTo("nobody@example.com")).toHaveLength(0);
  });

  test("wrong passwords for one address are limited, but the right password still signs the owner in (ADR 015)", async () => {
    await signUp(ctx, input("limited@example.com"), info());
    await verifyEmail(t.db, tokenFrom((await mailsTo("limited@example.com"))[0].text));
    for (let i = 0; i < AUTH_RATE_LIMITS.email.limit; i++) {
      expect(await signIn(ctx, { email: "limited@example.com", password: "wrong" }, info())).toEqual({
        ok: false,
        reason: "invalid_credentials",
      });
    }
    expect(await signIn(ctx, { email: "limited@example.com", password: "wrong" }, info())).toEqual({ ok: false, reason: "rate_limited" });
    expect((await signIn(ctx, { email: "limited@example.com", password: "secret-pass" }, info())).ok).toBe(true);
    // Still locked for guesses.
    expect(await signIn(ctx, { email: "limited@example.com", password: "wrong-again" }, info())).toEqual({
      ok: false,
      reason: "rate_limited",
    });
  });

  test("one address spraying passwords over many accounts is stopped by the per-IP limit, right password or not", async () => {
    await signUp(ctx, input("sprayed@example.com"), info());
    await verifyEmail(t.db, tokenFrom((await mailsTo("sprayed@example.com"))[0].text));
    const sprayer = { ip: "198.51.100.7" };
    for (let i = 0; i < AUTH_RATE_LIMITS.ip.limit; i++) {
      expect((await signIn(ctx, { email: `victim${i}@example.com`, password: "Summer2030!" }, sprayer)).ok).toBe(false);
    }
    expect(await signIn(ctx, { email: "sprayed@example.com", password: "secret-pass" }, sprayer)).toEqual({
      ok: false,
      reason: "rate_limited",
    });
    expect((await signIn(ctx, { email: "sprayed@example.com", password: "secret-pass" }, info())).ok).toBe(true);
  });

  test("sign-up does the same work for a new and a registered address, and mails after the response (ADR 048)", async () => {
    const derive = vi.spyOn(crypto.subtle, "deriveBits");
    try {
      await signUp(ctx, input("twin@example.com"), info());
      await verifyEmail(t.db, tokenFrom((await mailsTo("twin@example.com"))[0].text));
      await signUp(ctx, input("twin-unverified@example.com"), info());
      await mailsTo("twin-unverified@example.com");
      for (const email of ["fresh-twin@example.com", "twin@example.com", "twin-unverified@example.com"]) {
        derive.mockClear();
        const before = (await mailsTo(email)).length;
        expect(await signUp(ctx, input(email), info())).toEqual({ ok: true, email });
        // One PBKDF2 hash on every path; the mail is handed to waitUntil, off the response path.
        expect(derive, email).toHaveBeenCalledTimes(1);
        expect(background, email).toHaveLength(1);
        expect(await mailsTo(email)).toHaveLength(before + 1);
      }
    } finally {
      derive.mockRestore();
    }
  });

  test("sign-up writes user, profile and token in one batch, and verification marks the user and spends the token in one batch (ADR 034)", async () => {
    // Every call that reaches the database, with the account writes it carried.
    const calls: string[][] = [];
    const accountWrites = (statements: unknown[]) =>
      statements
        .map((st) => (typeof st === "string" ? st : (st as { sql: string }).sql))
        .filter((text) => /^\s*(insert into|update) "?(users|profiles|email_verification_tokens)"?/i.test(text))
        .map((text) => text.trim().split(/\s+/).slice(0, 3).join(" ").replaceAll('"', ""));
    const realBatch = t.client.batch.bind(t.client);
    const batch = vi.spyOn(t.client, "batch").mockImplementation((statements, mode) => {
      calls.push(accountWrites(statements));
      return realBatch(statements, mode);
    });
    const execute = vi.spyOn(t.client, "execute");
    try {
      await signUp(ctx, input("one-batch@example.com"), info());
      const executed = execute.mock.calls.flatMap(([st]) => accountWrites([st]));
      expect(executed, "no account write outside a batch").toEqual([]);
      expect(calls.filter((writes) => writes.length > 0)).toEqual([
        ["insert into users", "insert into profiles", "insert into email_verification_tokens"],
      ]);

      calls.length = 0;
      execute.mockClear();
      const token = tokenFrom((await mailsTo("one-batch@example.com"))[0].text);
      expect(await verifyEmail(t.db, token)).toMatchObject({ ok: true });
      expect(execute.mock.calls.flatMap(([st]) => accountWrites([st]))).toEqual([]);
      expect(calls.filter((writes) => writes.length > 0)).toEqual([["update users set", "update email_verification_tokens set"]]);
    } finally {
      batch.mockRestore();
      execute.mockRestore();
    }
  });

  test("sign-ups and resends per e-mail are rate limited: the attempt after the limit is refused and mails nobody", async () => {
    const { limit } = AUTH_RATE_LIMITS.email;
    for (let i = 0; i < limit; i++) expect((await signUp(ctx, input("busy-signup@example.com"), info())).ok).toBe(true);
    expect(await signUp(ctx, input("Busy-Signup@example.com"), info())).toEqual({ ok: false, reason: "rate_limited" });
    expect(await mailsTo("busy-signup@example.com")).toHaveLength(limit);

    await signUp(ctx, input("busy-resend@example.com"), info());
    for (let i = 0; i < limit; i++) expect(await resendVerification(ctx, "busy-resend@example.com", info())).toEqual({ ok: true });
    expect(await resendVerification(ctx, "busy-resend@example.com", info())).toEqual({ ok: false, reason: "rate_limited" });
    expect(await mailsTo("busy-resend@example.com")).toHaveLength(1 + limit);
  });

  test("an unknown address fails like a wrong password", async () => {
    expect(await signIn(ctx, { email: "ghost@example.com", password: "secret-pass" }, info())).toEqual({
      ok: false,
      reason: "invalid_credentials",
    });
  });

  test("the server fills city and state from the ZIP when they are left empty", async () => {
    await t.db
      .insert(zipCodes)
      .values({ zip: "10001", city: "New York", state: "NY", latitude: 40.75, longitude: -73.99 })
      .onConflictDoNothing();
    expect(await fillLocationFromZip(t.db, { zipCode: "10001", city: "", state: "" })).toEqual({
      zipCode: "10001",
      city: "New York",
      state: "NY",
    });
    expect(await fillLocationFromZip(t.db, { zipCode: "10001", city: "Manhattan", state: "" })).toEqual({
      zipCode: "10001",
      city: "Manhattan",
      state: "NY",
    });
    expect(await fillLocationFromZip(t.db, { zipCode: "00000", city: "", state: "" })).toEqual({ zipCode: "00000", city: "", state: "" });
  });

  test("testing mode uses the demo 'user' account, creating it when the seed did not", async () => {
    const first = await testingModeUser(t.db);
    expect(first.email).toBe("user@lockerswap.test");
    expect(first.emailVerifiedAt).not.toBeNull();
    expect((await testingModeUser(t.db)).id).toBe(first.id);
  });
});

describe("safe redirects", () => {
  test.each([
    ["/in-play", "/in-play"],
    ["/club/tigers?tab=chat#top", "/club/tigers?tab=chat#top"],
    ["//evil.com", "/"],
    ["/\\evil.com", "/"],
    ["https://evil.com", "/"],
    ["javascript:alert(1)", "/"],
    ["/\t/evil.com", "/"],
    ["", "/"],
    [null, "/"],
  ])("%s → %s", (to, expected) => {
    expect(safeRedirect(to)).toBe(expected);
  });
});
