import { ButtonLink } from "~/components/ui/button";

/** Unknown, removed or not visible to this viewer (spec 02 §2 Listing detail). */
export function ListingNotFound() {
  return (
    <div className="mx-auto max-w-xl py-16 text-center">
      <h1 className="text-2xl font-bold">Listing not found</h1>
      <p className="mt-2 text-slate-600">It may have been removed, or it is only visible to members of a club.</p>
      <ButtonLink to="/" size="slim" className="mt-6">
        Back to Home
      </ButtonLink>
    </div>
  );
}
