import { Form } from "@remix-run/react";
import type { ClubReportGroup } from "~/features/moderation/club-reports.server";
import { CLUB_MODERATION_TEXT as TEXT, REPORT_REASON_LABELS } from "~/shared/copy/safety";
import { formatDate } from "~/shared/format";
import { SubmitButton, useIsPending } from "../ui/status-button";
import type { ButtonVariant } from "../ui/button";

/** The manage page's intents for a report (app/shared/schemas/club-manage.ts). */
type ReportIntent = "report-dismiss" | "report-remove" | "report-remove-member";

const plural = (n: number, one: string) => `${n} ${one}${n === 1 ? "" : "s"}`;

/**
 * The 'Reports' section of /club/{slug}/manage (ADR 069): open reports about the club's
 * messages, announcements and item requests, one entry per reported thing, with what was reported,
 * who wrote it and the chat around it. Every action is a plain form (works without JavaScript).
 */
export function ClubReports({ groups, className }: { groups: ClubReportGroup[]; className?: string }) {
  return (
    <section className={className} aria-labelledby="reports-heading" data-testid="club-reports">
      <h2 id="reports-heading" className="mb-1 text-lg font-semibold">
        {TEXT.heading}
      </h2>
      <p className="mb-3 text-sm text-slate-600">{TEXT.intro}</p>
      {groups.length === 0 ? (
        <p className="text-slate-600">{TEXT.empty}</p>
      ) : (
        <ul className="divide-y divide-slate-200">
          {groups.map((group) => (
            <ReportEntry key={`${group.targetType}:${group.targetId}`} group={group} />
          ))}
        </ul>
      )}
    </section>
  );
}

function ReportEntry({ group }: { group: ClubReportGroup }) {
  const headingId = `report-${group.reportId}`;
  const kindLabel = group.kind ? TEXT.kinds[group.kind] : TEXT.kinds[group.targetType === "item_request" ? "request" : "chat"];
  const isRequest = group.targetType === "item_request";
  return (
    <li className="space-y-3 py-4" data-testid="report-group">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h3 id={headingId} className="font-medium text-slate-900">
          {kindLabel}
          {group.author ? <span className="font-normal text-slate-700"> by {group.author.name}</span> : null}
        </h3>
        <span className="rounded-full bg-red-50 px-2 py-0.5 text-sm font-medium text-red-800" data-testid="report-count">
          {plural(group.count, "report")}
        </span>
      </div>
      <p className="text-sm text-slate-700">
        <span className="font-medium">Reasons: </span>
        {group.reasons.map((r) => `${REPORT_REASON_LABELS[r.reason]}${r.count > 1 ? ` (${r.count})` : ""}`).join(", ")}
        <span className="text-slate-600"> · first reported {formatDate(group.firstReportedAt, "short")}</span>
      </p>
      {group.details.length ? (
        <ul className="space-y-1 text-sm text-slate-700">
          {group.details.map((detail, i) => (
            <li key={i} className="break-words border-l-2 border-slate-300 pl-2">
              {detail}
            </li>
          ))}
        </ul>
      ) : null}

      {!group.content ? (
        <div className="rounded-lg bg-slate-50 p-3 text-sm">
          <p className="text-slate-600">{TEXT.gone}</p>
          {group.excerpt ? <p className="mt-1 whitespace-pre-wrap break-words text-slate-800">{group.excerpt}</p> : null}
        </div>
      ) : isRequest ? (
        <div className="rounded-lg bg-slate-50 p-3 text-sm">
          <p className="font-medium text-slate-900">{group.content.title}</p>
          {group.content.text ? <p className="mt-1 whitespace-pre-wrap break-words text-slate-800">{group.content.text}</p> : null}
          <p className="mt-1 text-slate-600">Posted {formatDate(group.content.createdAt, "short")}</p>
        </div>
      ) : (
        <ol className="space-y-1 rounded-lg bg-slate-50 p-3 text-sm" aria-label="The reported message and the messages around it">
          {group.context.map((m) => (
            <li
              key={m.id}
              className={m.reported ? "rounded border border-red-300 bg-white p-2" : "px-2 text-slate-600"}
              data-reported={m.reported || undefined}
            >
              <span className="font-medium text-slate-900">{m.authorName}</span>{" "}
              <span className="text-xs text-slate-600">{formatDate(m.createdAt, "short")}</span>
              {m.reported ? <span className="ml-2 text-xs font-medium text-red-800">Reported</span> : null}
              <p className="whitespace-pre-wrap break-words text-slate-800">{m.content}</p>
            </li>
          ))}
        </ol>
      )}

      <div className="flex flex-wrap gap-2">
        <ReportButton intent="report-dismiss" reportId={group.reportId} label={TEXT.dismiss} tone="secondary" />
        {group.content ? (
          <ReportButton
            intent="report-remove"
            reportId={group.reportId}
            label={isRequest ? TEXT.removeRequest : TEXT.removeMessage}
            tone="danger-outline"
          />
        ) : null}
        {group.author?.removable ? (
          <ReportButton
            intent="report-remove-member"
            reportId={group.reportId}
            label={!group.content ? TEXT.removeMember : isRequest ? TEXT.removeRequestAndMember : TEXT.removeMessageAndMember}
            tone="danger"
          />
        ) : null}
      </div>
    </li>
  );
}

function ReportButton({ intent, reportId, label, tone }: { intent: ReportIntent; reportId: string; label: string; tone: ButtonVariant }) {
  const pending = useIsPending({ intent });
  return (
    <Form method="post">
      <input type="hidden" name="reportId" value={reportId} />
      <SubmitButton name="intent" value={intent} pending={pending} tone={tone} size="sm" pendingText="Saving...">
        {label}
      </SubmitButton>
    </Form>
  );
}
