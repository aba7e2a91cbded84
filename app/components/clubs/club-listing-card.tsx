import { Link } from "@remix-run/react";
import { conditionBadge } from "~/shared/catalog/conditions";
import { sportEmoji, sportName } from "~/shared/catalog/sport-names";
import type { ClubListingCard } from "~/web/pages/club-page.server";
import { formatPrice } from "~/shared/format";

/** Cards on the first row of the club grid (lg:grid-cols-3): their photos are not lazy. */
const CLUB_FIRST_ROW_CARDS = 3;

/**
 * A listing on a club's In Play tab (02 §2). It links to /listing/{id} only when `linkable` (never
 * for signed-out visitors: their cards are not links at all, not links hidden by CSS). The price
 * is whatever the loader sent: null when this viewer may not see it.
 */
export function ClubListingCardView({ listing, index = CLUB_FIRST_ROW_CARDS }: { listing: ClubListingCard; index?: number }) {
  const badge = conditionBadge(listing.condition);
  return (
    <article
      className="flex flex-col overflow-hidden rounded-xl border border-slate-200 bg-white shadow-sm"
      data-testid="club-listing-card"
    >
      <div className="aspect-[4/3] overflow-hidden bg-slate-100">
        {listing.photoUrl ? (
          <img
            src={listing.photoUrl}
            width={listing.photoWidth ?? undefined}
            height={listing.photoHeight ?? undefined}
            alt=""
            loading={index < CLUB_FIRST_ROW_CARDS ? "eager" : "lazy"}
            className="h-full w-full object-cover"
          />
        ) : (
          <span className="flex h-full items-center justify-center text-6xl" aria-hidden="true">
            {sportEmoji(listing.sport)}
          </span>
        )}
      </div>
      <div className="flex flex-1 flex-col gap-1.5 p-3">
        <h3 className="line-clamp-2 font-semibold leading-snug">
          {listing.linkable ? (
            <Link to={`/listing/${listing.id}`} className="hover:text-brand-700 hover:underline">
              {listing.title}
            </Link>
          ) : (
            listing.title
          )}
        </h3>
        {listing.priceCents !== null ? (
          <p className="text-lg font-bold text-brand-700" data-testid="listing-price">
            {formatPrice(listing.priceCents)}
          </p>
        ) : null}
        <div className="flex flex-wrap items-center gap-1.5 text-xs">
          <span className={`rounded px-2 py-0.5 font-medium ${badge.className}`}>{badge.label}</span>
          <span className="rounded bg-slate-100 px-2 py-0.5 text-slate-700">
            <span aria-hidden="true">{sportEmoji(listing.sport)}</span> {sportName(listing.sport)}
          </span>
        </div>
        <p className="text-sm text-slate-600">
          {listing.city}, {listing.state}
        </p>
      </div>
    </article>
  );
}
