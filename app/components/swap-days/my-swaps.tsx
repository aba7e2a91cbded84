// A member's own swaps at the hand-over (ADR 090): what they give and receive; in meet-up mode, their
// confirmation and 'Someone did not come'; once a swap is complete, the links to review the people in it.
import { Form, Link } from "@remix-run/react";
import { Card } from "~/components/ui/card";
import { SubmitButton } from "~/components/ui/status-button";
import { HANDOVER_TEXT } from "~/shared/copy/swap-day-handover";
import type { MySwap } from "~/web/pages/swap-day-handover-page.server";

export function MySwaps({ swaps, meetup, open }: { swaps: MySwap[]; meetup: boolean; open: boolean }) {
  return (
    <Card padding="md" as="section" aria-labelledby="my-swaps" className="space-y-3">
      <h2 id="my-swaps" className="text-lg font-semibold">
        {HANDOVER_TEXT.yourSwaps}
      </h2>
      {swaps.length === 0 ? <p className="text-sm text-slate-600">{HANDOVER_TEXT.noSwaps}</p> : null}
      <ul className="divide-y divide-slate-200">
        {swaps.map((s) => (
          <li key={s.itemId} className="space-y-2 py-3">
            <p className="text-sm font-medium text-brand-700">
              {HANDOVER_TEXT.ring(s.ring)} · {HANDOVER_TEXT.ringStatus[s.ringStatus] ?? s.ringStatus}
            </p>
            <p>
              {HANDOVER_TEXT.youGive(s.gives, s.givesTo)} · {HANDOVER_TEXT.youGet(s.receives, s.receivesFrom)}
            </p>
            {meetup && open && s.ringStatus === "proposed" ? (
              <div className="flex flex-wrap gap-2">
                {s.confirmed ? (
                  <p className="text-sm text-slate-700">
                    {HANDOVER_TEXT.confirmedMine} {HANDOVER_TEXT.waitingFor(s.unconfirmed)}
                  </p>
                ) : (
                  <Form method="post">
                    <input type="hidden" name="itemId" value={s.itemId} />
                    <SubmitButton name="intent" value="confirm" pendingText={HANDOVER_TEXT.confirming}>
                      {HANDOVER_TEXT.confirm}
                    </SubmitButton>
                  </Form>
                )}
                <Form method="post">
                  <input type="hidden" name="itemId" value={s.itemId} />
                  <SubmitButton name="intent" value="reportMissing" tone="danger-outline" pendingText={HANDOVER_TEXT.reporting}>
                    {HANDOVER_TEXT.reportMissing}
                  </SubmitButton>
                </Form>
              </div>
            ) : null}
            {s.ringStatus === "completed" ? (
              <p className="flex flex-wrap gap-3">
                {s.dealIds.map((dealId, i) => (
                  <Link key={dealId} to={`/deals/${dealId}`} className="text-sm font-medium text-brand-700 underline">
                    {HANDOVER_TEXT.review} ({i === 0 ? s.givesTo : s.receivesFrom})
                  </Link>
                ))}
              </p>
            ) : null}
          </li>
        ))}
      </ul>
    </Card>
  );
}
