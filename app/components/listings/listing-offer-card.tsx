import { lazy, memo, Suspense } from "react";
import type { ListingOffersView } from "../deals/offer-panel";
import { ButtonLink } from "../ui/button";

// The forms and the seller's list are signed-in only: their own chunk, out of the signed-out
// visitor's first load (ADR 033). The server renders them whole, as plain forms that
// work without JavaScript; the browser hydrates them when the chunk arrives.
const OfferPanel = lazy(() => import("../deals/offer-panel"));

/**
 * Make an offer / Swap on the listing page (ADR 068; spec 02 §2 listing detail): 'Sign in to make an
 * offer' when signed out, the forms for a buyer who may offer, 'View your offer' when they have one
 * open, and the offers on the listing for its seller. Nothing for a viewer who may not offer.
 */
export function ListingOfferCard({ listingId, offers }: { listingId: string; offers: ListingOffersView }) {
  if (offers.kind === "none") return null;
  if (offers.kind === "signIn")
    return (
      <section className="rounded-xl bg-white p-6 shadow-sm" aria-labelledby="offer-heading">
        <h2 id="offer-heading" className="text-xl font-semibold">
          Make an offer
        </h2>
        <ButtonLink to={`/auth?${new URLSearchParams({ redirectTo: `/listing/${listingId}` })}`} className="mt-3 w-full">
          Sign in to make an offer
        </ButtonLink>
      </section>
    );
  return <Panel listingId={listingId} offers={offers} />;
}

// Memoised on the loader's values: a re-render before the chunk is here must not reach the
// boundary still waiting to hydrate (React would drop the server HTML, error 421).
const Panel = memo(function Panel(props: { listingId: string; offers: ListingOffersView }) {
  return (
    <Suspense fallback={<section className="min-h-24 rounded-xl bg-white p-6 shadow-sm" aria-busy="true" />}>
      <OfferPanel {...props} />
    </Suspense>
  );
});
