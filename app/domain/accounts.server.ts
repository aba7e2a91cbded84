// Accounts: sign-up with e-mail verification, sign-in, resend (issue 4 items 2–4, 6, 10).
// Sign-up never tells whether an address is registered: a known address gets the same screen
// and its owner gets a mail instead. Every public entry point is rate limited per IP and e-mail.
import { and, eq, gt, isNull } from "drizzle-orm";
import type { Db } from "#db/client";
import { emailVerificationTokens, profiles, users } from "#db/schema";
import { DEMO_ACCOUNTS } from "#db/seed/demo-accounts";
import { lookupZip } from "./geo.server";
import { sendMail, type MailConfig } from "./mail.server";
import { hashPassword, verifyPassword } from "./password.server";
import { hitAuthRateLimits } from "./rate-limit.server";
import { hashToken, randomToken } from "./session.server";

export const VERIFICATION_TOKEN_TTL_MS = 24 * 3600 * 1000;

/** `APP_ORIGIN`: links in mails are built from configuration, never from the request's Host (ADR 013). */
export type AccountsContext = { db: Db; env: MailConfig & { PASSWORD_PEPPER: string; APP_ORIGIN: string } };
/** Where the request came from: the IP, for rate limits. */
export type RequestInfo = { ip: string };

export const normalizeEmail = (email: string) => email.trim().toLowerCase();

// The one redirect-target check lives with the other request guards; re-exported for its callers.
export { safeRedirect } from "~/lib/security.server";

/** The server half of "typing a ZIP fills city and state": fills what the user left empty. */
export async function fillLocationFromZip(db: Db, input: { zipCode: string; city: string; state: string }) {
  if (input.city.trim() && input.state.trim()) return input;
  const found = await lookupZip(db, input.zipCode);
  if (!found.ok) return input;
  return { ...input, city: input.city.trim() || found.city, state: input.state.trim() || found.state };
}

async function createVerificationLink(db: Db, userId: string, origin: string, now = new Date()) {
  const token = randomToken();
  await db.insert(emailVerificationTokens).values({
    tokenHash: await hashToken(token),
    userId,
    createdAt: now,
    expiresAt: new Date(now.getTime() + VERIFICATION_TOKEN_TTL_MS),
  });
  return `${origin}/verify-email?${new URLSearchParams({ token })}`;
}

async function sendVerificationMail(ctx: AccountsContext, user: { id: string; email: string }) {
  const link = await createVerificationLink(ctx.db, user.id, ctx.env.APP_ORIGIN);
  await sendMail(ctx, {
    to: user.email,
    subject: "Confirm your LockerSwap account",
    text: `Welcome to LockerSwap!\n\nClick the link below to verify your account:\n\n${link}\n\nThe link works once and expires in 24 hours. If you did not sign up, ignore this mail.`,
  });
}

export type SignUpInput = {
  email: string;
  password: string;
  firstName: string;
  lastName: string;
  zipCode: string;
  city: string;
  state: string;
};

export type SignUpResult = { ok: true; email: string } | { ok: false; reason: "rate_limited" };

export async function signUp(ctx: AccountsContext, input: SignUpInput, info: RequestInfo): Promise<SignUpResult> {
  const email = normalizeEmail(input.email);
  if (!(await hitAuthRateLimits(ctx.db, "sign-up", info.ip, email))) return { ok: false, reason: "rate_limited" };

  const [existing] = await ctx.db.select().from(users).where(eq(users.email, email));
  if (existing) {
    await mailExistingOwner(ctx, existing);
    return { ok: true, email };
  }
  const password = await hashPassword(input.password, ctx.env.PASSWORD_PEPPER);
  const [created] = await ctx.db
    .insert(users)
    .values({ email, passwordHash: password.hash, passwordAlgo: password.algo, passwordParams: password.params })
    .onConflictDoNothing()
    .returning();
  if (!created) {
    // Registered between our read and our insert: same answer as any known address.
    const [raced] = await ctx.db.select().from(users).where(eq(users.email, email));
    if (raced) await mailExistingOwner(ctx, raced);
    return { ok: true, email };
  }
  await ctx.db.insert(profiles).values({
    userId: created.id,
    email,
    firstName: input.firstName.trim(),
    lastName: input.lastName.trim(),
    zipCode: input.zipCode,
    city: input.city.trim(),
    state: input.state,
  });
  await sendVerificationMail(ctx, created);
  return { ok: true, email };
}

async function mailExistingOwner(ctx: AccountsContext, user: { id: string; email: string; emailVerifiedAt: Date | null }) {
  if (!user.emailVerifiedAt) return sendVerificationMail(ctx, user);
  await sendMail(ctx, {
    to: user.email,
    subject: "Someone tried to sign up with your address",
    text: `Someone (maybe you) tried to create a LockerSwap account with this e-mail address, which already has an account.\n\nSign in here: ${ctx.env.APP_ORIGIN}/auth\n\nIf it was not you, you can ignore this mail.`,
  });
}

export type SignInResult =
  | { ok: true; userId: string }
  | { ok: false; reason: "rate_limited" | "invalid_credentials" | "unverified" };

/** Sign-in with e-mail and password; an unverified account is refused (issue 4 item 3). */
export async function signIn(ctx: AccountsContext, input: { email: string; password: string }, info: Pick<RequestInfo, "ip">): Promise<SignInResult> {
  const email = normalizeEmail(input.email);
  if (!(await hitAuthRateLimits(ctx.db, "sign-in", info.ip, email))) return { ok: false, reason: "rate_limited" };
  const [user] = await ctx.db.select().from(users).where(eq(users.email, email));
  if (!user?.passwordHash) {
    // Same work as a real check, so the answer time does not tell whether the address exists.
    await hashPassword(input.password, ctx.env.PASSWORD_PEPPER);
    return { ok: false, reason: "invalid_credentials" };
  }
  const check = await verifyPassword(input.password, ctx.env.PASSWORD_PEPPER, {
    hash: user.passwordHash,
    algo: user.passwordAlgo,
    params: user.passwordParams,
  });
  if (!check.ok) return { ok: false, reason: "invalid_credentials" };
  if (check.needsRehash) {
    const fresh = await hashPassword(input.password, ctx.env.PASSWORD_PEPPER);
    await ctx.db.update(users).set({ passwordHash: fresh.hash, passwordAlgo: fresh.algo, passwordParams: fresh.params }).where(eq(users.id, user.id));
  }
  if (!user.emailVerifiedAt) return { ok: false, reason: "unverified" };
  return { ok: true, userId: user.id };
}

/** Sends a new verification link when the address has an unverified account; silent otherwise. */
export async function resendVerification(ctx: AccountsContext, rawEmail: string, info: RequestInfo): Promise<{ ok: true } | { ok: false; reason: "rate_limited" }> {
  const email = normalizeEmail(rawEmail);
  if (!(await hitAuthRateLimits(ctx.db, "resend", info.ip, email))) return { ok: false, reason: "rate_limited" };
  const [user] = await ctx.db.select().from(users).where(eq(users.email, email));
  if (user && !user.emailVerifiedAt) await sendVerificationMail(ctx, user);
  return { ok: true };
}

export type VerifyEmailResult = { ok: true; userId: string } | { ok: false; reason: "expired" | "used" | "invalid" };

/**
 * Consumes a verification token: single use, refused once expired. A refusal says why, so the
 * page can say so; it never says whose link it was.
 */
export async function verifyEmail(db: Db, token: string, now = new Date()): Promise<VerifyEmailResult> {
  if (!token) return { ok: false, reason: "invalid" };
  const tokenHash = await hashToken(token);
  const [used] = await db
    .update(emailVerificationTokens)
    .set({ usedAt: now })
    .where(and(eq(emailVerificationTokens.tokenHash, tokenHash), isNull(emailVerificationTokens.usedAt), gt(emailVerificationTokens.expiresAt, now)))
    .returning();
  if (!used) {
    const [row] = await db.select().from(emailVerificationTokens).where(eq(emailVerificationTokens.tokenHash, tokenHash));
    return { ok: false, reason: !row ? "invalid" : row.usedAt ? "used" : "expired" };
  }
  await db.update(users).set({ emailVerifiedAt: now }).where(and(eq(users.id, used.userId), isNull(users.emailVerifiedAt)));
  return { ok: true, userId: used.userId };
}

/**
 * Testing mode (01 §4, issue 4 item 10) signs the browser into this real demo account, so every
 * server rule still applies to it. The seed creates it; a database without the seed gets it here.
 */
export async function testingModeUser(db: Db) {
  const demo = DEMO_ACCOUNTS.find((a) => a.key === "user")!;
  const [existing] = await db.select().from(users).where(eq(users.email, demo.email));
  if (existing) return existing;
  const [created] = await db.insert(users).values({ email: demo.email, emailVerifiedAt: new Date() }).onConflictDoNothing().returning();
  if (!created) return (await db.select().from(users).where(eq(users.email, demo.email)))[0];
  await db.insert(profiles).values({ userId: created.id, email: demo.email, firstName: demo.firstName, lastName: demo.lastName }).onConflictDoNothing();
  return created;
}
