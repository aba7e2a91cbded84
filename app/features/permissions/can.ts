// The one permission check (ADR 056): `can(actor, action, target)`. Pure — no I/O, no Remix.
// Every guard (app/web/guards.server.ts), every feature write and every loader's booleans go
// through it; the tables it reads are club.ts, listing.ts, profile.ts and site.ts, all of the one
// shape in table.ts. A refusal's *response* (404, sign in, 'Access denied') is the web layer's.
import type { Viewer } from "./viewer";
import { CLUB_ACTIONS, canInClub, clubRolesOf, type ClubAction, type ClubFacts, type ClubMemberRole, type ClubRole } from "./club";
import { DEAL_ACTIONS, dealCan, dealRolesOf, type DealAction, type DealRole } from "./deal";
import { LISTING_ACTIONS, LISTING_PERMISSIONS, listingRolesOf, type ListingAction, type ListingRole } from "./listing";
import { PLAYER_ACTIONS, PLAYER_PERMISSIONS, playerRolesOf, type PlayerAction, type PlayerRole } from "./player";
import { PROFILE_ACTIONS, PROFILE_PERMISSIONS, profileRoleOf, type ProfileAction, type ProfileRole } from "./profile";
import { SITE_ACTIONS, SITE_PERMISSIONS, sitewideRolesOf, type SiteAction, type SitewideRole } from "./site";
import { grants } from "./table";

/** Who is asking; null is a signed-out visitor. */
export type Actor = Pick<Viewer, "id" | "isAdmin" | "suspension" | "silenced" | "minor"> | null;

type SiteTarget = { kind: "site" };
export type ClubTarget = { kind: "club"; club: ClubFacts; membership: { role: ClubMemberRole; status: "active" | "pending" } | null };
type ListingTarget = { kind: "listing"; ownerId: string };
/** `guardianIds`: the person's confirmed guardians (ADR 092), when the caller read them. */
export type ProfileTarget = { kind: "profile"; userId: string; guardianIds?: readonly string[] };
export type DealTarget = { kind: "deal"; proposerId: string | null; ownerId: string | null };
/** A family's player (ADR 091): `guardian` is what the guardians' SQL read said of the actor. */
export type PlayerTarget = { kind: "player"; guardian: boolean };
export type Target = SiteTarget | ClubTarget | ListingTarget | ProfileTarget | DealTarget | PlayerTarget;

/** The site as a whole (the admin dashboard, deleting anyone's account). */
export const SITE: SiteTarget = { kind: "site" };

type Kinds = {
  site: { target: SiteTarget; action: SiteAction; role: SitewideRole };
  club: { target: ClubTarget; action: ClubAction; role: ClubRole };
  listing: { target: ListingTarget; action: ListingAction; role: ListingRole };
  profile: { target: ProfileTarget; action: ProfileAction; role: ProfileRole };
  deal: { target: DealTarget; action: DealAction; role: DealRole };
  player: { target: PlayerTarget; action: PlayerAction; role: PlayerRole };
};
type ActionOn<T extends Target> = Kinds[T["kind"]]["action"];
type RoleOn<T extends Target> = Kinds[T["kind"]]["role"];

/** The roles `actor` holds towards `target` (a set: a site admin who is a member holds both). */
export function rolesOf<T extends Target>(actor: Actor, target: T): RoleOn<T>[] {
  const t = target as Target;
  switch (t.kind) {
    case "site":
      return sitewideRolesOf(actor) as RoleOn<T>[];
    case "club":
      return clubRolesOf(actor, t.membership) as RoleOn<T>[];
    case "listing":
      return listingRolesOf(actor, t.ownerId) as RoleOn<T>[];
    case "profile":
      return [profileRoleOf(actor, t.userId, t.guardianIds)] as RoleOn<T>[];
    case "deal":
      return dealRolesOf(actor, t) as RoleOn<T>[];
    case "player":
      return playerRolesOf(actor, t.guardian) as RoleOn<T>[];
  }
}

export function can<T extends Target>(actor: Actor, action: ActionOn<T>, target: T): boolean {
  const t = target as Target;
  switch (t.kind) {
    case "site":
      return grants(SITE_PERMISSIONS, sitewideRolesOf(actor), action as SiteAction);
    case "club":
      return canInClub(clubRolesOf(actor, t.membership), t.club, action as ClubAction);
    case "listing":
      return grants(LISTING_PERMISSIONS, listingRolesOf(actor, t.ownerId), action as ListingAction);
    case "profile":
      return grants(PROFILE_PERMISSIONS, [profileRoleOf(actor, t.userId, t.guardianIds)], action as ProfileAction);
    case "deal":
      return dealCan(actor, action as DealAction, t);
    case "player":
      return grants(PLAYER_PERMISSIONS, playerRolesOf(actor, t.guardian), action as PlayerAction);
  }
}

const ACTIONS = {
  site: SITE_ACTIONS,
  club: CLUB_ACTIONS,
  listing: LISTING_ACTIONS,
  profile: PROFILE_ACTIONS,
  deal: DEAL_ACTIONS,
  player: PLAYER_ACTIONS,
} as const;

/** Every action on `target` as a boolean, for a loader to hand to the page (which buttons to show). */
export function allowedActions<T extends Target>(actor: Actor, target: T): Record<ActionOn<T>, boolean> {
  const actions = ACTIONS[target.kind] as readonly ActionOn<T>[];
  return Object.fromEntries(actions.map((action) => [action, can(actor, action, target)])) as Record<ActionOn<T>, boolean>;
}
