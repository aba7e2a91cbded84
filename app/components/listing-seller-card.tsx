import { useRef, useState } from "react";
import { TIMINGS_MS } from "~/shared/catalog";

type Rating = { average: number | null; count: number };

function ratingText(rating: Rating) {
  if (rating.average === null) return "No ratings yet";
  return `★ ${rating.average.toFixed(1)} (${rating.count} ${rating.count === 1 ? "review" : "reviews"})`;
}

/**
 * "Listed by" with the seller's rating (spec 02 §2, §9). The rating is always in the page; the
 * hover card opens after 700 ms and closes 300 ms after the pointer leaves.
 */
export function ListingSellerCard({ name, rating }: { name: string; rating: Rating }) {
  const [open, setOpen] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const schedule = (next: boolean, ms: number) => {
    clearTimeout(timer.current);
    timer.current = setTimeout(() => setOpen(next), ms);
  };
  return (
    <span
      className="relative inline-block"
      onMouseEnter={() => schedule(true, TIMINGS_MS.hoverCardOpen)}
      onMouseLeave={() => schedule(false, TIMINGS_MS.hoverCardClose)}
      onFocus={() => setOpen(true)}
      onBlur={() => setOpen(false)}
    >
      {/* eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex -- focusable so keyboard users open the rating card (spec 02 §2 hover card) */}
      <span tabIndex={0} className="font-medium underline decoration-dotted">
        {name}
      </span>
      <span className="block text-xs text-slate-600" data-testid="seller-rating">
        {ratingText(rating)}
      </span>
      {open ? (
        <span
          role="tooltip"
          className="absolute left-0 top-full z-10 mt-1 w-56 rounded-lg border border-slate-200 bg-white p-3 text-sm shadow-lg"
        >
          <span className="block font-semibold">{name}</span>
          <span className="block">{rating.average === null ? "No ratings yet" : `${rating.average.toFixed(1)} out of 5`}</span>
          <span className="block text-slate-600">
            {rating.count} {rating.count === 1 ? "review" : "reviews"}
          </span>
        </span>
      ) : null}
    </span>
  );
}
