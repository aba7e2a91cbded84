// /club/{slug}/swap-days/new — an organiser (the club's owner or an admin: organiseSwapDay, ADR 088) creates a
// Swap Day. Posts to itself, so a refused field comes back with what was typed, with or without JavaScript.
import { parseWithZod } from "@conform-to/zod/v4";
import { json, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { ClubHeader } from "~/components/clubs/club-header";
import { CreateSwapDayForm } from "~/components/swap-days/create-swap-day-form";
import { Card } from "~/components/ui/card";
import { useIsPending } from "~/components/ui/status-button";
import { getClubAccess } from "~/features/clubs/club-access.server";
import { photoUrl } from "~/features/photos/urls";
import { createSwapDay } from "~/features/swap-days/swap-days.server";
import { CLUB_ERRORS } from "~/shared/copy/clubs";
import { SWAP_DAY_TEXT, SWAP_DAY_TOASTS } from "~/shared/copy/swap-days";
import { getFormConstraint } from "~/shared/form-constraint";
import { CreateSwapDaySchema, wallClockDate, type CreateSwapDayActionData } from "~/shared/schemas/swap-day";
import { clubAccessForAction, clubDenialResponse, requireClubPermission } from "~/web/guards.server";
import { getUser } from "~/web/session.server";
import { redirectWithToast } from "~/web/toast.server";

export { ClubErrorBoundary as ErrorBoundary } from "~/components/clubs/club-error-boundary";

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: data ? `${SWAP_DAY_TEXT.newTitle} — ${data.club.name} — LockerSwap` : `${CLUB_ERRORS.notFound.title} — LockerSwap` },
];

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const access = await getClubAccess(context.db, await getUser(request, context), params.slug ?? "");
  const { club } = await requireClubPermission(context, access, "organiseSwapDay");
  return {
    club: {
      slug: club.slug,
      name: club.name,
      type: club.type,
      sport: club.sport,
      city: club.city,
      state: club.state,
      logoUrl: club.logoKey ? photoUrl(club.logoKey) : null,
    },
    // The row id of the Swap Day this page will create: a resubmit stores one (and one announcement).
    swapDayId: crypto.randomUUID(),
    constraint: getFormConstraint(CreateSwapDaySchema),
  };
}

export async function action({ request, context, params }: ActionFunctionArgs) {
  const access = await clubAccessForAction(request, context, params.slug ?? "");
  await requireClubPermission(context, access, "organiseSwapDay");
  const submission = parseWithZod(await request.formData(), { schema: CreateSwapDaySchema });
  if (submission.status !== "success") return json<CreateSwapDayActionData>({ result: submission.reply() }, { status: 400 });
  const form = submission.value;
  const result = await createSwapDay(
    context.db,
    access!,
    {
      id: form.id,
      name: form.name,
      place: form.place,
      mode: form.mode,
      itemsOpenAt: wallClockDate(form.itemsOpenAt),
      wantsOpenAt: wallClockDate(form.wantsOpenAt),
      listsCloseAt: wallClockDate(form.listsCloseAt),
      resultsAt: wallClockDate(form.resultsAt),
      handoverAt: wallClockDate(form.handoverAt),
      closesAt: wallClockDate(form.closesAt),
    },
    context.publish,
  );
  if (!result.ok) {
    if (result.error === "forbidden") throw await clubDenialResponse(context, access!, "forbidden");
    if (result.error === "handoverPast")
      return json<CreateSwapDayActionData>(
        { result: submission.reply({ fieldErrors: { handoverAt: [SWAP_DAY_TEXT.handoverPast] } }) },
        { status: 400 },
      );
    return json<CreateSwapDayActionData>(
      { result: submission.reply({ formErrors: [SWAP_DAY_TOASTS.createFailed.title] }) },
      { status: 409 },
    );
  }
  return redirectWithToast(context, `/club/${access!.club.slug}/swap-days/${result.swapDay.id}`, SWAP_DAY_TOASTS.created, { status: 303 });
}

export default function NewSwapDayPage() {
  const { club, swapDayId, constraint } = useLoaderData<typeof loader>();
  const actionData = useActionData<CreateSwapDayActionData>();
  const pending = useIsPending();
  return (
    <div className="mx-auto max-w-2xl space-y-6">
      <Link to={`/club/${club.slug}`} className="text-sm font-medium text-brand-700 underline">
        {SWAP_DAY_TEXT.back(club.name)}
      </Link>
      <ClubHeader club={club} />
      <Card padding="md">
        <h2 className="text-lg font-semibold">{SWAP_DAY_TEXT.newTitle}</h2>
        <p className="mb-4 text-sm text-slate-600">{SWAP_DAY_TEXT.intro}</p>
        <CreateSwapDayForm
          action={`/club/${club.slug}/swap-days/new`}
          swapDayId={swapDayId}
          lastResult={actionData}
          pending={pending}
          constraint={constraint}
        />
      </Card>
    </div>
  );
}
