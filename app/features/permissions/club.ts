// What each role may do in a club (spec 02 §6, ADR 025) — held as data. A club question asks this
// table directly (`canInClub`, `clubRefusal`: ADR 081); `can` (can.ts) dispatches here for the
// permission-matrix tests and the generic guards. Actions enforce it, loaders use it to decide which
// buttons to show (booleans, never this table), and the matrix tests derive their expectations from it.
import type { ClubJoinMode, ClubVisibility } from "#db/schema/enums";
import type { ClubErrorCode } from "~/shared/copy/clubs";
import { priceVisibleTo } from "./price";
import { grants, rolesGranted, type PermissionTable } from "./table";

/**
 * A viewer's standing in one club: exactly one of anonymous, stranger (signed in, no row), pending,
 * member, admin, owner — plus siteAdmin for site admins (a site admin who is a member is both).
 */
export const CLUB_ROLES = ["anonymous", "stranger", "pending", "member", "equipment_manager", "admin", "owner", "siteAdmin"] as const;
export type ClubRole = (typeof CLUB_ROLES)[number];
/** The roles a club_members row gives (the rest come from the viewer alone). */
export type ClubMemberRole = Extract<ClubRole, "member" | "equipment_manager" | "admin" | "owner">;

export const CLUB_ACTIONS = [
  // Reading the club (allowed by visibility, see CLUB_VISIBILITY).
  "view",
  "viewRoster",
  // Reading its listings: everything vs the signed-out 3-item preview (02 §2 In Play), and prices.
  "viewListingsAll",
  "seePrices",
  // Joining and leaving (02 §4).
  "join",
  "joinWithCode",
  "requestToJoin",
  "leave",
  "listItem",
  // Managing (02 §2 /club/{slug}/manage, §6 owner or admin; beyond the spec, ADR 025).
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
  // The manage page's 'Reports' section (ADR 069): reports about the club's messages and requests.
  "moderateReports",
  // The members' tabs (ADR 064): messages, announcements, direct messages, item requests.
  "readMessages",
  "postChat",
  "deleteOwnChat",
  "deleteAnyChat",
  "postAnnouncement",
  "sendDm",
  "readRequests",
  "postRequest",
  // Only on the viewer's own requests: the author is also checked in the SQL (item-requests.server.ts).
  "fulfilOwnRequest",
  "deleteOwnRequest",
  // Club Swap Days (ADR 088): members see and take part in them; the owner and admins organise them.
  "viewSwapDays",
  "joinSwapDay",
  "organiseSwapDay",
  // The club's gear library (ADR 093): members see it and ask to borrow; the owner, admins and equipment
  // managers keep it (items, units, check-out and check-in, inventory, CSV).
  "viewLibrary",
  "borrowGear",
  "manageGear",
] as const;
export type ClubAction = (typeof CLUB_ACTIONS)[number];
type ReadAction = Extract<ClubAction, "view" | "viewRoster">;

// Groups of actions, so each role's line reads like spec 02 §6.
const SIGNED_IN_READS = ["viewListingsAll", "seePrices"] as const;
const JOIN = ["join", "joinWithCode", "requestToJoin"] as const;
const MEMBER = [
  "listItem",
  "readMessages",
  "postChat",
  "deleteOwnChat",
  "sendDm",
  "readRequests",
  "postRequest",
  "fulfilOwnRequest",
  "deleteOwnRequest",
  "viewSwapDays",
  "joinSwapDay",
  "viewLibrary",
  "borrowGear",
] as const;
const MODERATE = ["deleteAnyChat", "postAnnouncement"] as const;
/** Creating a Swap Day, freezing it, 'Find the swaps', the table (ADR 088): the club's own organisers, not site admins (they are not members). */
const ORGANISE = ["organiseSwapDay"] as const;
/** Keeping the club's gear library (ADR 093): its keepers are members, so a site admin (no member) is not one. */
const GEAR = ["manageGear"] as const;
const MANAGE = [
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
  "moderateReports",
] as const;
/** Refused with 'Access denied' / 'You must be a club admin…' (02 §6); see clubRefusal. */
export const MANAGE_ACTIONS: readonly ClubAction[] = MANAGE;
export const JOIN_ACTIONS: readonly ClubAction[] = JOIN;

/** What each role may do once they can see the club (the reads are CLUB_VISIBILITY's). */
export const CLUB_PERMISSIONS: PermissionTable<ClubRole, Exclude<ClubAction, ReadAction>> = {
  // Signed-out visitors get the 3-item preview; prices only where the club shows them (canInClub).
  anonymous: [],
  stranger: [...SIGNED_IN_READS, ...JOIN],
  // A pending member may not "leave" (nothing to leave; rejecting is the admin's).
  pending: [...SIGNED_IN_READS],
  member: [...SIGNED_IN_READS, "leave", ...MEMBER],
  // A member who also keeps the club's gear (ADR 093); nothing of managing the club itself.
  equipment_manager: [...SIGNED_IN_READS, "leave", ...MEMBER, ...GEAR],
  admin: [...SIGNED_IN_READS, "leave", ...MEMBER, ...MODERATE, ...ORGANISE, ...GEAR, ...MANAGE],
  // The owner cannot leave (02 §4): they must hand over ownership or delete the club.
  owner: [...SIGNED_IN_READS, ...MEMBER, ...MODERATE, ...ORGANISE, ...GEAR, ...MANAGE],
  // Site admins "manage all clubs" (02 §1, §6): the manage page and its actions, not the members'
  // conversations (they are not members; reading other people's chat is not in the spec).
  siteAdmin: [...SIGNED_IN_READS, ...MANAGE],
};

const READ_ALL = ["view", "viewRoster"] as const;
/** Who may see the club page and its roster, per visibility (02 §2 Clubs directory, Roster; §6). */
export const CLUB_VISIBILITY: Record<ClubVisibility, PermissionTable<ClubRole, ReadAction>> = {
  public: {
    anonymous: READ_ALL,
    stranger: READ_ALL,
    pending: READ_ALL,
    member: READ_ALL,
    equipment_manager: READ_ALL,
    admin: READ_ALL,
    owner: READ_ALL,
    siteAdmin: READ_ALL,
  },
  members_only: {
    anonymous: [],
    stranger: ["view"],
    pending: ["view"],
    member: READ_ALL,
    equipment_manager: READ_ALL,
    admin: READ_ALL,
    owner: READ_ALL,
    siteAdmin: READ_ALL,
  },
  private: {
    anonymous: [],
    stranger: [],
    pending: [],
    member: READ_ALL,
    equipment_manager: READ_ALL,
    admin: READ_ALL,
    owner: READ_ALL,
    siteAdmin: READ_ALL,
  },
};

/** Which member roles each role may promote, demote or remove: nobody touches the owner. */
export const MANAGEABLE_MEMBER_ROLES: PermissionTable<ClubRole, Exclude<ClubMemberRole, "owner">> = {
  anonymous: [],
  stranger: [],
  pending: [],
  member: [],
  equipment_manager: [],
  admin: ["equipment_manager", "member"],
  owner: ["admin", "equipment_manager", "member"],
  siteAdmin: ["admin", "equipment_manager", "member"],
};

/** The club facts some actions depend on besides the role. */
export type ClubFacts = {
  visibility: ClubVisibility;
  joinMode: ClubJoinMode;
  allowJoinRequests: boolean;
  showPricesInPreview: boolean;
};

/**
 * Actions that also need the club to be set up for them. Every way in is closed while
 * allow_join_requests is off (02 §2: the join buttons are disabled; §6 "can join per join mode if
 * allow_join_requests").
 */
const CLUB_ACTION_CONDITIONS: Partial<Record<ClubAction, (club: ClubFacts) => boolean>> = {
  join: (club) => club.joinMode === "open" && club.allowJoinRequests,
  joinWithCode: (club) => club.joinMode === "code" && club.allowJoinRequests,
  requestToJoin: (club) => club.joinMode === "approval" && club.allowJoinRequests,
};

/** The viewer's roles from who they are and their club_members row (active or pending), if any. */
export function clubRolesOf(
  actor: { isAdmin: boolean } | null,
  membership: { role: ClubMemberRole; status: "active" | "pending" } | null,
): ClubRole[] {
  if (!actor) return ["anonymous"];
  const base: ClubRole = !membership ? "stranger" : membership.status === "pending" ? "pending" : membership.role;
  return actor.isAdmin ? [base, "siteAdmin"] : [base];
}

function tableFor(action: ClubAction, visibility: ClubVisibility): PermissionTable<ClubRole, ClubAction> {
  return action === "view" || action === "viewRoster" ? CLUB_VISIBILITY[visibility] : CLUB_PERMISSIONS;
}

/** The roles allowed to do `action` in a club of this visibility (a column of the matrix). */
export function rolesAllowed(action: ClubAction, visibility: ClubVisibility): ClubRole[] {
  return rolesGranted(tableFor(action, visibility), action);
}

/** The club_members roles that may manage a club: the SQL `role in (…)` of "clubs they manage". */
export const MANAGING_MEMBER_ROLES: ClubMemberRole[] = rolesAllowed("manage", "private").filter(
  (role): role is ClubMemberRole => role === "member" || role === "equipment_manager" || role === "admin" || role === "owner",
);
/** Whether a site admin manages every club (02 §1), read from the same row. */
export const SITE_ADMIN_MANAGES = rolesAllowed("manage", "private").includes("siteAdmin");

/**
 * The club table's interpreter, for roles already resolved (`can` resolves them). Nothing is
 * allowed in a club one may not see.
 */
export function canInClub(roles: readonly ClubRole[], club: ClubFacts, action: ClubAction): boolean {
  if (!grants(CLUB_VISIBILITY[club.visibility], roles, "view")) return false;
  if (action === "seePrices" && roles.includes("anonymous")) return priceVisibleTo(null, { club });
  return grants(tableFor(action, club.visibility), roles, action) && (CLUB_ACTION_CONDITIONS[action]?.(club) ?? true);
}

/** Whether someone with these roles may promote/demote/remove a member holding `targetRole`. */
export function canManageMember(roles: readonly ClubRole[], targetRole: ClubMemberRole): boolean {
  return targetRole !== "owner" && grants(MANAGEABLE_MEMBER_ROLES, roles, targetRole);
}

/** What a club question needs: the viewer's roles there, the club's facts, their club_members row. */
export type ClubStanding<C extends ClubFacts = ClubFacts> = {
  club: C;
  roles: readonly ClubRole[];
  membership: { role: ClubMemberRole; status: "active" | "pending" } | null;
};

/** A club write refused: the typed code the web layer turns into the spec's text, and the club if it may be seen. */
export type ClubRefusal<C extends ClubFacts = ClubFacts> = { ok: false; error: ClubErrorCode; club: C | null };

/**
 * Why this viewer may not do `action` here (null: they may). The order is the order a person would
 * want to be told: cannot see it (or no such club) → not found; signed out → sign in; then the
 * specific refusal. Every club write asks this first, with the standing its read returned.
 */
export function clubRefusal<C extends ClubFacts>(standing: ClubStanding<C> | null, action: ClubAction): ClubRefusal<C> | null {
  if (!standing) return { ok: false, error: "notFound", club: null };
  const { club, roles, membership } = standing;
  if (canInClub(roles, club, action)) return null;
  const refuse = (error: ClubErrorCode): ClubRefusal<C> => ({ ok: false, error, club });
  if (!canInClub(roles, club, "view")) return refuse("notFound");
  if (roles.includes("anonymous")) return refuse("signInRequired");
  if (MANAGE_ACTIONS.includes(action)) return refuse("accessDenied");
  if (JOIN_ACTIONS.includes(action)) {
    if (membership?.status === "active") return refuse("alreadyMember");
    if (membership?.status === "pending") return refuse("alreadyPending");
    if (!club.allowJoinRequests) return refuse("joinsClosed");
    return refuse("wrongJoinMode");
  }
  if (action === "leave") return refuse(membership?.role === "owner" ? "cannotLeave" : "notMember");
  return refuse("forbidden");
}

/**
 * Where every club write starts (spec 02 §6): the standing its read returned, when the table lets it
 * do `action`, otherwise the typed refusal the web layer turns into the spec's texts
 * (~/shared/copy/clubs.ts). A club the viewer may not see (`null`) is "not found".
 */
export function clubPermission<S extends ClubStanding>(standing: S | null, action: ClubAction): S | ClubRefusal<S["club"]> {
  return clubRefusal(standing, action) ?? standing!;
}

/** Whether the viewer may do `action` in this club: the table, asked with the roles the access read resolved. */
export function clubCan(standing: Pick<ClubStanding, "roles" | "club">, action: ClubAction): boolean {
  return canInClub(standing.roles, standing.club, action);
}

/** Every club action as a boolean, for a loader to hand to the page (which buttons to show). */
export function clubAllowedActions(standing: Pick<ClubStanding, "roles" | "club">): Record<ClubAction, boolean> {
  return Object.fromEntries(CLUB_ACTIONS.map((action) => [action, clubCan(standing, action)])) as Record<ClubAction, boolean>;
}
