// Managing a club (spec 02 §2 Manage, §7): join requests, the members list, the settings switches
// and the invite code (the logo: club-logo.server.ts). Each takes the acting viewer and checks the
// permission table.
import { and, asc, desc, eq, sql, type SQL } from "drizzle-orm";
import type { Db } from "#db/client";
import { clubMembers, clubs, profiles, users, type Club } from "#db/schema";
import { CONTROL_CHARACTERS_MESSAGE } from "~/shared/text";
import { NewInviteCodeSchema } from "~/shared/schemas/club";
import { memberName } from "../accounts/member-name.server";
import { clubCan, clubPermission } from "../permissions/club";
import { clubAccessQuery, clubVisibleTo, getClubAccess, isRefusal, managedBy, toClubAccess, type ClubResult } from "./club-access.server";
import type { Viewer } from "../permissions/viewer";

export type PendingJoinRequest = { membershipId: string; userId: string; name: string; email: string | null; requestedAt: Date };

/** Pending membership requests, newest first (02 §7) — for those who may approve; else a refusal. */
export async function pendingJoinRequests(
  db: Db,
  viewer: Viewer | null,
  slug: string,
): Promise<ClubResult<{ requests: PendingJoinRequest[] }>> {
  const access = clubPermission(await getClubAccess(db, viewer, slug), "approve");
  if (isRefusal(access)) return access;
  const requests = await pendingJoinRequestsQuery(db, access.club.id);
  return { ok: true, club: access.club, requests };
}

/** A club's join requests, newest first, with the e-mail managers see (02 §2 Manage) — the club as an id or as SQL for it. */
function pendingJoinRequestsQuery(db: Db, clubId: string | SQL) {
  return db
    .select({
      membershipId: clubMembers.id,
      userId: clubMembers.userId,
      name: memberName(),
      email: sql<string | null>`coalesce(${profiles.email}, ${users.email})`,
      requestedAt: clubMembers.createdAt,
    })
    .from(clubMembers)
    .innerJoin(users, eq(users.id, clubMembers.userId))
    .leftJoin(profiles, eq(profiles.userId, clubMembers.userId))
    .where(and(sql`${clubMembers.clubId} = ${clubId}`, eq(clubMembers.status, "pending")))
    .orderBy(desc(clubMembers.createdAt), asc(clubMembers.id));
}

/**
 * Everything the manage page reads, in one batch (ADR 051): the club and the viewer's membership,
 * the pending requests (with e-mails), the roster and the invite code. The last three are keyed by
 * the club's id only where the viewer manages it (`managedBy`: the `manage` row of the permission
 * table, generated as SQL so nothing private is read for anyone else); the caller still decides
 * with `requireClubPermission(…, 'manage')` on `access`.
 */
export async function getClubManagePage(db: Db, viewer: Viewer | null, slug: string) {
  const managed = sql`(select clubs.id from clubs where clubs.slug = ${slug.trim().toLowerCase()} and ${clubVisibleTo(viewer)} and ${managedBy(viewer)})`;
  const [accessRows, requests, members, codes] = await db.batch([
    clubAccessQuery(db, viewer, slug),
    pendingJoinRequestsQuery(db, managed),
    db
      .select({ membershipId: clubMembers.id, name: memberName(), role: clubMembers.role })
      .from(clubMembers)
      .leftJoin(profiles, eq(profiles.userId, clubMembers.userId))
      .where(and(eq(clubMembers.clubId, managed), eq(clubMembers.status, "active")))
      .orderBy(asc(clubMembers.createdAt), asc(clubMembers.id)),
    db.select({ inviteCode: clubs.inviteCode }).from(clubs).where(eq(clubs.id, managed)).limit(1),
  ]);
  const access = toClubAccess(viewer, accessRows);
  if (!access || !clubCan(access, "manage")) return { access, requests: [], members: [], inviteCode: null };
  const inviteCode = access.club.joinMode === "code" && clubCan(access, "viewInviteCode") ? (codes[0]?.inviteCode ?? null) : null;
  return { access, requests: clubCan(access, "approve") ? requests : [], members, inviteCode };
}

export type ClubSettings = Pick<Club, "showPricesInPreview" | "showListingCount" | "allowJoinRequests">;

/** The three switches of the manage page (02 §2): 'Settings saved'. */
export async function updateClubSettings(db: Db, viewer: Viewer | null, slug: string, settings: ClubSettings): Promise<ClubResult> {
  const access = clubPermission(await getClubAccess(db, viewer, slug), "editSettings");
  if (isRefusal(access)) return access;
  const [club] = await db
    .update(clubs)
    .set({
      showPricesInPreview: settings.showPricesInPreview,
      showListingCount: settings.showListingCount,
      allowJoinRequests: settings.allowJoinRequests,
    })
    .where(eq(clubs.id, access.club.id))
    .returning();
  const { inviteCode: _hidden, ...summary } = club;
  return { ok: true, club: summary };
}

/** A new invite code (4 to 20 characters after trimming); the old one stops working at once. */
export async function changeInviteCode(db: Db, viewer: Viewer | null, slug: string, code: string): Promise<ClubResult> {
  const access = clubPermission(await getClubAccess(db, viewer, slug), "changeInviteCode");
  if (isRefusal(access)) return access;
  // The manage form's schema: 4–20 characters and the shared text rule (no control characters).
  const parsed = NewInviteCodeSchema.safeParse({ inviteCode: code });
  if (!parsed.success) {
    const control = parsed.error.issues.some((issue) => issue.message === CONTROL_CHARACTERS_MESSAGE);
    return { ok: false, error: control ? "inviteCodeControlCharacters" : "inviteCodeRequired", club: access.club };
  }
  await db.update(clubs).set({ inviteCode: parsed.data.inviteCode }).where(eq(clubs.id, access.club.id));
  return { ok: true, club: access.club };
}
