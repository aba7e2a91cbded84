import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { Link, useLoaderData } from "@remix-run/react";
import { ListingCard, ListingGrid } from "~/components/listings/listing-card";
import { listFavorites } from "~/features/listings/favorites.server";
import { requireUser } from "~/web/session.server";
import { pageMeta } from "~/web/meta";

export const meta: MetaFunction = () => pageMeta("On Deck — LockerSwap", "The listings you saved on LockerSwap.");

export async function loader({ request, context }: LoaderFunctionArgs) {
  const viewer = await requireUser(request, context);
  return { items: await listFavorites(context.db, viewer) };
}

export default function OnDeck() {
  const { items } = useLoaderData<typeof loader>();
  return (
    <div className="space-y-6">
      <header>
        <h1 className="text-2xl font-bold">On Deck</h1>
        <p className="text-slate-600">Your favorited items</p>
      </header>
      {items.length === 0 ? (
        <div className="rounded-xl border border-dashed border-slate-300 bg-white p-10 text-center">
          <p className="font-semibold">No favorites yet</p>
          <p className="mt-1 text-sm text-slate-600">Tap the heart on any listing to keep it on deck.</p>
          <Link to="/" className="mt-4 inline-block rounded-md bg-brand-600 px-4 py-2 font-semibold text-white hover:bg-brand-700">
            Browse Listings
          </Link>
        </div>
      ) : (
        <ListingGrid>
          {items.map((item, index) => (
            <ListingCard key={item.id} index={index} listing={item} signedIn favorited />
          ))}
        </ListingGrid>
      )}
    </div>
  );
}
