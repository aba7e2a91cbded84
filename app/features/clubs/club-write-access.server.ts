// Where every club write starts (spec 02 §6): the viewer's access to the club when the permission
// table lets them do the action, otherwise a typed refusal the routes turn into the spec's texts
// (~/shared/copy/clubs.ts). A club the viewer may not see is "not found".
import type { Db } from "#db/client";
import { denialFor, getClubAccess, type ClubAccess, type ClubSummary } from "./club-access.server";
import type { ClubErrorCode } from "~/shared/copy/clubs";
import type { ClubAction } from "../permissions/club";
import type { Viewer } from "../permissions/viewer";

export type ClubRefusal = { ok: false; error: ClubErrorCode; club: ClubSummary | null };
export type ClubResult<T extends object = object> = ({ ok: true; club: ClubSummary } & T) | ClubRefusal;

/**
 * The access of the viewer to the club, when they may do `action` there; otherwise the refusal.
 * Shared by every club write (club-manage, membership, club-logo).
 */
export async function accessFor(db: Db, viewer: Viewer | null, slug: string, action: ClubAction): Promise<ClubAccess | ClubRefusal> {
  const access = await getClubAccess(db, viewer, slug);
  if (!access) return { ok: false, error: "notFound", club: null };
  const denial = denialFor(access, action);
  return denial ? { ok: false, error: denial, club: access.club } : access;
}

export const isRefusal = (value: ClubAccess | ClubRefusal): value is ClubRefusal => "ok" in value && value.ok === false;
