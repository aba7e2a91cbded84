// /club/{slug}/swap-days/{id}/results — a Swap Day's results (ADR 089): each member's own items ("You give … to …
// · you receive … from …" with the cash), organisers every ring, and for participants the seed, the input's
// checksum and the download of the frozen want lists. Before the solve is stored: a note, nothing else.
import { type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { Link, useLoaderData } from "@remix-run/react";
import { Card } from "~/components/ui/card";
import { getClubAccess } from "~/features/clubs/club-access.server";
import { resultsFor } from "~/features/swap-days/results.server";
import { getSwapDay } from "~/features/swap-days/swap-days.server";
import { SWAP_WANTS_TEXT as T } from "~/shared/copy/swap-day-wants";
import { formatPrice } from "~/shared/format";
import { clubNotFound, requireClubPermission } from "~/web/guards.server";
import { getUser } from "~/web/session.server";

export { ClubErrorBoundary as ErrorBoundary } from "~/components/clubs/club-error-boundary";

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: data ? `${T.resultsTitle(data.name)} — LockerSwap` : "Not found — LockerSwap" },
];

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const access = await getClubAccess(context.db, await getUser(request, context), params.slug ?? "");
  const { club } = await requireClubPermission(context, access, "viewSwapDays");
  const [day, results] = await Promise.all([
    getSwapDay(context.db, access!, params.id ?? ""),
    resultsFor(context.db, access!, params.id ?? ""),
  ]);
  if (!day || !results) throw clubNotFound();
  return { club: { slug: club.slug, name: club.name }, id: day.id, name: day.name, results };
}

export default function SwapDayResultsRoute() {
  const { club, id, name, results } = useLoaderData<typeof loader>();
  const here = `/club/${club.slug}/swap-days/${id}`;
  const cash = (c: number) => (c > 0 ? T.get(formatPrice(c)) : c < 0 ? T.pay(formatPrice(-c)) : T.noCash);
  const stepCash = (c: number) => (c > 0 ? T.stepGets(formatPrice(c)) : c < 0 ? T.stepPays(formatPrice(-c)) : T.noCash);
  return (
    <div className="mx-auto max-w-2xl space-y-4">
      <Link to={here} className="text-sm font-medium text-brand-700 underline">
        {T.back}
      </Link>
      <Card padding="md" as="section" aria-labelledby="results-title">
        <h1 id="results-title" className="text-2xl font-bold">
          {T.resultsTitle(name)}
        </h1>
        {results.solved ? (
          <p className="mt-1 text-slate-700">
            {T.summary(results.itemsTraded, results.itemsTotal, results.membersTrading, results.ringCount)}
          </p>
        ) : (
          <p className="mt-1 text-slate-700" role="status">
            {T.notYet}
          </p>
        )}
      </Card>
      {results.solved && results.mine.length > 0 ? (
        <Card padding="md" as="section" aria-labelledby="results-mine">
          <h2 id="results-mine" className="mb-2 text-lg font-semibold">
            {T.yourItems}
          </h2>
          <ul className="divide-y divide-slate-200">
            {results.mine.map((m) => (
              <li key={m.code} className="py-2">
                {m.traded && m.receives ? (
                  <>
                    <p>
                      {T.gives(m.title, m.givesTo ?? "")} · {T.receives(m.receives.title, m.receives.firstName)}
                    </p>
                    <p className="text-sm text-slate-700">{cash(m.cashCents)}</p>
                  </>
                ) : (
                  <p>{T.didNotTrade(m.title)}</p>
                )}
              </li>
            ))}
          </ul>
        </Card>
      ) : null}
      {results.rings ? (
        <Card padding="md" as="section" aria-labelledby="results-rings">
          <h2 id="results-rings" className="mb-2 text-lg font-semibold">
            {T.rings}
          </h2>
          <ol className="space-y-3">
            {results.rings.map((ring) => (
              <li key={ring.number}>
                <h3 className="font-medium">{T.ring(ring.number)}</h3>
                <ul className="list-disc pl-5 text-sm">
                  {ring.steps.map((s) => (
                    <li key={s.code}>
                      {T.step(s.owner, s.title, s.code, s.receivesTitle, s.receivesCode)} · {stepCash(s.cashCents)}
                    </li>
                  ))}
                </ul>
              </li>
            ))}
          </ol>
        </Card>
      ) : null}
      {results.solved && results.canDownload ? (
        <Card padding="md" as="section" aria-labelledby="results-verify" className="space-y-1">
          <h2 id="results-verify" className="text-lg font-semibold">
            {T.verify}
          </h2>
          <p className="text-sm text-slate-600">{T.verifyHint}</p>
          <p className="text-sm">{T.seed(results.seed)}</p>
          <p className="break-all font-mono text-xs">{T.checksum(results.checksum ?? "")}</p>
          <a href={`${here}/official-wants.txt`} download className="font-medium text-brand-700 underline">
            {T.download}
          </a>
        </Card>
      ) : null}
    </div>
  );
}
