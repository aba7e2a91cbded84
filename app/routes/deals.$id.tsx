import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import type { ShouldRevalidateFunction } from "@remix-run/react";
import { useActionData, useLoaderData, useRevalidator } from "@remix-run/react";
import { DealForms } from "~/components/deals/deal-forms";
import { DealHandoff, DealHistory, DealReviews, DealSummary } from "~/components/deals/deal-overview";
import { dealPageFor } from "~/web/pages/deal-page.server";
import { useUserRoomEvents } from "~/hooks/use-user-room";
import { dealFormData, dealNotFound, handleDealStep, type DealActionData } from "~/web/deal-steps.server";
import { pageMeta } from "~/web/meta";
import { requireUser } from "~/web/session.server";

// A deal's whole life (ADR 068): its two parties and site admins only, a 404 for anyone else.
export const meta: MetaFunction = () =>
  pageMeta("Deal — LockerSwap", "An offer or a swap on LockerSwap: its terms, the meeting place and the handoff.");

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const viewer = await requireUser(request, context);
  const page = await dealPageFor(context.db, viewer, params.id ?? "");
  if (!page) throw dealNotFound();
  return { page, now: new Date().toISOString(), ...dealFormData() };
}

export const action = (args: ActionFunctionArgs) => handleDealStep(args);

// A refused step answers 409: reload the deal anyway, so a stale page shows the latest terms.
export const shouldRevalidate: ShouldRevalidateFunction = ({ actionResult, defaultShouldRevalidate }) =>
  (actionResult as DealActionData | undefined)?.refusal ? true : defaultShouldRevalidate;

const STARTED = new Set(["accepted", "meetup_agreed", "handed_over", "completed", "cancelled", "lapsed"]);

export default function DealRoute() {
  const { page, now, constraints, cancelReasons } = useLoaderData<typeof loader>();
  const actionData = useActionData<DealActionData>();
  const revalidator = useRevalidator();
  // The other party took a step: re-read the deal (the header's user room delivers it).
  useUserRoomEvents((event) => {
    if (event.type === "deal.changed" && event.dealId === page.deal.id && revalidator.state === "idle") revalidator.revalidate();
  });
  return (
    <div className="mx-auto max-w-3xl space-y-6">
      {actionData?.refusal ? (
        <p role="alert" className="rounded-lg border border-red-300 bg-red-50 p-3 text-red-900" data-testid="deal-refusal">
          {actionData.refusal}
        </p>
      ) : null}
      <DealSummary page={page} />
      <DealForms page={page} constraints={constraints} actionData={actionData} cancelReasons={cancelReasons} />
      {STARTED.has(page.deal.state) ? <DealHandoff page={page} /> : null}
      <DealHistory page={page} now={now} />
      {page.deal.state === "completed" ? <DealReviews page={page} /> : null}
    </div>
  );
}
