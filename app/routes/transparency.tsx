import { data, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { Card } from "~/components/ui/card";
import { transparencyReport, type Bucketed } from "~/features/moderation/transparency.server";
import { REPORT_REASON_LABELS } from "~/shared/copy/safety";
import { pageMeta } from "~/web/meta";

// The public transparency report (ADR 099): per complete month, what was reported, what moderators
// and the automatic rules did, and what came of appeals. Aggregates only, from SQL; every count
// below 5 is 'fewer than 5', so no figure tells anything about one person. The same for everyone:
// no session is read.

export const meta: MetaFunction = () =>
  pageMeta("Transparency report — LockerSwap", "What was reported on LockerSwap each month, what moderators did about it, and appeals.");

const ACTION_LABELS = {
  removed: "Removed",
  held: "Hidden pending review",
  dismissed: "Reports dismissed",
  warned: "Warnings",
  suspended: "Suspensions",
  silenced: "Posting paused",
} as const;

export async function loader({ context }: LoaderFunctionArgs) {
  const months = await transparencyReport(context.db);
  return data(
    {
      months: months.map((m) => ({
        ...m,
        label: new Date(`${m.month}-01T00:00:00Z`).toLocaleDateString("en-US", { month: "long", year: "numeric", timeZone: "UTC" }),
        reasons: Object.entries(m.reports).map(([reason, n]) => ({
          label: REPORT_REASON_LABELS[reason as keyof typeof REPORT_REASON_LABELS],
          n,
        })),
        acted: Object.entries(m.actions).map(([action, n]) => ({ label: ACTION_LABELS[action as keyof typeof ACTION_LABELS], n })),
      })),
    },
    // A month's figures change only until it ends, and only complete months are shown.
    { headers: { "Cache-Control": "public, max-age=3600" } },
  );
}

const show = (n: Bucketed) => (typeof n === "number" ? n.toLocaleString("en-US") : n);

function Figures({ title, rows }: { title: string; rows: { label: string; value: string }[] }) {
  return (
    <div className="min-w-0">
      <h3 className="text-sm font-semibold uppercase tracking-wide text-slate-600">{title}</h3>
      <dl className="mt-1 divide-y divide-slate-100">
        {rows.map((r) => (
          <div key={r.label} className="flex items-baseline justify-between gap-3 py-1 text-sm">
            <dt className="text-slate-700">{r.label}</dt>
            <dd className="shrink-0 whitespace-nowrap text-right font-medium tabular-nums text-slate-900">{r.value}</dd>
          </div>
        ))}
      </dl>
    </div>
  );
}

export default function Transparency() {
  const { months } = useLoaderData<typeof loader>();
  return (
    <div className="mx-auto min-w-0 max-w-5xl space-y-6">
      <h1 className="text-2xl font-bold text-slate-900 sm:text-3xl">Transparency report</h1>
      <div className="max-w-3xl space-y-2 text-slate-700">
        <p>
          Each month: the reports members sent and the photo matches our check found, what was done about them, how much of it the automatic
          rules did, how long a decision took, and the appeals.
        </p>
        <p>
          To protect the people involved, any count below 5 — zero included — is shown as “fewer than 5”, the month under way is not shown,
          and the time to a decision and the automatic share appear only once a month has enough of them.
        </p>
      </div>
      {months.map((m) => (
        <Card
          as="section"
          key={m.month}
          aria-labelledby={`month-${m.month}`}
          padding="md"
          className="space-y-4"
          data-testid="transparency-month"
        >
          <h2 id={`month-${m.month}`} className="text-lg font-semibold text-slate-900">
            {m.label}
          </h2>
          <div className="grid grid-cols-1 gap-6 md:grid-cols-3">
            <Figures
              title="Notices received"
              rows={[
                { label: "Reports, all reasons", value: show(m.reportsTotal) },
                ...m.reasons.map((r) => ({ label: `Reports: ${r.label}`, value: show(r.n) })),
                { label: "Photo matches found", value: show(m.photoMatches) },
              ]}
            />
            <Figures title="Actions taken" rows={m.acted.map((a) => ({ label: a.label, value: show(a.n) }))} />
            <Figures
              title="Decisions and appeals"
              rows={[
                { label: "Taken by the automatic rules", value: m.automatedPercent === null ? "too few to say" : `${m.automatedPercent}%` },
                {
                  label: "Median time to a decision",
                  value: m.medianHoursToAction === null ? "too few to say" : `${m.medianHoursToAction} h`,
                },
                { label: "Appeals received", value: show(m.appealsReceived) },
                { label: "Appeals that reversed a decision", value: show(m.appealsReversed) },
              ]}
            />
          </div>
        </Card>
      ))}
    </div>
  );
}
