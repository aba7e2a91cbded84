// Accounts: sign-up with e-mail verification, sign-in, resend (spec 01 §2 /auth, §4, §5; ADR 009, ADR 015).
// Sign-up never tells whether an address is registered: a known address gets the same screen
// and its owner gets a mail instead. Every public entry point is rate limited per IP and e-mail.
import { isDisposableEmail } from "./disposable-email.server";
import { and, eq, gt, inArray, isNull, sql } from "drizzle-orm";
import type { Db } from "#db/client";
import { emailVerificationTokens, profiles, rateLimits, users } from "#db/schema";
import { DEMO_ACCOUNTS } from "#db/seed/demo-accounts";
import { lookupZip } from "../geo/geo.server";
import { sendMail, type MailConfig } from "~/platform/mail.server";
import { hashPassword, verifyPassword } from "./password.server";
import { authLimitKey, authRateLimits, hitAuthRateLimits, hitRateLimit, type AuthLimitVars } from "./rate-limit.server";
import { hashToken, randomToken } from "./session.server";

export const VERIFICATION_TOKEN_TTL_MS = 24 * 3600 * 1000;

export type AccountsContext = {
  db: Db;
  env: MailConfig & AuthLimitVars & { PASSWORD_PEPPER: string; APP_ORIGIN: string };
  /** Work that must not sit on the response path (the sign-up mail). */
  cloudflare: { ctx: { waitUntil(promise: Promise<unknown>): void } };
};
/** Where the request came from: the IP, for rate limits. Links in mails come from `APP_ORIGIN`, never the request's Host (ADR 013). */
export type RequestInfo = { ip: string };

export const normalizeEmail = (email: string) => email.trim().toLowerCase();

// The one redirect-target check lives with the other request guards; re-exported for its callers.
export { safeRedirect } from "~/platform/security.server";

/** The server half of "typing a ZIP fills city and state": fills what the user left empty. */
export async function fillLocationFromZip(db: Db, input: { zipCode: string; city: string; state: string }) {
  if (input.city.trim() && input.state.trim()) return input;
  const found = await lookupZip(db, input.zipCode);
  if (!found.ok) return input;
  return { ...input, city: input.city.trim() || found.city, state: input.state.trim() || found.state };
}

async function newVerificationToken(userId: string, now = new Date()) {
  const token = randomToken();
  const row = { tokenHash: await hashToken(token), userId, createdAt: now, expiresAt: new Date(now.getTime() + VERIFICATION_TOKEN_TTL_MS) };
  return { token, row };
}

const verificationLink = (origin: string, token: string) => `${origin}/verify-email?${new URLSearchParams({ token })}`;

function verificationMail(to: string, link: string) {
  return {
    to,
    subject: "Confirm your LockerSwap account",
    text: `Welcome to LockerSwap!\n\nClick the link below to verify your account:\n\n${link}\n\nThe link works once and expires in 24 hours. If you did not sign up, ignore this mail.`,
  };
}

/**
 * The write an address without anything to store makes instead, so its answer takes as long as one
 * that stores a token or an account: a commit is what costs (a read answered ~60 ms sooner, enough
 * to tell registered addresses apart; tests/security/web-baseline.spec.ts). It rewrites the
 * attempt's own rate-limit row (just counted, so it exists) with its value unchanged.
 */
async function equalCostWrite(db: Db, action: string, email: string) {
  await db.batch([
    db
      .update(rateLimits)
      .set({ count: sql`${rateLimits.count}` })
      .where(eq(rateLimits.key, authLimitKey(action, "email", email))),
  ]);
}

export type SignUpInput = {
  email: string;
  password: string;
  firstName: string;
  lastName: string;
  zipCode: string;
  city: string;
  state: string;
  /** From the age step (ADR 092): a teen's account is made pending a guardian. Absent: an account from before the step. */
  birth?: { year: number; month: number };
};

export type SignUpResult = { ok: true; email: string } | { ok: false; reason: "rate_limited" | "disposable_email" };

/**
 * Sign-up answers in the same time whether or not the address has an account (ADR 048): both
 * paths read the user, hash the password (a known address throws the hash away) and make one
 * write; the mail — the slowest step, and one that differs — goes out after the response.
 */
export async function signUp(ctx: AccountsContext, input: SignUpInput, info: RequestInfo): Promise<SignUpResult> {
  const email = normalizeEmail(input.email);
  // A throwaway address is refused before anything is read (ADR 095): it says nothing about accounts.
  if (isDisposableEmail(email)) return { ok: false, reason: "disposable_email" };
  if (!(await hitAuthRateLimits(ctx.db, authRateLimits(ctx.env), "sign-up", info.ip, email))) return { ok: false, reason: "rate_limited" };

  const [existing] = await ctx.db.select().from(users).where(eq(users.email, email));
  const password = await hashPassword(input.password, ctx.env.PASSWORD_PEPPER);
  if (existing) {
    await mailExistingOwner(ctx, existing);
    return { ok: true, email };
  }
  const userId = crypto.randomUUID();
  const { token, row } = await newVerificationToken(userId);
  try {
    // User, profile and verification token: one batch, one transaction.
    await ctx.db.batch([
      ctx.db.insert(users).values({
        id: userId,
        email,
        passwordHash: password.hash,
        passwordAlgo: password.algo,
        passwordParams: password.params,
        birthYear: input.birth?.year ?? null,
        birthMonth: input.birth?.month ?? null,
      }),
      ctx.db.insert(profiles).values({
        userId,
        email,
        firstName: input.firstName.trim(),
        lastName: input.lastName.trim(),
        zipCode: input.zipCode,
        city: input.city.trim(),
        state: input.state,
      }),
      ctx.db.insert(emailVerificationTokens).values(row),
    ]);
  } catch (error) {
    // Registered between our read and our insert: same answer as any known address.
    const [raced] = await ctx.db.select().from(users).where(eq(users.email, email));
    if (!raced) throw error;
    await mailExistingOwner(ctx, raced);
    return { ok: true, email };
  }
  ctx.cloudflare.ctx.waitUntil(sendMailLogged(ctx, verificationMail(email, verificationLink(ctx.env.APP_ORIGIN, token))));
  return { ok: true, email };
}

/** A mail sent after the response: a failure is logged for the operator (the user can ask for a new link). */
async function sendMailLogged(ctx: Pick<AccountsContext, "db" | "env">, mail: Parameters<typeof sendMail>[1]) {
  try {
    await sendMail(ctx, mail);
  } catch (error) {
    console.error(JSON.stringify({ level: "error", event: "mail_failed", subject: mail.subject, message: String(error) }));
  }
}

async function mailExistingOwner(ctx: AccountsContext, user: { id: string; email: string; emailVerifiedAt: Date | null }) {
  if (!user.emailVerifiedAt) {
    const { token, row } = await newVerificationToken(user.id);
    await ctx.db.batch([ctx.db.insert(emailVerificationTokens).values(row)]);
    ctx.cloudflare.ctx.waitUntil(sendMailLogged(ctx, verificationMail(user.email, verificationLink(ctx.env.APP_ORIGIN, token))));
    return;
  }
  // Nothing to store for a confirmed owner; a write of equal cost keeps the answer time equal.
  await equalCostWrite(ctx.db, "sign-up", user.email);
  ctx.cloudflare.ctx.waitUntil(
    sendMailLogged(ctx, {
      to: user.email,
      subject: "Someone tried to sign up with your address",
      text: `Someone (maybe you) tried to create a LockerSwap account with this e-mail address, which already has an account.\n\nSign in here: ${ctx.env.APP_ORIGIN}/auth\n\nIf it was not you, you can ignore this mail.`,
    }),
  );
}

export type SignInResult = { ok: true; userId: string } | { ok: false; reason: "rate_limited" | "invalid_credentials" | "unverified" };

/**
 * Sign-in with e-mail and password; an unverified account is refused (spec 01 §4).
 * Every attempt counts against the per-IP limit (a sprayer is stopped). Only wrong passwords count
 * against the per-address limit, and once it is reached wrong passwords are answered 'Too many
 * attempts' — but the right password still signs in, so guessing cannot lock the owner out
 * (ADR 015).
 */
export async function signIn(
  ctx: Pick<AccountsContext, "db" | "env">,
  input: { email: string; password: string },
  info: Pick<RequestInfo, "ip">,
): Promise<SignInResult> {
  const email = normalizeEmail(input.email);
  const limits = authRateLimits(ctx.env);
  if (!(await hitRateLimit(ctx.db, authLimitKey("sign-in", "ip", info.ip), limits.ip)).ok) return { ok: false, reason: "rate_limited" };
  const [user] = await ctx.db.select().from(users).where(eq(users.email, email));
  let check = { ok: false, needsRehash: false };
  if (user?.passwordHash) {
    check = await verifyPassword(input.password, ctx.env.PASSWORD_PEPPER, {
      hash: user.passwordHash,
      algo: user.passwordAlgo,
      params: user.passwordParams,
    });
  } else {
    // Same work as a real check, so the answer time does not tell whether the address exists.
    await hashPassword(input.password, ctx.env.PASSWORD_PEPPER);
  }
  if (!user || !check.ok) {
    const byEmail = await hitRateLimit(ctx.db, authLimitKey("sign-in", "email", email), limits.email);
    return { ok: false, reason: byEmail.ok ? "invalid_credentials" : "rate_limited" };
  }
  if (check.needsRehash) {
    const fresh = await hashPassword(input.password, ctx.env.PASSWORD_PEPPER);
    await ctx.db
      .update(users)
      .set({ passwordHash: fresh.hash, passwordAlgo: fresh.algo, passwordParams: fresh.params })
      .where(eq(users.id, user.id));
  }
  if (!user.emailVerifiedAt) return { ok: false, reason: "unverified" };
  return { ok: true, userId: user.id };
}

/**
 * Sends a new verification link when the address has an unverified account; silent otherwise. Like
 * sign-up it answers in the same time either way: one read, then one write (the new token) or one
 * of equal cost in its place, and the mail — slow, and only for some — goes out after the response.
 */
export async function resendVerification(
  ctx: AccountsContext,
  rawEmail: string,
  info: RequestInfo,
): Promise<{ ok: true } | { ok: false; reason: "rate_limited" }> {
  const email = normalizeEmail(rawEmail);
  if (!(await hitAuthRateLimits(ctx.db, authRateLimits(ctx.env), "resend", info.ip, email))) return { ok: false, reason: "rate_limited" };
  const [user] = await ctx.db.select().from(users).where(eq(users.email, email));
  if (!user || user.emailVerifiedAt) {
    await equalCostWrite(ctx.db, "resend", email);
    return { ok: true };
  }
  const { token, row } = await newVerificationToken(user.id);
  await ctx.db.batch([ctx.db.insert(emailVerificationTokens).values(row)]);
  ctx.cloudflare.ctx.waitUntil(sendMailLogged(ctx, verificationMail(user.email, verificationLink(ctx.env.APP_ORIGIN, token))));
  return { ok: true };
}

export type VerifyEmailResult = { ok: true; userId: string } | { ok: false; reason: "expired" | "used" | "invalid" };

/**
 * Consumes a verification token: single use, refused once expired. Marking the user verified and
 * spending the token are one batch (one transaction): never one without the other. A refusal says
 * why, so the page can say so; it never says whose link it was. Only the confirm button's POST
 * calls this — a GET of the link must not (mail scanners prefetch links).
 */
export async function verifyEmail(db: Db, token: string, now = new Date()): Promise<VerifyEmailResult> {
  if (!token) return { ok: false, reason: "invalid" };
  const tokenHash = await hashToken(token);
  const usable = and(
    eq(emailVerificationTokens.tokenHash, tokenHash),
    isNull(emailVerificationTokens.usedAt),
    gt(emailVerificationTokens.expiresAt, now),
  );
  const [, used] = await db.batch([
    db
      .update(users)
      .set({ emailVerifiedAt: now })
      .where(
        and(
          isNull(users.emailVerifiedAt),
          inArray(users.id, db.select({ id: emailVerificationTokens.userId }).from(emailVerificationTokens).where(usable)),
        ),
      ),
    db.update(emailVerificationTokens).set({ usedAt: now }).where(usable).returning(),
  ]);
  if (used[0]) return { ok: true, userId: used[0].userId };
  const [row] = await db.select().from(emailVerificationTokens).where(eq(emailVerificationTokens.tokenHash, tokenHash));
  return { ok: false, reason: !row ? "invalid" : row.usedAt ? "used" : "expired" };
}

/**
 * Testing mode (01 §4) signs the browser into this real demo account, so every
 * server rule still applies to it. The seed creates it; a database without the seed gets it here.
 */
export async function testingModeUser(db: Db) {
  const demo = DEMO_ACCOUNTS.find((a) => a.key === "user")!;
  const [existing] = await db.select().from(users).where(eq(users.email, demo.email));
  if (existing) return existing;
  const [created] = await db.insert(users).values({ email: demo.email, emailVerifiedAt: new Date() }).onConflictDoNothing().returning();
  if (!created) return (await db.select().from(users).where(eq(users.email, demo.email)))[0];
  await db
    .insert(profiles)
    .values({ userId: created.id, email: demo.email, firstName: demo.firstName, lastName: demo.lastName })
    .onConflictDoNothing();
  return created;
}
