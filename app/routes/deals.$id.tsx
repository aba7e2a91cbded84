// The deal page (/deals/{id}, ADR 068). Its steps: one action, one schema (DealStepSchema, shared with
// the forms), one intent per form. A committed step answers with a redirect and a toast, publishes
// deal.changed + badges.changed to both parties' user rooms and mails the other party for a
// counter-offer or an acceptance. A refused one answers 400 / 409 with the refusal in words and the
// entered values back (`submission.reply()`); the page reloads its data so it shows the deal as it is.
import { parseWithZod } from "@conform-to/zod/v4";
import { data, type ActionFunctionArgs, type AppLoadContext, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import type { Deal } from "#db/schema";
import type { Viewer } from "~/features/permissions/viewer";
import { mailAccepted, mailCountered } from "~/features/notifications/deal-mail.server";
import { dealFor, partyOf, type StepResult } from "~/features/trade/deals.server";
import {
  acceptDeal,
  cancelDeal,
  confirmMeetup,
  counterDeal,
  declineDeal,
  markHandedOver,
  proposeMeetup,
  withdrawDeal,
} from "~/features/trade/deal-transitions.server";
import { replyToReview, writeReview } from "~/features/trade/reviews.server";
import { spotLabel } from "~/shared/catalog/meetup-spots";
import { DEAL_REFUSALS, DEAL_TOASTS, whatHappened, type DealToast } from "~/shared/copy/deals";
import { CANCEL_REASONS, DealStepSchema, toCents, type DealStepInput } from "~/shared/schemas/deal";
import { knownIntent } from "~/shared/schemas/intent";
import { getFormConstraint, type FieldConstraint } from "~/shared/form-constraint";
import { requireUser } from "~/web/session.server";
import { redirectWithToast } from "~/web/toast.server";
import type { ShouldRevalidateFunction } from "@remix-run/react";
import { useActionData, useLoaderData, useRevalidator } from "@remix-run/react";
import { DealForms, type DealActionData } from "~/components/deals/deal-forms";
import { DealHandoff, DealHistory, DealReviews, DealSummary } from "~/components/deals/deal-overview";
import { dealPageFor, meetupSuggestions } from "~/web/pages/deal-page.server";
import { useUserRoomEvents } from "~/hooks/use-user-room";
import { pageMeta } from "~/web/meta";

// A deal's whole life (ADR 068): its two parties and site admins only, a 404 for anyone else.
export const meta: MetaFunction = () =>
  pageMeta("Deal — LockerSwap", "An offer or a swap on LockerSwap: its terms, the meeting place and the handoff.");

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const viewer = await requireUser(request, context);
  const page = await dealPageFor(context.db, viewer, params.id ?? "");
  if (!page) throw dealNotFound();
  return { page, now: new Date().toISOString(), ...dealFormData() };
}

// A refused step answers 409: reload the deal anyway, so a stale page shows the latest terms.
export const shouldRevalidate: ShouldRevalidateFunction = ({ actionResult, defaultShouldRevalidate }) =>
  (actionResult as DealActionData | undefined)?.refusal ? true : defaultShouldRevalidate;

const DAY = 24 * 60 * 60 * 1000;
/** A meeting day farther out than this is a typo (a year of 20266). */
const MEETUP_HORIZON_MS = 366 * DAY;

/**
 * What the forms need from the schema, as plain data: each form's HTML constraints (required,
 * lengths, bounds) by intent, and the cancel reasons — zod stays out of the first load (ADR 032, 033).
 */
const dealFormData = () => ({
  constraints: Object.fromEntries(DealStepSchema.options.map((option) => [option.shape.intent.value, getFormConstraint(option)])) as Record<
    DealStepInput["intent"],
    Record<string, FieldConstraint>
  >,
  cancelReasons: Object.entries(CANCEL_REASONS).map(([value, label]) => ({ value, label })),
});

/** The app's 404 for a deal the viewer may not see (or that does not exist): ids cannot be probed. */
const dealNotFound = () => data({ message: "Page not found" }, { status: 404 });

export async function action({ request, context, params }: ActionFunctionArgs) {
  const viewer = await requireUser(request, context);
  const dealId = params.id ?? "";
  const submission = parseWithZod(await request.formData(), { schema: DealStepSchema });
  if (submission.status !== "success") {
    const intent = knownIntent(DealStepSchema, submission.payload);
    return data<DealActionData>({ intent, result: submission.reply(), refusal: null }, { status: 400 });
  }
  const form = submission.value;
  const refuse = (refusal: string, status = 409, fieldErrors?: Record<string, string[]>) =>
    data<DealActionData>(
      { intent: form.intent, result: submission.reply(fieldErrors ? { fieldErrors } : { formErrors: [refusal] }), refusal },
      { status },
    );
  const now = new Date();

  if (form.intent === "review" || form.intent === "reply") {
    const result =
      form.intent === "review"
        ? await writeReview(context.db, viewer, dealId, { rating: form.rating, comment: form.comment }, now)
        : await replyToReview(context.db, viewer, dealId, form.reply, now);
    if (!result.ok) {
      if (result.error === "notFound") throw dealNotFound();
      return refuse(DEAL_REFUSALS[result.error]);
    }
    const deal = await dealFor(context.db, viewer, dealId);
    if (deal) announce(context, deal, form.intent);
    const toast: DealToast =
      "published" in result
        ? {
            ...DEAL_TOASTS.reviewSaved,
            description: result.published
              ? "Both reviews are now public."
              : "It stays hidden until the other person reviews too, or 14 days pass.",
          }
        : DEAL_TOASTS.replyPosted;
    return redirectWithToast(context, `/deals/${dealId}`, toast, { status: 303 });
  }

  let result: StepResult;
  switch (form.intent) {
    case "counter":
      result = await counterDeal(
        context.db,
        viewer,
        dealId,
        form.revision,
        { cashCents: toCents(form.cash), cashFrom: form.cashFrom, message: form.message },
        now,
      );
      break;
    case "accept":
      result = await acceptDeal(context.db, viewer, dealId, form.revision, now);
      break;
    case "decline":
      result = await declineDeal(context.db, viewer, dealId, form.revision, now);
      break;
    case "withdraw":
      result = await withdrawDeal(context.db, viewer, dealId, now);
      break;
    case "confirm-meetup":
      result = await confirmMeetup(context.db, viewer, dealId, now);
      break;
    case "handed-over":
      result = await markHandedOver(context.db, viewer, dealId, now);
      break;
    case "cancel": {
      // The reason's key first, so the page can say it in words again (copy/deals.ts cancelReasonWords).
      const reason = form.note ? `${form.reason}: ${form.note}` : form.reason;
      if (reason.length > 500) return refuse(DEAL_REFUSALS.noteTooLong, 400, { note: [DEAL_REFUSALS.noteTooLong] });
      result = await cancelDeal(context.db, viewer, dealId, reason, now);
      break;
    }
    case "meetup": {
      const meetup = await meetupFrom(context, viewer, dealId, form, now);
      if (!meetup.ok) return refuse(meetup.refusal, 400, { [meetup.field]: [meetup.refusal] });
      result = await proposeMeetup(context.db, viewer, dealId, meetup.value, now);
      break;
    }
  }

  if (!result.ok) {
    if (result.error === "notFound") throw dealNotFound();
    const words = result.error === "wrongState" ? whatHappened(result.deal.state) : DEAL_REFUSALS[result.error];
    return refuse(words);
  }

  const { deal } = result;
  announce(context, deal, result.step);
  const party = partyOf(viewer, deal)!;
  const mailDeps = { db: context.db, env: context.env };
  if (result.step === "counter") context.cloudflare.ctx.waitUntil(mailCountered(mailDeps, deal, party));
  if (result.step === "accept") context.cloudflare.ctx.waitUntil(mailAccepted(mailDeps, deal, party));
  return redirectWithToast(context, `/deals/${deal.id}`, toastFor(result.step, result.to), { status: 303 });
}

function toastFor(step: Extract<StepResult, { ok: true }>["step"], to: Deal["state"]): DealToast {
  switch (step) {
    case "propose":
      return DEAL_TOASTS.offerSent;
    case "counter":
      return DEAL_TOASTS.countered;
    case "accept":
      return DEAL_TOASTS.accepted;
    case "decline":
      return DEAL_TOASTS.declined;
    case "withdraw":
      return DEAL_TOASTS.withdrawn;
    case "proposeMeetup":
      return DEAL_TOASTS.meetupProposed;
    case "confirmMeetup":
      return DEAL_TOASTS.meetupConfirmed;
    case "handOver":
      return to === "completed" ? DEAL_TOASTS.completed : DEAL_TOASTS.handedOver;
    case "cancel":
      return DEAL_TOASTS.cancelled;
    case "review":
      return DEAL_TOASTS.reviewSaved;
    case "reply":
      return DEAL_TOASTS.replyPosted;
  }
}

/** deal.changed + badges.changed to both parties' user rooms, after the write (the response does not wait). */
function announce(context: AppLoadContext, deal: Deal, step: string) {
  const event = { type: "deal.changed", dealId: deal.id, listingId: deal.listingId, state: deal.state, step } as const;
  for (const userId of [deal.proposerId, deal.ownerId]) {
    if (!userId) continue;
    context.publish.user(userId, event);
    context.publish.user(userId, { type: "badges.changed" });
  }
}

type MeetupForm = Extract<DealStepInput, { intent: "meetup" }>;

/**
 * The meeting place from the form: a suggested spot (checked against this deal's suggestions, so an
 * id from elsewhere is refused) or a typed place, and the day and time. `datetime-local` carries no
 * time zone: the wall-clock time is kept as typed (stored as that time in UTC, shown in UTC), so
 * both parties read the same "Sat, Jun 6, 10:00 AM" whatever their browsers' zones.
 */
async function meetupFrom(
  context: AppLoadContext,
  viewer: Viewer,
  dealId: string,
  form: MeetupForm,
  now: Date,
): Promise<{ ok: true; value: { spotId: string | null; place: string; at: Date } } | { ok: false; field: string; refusal: string }> {
  const at = new Date(`${form.at}:00Z`);
  // "2026-13-45T25:99" passes the schema's shape but is no time at all (and Date would roll it over).
  if (Number.isNaN(at.getTime()) || at.toISOString().slice(0, 16) !== form.at)
    return { ok: false, field: "at", refusal: DEAL_REFUSALS.meetupInvalid };
  // A day of slack: the typed time is wall-clock, the server's clock is UTC.
  if (at.getTime() < now.getTime() - DAY) return { ok: false, field: "at", refusal: DEAL_REFUSALS.meetupInPast };
  if (at.getTime() > now.getTime() + MEETUP_HORIZON_MS) return { ok: false, field: "at", refusal: DEAL_REFUSALS.meetupTooFar };
  if (form.spot) {
    const deal = await dealFor(context.db, { ...viewer, isAdmin: false }, dealId);
    if (!deal) throw dealNotFound();
    const spot = (await meetupSuggestions(context.db, deal)).find((s) => s.id === form.spot);
    if (!spot) return { ok: false, field: "spot", refusal: DEAL_REFUSALS.placeUnknown };
    return { ok: true, value: { spotId: spot.id, place: spotLabel(spot).slice(0, 200), at } };
  }
  if (!form.place) return { ok: false, field: "place", refusal: DEAL_REFUSALS.placeMissing };
  return { ok: true, value: { spotId: null, place: form.place, at } };
}

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
