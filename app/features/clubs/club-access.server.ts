// The one club-access module (ADR 025, ADR 081): who a viewer is in a club and what they may do there.
// Every club loader and action starts here; the rules themselves are the table in
// app/features/permissions/club.ts, asked directly (clubCan, clubPermission, clubRefusal), and "active member of" / "club visible to" /
// "clubs they manage" are spelled once, below, as SQL fragments that compose into any query (the
// twins of listingVisibleTo). Refusals come back as typed codes; app/web/guards.server.ts turns
// them into responses.
import { and, eq, inArray, sql, type SQL } from "drizzle-orm";
import type { Db } from "#db/client";
import { clubMembers, clubs, type Club, type ClubMember } from "#db/schema";
import {
  clubCan,
  clubRolesOf,
  MANAGING_MEMBER_ROLES,
  SITE_ADMIN_MANAGES,
  type ClubRefusal as ClubRefusalOf,
  type ClubRole,
} from "../permissions/club";
import type { Viewer } from "../permissions/viewer";
import type { SqlViewer } from "../accounts/viewer-columns.server";

// ---------------------------------------------------------------------------------------------
// SQL fragments
// ---------------------------------------------------------------------------------------------

/** Condition over `club_members`: the row is one of the viewer's active memberships. */
export function activeMembershipOf(viewer: Pick<Viewer, "id">): SQL {
  return and(eq(clubMembers.userId, viewer.id), eq(clubMembers.status, "active"))!;
}

/** `(select club_id …)`: the ids of the clubs the viewer is an active member of (an uncorrelated set). */
export function activeClubIdsOf(viewer: Pick<Viewer, "id">): SQL {
  return sql`(select cm.club_id from club_members cm where cm.user_id = ${viewer.id} and cm.status = 'active')`;
}

/** Condition: the viewer is an active member of the club `clubId` names (default `clubs.id`). */
export function activeMemberOf(viewer: Pick<Viewer, "id"> | Pick<SqlViewer, "id"> | null, clubId: SQL = sql`clubs.id`): SQL {
  if (!viewer) return sql`0 = 1`;
  return sql`exists (select 1 from club_members cm where cm.club_id = ${clubId} and cm.user_id = ${viewer.id} and cm.status = 'active')`;
}

/**
 * Condition over `clubs`: the viewer may see this club at all (directory, club page, filters) —
 * CLUB_VISIBILITY[…].view as SQL. Public → everyone; members_only → signed-in users; private →
 * active members and site admins. A club this is false for is "not found".
 */
export function clubVisibleTo(viewer: Pick<Viewer, "id" | "isAdmin"> | SqlViewer | null): SQL {
  // A viewer known only as SQL (read in the same round trip): the same three cases, decided in SQL.
  if (viewer && isSqlViewer(viewer)) return sql`(${viewer.isAdmin} or clubs.visibility <> 'private' or ${activeMemberOf(viewer)})`;
  if (viewer?.isAdmin) return sql`1 = 1`;
  if (!viewer) return sql`clubs.visibility = 'public'`;
  return sql`(clubs.visibility <> 'private' or ${activeMemberOf(viewer)})`;
}

/**
 * Condition over `club_members`: the viewer's own active rows whose role may manage the club
 * (the `manage` line of the permission table: owner, admin). Site admins manage every club
 * without a row: see `managedBy`.
 */
export function managedMembershipOf(viewer: Pick<Viewer, "id">): SQL {
  return and(activeMembershipOf(viewer), inArray(clubMembers.role, MANAGING_MEMBER_ROLES))!;
}

/**
 * Condition: the viewer may manage the club `clubId` names (default `clubs.id`) — the `manage`
 * row of the permission table as SQL, generated from it (site admin, then the managing roles).
 * Visibility is the caller's (`clubVisibleTo`).
 */
export function managedBy(viewer: Pick<Viewer, "id" | "isAdmin"> | null, clubId: SQL = sql`clubs.id`): SQL {
  if (!viewer) return sql`0 = 1`;
  if (viewer.isAdmin && SITE_ADMIN_MANAGES) return sql`1 = 1`;
  return sql`exists (select 1 from club_members mm where mm.club_id = ${clubId} and mm.user_id = ${viewer.id} and mm.status = 'active' and mm.role in ${MANAGING_MEMBER_ROLES})`;
}

// ---------------------------------------------------------------------------------------------
// Access
// ---------------------------------------------------------------------------------------------

/** The club as every page may show it. The invite code is not in it: see getInviteCode. */
export type ClubSummary = Omit<Club, "inviteCode">;

export type ClubAccess = {
  club: ClubSummary;
  /** The viewer's row in club_members (active or pending), or null. */
  membership: Pick<ClubMember, "id" | "role" | "status" | "createdAt" | "approvalNotified"> | null;
  viewer: Viewer | null;
  /** anonymous | stranger | pending | member | admin | owner, plus siteAdmin for site admins. */
  roles: readonly ClubRole[];
};

const summaryColumns = {
  id: clubs.id,
  slug: clubs.slug,
  name: clubs.name,
  type: clubs.type,
  sport: clubs.sport,
  description: clubs.description,
  city: clubs.city,
  state: clubs.state,
  zip: clubs.zip,
  visibility: clubs.visibility,
  joinMode: clubs.joinMode,
  createdBy: clubs.createdBy,
  logoKey: clubs.logoKey,
  showPricesInPreview: clubs.showPricesInPreview,
  showListingCount: clubs.showListingCount,
  allowJoinRequests: clubs.allowJoinRequests,
  createdAt: clubs.createdAt,
  updatedAt: clubs.updatedAt,
};

/**
 * The club with this slug as this viewer may see it, their membership and roles — or null when
 * there is no such club *or* the viewer may not see it (both are "Club not found", 404).
 */
export async function getClubAccess(db: Db, viewer: Viewer | null, slug: string): Promise<ClubAccess | null> {
  return toClubAccess(viewer, await clubAccessQuery(db, viewer, slug));
}

const isSqlViewer = (viewer: Pick<Viewer, "id"> | Pick<SqlViewer, "id">): viewer is SqlViewer => typeof viewer.id !== "string";

/** The statement behind getClubAccess, for a page that sends it in a batch (ADR 051), or with the session lookup (SqlViewer). */
export function clubAccessQuery(db: Db, viewer: Viewer | SqlViewer | null, slug: string) {
  return accessStatement(db, viewer, eq(clubs.slug, clubSlugKey(slug)));
}

/** The viewer's access to the club with this id (the rooms' join grant names clubs by id), or null. */
export async function getClubAccessById(db: Db, viewer: Viewer | null, clubId: string): Promise<ClubAccess | null> {
  return toClubAccess(viewer, await accessStatement(db, viewer, eq(clubs.id, clubId)));
}

function accessStatement(db: Db, viewer: Viewer | SqlViewer | null, which: SQL) {
  const membership = viewer
    ? sql`(select json_object('id', cm.id, 'role', cm.role, 'status', cm.status, 'createdAt', cm.created_at, 'approvalNotified', cm.approval_notified)
        from club_members cm where cm.club_id = clubs.id and cm.user_id = ${viewer.id})`
    : sql`null`;
  return db
    .select({ club: summaryColumns, membership: sql<string | null>`${membership}` })
    .from(clubs)
    .where(and(which, clubVisibleTo(viewer)))
    .limit(1);
}

/** The id of the club with this slug if this viewer may see it, as SQL (null otherwise): keys a batch's other reads. */
export function visibleClubIdBySlug(viewer: Viewer | null, slug: string): SQL {
  return sql`(select clubs.id from clubs where clubs.slug = ${clubSlugKey(slug)} and ${clubVisibleTo(viewer)})`;
}

const clubSlugKey = (slug: string) => slug.trim().toLowerCase();

export function toClubAccess(viewer: Viewer | null, [row]: Awaited<ReturnType<typeof accessStatement>>): ClubAccess | null {
  if (!row) return null;
  const raw = row.membership
    ? (JSON.parse(row.membership) as {
        id: string;
        role: ClubMember["role"];
        status: ClubMember["status"];
        createdAt: number;
        approvalNotified: number;
      })
    : null;
  const member = raw
    ? {
        id: raw.id,
        role: raw.role,
        status: raw.status,
        createdAt: new Date(raw.createdAt),
        approvalNotified: Boolean(raw.approvalNotified),
      }
    : null;
  return { club: row.club, membership: member, viewer, roles: clubRolesOf(viewer, member) };
}

export type ClubRefusal = ClubRefusalOf<ClubSummary>;
export type ClubResult<T extends object = object> = ({ ok: true; club: ClubSummary } & T) | ClubRefusal;

export const isRefusal = (value: ClubAccess | ClubRefusal): value is ClubRefusal => "ok" in value && value.ok === false;

/** The invite code, for those who may see it (manage page); null otherwise or when none is set. */
export async function getInviteCode(db: Db, access: ClubAccess): Promise<string | null> {
  if (!clubCan(access, "viewInviteCode")) return null;
  const [row] = await db.select({ inviteCode: clubs.inviteCode }).from(clubs).where(eq(clubs.id, access.club.id)).limit(1);
  return row?.inviteCode ?? null;
}

/** A club's id, name and slug by slug, if the viewer may see it (for the listing form's preset club). */
export async function findVisibleClubBySlug(db: Db, viewer: Viewer | null, slug: string) {
  const [club] = await db
    .select({ id: clubs.id, name: clubs.name, slug: clubs.slug })
    .from(clubs)
    .where(and(eq(clubs.slug, slug.trim().toLowerCase()), clubVisibleTo(viewer)))
    .limit(1);
  return club ?? null;
}
