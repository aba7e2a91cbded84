// Player Profile (spec 02 §2 /player-profile, §5 Profile ZIP, §6 site admin).
// Who may do what on a profile page is data (permissions/profile.ts), read through `can`: the
// person themselves edits; a site admin reads anyone's page, never edits it; nobody else sees it.
import { and, desc, eq, ne } from "drizzle-orm";
import type { Db } from "#db/client";
import { clubMembers, clubs, listings, profiles, sessions, users } from "#db/schema";
import { lookupZip } from "../geo/geo.server";
import { hashPassword, verifyPassword } from "./password.server";
import { hitRateLimit, type RateLimitRule } from "./rate-limit.server";
import type { Viewer } from "../permissions/viewer";
import { allowedActions, can, type ProfileTarget } from "../permissions/can";
import { profileRoleOf, type ProfileAction, type ProfileRole } from "../permissions/profile";

/** Wrong current passwords per account: enough for typos, too few to guess with a stolen session. */
export const CHANGE_PASSWORD_LIMIT: RateLimitRule = { limit: 5, windowMs: 15 * 60 * 1000 };

export type ProfilePage = {
  role: ProfileRole;
  /** What the viewer may do on this page (the form posts it shows). */
  can: Record<ProfileAction, boolean>;
  user: {
    id: string;
    email: string;
    firstName: string | null;
    lastName: string | null;
    displayName: string | null;
    zipCode: string | null;
    city: string | null;
    state: string | null;
    joinedAt: Date;
    hasPassword: boolean;
  };
  listings: { id: string; title: string; status: string; priceCents: number; createdAt: Date }[];
  clubs: { slug: string; name: string; type: string; role: string; status: string }[];
  /** Other signed-in browsers of this account (own page only). */
  otherSessions: number;
};

export type ProfileLookup = { ok: true; page: ProfilePage } | { ok: false; reason: "denied" | "not_found" };

/**
 * The profile page of `targetUserId` (default: the viewer) as this viewer may see it. A viewer who
 * may not view it gets `denied` before anything of the other person is read.
 */
export async function getProfilePage(
  db: Db,
  viewer: Viewer,
  targetUserId: string = viewer.id,
  currentSessionHash?: string,
): Promise<ProfileLookup> {
  const target: ProfileTarget = { kind: "profile", userId: targetUserId };
  if (!can(viewer, "view", target)) return { ok: false, reason: "denied" };
  const role = profileRoleOf(viewer, targetUserId);
  const [userRows, listingRows, clubRows, sessionRows] = await db.batch([
    db
      .select({
        id: users.id,
        email: users.email,
        passwordHash: users.passwordHash,
        joinedAt: users.createdAt,
        firstName: profiles.firstName,
        lastName: profiles.lastName,
        displayName: profiles.displayName,
        zipCode: profiles.zipCode,
        city: profiles.city,
        state: profiles.state,
      })
      .from(users)
      .leftJoin(profiles, eq(profiles.userId, users.id))
      .where(eq(users.id, targetUserId)),
    db
      .select({
        id: listings.id,
        title: listings.title,
        status: listings.status,
        priceCents: listings.priceCents,
        createdAt: listings.createdAt,
      })
      .from(listings)
      .where(eq(listings.userId, targetUserId))
      .orderBy(desc(listings.createdAt))
      .limit(100),
    db
      .select({ slug: clubs.slug, name: clubs.name, type: clubs.type, role: clubMembers.role, status: clubMembers.status })
      .from(clubMembers)
      .innerJoin(clubs, eq(clubs.id, clubMembers.clubId))
      .where(eq(clubMembers.userId, targetUserId))
      .orderBy(clubs.name),
    db
      .select({ id: sessions.id })
      .from(sessions)
      .where(
        and(eq(sessions.userId, targetUserId), ne(sessions.tokenHash, role === "self" && currentSessionHash ? currentSessionHash : "")),
      ),
  ]);
  const row = userRows[0];
  if (!row) return { ok: false, reason: "not_found" };
  const { passwordHash, ...user } = row;
  return {
    ok: true,
    page: {
      role,
      can: allowedActions(viewer, target),
      user: { ...user, hasPassword: Boolean(passwordHash) },
      listings: listingRows,
      clubs: clubRows,
      otherSessions: role === "self" ? sessionRows.length : 0,
    },
  };
}

export type ProfileInput = { firstName?: string; lastName?: string; zipCode: string };
export type UpdateProfileResult = { ok: true; city: string | null; state: string | null } | { ok: false; reason: "failed" };

/**
 * Saves the viewer's own names and ZIP; city and state follow the ZIP (looked up here, never taken
 * from the form). Names are stored as typed (trimmed, length-limited by the schema).
 */
export async function updateOwnProfile(db: Db, viewer: Viewer, input: ProfileInput): Promise<UpdateProfileResult> {
  try {
    const found = await lookupZip(db, input.zipCode);
    const location = found.ok ? { city: found.city, state: found.state } : { city: null, state: null };
    const values = { firstName: input.firstName ?? null, lastName: input.lastName ?? null, zipCode: input.zipCode, ...location };
    await db
      .insert(profiles)
      .values({ userId: viewer.id, email: viewer.email, ...values })
      .onConflictDoUpdate({ target: profiles.userId, set: { ...values, updatedAt: new Date() } });
    return { ok: true, ...location };
  } catch (error) {
    console.error(JSON.stringify({ level: "error", event: "profile_update_failed", message: String(error) }));
    return { ok: false, reason: "failed" };
  }
}

export type ChangePasswordResult =
  { ok: true; signedOut: number } | { ok: false; reason: "wrong_password" | "no_password" | "rate_limited" };

/**
 * A new password needs the current one. The new hash and the sign-out of every other session are
 * one batch: a stolen session elsewhere cannot outlive the change.
 */
export async function changePassword(
  db: Db,
  pepper: string,
  viewer: Viewer,
  currentSessionHash: string,
  input: { currentPassword: string; newPassword: string },
): Promise<ChangePasswordResult> {
  const [user] = await db
    .select({ hash: users.passwordHash, algo: users.passwordAlgo, params: users.passwordParams })
    .from(users)
    .where(eq(users.id, viewer.id));
  if (!user?.hash) return { ok: false, reason: "no_password" };
  const check = await verifyPassword(input.currentPassword, pepper, { hash: user.hash, algo: user.algo, params: user.params });
  if (!check.ok) {
    const limited = await hitRateLimit(db, `change-password:user:${viewer.id}`, CHANGE_PASSWORD_LIMIT);
    return { ok: false, reason: limited.ok ? "wrong_password" : "rate_limited" };
  }
  const fresh = await hashPassword(input.newPassword, pepper);
  const [, removed] = await db.batch([
    db
      .update(users)
      .set({ passwordHash: fresh.hash, passwordAlgo: fresh.algo, passwordParams: fresh.params, updatedAt: new Date() })
      .where(eq(users.id, viewer.id)),
    db
      .delete(sessions)
      .where(and(eq(sessions.userId, viewer.id), ne(sessions.tokenHash, currentSessionHash)))
      .returning({ id: sessions.id }),
  ]);
  return { ok: true, signedOut: removed.length };
}

/** Signs the viewer out everywhere but here; returns how many sessions ended. */
export async function signOutOtherSessions(db: Db, viewer: Viewer, currentSessionHash: string): Promise<number> {
  const removed = await db
    .delete(sessions)
    .where(and(eq(sessions.userId, viewer.id), ne(sessions.tokenHash, currentSessionHash)))
    .returning({ id: sessions.id });
  return removed.length;
}
