import { Link } from "@remix-run/react";
import { lazy, memo, Suspense } from "react";
import type { RoomAccess } from "~/hooks/use-room";
import type { Thread } from "./listing-thread";

// Signed in, the card is a live conversation (listing-thread.tsx): its own chunk, so the
// signed-out visitor's first load of the listing page does not carry it (ADR 033). The server
// renders it whole; the browser hydrates it when the chunk arrives.
const ListingThread = lazy(() => import("./listing-thread"));

/**
 * Interested? (spec 02 §2). Signed out: a sign-in link. Signed in: the buyer's
 * conversation with the seller, or the seller's threads (listing-thread.tsx).
 */
export function ListingInterestedCard({
  listingId,
  viewer,
  isOwner,
  threads,
  access,
  sellerId = null,
  sellerName = "",
}: {
  listingId: string;
  viewer: { id: string } | null;
  isOwner: boolean;
  threads: Thread[];
  access: RoomAccess<"user"> | null;
  /** The seller, for the buyer's 'Block' link in the thread; null for the seller themself (primitives: LazyThread is memoised). */
  sellerId?: string | null;
  sellerName?: string;
}) {
  if (!viewer) {
    return (
      <section className="rounded-xl bg-white p-6 shadow-sm">
        <h2 className="text-xl font-semibold">Interested?</h2>
        <Link
          to={`/auth?redirectTo=/listing/${listingId}`}
          className="mt-3 block rounded-md bg-brand-600 px-4 py-2 text-center font-semibold text-white"
        >
          Sign in to contact the seller
        </Link>
      </section>
    );
  }
  return (
    <LazyThread
      listingId={listingId}
      viewer={viewer}
      isOwner={isOwner}
      threads={threads}
      access={access}
      sellerId={sellerId}
      sellerName={sellerName}
    />
  );
}

// Memoised on the loader's values: a re-render of the page before the chunk is here must not reach
// the boundary still waiting to hydrate (React would drop the server HTML and log error 421).
const LazyThread = memo(function LazyThread(props: Parameters<typeof ListingThread>[0]) {
  return (
    <Suspense
      fallback={
        <section className="rounded-xl bg-white p-6 shadow-sm">
          <h2 className="text-xl font-semibold">Interested?</h2>
        </section>
      }
    >
      <ListingThread {...props} />
    </Suspense>
  );
});
