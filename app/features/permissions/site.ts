// What a standing on the whole site may do (spec 02 §2 /admin, §6 site admin, §7 delete-user):
// data, read through `can` (can.ts) and, for the suspension gate, `siteAllowsPost` (ADR 069).
// Applied by `requireAdmin` (app/web/guards.server.ts), by the admin feature's writes, and by
// the session read of every non-GET request (app/web/session.server.ts).
import { grants, type PermissionTable } from "./table";

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
  // Appealing a decision about oneself (ADR 095): kept by the suspended and the silenced.
  "appeal",
  // Reviewing appeals: a site admin who did not make the decision (the SQL holds that part).
  "decideAppeal",
  // Keeping a listing On Deck: a teen still waiting for a guardian may (ADR 092).
  "favorite",
] as const;
export type SiteAction = (typeof SITE_ACTIONS)[number];

/**
 * A site admin holds signedIn and siteAdmin. A suspended person holds `suspended` instead of
 * `signedIn` (ADR 069), whatever else they are. A person under 18 (ADR 092) holds `minor` once a
 * guardian confirmed, `minorPendingGuardian` until then, never `signedIn` or `siteAdmin`.
 * (Not db/schema's SITE_ROLES: those are user_roles rows.)
 */
export const SITEWIDE_ROLES = ["anonymous", "signedIn", "suspended", "silenced", "siteAdmin", "minorPendingGuardian", "minor"] as const;
export type SitewideRole = (typeof SITEWIDE_ROLES)[number];

export const SITE_PERMISSIONS: PermissionTable<SitewideRole, SiteAction> = {
  anonymous: [],
  signedIn: ["write", "manageOwnAccount", "report", "block", "appeal", "favorite"],
  suspended: ["manageOwnAccount", "report", "block", "appeal"],
  // Silenced by reports' weight (ADR 095): like suspended — reads, keeps its account, reports, blocks, appeals.
  silenced: ["manageOwnAccount", "report", "block", "appeal"],
  siteAdmin: ["viewDashboard", "viewAnyProfile", "deleteUser", "deleteClub", "deleteListing", "viewAuditLog", "moderate", "decideAppeal"],
  // Browse and favorite, not message, list, offer or join (spec 02 §6; ADR 092): until a guardian confirms.
  minorPendingGuardian: ["manageOwnAccount", "report", "block", "appeal", "favorite"],
  minor: ["write", "manageOwnAccount", "report", "block", "appeal", "favorite"],
};

type SiteActor = { isAdmin: boolean; suspension?: unknown; silenced?: boolean; minor?: { guardianLinked: boolean } | null };

export function sitewideRolesOf(actor: SiteActor | null): SitewideRole[] {
  if (!actor) return ["anonymous"];
  // A suspended admin is suspended: they keep nothing of siteAdmin until it is lifted.
  if (actor.suspension) return ["suspended"];
  // So is a silenced one (ADR 095).
  if (actor.silenced) return ["silenced"];
  if (actor.minor) return [actor.minor.guardianLinked ? "minor" : "minorPendingGuardian"];
  return actor.isAdmin ? ["signedIn", "siteAdmin"] : ["signedIn"];
}

/**
 * Posts that are not "writing" on the site (ADR 069): the account's own housekeeping, reports and
 * blocks. Matched against the page's path; any other post is `write`, the safe default.
 */
const POST_ACTIONS: readonly [RegExp, SiteAction][] = [
  [/^\/(logout|auth|verify-email|testing-mode|account\/location|notifications\/acknowledge|player-profile)\/?$/, "manageOwnAccount"],
  // The age step of sign-up, a teen asking for a guardian, an adult confirming one (ADR 092).
  [/^\/(auth\/age|guardian|guardian\/confirm)\/?$/, "manageOwnAccount"],
  [/^\/favorites\/?$/, "favorite"],
  // A device of one's own for push (ADR 087): being told is reading, not posting.
  [/^\/api\/push-subscriptions\/?$/, "manageOwnAccount"],
  [/^\/club\/[^/]+\/leave\/?$/, "manageOwnAccount"],
  // Saved searches are private to their owner and show nothing to anyone: saving one is not posting.
  [/^\/saved-searches\/?$/, "manageOwnAccount"],
  // Turning e-mails off (a signed link; signed in or not).
  [/^\/unsubscribe\/?$/, "manageOwnAccount"],
  [/^\/dev\//, "manageOwnAccount"],
  [/^\/report\/?$/, "report"],
  [/^\/appeal(\/[^/]+)?\/?$/, "appeal"],
  [/^\/block(\/[^/]+)?\/?$/, "block"],
];

/** The site action a post to this page is. */
export function siteActionOfPost(pathname: string): SiteAction {
  return POST_ACTIONS.find(([path]) => path.test(pathname))?.[1] ?? "write";
}

/** Whether `actor` may post to this page: the site table, asked for the page's action (a suspended person keeps only a few). */
export function siteAllowsPost(actor: SiteActor | null, pathname: string): boolean {
  return grants(SITE_PERMISSIONS, sitewideRolesOf(actor), siteActionOfPost(pathname));
}
