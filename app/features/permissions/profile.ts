// Who may do what on a Player Profile page (spec 02 §2 /player-profile, §6), held as
// data and read through `can` (can.ts): the person themselves edits; a site admin reads anyone's
// page, never edits it; a teen's confirmed guardian oversees it (ADR 092); nobody else sees it.
import type { PermissionTable } from "./table";

export const PROFILE_ACTIONS = [
  "view",
  "edit",
  "changePassword",
  "signOutOtherDevices",
  "oversee",
  "seeBirthDate",
  "unlinkGuardian",
] as const;
export type ProfileAction = (typeof PROFILE_ACTIONS)[number];

/** One role per viewer and page: an admin on their own page is simply themselves. */
export const PROFILE_ROLES = ["anonymous", "other", "self", "siteAdmin", "guardian"] as const;
export type ProfileRole = (typeof PROFILE_ROLES)[number];

export const PROFILE_PERMISSIONS: PermissionTable<ProfileRole, ProfileAction> = {
  anonymous: [],
  other: [],
  // Oversight is of someone else; a teen unlinks a guardian, and so does the guardian.
  self: ["view", "edit", "changePassword", "signOutOtherDevices", "seeBirthDate", "unlinkGuardian"],
  // 'Admin View': every field read-only, no form posts (spec 02 §2 /player-profile). Not the birth date.
  siteAdmin: ["view"],
  // A teen's confirmed guardian: their listings, deals and conversations read-only, their birth date, the unlink.
  guardian: ["oversee", "seeBirthDate", "unlinkGuardian"],
};

/** `guardianIds`: the profile's person's confirmed guardians (read with the page; empty for an adult). */
export function profileRoleOf(
  actor: { id: string; isAdmin: boolean } | null,
  profileUserId: string,
  guardianIds: readonly string[] = [],
): ProfileRole {
  if (!actor) return "anonymous";
  if (actor.id === profileUserId) return "self";
  if (guardianIds.includes(actor.id)) return "guardian";
  return actor.isAdmin ? "siteAdmin" : "other";
}
