// /club/{slug}/swap-days/{id}/handover — a Swap Day's hand-over (ADR 090). Organisers of a swap table check items
// in by code and hand them out; every member sees their own swaps and, in meet-up mode, confirms them or says
// someone did not come. Not this club's member, or no results yet: the app's 404.
import { parseWithZod } from "@conform-to/zod/v4";
import { json, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { HandoverTable } from "~/components/swap-days/handover-table";
import { MySwaps } from "~/components/swap-days/my-swaps";
import { getClubAccess } from "~/features/clubs/club-access.server";
import { checkIn, handOut } from "~/features/swap-days/handover.server";
import { confirmHandover, reportMissing } from "~/features/swap-days/meetup-handover.server";
import { closeCheckin } from "~/features/swap-days/resolve.server";
import { CLUB_ERRORS } from "~/shared/copy/clubs";
import { HANDOVER_TEXT, HANDOVER_TOASTS } from "~/shared/copy/swap-day-handover";
import { HandoverActionSchema, type CheckInActionData } from "~/shared/schemas/swap-day-handover";
import { getHandoverPage } from "~/web/pages/swap-day-handover-page.server";
import { clubAccessForAction, clubDenialResponse, clubNotFound, requireClubPermission } from "~/web/guards.server";
import { getUser } from "~/web/session.server";
import { redirectWithToast } from "~/web/toast.server";

export { ClubErrorBoundary as ErrorBoundary } from "~/components/clubs/club-error-boundary";

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: data ? `${HANDOVER_TEXT.title} — ${data.page.name} — LockerSwap` : `${CLUB_ERRORS.notFound.title} — LockerSwap` },
];

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const access = await getClubAccess(context.db, await getUser(request, context), params.slug ?? "");
  const { club } = await requireClubPermission(context, access, "viewSwapDays");
  const page = await getHandoverPage(context.db, access!, params.id ?? "");
  if (!page) throw clubNotFound();
  return { club: { slug: club.slug, name: club.name }, page };
}

/** checkIn | handOut | closeCheckin (organisers: organiseSwapDay) · confirm | reportMissing (members: joinSwapDay). */
export async function action({ request, context, params }: ActionFunctionArgs) {
  const access = await clubAccessForAction(request, context, params.slug ?? "");
  const { club } = await requireClubPermission(context, access, "viewSwapDays");
  const id = params.id ?? "";
  if (!(await getHandoverPage(context.db, access!, id))) throw clubNotFound();
  const here = `/club/${club.slug}/swap-days/${id}/handover`;
  const submission = parseWithZod(await request.formData(), { schema: HandoverActionSchema });
  if (submission.status !== "success") {
    if (submission.payload.intent === "checkIn") return json<CheckInActionData>({ result: submission.reply() }, { status: 400 });
    return redirectWithToast(context, here, HANDOVER_TOASTS.updateFailed, { status: 303 });
  }
  const form = submission.value;
  const refused = async () => {
    throw await clubDenialResponse(context, access!, "forbidden");
  };
  if (form.intent === "checkIn") {
    await requireClubPermission(context, access, "organiseSwapDay");
    const r = await checkIn(context.db, access!, id, form.code);
    if (!r.ok && r.error === "forbidden") return refused();
    const message = r.ok
      ? { tone: "done" as const, text: (r.created ? HANDOVER_TEXT.checkedIn : HANDOVER_TEXT.alreadyIn)(r.item.title, r.item.code) }
      : {
          tone: "fail" as const,
          text:
            r.error === "unknownCode"
              ? HANDOVER_TEXT.unknownCode
              : r.error === "notTrading"
                ? HANDOVER_TEXT.notTrading
                : HANDOVER_TEXT.closedCode,
        };
    // A check-in answers the page itself (the field empty for the next code); a refusal keeps what was typed.
    return json<CheckInActionData>(
      { result: submission.reply(r.ok ? { resetForm: true } : { fieldErrors: { code: [message.text] } }), message },
      { status: r.ok ? 200 : 409 },
    );
  }
  if (form.intent === "handOut") {
    await requireClubPermission(context, access, "organiseSwapDay");
    const r = await handOut(context.db, access!, id, form.itemId);
    if (!r.ok && r.error === "forbidden") return refused();
    const toast = !r.ok
      ? HANDOVER_TOASTS.notReady
      : r.ringCompleted
        ? HANDOVER_TOASTS.ringDone
        : r.handedOut
          ? HANDOVER_TOASTS.handedOut
          : HANDOVER_TOASTS.alreadyOut;
    return redirectWithToast(context, here, toast, { status: 303 });
  }
  if (form.intent === "closeCheckin") {
    await requireClubPermission(context, access, "organiseSwapDay");
    const r = await closeCheckin(context.db, access!, id);
    if (!r.ok && r.error === "forbidden") return refused();
    const toast = !r.ok ? HANDOVER_TOASTS.closeFailed : r.closed ? HANDOVER_TOASTS.closed : HANDOVER_TOASTS.alreadyClosed;
    return redirectWithToast(context, here, toast, { status: 303 });
  }
  await requireClubPermission(context, access, "joinSwapDay");
  if (form.intent === "confirm") {
    const r = await confirmHandover(context.db, access!, id, form.itemId);
    if (!r.ok && r.error === "forbidden") return refused();
    const toast = !r.ok ? HANDOVER_TOASTS.updateFailed : r.ringCompleted ? HANDOVER_TOASTS.ringCompleted : HANDOVER_TOASTS.confirmed;
    return redirectWithToast(context, here, toast, { status: 303 });
  }
  const r = await reportMissing(context.db, access!, id, form.itemId);
  if (!r.ok && r.error === "forbidden") return refused();
  return redirectWithToast(context, here, r.ok && r.cancelled ? HANDOVER_TOASTS.reported : HANDOVER_TOASTS.updateFailed, { status: 303 });
}

export default function SwapDayHandoverRoute() {
  const { club, page } = useLoaderData<typeof loader>();
  const actionData = useActionData<CheckInActionData>();
  const base = `/club/${club.slug}/swap-days/${page.id}`;
  const open = page.phase === "handover";
  return (
    <div className="mx-auto max-w-xl space-y-4">
      <Link to={base} className="text-sm font-medium text-brand-700 underline">
        {HANDOVER_TEXT.back}
      </Link>
      <h1 className="text-2xl font-bold">
        {HANDOVER_TEXT.title} · {page.name}
      </h1>
      {page.canOrganise && page.mode === "table" && open ? (
        <HandoverTable steps={page.table} checkinClosed={page.checkinClosed} lastResult={actionData} sheetHref={`${base}/sheet`} />
      ) : null}
      {page.mode === "meetup" ? <p className="text-sm text-slate-600">{HANDOVER_TEXT.notTable}</p> : null}
      <MySwaps swaps={page.mine} meetup={page.mode === "meetup"} open={open} />
    </div>
  );
}
