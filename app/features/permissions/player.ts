// Who may do what with a player — a child without an account, entered by a guardian (ADR 091) — held
// as data and read through `can` (can.ts). Only the player's guardians see or change them; any
// signed-in adult may add a player to their own family; nobody else — a site admin, a club's owner —
// sees a family's players (a roster shows only what the guardian put there: first name and age group).
import type { PermissionTable } from "./table";

export const PLAYER_ACTIONS = ["add", "view", "edit", "remove", "inviteGuardian", "acceptInvite", "addToRoster"] as const;
export type PlayerAction = (typeof PLAYER_ACTIONS)[number];

export const PLAYER_ROLES = ["anonymous", "other", "guardian", "siteAdmin"] as const;
export type PlayerRole = (typeof PLAYER_ROLES)[number];

export const PLAYER_PERMISSIONS: PermissionTable<PlayerRole, PlayerAction> = {
  anonymous: [],
  // A signed-in adult adds a player to their own family, or accepts an invitation addressed to them.
  other: ["add", "acceptInvite"],
  guardian: ["add", "view", "edit", "remove", "inviteGuardian", "acceptInvite", "addToRoster"],
  // Not even an admin: a child's data is for their guardians (ADR 091).
  siteAdmin: ["add", "acceptInvite"],
};

/** `guardian`: the database said this actor is one of the player's guardians (the read is in the SQL). */
export function playerRolesOf(actor: { id: string; isAdmin: boolean } | null, guardian: boolean): PlayerRole[] {
  if (!actor) return ["anonymous"];
  if (guardian) return ["guardian"];
  return [actor.isAdmin ? "siteAdmin" : "other"];
}
