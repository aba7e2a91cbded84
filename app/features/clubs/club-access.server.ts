// The one club-access module (issue 11 "Design first", ADR 025): who a viewer is in a club and what
// they may do there. Every club loader and action starts here; the rules themselves are the table in
// club-permissions.server.ts, and "active member of" / "club visible to" are spelled once, below, as
// SQL fragments that compose into any query (the twins of listingVisibleTo).
import { json, type AppLoadContext } from "@remix-run/cloudflare";
import { and, eq, sql, type SQL } from "drizzle-orm";
import type { Db } from "#db/client";
import { clubMembers, clubs, type Club, type ClubMember } from "#db/schema";
import { redirectWithToast } from "~/web/toast.server";
import { CLUB_ERRORS, type ClubErrorCode } from "./club-copy";
import { CLUB_ACTIONS, canDo, type ClubAction, type ClubRole } from "./club-permissions.server";
import type { Viewer } from "../accounts/viewer";

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
export function activeMemberOf(viewer: Pick<Viewer, "id"> | null, clubId: SQL = sql`clubs.id`): SQL {
  if (!viewer) return sql`0 = 1`;
  return sql`exists (select 1 from club_members cm where cm.club_id = ${clubId} and cm.user_id = ${viewer.id} and cm.status = 'active')`;
}

/**
 * Condition over `clubs`: the viewer may see this club at all (directory, club page, filters) —
 * CLUB_VISIBILITY[…].view as SQL. Public → everyone; members_only → signed-in users; private →
 * active members and site admins. A club this is false for is "not found".
 */
export function clubVisibleTo(viewer: Pick<Viewer, "id" | "isAdmin"> | null): SQL {
  if (viewer?.isAdmin) return sql`1 = 1`;
  if (!viewer) return sql`clubs.visibility = 'public'`;
  return sql`(clubs.visibility <> 'private' or ${activeMemberOf(viewer)})`;
}

/** Condition over `club_members`: the viewer's own active owner/admin rows (clubs they manage). */
export function managedMembershipOf(viewer: Pick<Viewer, "id">): SQL {
  return sql`${activeMembershipOf(viewer)} and ${clubMembers.role} in ('owner', 'admin')`;
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

export function rolesFor(viewer: Pick<Viewer, "isAdmin"> | null, membership: Pick<ClubMember, "role" | "status"> | null): ClubRole[] {
  if (!viewer) return ["anonymous"];
  const base: ClubRole = !membership ? "stranger" : membership.status === "pending" ? "pending" : membership.role;
  return viewer.isAdmin ? [base, "siteAdmin"] : [base];
}

/**
 * The club with this slug as this viewer may see it, their membership and roles — or null when
 * there is no such club *or* the viewer may not see it (both are "Club not found", 404).
 */
export async function getClubAccess(db: Db, viewer: Viewer | null, slug: string): Promise<ClubAccess | null> {
  return toClubAccess(viewer, await clubAccessQuery(db, viewer, slug));
}

/** The statement behind getClubAccess, for a page that sends it in a batch (ADR 051). */
export function clubAccessQuery(db: Db, viewer: Viewer | null, slug: string) {
  const membership = viewer
    ? sql`(select json_object('id', cm.id, 'role', cm.role, 'status', cm.status, 'createdAt', cm.created_at, 'approvalNotified', cm.approval_notified)
        from club_members cm where cm.club_id = clubs.id and cm.user_id = ${viewer.id})`
    : sql`null`;
  return db
    .select({ club: summaryColumns, membership: sql<string | null>`${membership}` })
    .from(clubs)
    .where(and(eq(clubs.slug, clubSlugKey(slug)), clubVisibleTo(viewer)))
    .limit(1);
}

/** The id of the club with this slug if this viewer may see it, as SQL (null otherwise): keys a batch's other reads. */
export function visibleClubIdBySlug(viewer: Viewer | null, slug: string): SQL {
  return sql`(select clubs.id from clubs where clubs.slug = ${clubSlugKey(slug)} and ${clubVisibleTo(viewer)})`;
}

const clubSlugKey = (slug: string) => slug.trim().toLowerCase();

export function toClubAccess(viewer: Viewer | null, [row]: Awaited<ReturnType<typeof clubAccessQuery>>): ClubAccess | null {
  if (!row) return null;
  const raw = row.membership ? (JSON.parse(row.membership) as { id: string; role: ClubMember["role"]; status: ClubMember["status"]; createdAt: number; approvalNotified: number }) : null;
  const member = raw ? { id: raw.id, role: raw.role, status: raw.status, createdAt: new Date(raw.createdAt), approvalNotified: Boolean(raw.approvalNotified) } : null;
  return { club: row.club, membership: member, viewer, roles: rolesFor(viewer, member) };
}

/** Same as getClubAccess, by id (for actions that carry a club id). */
export async function getClubAccessById(db: Db, viewer: Viewer | null, clubId: string): Promise<ClubAccess | null> {
  const [club] = await db.select({ slug: clubs.slug }).from(clubs).where(eq(clubs.id, clubId)).limit(1);
  return club ? getClubAccess(db, viewer, club.slug) : null;
}

export function can(access: ClubAccess, action: ClubAction): boolean {
  return canDo(access.roles, access.club, action);
}

/** Every action as a boolean, for a loader to hand to the page (which buttons to show). */
export function allowedActions(access: ClubAccess): Record<ClubAction, boolean> {
  return Object.fromEntries(CLUB_ACTIONS.map((action) => [action, can(access, action)])) as Record<ClubAction, boolean>;
}

const MANAGE_ACTIONS = new Set<ClubAction>([
  "manage",
  "approve",
  "reject",
  "editSettings",
  "viewInviteCode",
  "changeInviteCode",
  "promote",
  "demote",
  "removeMember",
  "uploadLogo",
]);

const JOIN_ACTIONS = new Set<ClubAction>(["join", "joinWithCode", "requestToJoin"]);

/**
 * Why this viewer may not do `action` here (null: they may). The order is the order a person
 * would want to be told: cannot see it → not found; signed out → sign in; then the specific refusal.
 */
export function denialFor(access: ClubAccess, action: ClubAction): ClubErrorCode | null {
  if (can(access, action)) return null;
  if (!can(access, "view")) return "notFound";
  if (access.roles.includes("anonymous")) return "signInRequired";
  if (MANAGE_ACTIONS.has(action)) return "accessDenied";
  if (JOIN_ACTIONS.has(action)) {
    if (access.membership?.status === "active") return "alreadyMember";
    if (access.membership?.status === "pending") return "alreadyPending";
    if (!access.club.allowJoinRequests) return "joinsClosed";
    return "wrongJoinMode";
  }
  if (action === "leave") return access.membership?.role === "owner" ? "cannotLeave" : "notMember";
  return "forbidden";
}

/**
 * For loaders and actions: returns when the viewer may do `action`, otherwise throws
 * (ADR 025 "Refusals"):
 * - a club they may not see → 404 'Club not found' (ids and slugs cannot be probed);
 * - signed out → /auth?redirectTo=/club/{slug} with 'Sign in required';
 * - a manage action → back to /club/{slug} with 'Access denied' / 'You must be a club admin…';
 * - anything else → back to /club/{slug} with the refusal's toast, status 303.
 * Every URL is built from the slug stored in the database, never from the request.
 */
export async function requireClubPermission(context: AppLoadContext, access: ClubAccess | null, action: ClubAction): Promise<ClubAccess> {
  if (!access) throw clubNotFound();
  const denial = denialFor(access, action);
  if (!denial) return access;
  throw await clubDenialResponse(context, access, denial);
}

/** The Response for a refusal code (shared with the membership actions' typed results). */
export async function clubDenialResponse(context: AppLoadContext, access: Pick<ClubAccess, "club">, code: ClubErrorCode) {
  const clubPath = `/club/${access.club.slug}`;
  if (code === "notFound") return clubNotFound();
  if (code === "signInRequired") return redirectWithToast(context, `/auth?${new URLSearchParams({ redirectTo: clubPath })}`, CLUB_ERRORS.signInRequired);
  return redirectWithToast(context, clubPath, CLUB_ERRORS[code], { status: 303 });
}

export function clubNotFound() {
  return json({ title: CLUB_ERRORS.notFound.title }, { status: 404, statusText: "Club not found" });
}

const ROLE_RANK = { member: 1, admin: 2, owner: 3 } as const;

/** Whether the viewer is an active member holding at least `role` (site admins count as owner). */
export function hasClubRole(access: ClubAccess, role: keyof typeof ROLE_RANK): boolean {
  if (access.roles.includes("siteAdmin") && role !== "member") return true;
  const mine = access.membership?.status === "active" ? access.membership.role : null;
  return mine !== null && ROLE_RANK[mine] >= ROLE_RANK[role];
}

/**
 * `requireClubRole(context, access, 'admin')`: for routes that are about a role rather than one
 * action (the manage page is `requireClubPermission(…, 'manage')`, which is the same thing).
 */
export async function requireClubRole(context: AppLoadContext, access: ClubAccess | null, role: keyof typeof ROLE_RANK): Promise<ClubAccess> {
  if (!access) throw clubNotFound();
  if (hasClubRole(access, role)) return access;
  if (access.roles.includes("anonymous")) throw await clubDenialResponse(context, access, "signInRequired");
  throw await clubDenialResponse(context, access, role === "member" ? "notMember" : "accessDenied");
}

/** The invite code, for those who may see it (manage page); null otherwise or when none is set. */
export async function getInviteCode(db: Db, access: ClubAccess): Promise<string | null> {
  if (!can(access, "viewInviteCode")) return null;
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
