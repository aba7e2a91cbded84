// The event page's want-list and results part (ADR 089): links to each of the viewer's want lists while they are
// open, the organisers' counts and 'Find the swaps' once the lists are closed, and the results once stored.
import { Form, Link } from "@remix-run/react";
import { Card } from "~/components/ui/card";
import { SubmitButton, useIsPending } from "~/components/ui/status-button";
import { SWAP_WANTS_TEXT as T } from "~/shared/copy/swap-day-wants";
import type { SwapDayPage } from "~/web/pages/swap-day-page.server";

export function SwapDayNext({ clubSlug, swapDay }: { clubSlug: string; swapDay: SwapDayPage }) {
  const solving = useIsPending({ intent: "solve" });
  const here = `/club/${clubSlug}/swap-days/${swapDay.id}`;
  const mine = swapDay.myItems.filter((i) => i.status === "offered");
  const wants = swapDay.phase === "wants" && mine.length > 0;
  const solve = swapDay.canOrganise && swapDay.phase === "frozen";
  if (!wants && !solve && !swapDay.solved && !swapDay.wantCounts) return null;
  return (
    <Card padding="md" as="section" aria-labelledby="swap-day-next" className="space-y-2">
      <h2 id="swap-day-next" className="text-lg font-semibold">
        {T.nextHeading}
      </h2>
      {wants ? (
        <>
          <p className="text-sm text-slate-600">{T.wantsHint}</p>
          <ul className="list-disc space-y-1 pl-5">
            {mine.map((item) => (
              <li key={item.id}>
                <Link to={`${here}/wants?item=${item.id}`} className="font-medium text-brand-700 underline">
                  {T.editList(item.title)}
                </Link>
              </li>
            ))}
          </ul>
        </>
      ) : null}
      {swapDay.wantCounts ? <p className="text-sm">{T.counts(swapDay.wantCounts.lists, swapDay.wantCounts.wants)}</p> : null}
      {solve ? (
        <Form method="post" className="space-y-1">
          <p className="text-sm text-slate-600">{T.solveHint}</p>
          <SubmitButton name="intent" value="solve" pending={solving} pendingText={T.solvingNow}>
            {T.solve}
          </SubmitButton>
        </Form>
      ) : null}
      {swapDay.solved ? (
        <Link to={`${here}/results`} className="font-medium text-brand-700 underline">
          {T.seeResults}
        </Link>
      ) : null}
    </Card>
  );
}
