import { Link } from "@remix-run/react";
import type { SellerCardView } from "~/features/trade/ratings.server";

const reviewCount = (count: number) => `${count} ${count === 1 ? "review" : "reviews"}`;
const stars = (rating: number) => "★".repeat(rating) + "☆".repeat(5 - rating);

/**
 * "Listed by": the seller's rating and what a buyer may trust them on (spec 02 §2, §9; ADR 068) —
 * the clubs the viewer shares with them, a verified e-mail, member since, completed deals. The hover
 * rating card (opens after 700 ms, closes 300 ms after the pointer leaves; at once on keyboard focus)
 * adds their latest published reviews. Everything comes from the loader, already written out.
 */
export function ListingSellerCard({ seller }: { seller: SellerCardView & { name: string } }) {
  const { name, rating } = seller;
  return (
    <div>
      <div className="group relative inline-block">
        {/* eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex -- focusable so keyboard users open the rating card (spec 02 §2 hover card) */}
        <span tabIndex={0} className="font-medium underline decoration-dotted">
          {name}
        </span>
        <span className="block text-xs text-slate-600" data-testid="seller-rating">
          {rating.average === null ? "No ratings yet" : `★ ${rating.average.toFixed(1)} (${reviewCount(rating.count)})`}
        </span>
        {/* Opens and closes in CSS — delayed transitions of display and visibility (@starting-style for the
            opening) — so it needs no script, works before hydration and costs no JavaScript; display:none
            while closed keeps it out of the layout (no sideways scroll on a phone). 700 / 300 ms are
            TIMINGS_MS.hoverCardOpen / Close as static Tailwind classes (listing-seller-card.test.ts). */}
        <div
          role="tooltip"
          className="invisible absolute left-0 top-full z-10 mt-1 hidden w-72 max-w-[80vw] rounded-lg border border-slate-200 bg-white p-3 text-sm font-normal shadow-lg transition-[display,visibility] transition-discrete delay-300 duration-0 group-focus-within:visible group-focus-within:block group-focus-within:delay-0 group-hover:visible group-hover:block group-hover:delay-700 group-hover:starting:invisible"
        >
          <p className="font-semibold">{name}</p>
          <p>{rating.average === null ? "No ratings yet" : `${rating.average.toFixed(1)} out of 5`}</p>
          <p className="text-slate-600">{reviewCount(rating.count)}</p>
          {seller.recentReviews.length ? (
            <ul className="mt-2 space-y-2 border-t border-slate-100 pt-2" aria-label="Latest reviews">
              {seller.recentReviews.map((review, index) => (
                <li key={index}>
                  <span role="img" aria-label={`${review.rating} out of 5 stars`} className="text-amber-600">
                    {stars(review.rating)}
                  </span>
                  {review.comment ? <span className="block">{review.comment}</span> : null}
                  <span className="block text-xs text-slate-600">
                    {review.reviewerName}, {review.date}
                  </span>
                </li>
              ))}
            </ul>
          ) : null}
        </div>
      </div>
      <ul className="mt-1 space-y-0.5 text-xs text-slate-700" aria-label="About the seller" data-testid="seller-trust">
        {seller.sharedClubs.map((club) => (
          <li key={club.slug}>
            Member of{" "}
            <Link to={`/club/${club.slug}`} className="underline">
              {club.name}
            </Link>
          </li>
        ))}
        {seller.verifiedEmail ? <li>Verified e-mail</li> : null}
        {seller.memberSince ? <li>Member since {seller.memberSince}</li> : null}
        <li>
          {seller.completedDeals
            ? `${seller.completedDeals} completed ${seller.completedDeals === 1 ? "deal" : "deals"}`
            : "No completed deals yet"}
        </li>
      </ul>
    </div>
  );
}
