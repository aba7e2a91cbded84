// Who keeps a club's gear library, as SQL (ADR 093): the `manageGear` column of the club permission table
// (app/features/permissions/club.ts) turned into the `role in (…)` of an active membership, so every write and
// every manager read carries the rule in its WHERE clause — a page loaded before the role was taken away stores
// nothing. Members are `activeMemberOf` (clubs/club-access.server.ts).
import { sql, type SQL } from "drizzle-orm";
import type { Viewer } from "../permissions/viewer";
import { rolesAllowed, type ClubMemberRole } from "../permissions/club";

const MEMBER_ROLES: readonly string[] = ["member", "equipment_manager", "admin", "owner"] satisfies ClubMemberRole[];

/** The club_members roles that keep the library (owner, admin, equipment manager). */
export const GEAR_KEEPER_ROLES = rolesAllowed("manageGear", "private").filter((r) => MEMBER_ROLES.includes(r)) as ClubMemberRole[];

/** Condition: the viewer is an active member of club `clubId` whose role keeps its gear. */
export function keepsGearOf(viewer: Pick<Viewer, "id"> | null, clubId: string): SQL {
  if (!viewer) return sql`0 = 1`;
  return sql`exists (select 1 from club_members km where km.club_id = ${clubId} and km.user_id = ${viewer.id} and km.status = 'active' and km.role in ${GEAR_KEEPER_ROLES})`;
}
