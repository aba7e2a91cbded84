import { isRouteErrorResponse, useRouteError } from "@remix-run/react";
import { CLUB_ERRORS } from "~/shared/copy/clubs";
import { ButtonLink } from "../ui/button";

/**
 * The club pages' error boundary (club page, join, leave, manage, new request). Its own module:
 * re-exported from the club page's route file, it pulled that whole page into the first load of
 * every other club route (ADR 033).
 */
export function ClubErrorBoundary() {
  const error = useRouteError();
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  return (
    <div className="mx-auto max-w-xl px-4 py-16 text-center">
      <h1 className="text-2xl font-bold">{notFound ? CLUB_ERRORS.notFound.title : CLUB_ERRORS.loadingClub.title}</h1>
      {notFound ? null : <p className="mt-2 text-slate-600">{CLUB_ERRORS.loadingClub.description}</p>}
      <ButtonLink to="/clubs" className="mt-6">
        Browse Clubs
      </ButtonLink>
    </div>
  );
}
