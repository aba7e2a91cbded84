// Membership transitions (spec 02 §4 Membership, §5 invite code, §6; ADR 029). Every
// function takes the acting viewer, asks the permission table (clubPermission), and writes with
// the state it expects in the WHERE clause, so a double click or a race changes nothing twice.
// Results are codes the routes map to the spec's toasts (CLUB_SUCCESS / CLUB_ERRORS).
//
//   none ──join (open) / joinWithCode (right code)──▶ active
//   none ──requestToJoin (approval)──▶ pending ──approve──▶ active (approval_notified = false)
//                                          └────reject───▶ none
//   active (member, admin) ──leave──▶ none        the owner cannot leave
//   active member ◀──promote / demote──▶ active admin   nobody promotes, demotes or removes the owner
//   active member ◀──promote (equipment manager) / demote──▶ active equipment manager (ADR 093)
//   active member/admin ──removeMember──▶ none
import { and, eq, inArray, ne } from "drizzle-orm";
import type { Db } from "#db/client";
import { clubMembers, clubs } from "#db/schema";
import { canManageMember, clubPermission } from "../permissions/club";
import { getClubAccess, isRefusal, type ClubResult } from "./club-access.server";
import { hitRateLimit, type RateLimitRule } from "../accounts/rate-limit.server";
import type { Viewer } from "../permissions/viewer";
import { sameSecret } from "~/platform/crypto";

/** Invite code guesses per person and club (ADR 029): enough for typos, not for guessing. */
export const INVITE_CODE_RATE_LIMIT: RateLimitRule = { limit: 5, windowMs: 10 * 60 * 1000 };

/** Open join → active member: 'Joined group!'. */
export async function joinClub(db: Db, viewer: Viewer | null, slug: string): Promise<ClubResult> {
  const access = clubPermission(await getClubAccess(db, viewer, slug), "join");
  if (isRefusal(access)) return access;
  const inserted = await db
    .insert(clubMembers)
    .values({ clubId: access.club.id, userId: viewer!.id, role: "member", status: "active", approvalNotified: true })
    .onConflictDoNothing()
    .returning({ id: clubMembers.id });
  return inserted.length ? { ok: true, club: access.club } : { ok: false, error: "alreadyMember", club: access.club };
}

/**
 * Code join → active member when the trimmed code equals the club's (02 §5): 'Invite code
 * required' for an empty code, 'Invalid invite code' otherwise, 'Too many attempts' past
 * INVITE_CODE_RATE_LIMIT (every non-empty attempt counts, right or wrong).
 */
export async function joinClubWithCode(db: Db, viewer: Viewer | null, slug: string, code: string, now = new Date()): Promise<ClubResult> {
  const access = clubPermission(await getClubAccess(db, viewer, slug), "joinWithCode");
  if (isRefusal(access)) return access;
  const given = code.trim();
  if (!given) return { ok: false, error: "inviteCodeRequired", club: access.club };
  const limit = await hitRateLimit(db, `club-invite-code:${access.club.id}:${viewer!.id}`, INVITE_CODE_RATE_LIMIT, now);
  if (!limit.ok) return { ok: false, error: "tooManyAttempts", club: access.club };
  const [row] = await db.select({ inviteCode: clubs.inviteCode }).from(clubs).where(eq(clubs.id, access.club.id)).limit(1);
  const expected = row?.inviteCode?.trim() ?? "";
  if (!expected || !(await sameSecret(given, expected))) return { ok: false, error: "invalidInviteCode", club: access.club };
  const inserted = await db
    .insert(clubMembers)
    .values({ clubId: access.club.id, userId: viewer!.id, role: "member", status: "active", approvalNotified: true })
    .onConflictDoNothing()
    .returning({ id: clubMembers.id });
  return inserted.length ? { ok: true, club: access.club } : { ok: false, error: "alreadyMember", club: access.club };
}

/** Request to join (approval clubs) → pending: 'Request sent (pending approval)'. */
export async function requestToJoin(db: Db, viewer: Viewer | null, slug: string): Promise<ClubResult> {
  const access = clubPermission(await getClubAccess(db, viewer, slug), "requestToJoin");
  if (isRefusal(access)) return access;
  const inserted = await db
    .insert(clubMembers)
    .values({ clubId: access.club.id, userId: viewer!.id, role: "member", status: "pending", approvalNotified: false })
    .onConflictDoNothing()
    .returning({ id: clubMembers.id });
  return inserted.length ? { ok: true, club: access.club } : { ok: false, error: "alreadyPending", club: access.club };
}

/** Leave → no membership: 'Left group'. The owner cannot ('Cannot leave group'). */
export async function leaveClub(db: Db, viewer: Viewer | null, slug: string): Promise<ClubResult> {
  const access = clubPermission(await getClubAccess(db, viewer, slug), "leave");
  if (isRefusal(access)) return access;
  const deleted = await db
    .delete(clubMembers)
    .where(
      and(
        eq(clubMembers.clubId, access.club.id),
        eq(clubMembers.userId, viewer!.id),
        eq(clubMembers.status, "active"),
        ne(clubMembers.role, "owner"),
      ),
    )
    .returning({ id: clubMembers.id });
  return deleted.length ? { ok: true, club: access.club } : { ok: false, error: "notMember", club: access.club };
}

/**
 * Approve a pending request → active, dated `now`, approval_notified reset so the bell shows it:
 * 'Request approved'.
 */
export async function approveJoinRequest(
  db: Db,
  viewer: Viewer | null,
  slug: string,
  membershipId: string,
  now = new Date(),
): Promise<ClubResult> {
  const access = clubPermission(await getClubAccess(db, viewer, slug), "approve");
  if (isRefusal(access)) return access;
  const updated = await db
    .update(clubMembers)
    .set({ status: "active", approvalNotified: false, approvedAt: now })
    .where(and(eq(clubMembers.id, membershipId), eq(clubMembers.clubId, access.club.id), eq(clubMembers.status, "pending")))
    .returning({ id: clubMembers.id });
  return updated.length ? { ok: true, club: access.club } : { ok: false, error: "noSuchRequest", club: access.club };
}

/** Reject a pending request → the row is removed: 'Request rejected'. */
export async function rejectJoinRequest(db: Db, viewer: Viewer | null, slug: string, membershipId: string): Promise<ClubResult> {
  const access = clubPermission(await getClubAccess(db, viewer, slug), "reject");
  if (isRefusal(access)) return access;
  const deleted = await db
    .delete(clubMembers)
    .where(and(eq(clubMembers.id, membershipId), eq(clubMembers.clubId, access.club.id), eq(clubMembers.status, "pending")))
    .returning({ id: clubMembers.id });
  return deleted.length ? { ok: true, club: access.club } : { ok: false, error: "noSuchRequest", club: access.club };
}

type MemberChange = "promote" | "demote" | "removeMember";

/**
 * The active member `membershipId` of this club, if the viewer may apply `change` to them (nobody
 * touches the owner; admins manage members only). Also the rule of club moderation's "remove the
 * member who wrote it" (safety/club-moderation.server.ts).
 */
export async function manageableMember(db: Db, viewer: Viewer | null, slug: string, membershipId: string, change: MemberChange) {
  const access = clubPermission(await getClubAccess(db, viewer, slug), change);
  if (isRefusal(access)) return access;
  const [target] = await db
    .select({ id: clubMembers.id, role: clubMembers.role })
    .from(clubMembers)
    .where(and(eq(clubMembers.id, membershipId), eq(clubMembers.clubId, access.club.id), eq(clubMembers.status, "active")))
    .limit(1);
  if (!target) return { ok: false as const, error: "noSuchMember" as const, club: access.club };
  if (target.role === "owner") return { ok: false as const, error: "cannotChangeOwner" as const, club: access.club };
  if (!canManageMember(access.roles, target.role)) return { ok: false as const, error: "forbidden" as const, club: access.club };
  return { access, target };
}

/** Member (or equipment manager) → admin; member → equipment manager (ADR 093). */
export async function promoteMember(
  db: Db,
  viewer: Viewer | null,
  slug: string,
  membershipId: string,
  to: "admin" | "equipment_manager" = "admin",
): Promise<ClubResult> {
  const found = await manageableMember(db, viewer, slug, membershipId, "promote");
  if ("ok" in found) return found;
  const from = to === "admin" ? (["member", "equipment_manager"] as const) : (["member"] as const);
  const updated = await db
    .update(clubMembers)
    .set({ role: to })
    .where(and(eq(clubMembers.id, found.target.id), inArray(clubMembers.role, [...from]), eq(clubMembers.status, "active")))
    .returning({ id: clubMembers.id });
  return updated.length ? { ok: true, club: found.access.club } : { ok: false, error: "noSuchMember", club: found.access.club };
}

/** Admin or equipment manager → member. Never the owner. */
export async function demoteMember(db: Db, viewer: Viewer | null, slug: string, membershipId: string): Promise<ClubResult> {
  const found = await manageableMember(db, viewer, slug, membershipId, "demote");
  if ("ok" in found) return found;
  const updated = await db
    .update(clubMembers)
    .set({ role: "member" })
    .where(
      and(eq(clubMembers.id, found.target.id), inArray(clubMembers.role, ["admin", "equipment_manager"]), eq(clubMembers.status, "active")),
    )
    .returning({ id: clubMembers.id });
  return updated.length ? { ok: true, club: found.access.club } : { ok: false, error: "noSuchMember", club: found.access.club };
}

/**
 * Remove an active member or admin (admins may remove members only). Never the owner. Returns the
 * removed user's id so the caller can take them out of the club's realtime room (ADR 039).
 */
export async function removeMember(
  db: Db,
  viewer: Viewer | null,
  slug: string,
  membershipId: string,
): Promise<ClubResult<{ userId: string }>> {
  const found = await manageableMember(db, viewer, slug, membershipId, "removeMember");
  if ("ok" in found) return found;
  const [deleted] = await memberRemovalStatement(db, found.target.id);
  return deleted
    ? { ok: true, club: found.access.club, userId: deleted.userId }
    : { ok: false, error: "noSuchMember", club: found.access.club };
}

/** removeMember's write (never the owner's row), for a batch that does more with it (club moderation). */
export function memberRemovalStatement(db: Db, membershipId: string) {
  return db
    .delete(clubMembers)
    .where(and(eq(clubMembers.id, membershipId), ne(clubMembers.role, "owner")))
    .returning({ id: clubMembers.id, userId: clubMembers.userId });
}
