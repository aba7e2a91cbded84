// The club page's Swap Days for its members (ADR 088): upcoming and open events, soonest first, and for
// organisers the way to create one; 'No Swap Days coming up.' when there are none. Plain links: nothing here
// needs JavaScript.
import { Link } from "@remix-run/react";
import { ButtonLink } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import { SWAP_DAY_MODE_LABELS, SWAP_DAY_PHASE_LABELS, SWAP_DAY_TEXT, type SwapDayPhase } from "~/shared/copy/swap-days";
import { formatDate } from "~/shared/format";

type Strip = { id: string; name: string; place: string; mode: "table" | "meetup"; phase: SwapDayPhase; handoverAt: string };

export function SwapDayStrip({ slug, swapDays, canCreate }: { slug: string; swapDays: Strip[]; canCreate: boolean }) {
  return (
    <Card as="section" padding="md" aria-labelledby="swap-days" className="space-y-2">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id="swap-days" className="text-lg font-semibold">
          {SWAP_DAY_TEXT.heading}
        </h2>
        {canCreate ? (
          <ButtonLink to={`/club/${slug}/swap-days/new`} variant="secondary" size="sm">
            {SWAP_DAY_TEXT.newLink}
          </ButtonLink>
        ) : null}
      </div>
      {swapDays.length === 0 ? (
        <p className="text-sm text-slate-600">{SWAP_DAY_TEXT.none}</p>
      ) : (
        <ul className="divide-y divide-slate-200">
          {swapDays.map((d) => (
            <li key={d.id} className="py-2">
              <Link
                to={`/club/${slug}/swap-days/${d.id}`}
                className="flex min-h-11 flex-wrap items-center justify-between gap-x-3 font-medium text-brand-800 hover:underline"
              >
                <span>{d.name}</span>
                <span className="text-sm font-normal text-slate-700">
                  {SWAP_DAY_PHASE_LABELS[d.phase]} · {SWAP_DAY_MODE_LABELS[d.mode].label} ·{" "}
                  {SWAP_DAY_TEXT.when(formatDate(d.handoverAt, "short"))} · {d.place}
                </span>
              </Link>
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}
