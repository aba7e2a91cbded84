// /club/{slug}/swap-days/{id} — a Swap Day for the club's members (ADR 088): what it is, its phases and where it
// stands. Another club's event, or one this viewer may not see, is the app's 404.
import { type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { Link, useLoaderData } from "@remix-run/react";
import { Card } from "~/components/ui/card";
import { getClubAccess } from "~/features/clubs/club-access.server";
import { SWAP_DAY_MODE_LABELS, SWAP_DAY_PHASE_LABELS, SWAP_DAY_TEXT } from "~/shared/copy/swap-days";
import { CLUB_ERRORS } from "~/shared/copy/clubs";
import { getSwapDayPage } from "~/web/pages/swap-day-page.server";
import { clubNotFound, requireClubPermission } from "~/web/guards.server";
import { getUser } from "~/web/session.server";

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

export default function SwapDayRoute() {
  const { club, swapDay } = useLoaderData<typeof loader>();
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
            <li key={d.field} className="flex flex-wrap justify-between gap-2">
              <span>{d.label}</span>
              <time dateTime={d.iso} className="text-slate-700">
                {d.at}
              </time>
            </li>
          ))}
        </ol>
        <p className="mt-2 text-sm text-slate-600">{SWAP_DAY_TEXT.timesNote}</p>
      </Card>
    </div>
  );
}
