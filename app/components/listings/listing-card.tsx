import { Link } from "@remix-run/react";
import { lazy, Suspense } from "react";
import { conditionBadge } from "~/shared/catalog/conditions";
import { sportEmoji, sportName } from "~/shared/catalog/sport-names";
import { formatMiles, formatPrice } from "~/shared/format";
import type { FilterChip } from "~/shared/search-params";
import type { ListingSummary } from "~/shared/schemas/search";
import { NoPhoto } from "./no-photo";
import { Card } from "~/components/ui/card";

// The heart shows only to signed-in visitors, so its code (fetcher, optimistic state, toasts) is a
// chunk of its own that signed-out pages never load (ADR 033). It is server-rendered and a
// plain POST form, so it works before the chunk arrives.
const FavoriteButton = lazy(() => import("./favorite-button").then((module) => ({ default: module.FavoriteButton })));

const STATUS_LABEL: Record<string, string> = { pending_pickup: "Pending Pickup", sold: "Sold" };

/**
 * A listing on a grid (spec 01 §6). Signed out, the photo is blurred and the price reads 'Join to
 * see price' — the summary carries no price for them, the blur is only the look.
 */
export function ListingCard({
  listing,
  signedIn,
  distanceMiles = listing.distanceMiles,
  favorited = false,
  index = FIRST_ROW_CARDS,
}: {
  listing: ListingSummary;
  signedIn: boolean;
  distanceMiles?: number | null;
  favorited?: boolean;
  /** Place on the grid: the first row's photos load at once, the rest lazily. */
  index?: number;
}) {
  const badge = conditionBadge(listing.condition);
  const status = STATUS_LABEL[listing.status];
  return (
    <Card as="article" className="relative flex flex-col overflow-hidden" data-testid="listing-card">
      <div className="relative aspect-[4/3] overflow-hidden bg-slate-100">
        {listing.photoUrl ? (
          <img
            src={listing.photoUrl}
            width={listing.photoWidth ?? undefined}
            height={listing.photoHeight ?? undefined}
            alt=""
            loading={index < FIRST_ROW_CARDS ? "eager" : "lazy"}
            className={`h-full w-full object-cover ${signedIn ? "" : "scale-110 blur-md"}`}
          />
        ) : (
          <NoPhoto className={signedIn ? "" : "blur-sm"} />
        )}
        {!signedIn && (
          <Link
            to="/auth"
            className="absolute inset-0 flex items-center justify-center bg-slate-900/60 p-4 text-center text-sm font-semibold text-white"
          >
            Join to unlock prices and message sellers
          </Link>
        )}
        {status && (
          <span className="absolute left-2 top-2 rounded bg-slate-900/80 px-2 py-0.5 text-xs font-semibold text-white">{status}</span>
        )}
      </div>
      {signedIn && (
        <Suspense fallback={null}>
          <FavoriteButton listingId={listing.id} favorited={favorited} className="absolute right-2 top-2" />
        </Suspense>
      )}
      <div className="flex flex-1 flex-col gap-1.5 p-3">
        <h3 className="line-clamp-2 font-semibold leading-snug">
          <Link to={`/listing/${listing.id}`} className="hover:text-brand-700 hover:underline">
            {listing.title}
          </Link>
        </h3>
        <p className="text-lg font-bold text-brand-700" data-testid="listing-price">
          {listing.priceCents !== null ? (
            formatPrice(listing.priceCents)
          ) : (
            <Link to="/auth" className="text-sm font-semibold text-slate-500">
              <span aria-hidden="true" className="mr-1 inline-block select-none blur-sm">
                $00
              </span>
              Join to see price
            </Link>
          )}
        </p>
        <div className="flex flex-wrap items-center gap-1.5 text-xs">
          <span className={`rounded px-2 py-0.5 font-medium ${badge.className}`}>{badge.label}</span>
          <span className="rounded bg-slate-100 px-2 py-0.5 text-slate-700">
            <span aria-hidden="true">{sportEmoji(listing.sport)}</span> {sportName(listing.sport)}
          </span>
        </div>
        <p className="text-sm text-slate-600">
          {listing.city}, {listing.state}
          {distanceMiles != null && <span className="ml-1 text-slate-500">· {formatMiles(distanceMiles)}</span>}
        </p>
        {listing.fits && <p className="text-xs font-semibold text-green-800">{listing.fits}</p>}
        {listing.clubName && (
          <p className="mt-auto text-xs">
            <span className="rounded-full bg-purple-50 px-2 py-0.5 font-medium text-purple-800">Listed in {listing.clubName}</span>
          </p>
        )}
      </div>
    </Card>
  );
}

/** Placeholder card while the next results load; with the shadow of the card it stands for. */
export function ListingCardSkeleton() {
  return (
    <Card className="animate-pulse overflow-hidden" aria-hidden="true" data-testid="listing-card-skeleton">
      <div className="aspect-[4/3] bg-slate-200" />
      <div className="space-y-2 p-3">
        <div className="h-4 w-3/4 rounded bg-slate-200" />
        <div className="h-5 w-1/3 rounded bg-slate-200" />
        <div className="h-3 w-1/2 rounded bg-slate-200" />
      </div>
    </Card>
  );
}

/** Cards on the widest grid's first row (`.ui-card-grid`, kit.css): their photos are not lazy, nor their layout. */
export const FIRST_ROW_CARDS = 4;

export function ListingGrid({ children }: { children: React.ReactNode }) {
  return <div className="ui-card-grid">{children}</div>;
}

// The chips live beside the cards: every page that shows the one shows the other, and one chunk
// ships lighter than two (ADR 033). ./search-chips re-exports them.
/** Active filters as removable chips, each a link to the page without it, and Clear All. */
export function FilterChips({ chips, clearHref }: { chips: FilterChip[]; clearHref: string }) {
  if (chips.length === 0) return null;
  return (
    <div className="flex flex-wrap items-center gap-2" aria-label="Active filters">
      {chips.map((chip) => (
        <Link
          key={chip.key}
          to={chip.href}
          preventScrollReset
          className="inline-flex items-center gap-1 rounded-full bg-brand-50 px-3 py-1 text-sm text-brand-800 ring-1 ring-brand-200 hover:bg-brand-100"
          aria-label={chip.offer ? undefined : `Remove filter ${chip.label}`}
        >
          {chip.label} <span aria-hidden="true">{chip.offer ? "+" : "✕"}</span>
        </Link>
      ))}
      <Link to={clearHref} className="text-sm font-medium text-slate-600 underline">
        Clear All
      </Link>
    </div>
  );
}
