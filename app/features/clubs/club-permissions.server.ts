// What each role may do in a club (spec 02 §6, ADR 025) — held as data. Actions enforce it
// (club-access.server.ts, membership.server.ts), loaders use it to decide which buttons to show,
// and the permission-matrix tests iterate over it. Pure data and functions, no I/O; loaders hand
// components booleans (`allowedActions`), never this table.
import type { ClubJoinMode, ClubVisibility } from "#db/schema/enums";
import { priceVisibleTo } from "../listings/prices.server";

/**
 * A viewer's standing in one club. A site admin also holds the role their membership gives them
 * (a site admin who is a member is both 'member' and 'siteAdmin'), so the roles are a set.
 */
export const CLUB_ROLES = ["anonymous", "stranger", "pending", "member", "admin", "owner", "siteAdmin"] as const;
export type ClubRole = (typeof CLUB_ROLES)[number];

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
  // Managing (02 §2 /club/{slug}/manage, §6 owner or admin; issue 11 §7 beyond the spec).
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
  // The members' tabs (realtime issue): messages, announcements, direct messages, item requests.
  "readMessages",
  "postChat",
  "deleteOwnChat",
  "deleteAnyChat",
  "postAnnouncement",
  "sendDm",
  "readRequests",
  "postRequest",
  // Only on the viewer's own requests: the author is also checked in the SQL (club-requests.server.ts).
  "fulfilOwnRequest",
  "deleteOwnRequest",
] as const;
export type ClubAction = (typeof CLUB_ACTIONS)[number];

type Roles = readonly ClubRole[];
const EVERYONE: Roles = CLUB_ROLES;
const SIGNED_IN: Roles = ["stranger", "pending", "member", "admin", "owner", "siteAdmin"];
const MEMBERS: Roles = ["member", "admin", "owner"];
const MANAGERS: Roles = ["admin", "owner"];
// Site admins "manage all clubs" (02 §1, §6): the manage page and its actions, not the members'
// conversations (they are not members; reading other people's chat is not in the spec).
const MANAGERS_AND_SITE_ADMIN: Roles = ["admin", "owner", "siteAdmin"];

/** Who may see the club page and its roster, per visibility (02 §2 Clubs directory, Roster; §6). */
export const CLUB_VISIBILITY: Record<ClubVisibility, { view: Roles; viewRoster: Roles }> = {
  public: { view: EVERYONE, viewRoster: EVERYONE },
  members_only: { view: SIGNED_IN, viewRoster: [...MEMBERS, "siteAdmin"] },
  private: { view: [...MEMBERS, "siteAdmin"], viewRoster: [...MEMBERS, "siteAdmin"] },
};

/** Who may do each action once they can see the club. */
export const CLUB_PERMISSIONS: Record<Exclude<ClubAction, "view" | "viewRoster">, Roles> = {
  viewListingsAll: SIGNED_IN,
  // Signed-out visitors see prices only in a preview whose club turned show_prices_in_preview on:
  // that rule is priceVisibleTo (prices.server.ts), which can() consults for them.
  seePrices: SIGNED_IN,
  join: ["stranger"],
  joinWithCode: ["stranger"],
  requestToJoin: ["stranger"],
  // The owner cannot leave (02 §4): they must hand over ownership or delete the club.
  leave: ["member", "admin"],
  listItem: MEMBERS,
  manage: MANAGERS_AND_SITE_ADMIN,
  approve: MANAGERS_AND_SITE_ADMIN,
  reject: MANAGERS_AND_SITE_ADMIN,
  editSettings: MANAGERS_AND_SITE_ADMIN,
  viewInviteCode: MANAGERS_AND_SITE_ADMIN,
  changeInviteCode: MANAGERS_AND_SITE_ADMIN,
  promote: MANAGERS_AND_SITE_ADMIN,
  demote: MANAGERS_AND_SITE_ADMIN,
  removeMember: MANAGERS_AND_SITE_ADMIN,
  uploadLogo: MANAGERS_AND_SITE_ADMIN,
  readMessages: MEMBERS,
  postChat: MEMBERS,
  deleteOwnChat: MEMBERS,
  deleteAnyChat: MANAGERS,
  postAnnouncement: MANAGERS,
  sendDm: MEMBERS,
  readRequests: MEMBERS,
  postRequest: MEMBERS,
  // 02 §4 Request: open → fulfilled by the author only; delete only the author's open requests.
  fulfilOwnRequest: MEMBERS,
  deleteOwnRequest: MEMBERS,
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
export const CLUB_ACTION_CONDITIONS: Partial<Record<ClubAction, (club: ClubFacts) => boolean>> = {
  join: (club) => club.joinMode === "open" && club.allowJoinRequests,
  joinWithCode: (club) => club.joinMode === "code" && club.allowJoinRequests,
  requestToJoin: (club) => club.joinMode === "approval" && club.allowJoinRequests,
};

/** Which member roles a manager may promote, demote or remove: nobody touches the owner. */
export const MANAGEABLE_MEMBER_ROLES: Partial<Record<ClubRole, readonly ("admin" | "member")[]>> = {
  owner: ["admin", "member"],
  siteAdmin: ["admin", "member"],
  admin: ["member"],
};

/** The roles allowed to do `action` in a club of this visibility. */
export function rolesAllowed(action: ClubAction, visibility: ClubVisibility): Roles {
  if (action === "view" || action === "viewRoster") return CLUB_VISIBILITY[visibility][action];
  return CLUB_PERMISSIONS[action];
}

/** What a viewer may do in one club: pure, from roles and club facts. */
export function canDo(roles: readonly ClubRole[], club: ClubFacts, action: ClubAction): boolean {
  const mayView = CLUB_VISIBILITY[club.visibility].view.some((role) => roles.includes(role));
  if (!mayView) return false;
  if (action === "seePrices" && roles.includes("anonymous")) return priceVisibleTo(null, { club });
  const allowed = rolesAllowed(action, club.visibility).some((role) => roles.includes(role));
  return allowed && (CLUB_ACTION_CONDITIONS[action]?.(club) ?? true);
}

/** Whether someone with these roles may promote/demote/remove a member holding `targetRole`. */
export function canManageMember(roles: readonly ClubRole[], targetRole: "owner" | "admin" | "member"): boolean {
  if (targetRole === "owner") return false;
  return roles.some((role) => MANAGEABLE_MEMBER_ROLES[role]?.includes(targetRole) ?? false);
}
