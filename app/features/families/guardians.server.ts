// A teen's guardian (ADR 092): the teen asks an adult by e-mail; the adult confirms from the mail
// with a button (a scanner's GET spends nothing, as e-mail verification); either ends the link.
// A teen with no live link is `minorPendingGuardian` in the site table (permissions/site.ts).
// Every rule is in the SQL of the one batch that writes: two confirms of one link make one link
// (unique invite_id), a confirm after an unlink makes none (the invite is spent), a guardian must
// be an adult and not the teen, and the confirming account's e-mail must be the invited one.
import { and, desc, eq, isNull, sql } from "drizzle-orm";
import type { Db } from "#db/client";
import { guardianInvites, guardianLinks, profiles, users } from "#db/schema";
import { hitRateLimit } from "../accounts/rate-limit.server";
import { hashToken, randomToken } from "../accounts/session.server";
import { isMinorSql } from "../accounts/viewer-columns.server";
import { normalizeEmail } from "../accounts/accounts.server";
import type { Viewer } from "../permissions/viewer";
import { sendMail, type MailConfig } from "~/platform/mail.server";

export const GUARDIAN_INVITE_TTL_MS = 7 * 24 * 3600 * 1000;
/** At most this many guardian requests per teen per hour: the mail goes to someone else's inbox. */
const INVITE_LIMIT = { limit: 5, windowMs: 3600 * 1000 };

export type GuardiansContext = {
  db: Db;
  env: MailConfig & { APP_ORIGIN: string };
  cloudflare: { ctx: { waitUntil(promise: Promise<unknown>): void } };
};

export type InviteResult = { ok: true; email: string } | { ok: false; reason: "own_email" | "not_a_minor" | "rate_limited" };

/**
 * A teen asks `rawEmail` to be their guardian: an invite row and a mail with a single-use link.
 * Whether the address has an account, or whose, is never said (a teen's or not is judged at the
 * confirm, so the answer does not tell an address's age).
 */
export async function inviteGuardian(ctx: GuardiansContext, teen: Viewer, rawEmail: string, now = new Date()): Promise<InviteResult> {
  if (!teen.minor) return { ok: false, reason: "not_a_minor" };
  const email = normalizeEmail(rawEmail);
  if (email === normalizeEmail(teen.email)) return { ok: false, reason: "own_email" };
  if (!(await hitRateLimit(ctx.db, `guardian-invite:teen:${teen.id}`, INVITE_LIMIT, now)).ok) return { ok: false, reason: "rate_limited" };
  const token = randomToken();
  await ctx.db.batch([
    ctx.db.insert(guardianInvites).values({
      teenId: teen.id,
      email,
      tokenHash: await hashToken(token),
      createdAt: now,
      expiresAt: new Date(now.getTime() + GUARDIAN_INVITE_TTL_MS),
    }),
  ]);
  const name = teen.firstName?.trim() || "A teen";
  const link = `${ctx.env.APP_ORIGIN}/guardian/confirm?${new URLSearchParams({ token })}`;
  ctx.cloudflare.ctx.waitUntil(
    sendMail(ctx, {
      to: email,
      subject: `${name} asked you to be their guardian on LockerSwap`,
      text: `${name} is setting up a LockerSwap account (a local marketplace for used sports gear) and named you as their parent or guardian.\n\nAs their guardian you can read their conversations, see their listings and deals, and approve their deals.\n\nOpen this link to confirm (sign in or create an account with this e-mail address first):\n\n${link}\n\nThe link works once and expires in 7 days. If you do not know them, ignore this mail.`,
    }).catch((error) =>
      console.error(JSON.stringify({ level: "error", event: "mail_failed", subject: "guardian invite", message: String(error) })),
    ),
  );
  return { ok: true, email };
}

export type ConfirmResult =
  { ok: true; teenId: string } | { ok: false; reason: "invalid" | "expired" | "wrongAccount" | "notAdult" | "self" };

/**
 * The guardian's button: one batch makes the link and spends the invite, each only if every rule
 * holds in that moment. The loser of two confirms at once, and any replay, is told 'invalid'.
 */
export async function confirmGuardian(db: Db, guardian: Viewer, token: string, now = new Date()): Promise<ConfirmResult> {
  if (!token) return { ok: false, reason: "invalid" };
  const tokenHash = await hashToken(token);
  const guardianId = sql`${guardian.id}`;
  const usable = sql`gi.token_hash = ${tokenHash} and gi.used_at is null and gi.expires_at > ${now.getTime()}
    and gi.email = (select u.email from users u where u.id = ${guardian.id})
    and gi.teen_id <> ${guardian.id}
    and not ${isMinorSql(guardianId, now)}
    and ${isMinorSql(sql`gi.teen_id`, now)}`;
  const linkId = crypto.randomUUID();
  const [, spent] = await db.batch([
    db.run(sql`insert into guardian_links (id, teen_id, guardian_id, invite_id, created_at)
      select ${linkId}, gi.teen_id, ${guardian.id}, gi.id, ${now.getTime()} from guardian_invites gi where ${usable}
      on conflict do nothing`),
    db.run(sql`update guardian_invites as gi set used_at = ${now.getTime()}
      where ${usable} and exists (select 1 from guardian_links l where l.id = ${linkId} and l.invite_id = gi.id)
      returning teen_id as teenId`),
  ]);
  const won = spent.rows[0] as unknown as { teenId: string } | undefined;
  if (won) return { ok: true, teenId: won.teenId };
  // Why not, for the page (never whose link it was).
  const [invite] = await db.select().from(guardianInvites).where(eq(guardianInvites.tokenHash, tokenHash));
  if (!invite || invite.usedAt) return { ok: false, reason: "invalid" };
  if (invite.expiresAt.getTime() <= now.getTime()) return { ok: false, reason: "expired" };
  if (invite.teenId === guardian.id) return { ok: false, reason: "self" };
  if (invite.email !== normalizeEmail(guardian.email)) return { ok: false, reason: "wrongAccount" };
  return { ok: false, reason: "notAdult" };
}

/** Ends a link; the teen or the guardian may. Returns the two people of the live link of theirs that ended, or null. */
export async function unlinkGuardian(
  db: Db,
  viewer: Pick<Viewer, "id">,
  linkId: string,
  now = new Date(),
): Promise<{ teenId: string; guardianId: string } | null> {
  const ended = await db
    .update(guardianLinks)
    .set({ unlinkedAt: now })
    .where(
      and(
        eq(guardianLinks.id, linkId),
        isNull(guardianLinks.unlinkedAt),
        sql`(${guardianLinks.teenId} = ${viewer.id} or ${guardianLinks.guardianId} = ${viewer.id})`,
      ),
    )
    .returning({ teenId: guardianLinks.teenId, guardianId: guardianLinks.guardianId });
  return ended[0] ?? null;
}

export type GuardianOfTeen = { linkId: string; guardianId: string; name: string; email: string; since: Date };

/** A teen's confirmed guardians (their own page shows them). */
export async function guardiansOf(db: Db, teenId: string): Promise<GuardianOfTeen[]> {
  return db
    .select({
      linkId: guardianLinks.id,
      guardianId: guardianLinks.guardianId,
      name: sql<string>`trim(coalesce(${profiles.firstName}, '') || ' ' || coalesce(${profiles.lastName}, ''))`,
      email: users.email,
      since: guardianLinks.createdAt,
    })
    .from(guardianLinks)
    .innerJoin(users, eq(users.id, guardianLinks.guardianId))
    .leftJoin(profiles, eq(profiles.userId, guardianLinks.guardianId))
    .where(and(eq(guardianLinks.teenId, teenId), isNull(guardianLinks.unlinkedAt)))
    .orderBy(guardianLinks.createdAt);
}

/** The invites a teen sent that are still open (the address, not the token). */
export async function openInvitesOf(db: Db, teenId: string, now = new Date()) {
  return db
    .select({ email: guardianInvites.email, sentAt: guardianInvites.createdAt })
    .from(guardianInvites)
    .where(and(eq(guardianInvites.teenId, teenId), isNull(guardianInvites.usedAt), sql`${guardianInvites.expiresAt} > ${now.getTime()}`))
    .orderBy(desc(guardianInvites.createdAt))
    .limit(5);
}

export type TeenOfGuardian = {
  linkId: string;
  teenId: string;
  name: string;
  birthYear: number;
  birthMonth: number;
  /** False once they turned 18 (computed now): the link stays, the oversight ends. */
  stillMinor: boolean;
};

/** The teens a guardian is linked to, with the birth month only a guardian may see (profile table `seeBirthDate`). */
export async function teensOf(db: Db, guardianId: string, now = new Date()): Promise<TeenOfGuardian[]> {
  const rows = await db
    .select({
      linkId: guardianLinks.id,
      teenId: guardianLinks.teenId,
      name: sql<string>`trim(coalesce(${profiles.firstName}, '') || ' ' || coalesce(${profiles.lastName}, ''))`,
      birthYear: sql<number>`${users.birthYear}`,
      birthMonth: sql<number>`${users.birthMonth}`,
      stillMinor: isMinorSql(sql`${guardianLinks.teenId}`, now),
    })
    .from(guardianLinks)
    .innerJoin(users, eq(users.id, guardianLinks.teenId))
    .leftJoin(profiles, eq(profiles.userId, guardianLinks.teenId))
    .where(and(eq(guardianLinks.guardianId, guardianId), isNull(guardianLinks.unlinkedAt)))
    .orderBy(guardianLinks.createdAt);
  return rows.map((r) => ({ ...r, stillMinor: Boolean(r.stillMinor) }));
}
