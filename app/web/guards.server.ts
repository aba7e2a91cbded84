// Guards: the one place a refused permission becomes a Response (ADR 056). Each asks a permission
// table in app/features/permissions/ (`can`, or the club table's typed refusal `clubRefusal`),
// then answers the way ADR 025 and spec 02 §6 say: 404 for what may not be seen (ids and slugs
// cannot be probed), sign in for signed-out visitors, a redirect with a toast for the rest — a
// redirect rather than a 403 because every form must work without JavaScript.
import { json, type AppLoadContext } from "@remix-run/cloudflare";
import { getSessionWith, requireUser } from "./session.server";
import type { Viewer } from "~/features/permissions/viewer";
import { CLUB_ERRORS, type ClubErrorCode } from "~/shared/copy/clubs";
import { clubAccessQuery, getClubAccess, toClubAccess, type ClubAccess } from "~/features/clubs/club-access.server";
import { can, SITE } from "~/features/permissions/can";
import { clubRefusal, type ClubAction } from "~/features/permissions/club";
import { redirectWithToast } from "./toast.server";

/** Spec 02 §6: signed-out → /auth; signed in but not allowed the dashboard → 'Access Denied' toast and /. */
export async function requireAdmin(request: Request, context: AppLoadContext): Promise<Viewer> {
  const viewer = await requireUser(request, context);
  if (can(viewer, "viewDashboard", SITE)) return viewer;
  throw await redirectWithToast(context, "/", {
    title: "Access Denied",
    description: "You don't have admin permissions",
    variant: "destructive",
  });
}

/**
 * For club actions: who is asking and their access to the club with this slug, read in one round
 * trip (the session lookup and `clubAccessQuery` in one batch); null when there is no such club or
 * they may not see it. A stale cookie pays a second round trip, as a signed-out visitor.
 */
export async function clubAccessForAction(request: Request, context: AppLoadContext, slug: string): Promise<ClubAccess | null> {
  const { viewer, companion } = await getSessionWith(request, context, (asker) => clubAccessQuery(context.db, asker, slug));
  return companion ? toClubAccess(viewer, companion) : getClubAccess(context.db, viewer, slug);
}

/**
 * For club loaders and actions: returns when the viewer may do `action`, otherwise throws
 * (ADR 025 "Refusals"):
 * - a club they may not see, or none → 404 'Club not found';
 * - signed out → /auth?redirectTo=/club/{slug} with 'Sign in required';
 * - a manage action → back to /club/{slug} with 'Access denied' / 'You must be a club admin…';
 * - anything else → back to /club/{slug} with the refusal's toast, status 303.
 * Every URL is built from the slug stored in the database, never from the request.
 */
export async function requireClubPermission(context: AppLoadContext, access: ClubAccess | null, action: ClubAction): Promise<ClubAccess> {
  if (!access) throw clubNotFound();
  const refusal = clubRefusal(access, action);
  if (!refusal) return access;
  throw await clubDenialResponse(context, access, refusal.error);
}

/**
 * For a members' page of a club (the Library, the keepers' Gear Library: ADR 097): the access when the table lets
 * the viewer do `action`, else 404 for everyone — signed out included — as the club page's members' tabs (ADR 064):
 * the page does not exist for them, and a redirect would tell that it does.
 */
export function requireClubPage(access: ClubAccess | null, action: ClubAction): ClubAccess {
  if (!access || clubRefusal(access, action)) throw clubNotFound();
  return access;
}

/** The Response for a club refusal code (shared with the membership actions' typed results). */
export async function clubDenialResponse(context: AppLoadContext, access: Pick<ClubAccess, "club">, code: ClubErrorCode) {
  const clubPath = `/club/${access.club.slug}`;
  if (code === "notFound") return clubNotFound();
  if (code === "signInRequired")
    return redirectWithToast(context, `/auth?${new URLSearchParams({ redirectTo: clubPath })}`, CLUB_ERRORS.signInRequired);
  return redirectWithToast(context, clubPath, CLUB_ERRORS[code], { status: 303 });
}

export function clubNotFound() {
  return json({ title: CLUB_ERRORS.notFound.title }, { status: 404, statusText: "Club not found" });
}
