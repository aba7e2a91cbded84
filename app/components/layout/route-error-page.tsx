import { Link, isRouteErrorResponse, useRouteError } from "@remix-run/react";

/**
 * A page's own error boundary where a 404 must not say which part was missing (unknown, not theirs, no longer
 * standing: one answer, so ids cannot be probed — ADR 056): the page's not-found words, or the root's words for
 * anything unexpected (ADR 047), and one way back.
 */
export function RouteErrorPage({ notFound, back }: { notFound: { title: string; detail: string }; back: { to: string; label: string } }) {
  const error = useRouteError();
  const missing = isRouteErrorResponse(error) && error.status === 404;
  return (
    <div className="mx-auto max-w-xl py-16 text-center">
      <h1 className="text-2xl font-bold">{missing ? notFound.title : "Something went wrong"}</h1>
      <p className="mt-2 text-slate-700">{missing ? notFound.detail : "We couldn't load this page. Please try again in a moment."}</p>
      <Link to={back.to} className="mt-6 inline-block font-medium text-brand-700 underline">
        {back.label}
      </Link>
    </div>
  );
}
