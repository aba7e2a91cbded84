// What a standing on the whole site may do (spec 02 §2 /admin, §6 site admin, §7 delete-user):
// data, read only through `can` (can.ts). Applied by `requireAdmin` (app/web/guards.server.ts)
// and by the admin feature's writes.
import type { PermissionTable } from "./table";

export const SITE_ACTIONS = [
  "viewDashboard",
  "viewAnyProfile",
  "deleteUser",
  "deleteClub",
  "deleteListing",
  "viewAuditLog",
  "moderate",
  // Anything that posts, lists, messages, offers, joins, creates or reviews (ADR 069).
  "write",
  // What a suspended person keeps: their own account (sign out, password, settings), reporting and blocking.
  "manageOwnAccount",
  "report",
  "block",
] as const;
export type SiteAction = (typeof SITE_ACTIONS)[number];

/**
 * A site admin holds signedIn and siteAdmin. A suspended person holds `suspended` instead of
 * `signedIn` (ADR 069), whatever else they are. (Not db/schema's SITE_ROLES: those are user_roles rows.)
 */
export const SITEWIDE_ROLES = ["anonymous", "signedIn", "suspended", "siteAdmin"] as const;
export type SitewideRole = (typeof SITEWIDE_ROLES)[number];

export const SITE_PERMISSIONS: PermissionTable<SitewideRole, SiteAction> = {
  anonymous: [],
  signedIn: ["write", "manageOwnAccount", "report", "block"],
  suspended: ["manageOwnAccount", "report", "block"],
  siteAdmin: ["viewDashboard", "viewAnyProfile", "deleteUser", "deleteClub", "deleteListing", "viewAuditLog", "moderate"],
};

export function sitewideRolesOf(actor: { isAdmin: boolean; suspension?: unknown } | null): SitewideRole[] {
  if (!actor) return ["anonymous"];
  // A suspended admin is suspended: they keep nothing of siteAdmin until it is lifted.
  if (actor.suspension) return ["suspended"];
  return actor.isAdmin ? ["signedIn", "siteAdmin"] : ["signedIn"];
}
