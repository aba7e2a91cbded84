import { Link } from "@remix-run/react";
import { formatDate, formatPrice } from "~/shared/format";

/** A deal as the Player Profile lists it (app/features/trade/deal-history.server.ts, dates as ISO). */
export type ProfileDeal = {
  id: string;
  kind: "sale" | "swap";
  state: string;
  /** The state in words (~/shared/copy/deals, put in by the loader: that module stays off this page's JavaScript). */
  stateLabel: string;
  title: string;
  otherName: string;
  cashCents: number;
  cashFrom: "you" | "them" | null;
  at: string;
};

export type ProfileDeals = { bought: ProfileDeal[]; sold: ProfileDeal[]; swapped: ProfileDeal[]; open: ProfileDeal[] };

/** The money of a deal in words, from the profile owner's side. */
function money(deal: ProfileDeal): string {
  if (deal.kind === "sale") return formatPrice(deal.cashCents);
  if (!deal.cashFrom) return "Item for item";
  return `Item for item + ${formatPrice(deal.cashCents)} ${deal.cashFrom === "you" ? "from you" : "to you"}`;
}

function DealList({ id, heading, deals, empty, who }: { id: string; heading: string; deals: ProfileDeal[]; empty: string; who: string }) {
  return (
    <div>
      <h3 id={id} className="font-semibold text-slate-800">
        {heading} <span className="font-normal text-slate-500">({deals.length})</span>
      </h3>
      {deals.length === 0 ? (
        <p className="mt-1 text-sm text-slate-600">{empty}</p>
      ) : (
        <ul aria-labelledby={id} className="mt-1 divide-y divide-slate-200">
          {deals.map((deal) => (
            <li key={deal.id} className="flex flex-wrap items-center justify-between gap-2 py-2" data-testid="profile-deal">
              <span className="min-w-0">
                <Link
                  to={`/deals/${deal.id}`}
                  className="min-h-11 content-center font-medium text-brand-700 underline-offset-2 hover:underline"
                >
                  {deal.title}
                </Link>
                <span className="block text-sm text-slate-600">
                  {who} {deal.otherName}
                </span>
              </span>
              <span className="flex flex-wrap items-center gap-3 text-sm text-slate-700">
                <span>{money(deal)}</span>
                {deal.state === "completed" ? (
                  <span>{formatDate(deal.at, "short")}</span>
                ) : (
                  <span className="rounded-full bg-slate-100 px-2 py-0.5 font-medium">{deal.stateLabel}</span>
                )}
              </span>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

/** A rating as app/features/trade/ratings.server.ts computes it: published reviews only. */
export type ProfileRating = { average: number | null; count: number };

/**
 * Bought, Sold, Swapped and the deals in progress (ADR 068), each linking to its deal
 * page, under the rating those deals earned.
 */
export function DealHistorySection({ deals, adminView, rating }: { deals: ProfileDeals; adminView: boolean; rating: ProfileRating }) {
  return (
    <section aria-labelledby="deal-history" className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6">
      <h2 id="deal-history" className="text-lg font-semibold text-slate-900">
        {adminView ? "Deals" : "My Deals"}
      </h2>
      <p className="mt-1 text-sm text-slate-700" data-testid="profile-rating">
        {rating.average === null
          ? "No reviews yet"
          : `Rating ${rating.average.toFixed(1)} of 5 · ${rating.count} ${rating.count === 1 ? "review" : "reviews"}`}
      </p>
      <div className="mt-3 space-y-5">
        <DealList id="open-deals" heading="Open deals" deals={deals.open} empty="No deals in progress." who="With" />
        <DealList id="deals-bought" heading="Bought" deals={deals.bought} empty="Nothing bought yet." who="From" />
        <DealList id="deals-sold" heading="Sold" deals={deals.sold} empty="Nothing sold yet." who="To" />
        <DealList id="deals-swapped" heading="Swapped" deals={deals.swapped} empty="Nothing swapped yet." who="With" />
      </div>
    </section>
  );
}
