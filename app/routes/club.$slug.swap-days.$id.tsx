// /club/{slug}/swap-days/{id} — a Swap Day for the club's members (ADR 088): what it is, its phases and where it
// stands. Another club's event, or one this viewer may not see, is the app's 404.
import { parseWithZod } from "@conform-to/zod/v4";
import { json, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { MyItems } from "~/components/swap-days/my-items";
import { SubmitButton, useIsPending } from "~/components/ui/status-button";
import { freezeSwapDay, offerItem, withdrawItem } from "~/features/swap-days/items.server";
import { getSwapDay } from "~/features/swap-days/swap-days.server";
import { swapDayPhase } from "~/features/swap-days/phase";
import { solveAndStore } from "~/features/swap-days/results.server";
import { SwapDayNext } from "~/components/swap-days/swap-day-next";
import { SwapDayActionSchema, type OfferItemActionData } from "~/shared/schemas/swap-day-actions";
import { SWAP_DAY_TOASTS } from "~/shared/copy/swap-days";
import { clubAccessForAction, clubDenialResponse } from "~/web/guards.server";
import { redirectWithToast } from "~/web/toast.server";
import { Card } from "~/components/ui/card";
import { getClubAccess } from "~/features/clubs/club-access.server";
import { SWAP_DAY_MODE_LABELS, SWAP_DAY_PHASE_LABELS, SWAP_DAY_TEXT } from "~/shared/copy/swap-days";
import { CLUB_ERRORS } from "~/shared/copy/clubs";
import { getSwapDayPage } from "~/web/pages/swap-day-page.server";
import { clubNotFound, requireClubPermission } from "~/web/guards.server";
import { getUser } from "~/web/session.server";
import { HANDOVER_TEXT } from "~/shared/copy/swap-day-handover";

export { ClubErrorBoundary as ErrorBoundary } from "~/components/clubs/club-error-boundary";

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: data ? `${data.swapDay.name} — ${data.club.name} — LockerSwap` : `${CLUB_ERRORS.notFound.title} — LockerSwap` },
];

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const access = await getClubAccess(context.db, await getUser(request, context), params.slug ?? "");
  const { club } = await requireClubPermission(context, access, "viewSwapDays");
  const swapDay = await getSwapDayPage(context.db, access!, params.id ?? "");
  if (!swapDay) throw clubNotFound();
  return { club: { slug: club.slug, name: club.name }, swapDay };
}

const cents = (dollars: number | undefined) => (dollars === undefined ? null : Math.round(dollars * 100));

/** offer | withdraw (members: joinSwapDay) · freeze (organisers: organiseSwapDay). Another club's event is a 404. */
export async function action({ request, context, params }: ActionFunctionArgs) {
  const access = await clubAccessForAction(request, context, params.slug ?? "");
  const { club } = await requireClubPermission(context, access, "viewSwapDays");
  if (!(await getSwapDay(context.db, access!, params.id ?? ""))) throw clubNotFound();
  const id = params.id!;
  const here = `/club/${club.slug}/swap-days/${id}`;
  const submission = parseWithZod(await request.formData(), { schema: SwapDayActionSchema });
  if (submission.status !== "success") {
    if (submission.payload.intent === "offer") return json<OfferItemActionData>({ result: submission.reply() }, { status: 400 });
    return redirectWithToast(context, here, SWAP_DAY_TOASTS.updateFailed, { status: 303 });
  }
  const form = submission.value;
  if (form.intent === "offer") {
    await requireClubPermission(context, access, "joinSwapDay");
    const result = await offerItem(context.db, access!, id, {
      listingId: form.listingId,
      addUpToCents: cents(form.addUpTo),
      needBackCents: cents(form.needBack),
    });
    if (result.ok) return redirectWithToast(context, here, SWAP_DAY_TOASTS.offered, { status: 303 });
    if (result.error === "forbidden") throw await clubDenialResponse(context, access!, "forbidden");
    const toast = result.error === "notOpen" ? SWAP_DAY_TOASTS.notOpen : SWAP_DAY_TOASTS.offerFailed;
    return json<OfferItemActionData>({ result: submission.reply({ formErrors: [toast.title] }) }, { status: 409 });
  }
  if (form.intent === "withdraw") {
    await requireClubPermission(context, access, "joinSwapDay");
    const result = await withdrawItem(context.db, access!, id, form.itemId);
    return redirectWithToast(context, here, result.ok ? SWAP_DAY_TOASTS.withdrawn : SWAP_DAY_TOASTS.withdrawFailed, { status: 303 });
  }
  await requireClubPermission(context, access, "organiseSwapDay");
  if (form.intent === "solve") {
    const day = await getSwapDay(context.db, access!, id);
    const now = new Date();
    if (!day || swapDayPhase(day, now) !== "frozen") return redirectWithToast(context, here, SWAP_DAY_TOASTS.notFrozen, { status: 303 });
    // Not in the request a person waits on (ADR 089): the answer goes first, the solve runs after it; a second
    // press (or a second organiser) runs a solve whose batch stores nothing.
    context.cloudflare.ctx.waitUntil(
      solveAndStore(context.db, id, { now, token: crypto.randomUUID() }).catch((error) =>
        console.error(JSON.stringify({ level: "error", event: "swap_day_solve_failed", message: String(error) })),
      ),
    );
    return redirectWithToast(context, `${here}/results`, SWAP_DAY_TOASTS.solving, { status: 303 });
  }
  const result = await freezeSwapDay(context.db, access!, id);
  if (!result.ok) throw result.error === "notFound" ? clubNotFound() : await clubDenialResponse(context, access!, "forbidden");
  return redirectWithToast(context, here, result.frozen ? SWAP_DAY_TOASTS.frozen : SWAP_DAY_TOASTS.alreadyFrozen, { status: 303 });
}

export default function SwapDayRoute() {
  const { club, swapDay } = useLoaderData<typeof loader>();
  const actionData = useActionData<OfferItemActionData>();
  const freezing = useIsPending({ intent: "freeze" });
  return (
    <div className="mx-auto max-w-2xl space-y-4">
      <Link to={`/club/${club.slug}`} className="text-sm font-medium text-brand-700 underline">
        {SWAP_DAY_TEXT.back(club.name)}
      </Link>
      <Card padding="md" as="section" aria-labelledby="swap-day-title">
        <p className="text-sm font-medium text-brand-700">{SWAP_DAY_PHASE_LABELS[swapDay.phase]}</p>
        <h1 id="swap-day-title" className="text-2xl font-bold">
          {swapDay.name}
        </h1>
        <p className="mt-1 text-slate-700">
          {swapDay.place} · {SWAP_DAY_MODE_LABELS[swapDay.mode].label}
        </p>
        <p className="mt-1 text-sm text-slate-600">{SWAP_DAY_MODE_LABELS[swapDay.mode].hint}</p>
      </Card>
      <Card padding="md" as="section" aria-labelledby="swap-day-dates">
        <h2 id="swap-day-dates" className="mb-2 text-lg font-semibold">
          Dates
        </h2>
        <ol className="space-y-1">
          {swapDay.dates.map((d) => (
            <li key={d.field} className="grid grid-cols-[1fr_auto] items-baseline gap-x-3">
              <span>{d.label}</span>
              <time dateTime={d.iso} className="text-right whitespace-nowrap text-slate-700">
                {d.at}
              </time>
            </li>
          ))}
        </ol>
        <p className="mt-2 text-sm text-slate-600">{SWAP_DAY_TEXT.timesNote}</p>
        <p className="mt-2 text-sm font-medium">{SWAP_DAY_TEXT.itemsOffered(swapDay.itemsOffered)}</p>
        {swapDay.canOrganise && swapDay.takingItems ? (
          <Form method="post" className="mt-3 space-y-1">
            <p className="text-sm text-slate-600">{SWAP_DAY_TEXT.freezeHint}</p>
            <SubmitButton name="intent" value="freeze" tone="secondary" pending={freezing} pendingText={SWAP_DAY_TEXT.freezing}>
              {SWAP_DAY_TEXT.freeze}
            </SubmitButton>
          </Form>
        ) : null}
      </Card>
      <SwapDayNext clubSlug={club.slug} swapDay={swapDay} />
      {swapDay.phase === "results" || swapDay.phase === "handover" || swapDay.phase === "closed" ? (
        <Link to={`/club/${club.slug}/swap-days/${swapDay.id}/handover`} className="inline-block font-medium text-brand-700 underline">
          {HANDOVER_TEXT.title}
        </Link>
      ) : null}
      <MyItems items={swapDay.myItems} offerable={swapDay.offerable} takingItems={swapDay.takingItems} lastResult={actionData} />
    </div>
  );
}
