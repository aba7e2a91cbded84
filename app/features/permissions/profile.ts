// Who may do what on a Player Profile page (spec 02 §2 /player-profile, §6), held as
// data and read through `can` (can.ts): the person themselves edits; a site admin reads anyone's
// page, never edits it; nobody else sees it.
import type { PermissionTable } from "./table";

export const PROFILE_ACTIONS = ["view", "edit", "changePassword", "signOutOtherDevices"] as const;
export type ProfileAction = (typeof PROFILE_ACTIONS)[number];

/** One role per viewer and page: an admin on their own page is simply themselves. */
export const PROFILE_ROLES = ["anonymous", "other", "self", "siteAdmin"] as const;
export type ProfileRole = (typeof PROFILE_ROLES)[number];

export const PROFILE_PERMISSIONS: PermissionTable<ProfileRole, ProfileAction> = {
  anonymous: [],
  other: [],
  self: PROFILE_ACTIONS,
  // 'Admin View': every field read-only, no form posts (spec 02 §2 /player-profile).
  siteAdmin: ["view"],
};

export function profileRoleOf(actor: { id: string; isAdmin: boolean } | null, profileUserId: string): ProfileRole {
  if (!actor) return "anonymous";
  if (actor.id === profileUserId) return "self";
  return actor.isAdmin ? "siteAdmin" : "other";
}
