import { Link } from "@remix-run/react";

/** Unknown, removed or not visible to this viewer (spec 02 §2 Listing detail). */
export function ListingNotFound() {
  return (
    <div className="mx-auto max-w-xl py-16 text-center">
      <h1 className="text-2xl font-bold">Listing not found</h1>
      <p className="mt-2 text-slate-600">It may have been removed, or it is only visible to members of a club.</p>
      <Link to="/" className="mt-6 inline-block rounded-md bg-brand-600 px-4 py-2 font-semibold text-white">
        Back to Home
      </Link>
    </div>
  );
}
