// What a standing on the whole site may do (spec 02 §2 /admin, §6 site admin, §7 delete-user):
// data, read only through `can` (can.ts). Applied by `requireAdmin` (app/web/guards.server.ts)
// and by the admin feature's writes.
import type { PermissionTable } from "./table";

export const SITE_ACTIONS = ["viewDashboard", "viewAnyProfile", "deleteUser", "deleteClub", "deleteListing", "viewAuditLog"] as const;
export type SiteAction = (typeof SITE_ACTIONS)[number];

/** A site admin holds signedIn and siteAdmin. (Not db/schema's SITE_ROLES: those are user_roles rows.) */
export const SITEWIDE_ROLES = ["anonymous", "signedIn", "siteAdmin"] as const;
export type SitewideRole = (typeof SITEWIDE_ROLES)[number];

export const SITE_PERMISSIONS: PermissionTable<SitewideRole, SiteAction> = {
  anonymous: [],
  signedIn: [],
  siteAdmin: SITE_ACTIONS,
};

export function sitewideRolesOf(actor: { isAdmin: boolean } | null): SitewideRole[] {
  if (!actor) return ["anonymous"];
  return actor.isAdmin ? ["signedIn", "siteAdmin"] : ["signedIn"];
}
