import { Link } from "@remix-run/react";

/** The 404 text of spec 01 §2: the root error boundary and the catch-all route show it. */
export function NotFoundMessage() {
  return (
    <>
      <p className="text-6xl font-bold text-brand-600">404</p>
      <h1 className="mt-4 text-2xl font-bold">Oops! Page not found</h1>
      <Link to="/" className="mt-6 inline-block font-medium text-brand-700 underline">
        Return to Home
      </Link>
    </>
  );
}
