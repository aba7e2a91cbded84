// The club page's Swap Days for its members (ADR 088): upcoming and open events, soonest first, and for
// organisers the way to create one; 'No Swap Days coming up.' when there are none. Plain links: nothing here
// needs JavaScript, and its words come from the loader (web/pages/swap-day-strip.server.ts).
import { Link } from "@remix-run/react";
import { ButtonLink } from "~/components/ui/button";
import { Card } from "~/components/ui/card";

/** What the loader sends (web/pages/swap-day-strip.server.ts builds it). */
type SwapDayStripData = { heading: string; newLink: string; none: string; items: { id: string; name: string; line: string }[] };

export function SwapDayStrip({ slug, strip, canCreate }: { slug: string; strip: SwapDayStripData; canCreate: boolean }) {
  return (
    <Card as="section" padding="md" aria-labelledby="swap-days" className="space-y-2">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id="swap-days" className="text-lg font-semibold">
          {strip.heading}
        </h2>
        {canCreate ? (
          <ButtonLink to={`/club/${slug}/swap-days/new`} variant="secondary" size="sm">
            {strip.newLink}
          </ButtonLink>
        ) : null}
      </div>
      {strip.items.length === 0 ? (
        <p className="text-sm text-slate-600">{strip.none}</p>
      ) : (
        <ul className="divide-y divide-slate-200">
          {strip.items.map((d) => (
            <li key={d.id} className="py-2">
              <Link
                to={`/club/${slug}/swap-days/${d.id}`}
                className="flex min-h-11 flex-wrap items-center justify-between gap-x-3 font-medium text-brand-800 hover:underline"
              >
                <span>{d.name}</span>
                <span className="text-sm font-normal text-slate-700">{d.line}</span>
              </Link>
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}
