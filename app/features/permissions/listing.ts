// Who may change a listing (spec 02 §2 Manage Listing, §6), held as data: its owner edits it, sets
// its status and deletes it; a site admin may delete any listing (with an audit entry) but not edit
// it or change its status. Read through `can` (can.ts) and, in SQL, `listingChangeableBy`
// (listing-access.server.ts), which is generated from this table. Who may *see* a listing is
// listing-visibility.server.ts.
import type { PermissionTable } from "./table";

export const LISTING_ACTIONS = ["edit", "setStatus", "delete"] as const;
export type ListingAction = (typeof LISTING_ACTIONS)[number];

/** owner: the listing's seller. A site admin who sells holds both. */
export const LISTING_ROLES = ["anonymous", "signedIn", "owner", "siteAdmin"] as const;
export type ListingRole = (typeof LISTING_ROLES)[number];

export const LISTING_PERMISSIONS: PermissionTable<ListingRole, ListingAction> = {
  anonymous: [],
  signedIn: [],
  owner: ["edit", "setStatus", "delete"],
  siteAdmin: ["delete"],
};

export function listingRolesOf(actor: { id: string; isAdmin: boolean } | null, ownerId: string): ListingRole[] {
  if (!actor) return ["anonymous"];
  const roles: ListingRole[] = ["signedIn"];
  if (actor.id === ownerId) roles.push("owner");
  if (actor.isAdmin) roles.push("siteAdmin");
  return roles;
}
