// /club/{slug}/swap-days/{id}/sheet — the swap table's printable check-in sheet and item tags (ADR 090), for
// organisers: every item of a ring with its short code, who brings it and who takes it, boxes to tick; then a
// tag per item to tape on. Its own links hide in print and tags go three to a row; on a phone it reads as a list. Others: 404.
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { Link, useLoaderData } from "@remix-run/react";
import { getClubAccess } from "~/features/clubs/club-access.server";
import { CLUB_ERRORS } from "~/shared/copy/clubs";
import { HANDOVER_TEXT } from "~/shared/copy/swap-day-handover";
import { getHandoverPage } from "~/web/pages/swap-day-handover-page.server";
import { clubNotFound, requireClubPermission } from "~/web/guards.server";
import { getUser } from "~/web/session.server";

export { ClubErrorBoundary as ErrorBoundary } from "~/components/clubs/club-error-boundary";

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: data ? `${HANDOVER_TEXT.sheetTitle} — ${data.name} — LockerSwap` : `${CLUB_ERRORS.notFound.title} — LockerSwap` },
];

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const access = await getClubAccess(context.db, await getUser(request, context), params.slug ?? "");
  const { club } = await requireClubPermission(context, access, "organiseSwapDay");
  const page = await getHandoverPage(context.db, access!, params.id ?? "");
  if (!page || page.mode !== "table") throw clubNotFound();
  return { back: `/club/${club.slug}/swap-days/${page.id}/handover`, name: page.name, place: page.place, steps: page.table };
}

export default function SwapDaySheetRoute() {
  const { back, name, place, steps } = useLoaderData<typeof loader>();
  const rings = [...new Set(steps.map((s) => s.ring))];
  return (
    <div className="mx-auto max-w-3xl space-y-6 print:max-w-none">
      <Link to={back} className="text-sm font-medium text-brand-700 underline print:hidden">
        {HANDOVER_TEXT.back}
      </Link>
      <section aria-labelledby="sheet-title" className="space-y-3">
        <h1 id="sheet-title" className="text-2xl font-bold">
          {HANDOVER_TEXT.sheetTitle} · {name}
        </h1>
        <p className="text-slate-700">{place}</p>
        {rings.map((ring) => (
          <div key={ring} className="break-inside-avoid overflow-x-auto">
            <table className="w-full border-collapse text-left text-sm">
              <caption className="py-1 text-left font-semibold">{HANDOVER_TEXT.ring(ring)}</caption>
              <thead>
                <tr className="border-b border-slate-400">
                  <th scope="col" className="py-1 pr-2">
                    {HANDOVER_TEXT.colCode}
                  </th>
                  <th scope="col" className="py-1 pr-2">
                    {HANDOVER_TEXT.colItem}
                  </th>
                  <th scope="col" className="py-1 pr-2">
                    {HANDOVER_TEXT.colFrom}
                  </th>
                  <th scope="col" className="py-1 pr-2">
                    {HANDOVER_TEXT.colTo}
                  </th>
                  <th scope="col" className="py-1 pr-2">
                    {HANDOVER_TEXT.colIn}
                  </th>
                  <th scope="col" className="py-1">
                    {HANDOVER_TEXT.colOut}
                  </th>
                </tr>
              </thead>
              <tbody>
                {steps
                  .filter((s) => s.ring === ring)
                  .map((s) => (
                    <tr key={s.itemId} className="border-b border-slate-200">
                      <td className="py-1 pr-2 font-mono font-semibold">{s.code}</td>
                      <td className="py-1 pr-2">{s.title}</td>
                      <td className="py-1 pr-2">{s.from}</td>
                      <td className="py-1 pr-2">{s.to}</td>
                      <td className="py-1 pr-2">{s.checkedIn ? "✓" : "☐"}</td>
                      <td className="py-1">{s.checkedOut ? "✓" : "☐"}</td>
                    </tr>
                  ))}
              </tbody>
            </table>
          </div>
        ))}
      </section>
      <section aria-labelledby="tags-title" className="space-y-3 print:break-before-page">
        <h2 id="tags-title" className="text-xl font-bold">
          {HANDOVER_TEXT.tagsTitle}
        </h2>
        <ul className="grid grid-cols-1 gap-3 sm:grid-cols-2 print:grid-cols-3">
          {steps.map((s) => (
            <li key={s.itemId} className="break-inside-avoid rounded border-2 border-dashed border-slate-500 p-3 text-center">
              <p className="font-mono text-3xl font-bold tracking-widest">{s.code}</p>
              <p className="font-medium">{s.title}</p>
              <p className="text-sm text-slate-700">
                {HANDOVER_TEXT.from(s.from)} · {HANDOVER_TEXT.tagFor(s.to)}
              </p>
            </li>
          ))}
        </ul>
      </section>
    </div>
  );
}
