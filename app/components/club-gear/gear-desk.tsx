// The keepers' desk (ADR 097): what is out, overdue first (a borrower who left the club counts as overdue, ADR 093),
// then the waiting list, first come first served — the first of each queue approved and checked out in one form
// (due date, condition out, an optional deposit as text), any declined.
import { Card } from "~/components/ui/card";
import { Field, SelectField } from "~/components/ui/forms";
import { SubmitButton, useIsPending } from "~/components/ui/status-button";
import type { OpenLoan, QueuedRequest } from "~/features/club-gear/reads.server";
import { CONDITION_OPTIONS } from "~/shared/catalog/conditions";
import { GEAR_KEEPER_TEXT as T } from "~/shared/copy/club-gear";
import type { GearKeeperActionData } from "~/shared/schemas/club-gear";
import { KeeperForm, useKeeperForm } from "./keeper-form";

const day = (ms: number) => new Date(ms).toISOString().slice(0, 10);

export function GearDesk({
  loans,
  queue,
  defaultDueOn,
  today,
  last,
}: {
  loans: OpenLoan[];
  queue: (QueuedRequest & { loanId: string })[];
  defaultDueOn: string;
  today: string;
  last: GearKeeperActionData | undefined;
}) {
  return (
    <div className="space-y-5">
      <Card as="section" padding="md" aria-labelledby="out-heading">
        <h2 id="out-heading" className="mb-2 text-lg font-semibold">
          {T.outHeading} ({loans.length})
        </h2>
        {loans.length === 0 ? <p className="text-slate-600">{T.outNone}</p> : null}
        <ul className="divide-y divide-slate-200" data-testid="open-loans">
          {loans.map((l) => (
            <li key={l.unitCode} className={`py-2 ${l.overdue ? "border-l-4 border-red-600 pl-3" : ""}`} data-testid="open-loan">
              <p className="font-medium">
                <span className="mr-2 rounded bg-slate-100 px-1.5 font-mono">{l.unitCode}</span>
                {l.title}, size {l.size}
                {l.overdue ? <strong className="ml-2 text-red-700">{T.overdue}</strong> : null}
              </p>
              <p className="text-sm text-slate-700">
                {l.borrower}
                {l.stillMember ? "" : ` (${T.leftClub})`} · out {day(l.outAt)} · due {day(l.dueAt)}
                {l.deposit ? ` · deposit: ${l.deposit}` : ""}
              </p>
            </li>
          ))}
        </ul>
      </Card>
      <Card as="section" padding="md" aria-labelledby="queue-heading">
        <h2 id="queue-heading" className="mb-2 text-lg font-semibold">
          {T.queueHeading} ({queue.length})
        </h2>
        {queue.length === 0 ? <p className="text-slate-600">{T.queueNone}</p> : null}
        <ul className="divide-y divide-slate-200" data-testid="queue">
          {queue.map((r) => (
            <QueueRow key={r.id} request={r} defaultDueOn={defaultDueOn} today={today} last={last} />
          ))}
        </ul>
      </Card>
    </div>
  );
}

function QueueRow({
  request: r,
  defaultDueOn,
  today,
  last,
}: {
  request: QueuedRequest & { loanId: string };
  defaultDueOn: string;
  today: string;
  last: GearKeeperActionData | undefined;
}) {
  const [form, fields] = useKeeperForm<{ unitCode: string; dueOn: string; conditionOut: string; deposit: string }>(
    `check-out-${r.id}`,
    last,
    {
      dueOn: defaultDueOn,
    },
  );
  const [declineForm] = useKeeperForm(`decline-${r.id}`, last);
  const checkingOut = useIsPending({ intent: "check-out" });
  const first = r.position === 1;
  return (
    <li className="space-y-2 py-3" data-testid="queue-row">
      <p>
        <span className="font-medium">
          {r.position}. {r.borrower}
        </span>{" "}
        — {r.title}, size {r.size} · asked {day(r.createdAt)}
        {r.period === "dates" && r.toDate ? ` · until ${r.toDate}` : ""}
      </p>
      {first ? (
        <details className="rounded-md border border-slate-200 p-3" open={last?.form === form.id}>
          <summary className="cursor-pointer font-semibold text-brand-800">{T.checkOut}</summary>
          <KeeperForm form={form} intent="check-out" className="mt-3 grid gap-3 sm:grid-cols-2">
            <input type="hidden" name="requestId" value={r.id} />
            <input type="hidden" name="loanId" value={r.loanId} />
            <Field label="Due date" field={fields.dueOn} inputProps={{ type: "date", required: true, min: today, className: "min-h-11" }} />
            <SelectField
              label="Condition out"
              field={fields.conditionOut}
              placeholder={T.conditionAsRecorded}
              options={CONDITION_OPTIONS}
              selectProps={{ className: "min-h-11" }}
            />
            <Field
              label="Unit tag code (optional)"
              field={fields.unitCode}
              description={T.unitCodeHint}
              inputProps={{ autoComplete: "off", autoCapitalize: "characters", spellCheck: false, maxLength: 16, className: "font-mono" }}
            />
            <Field label="Deposit (optional)" field={fields.deposit} description={T.depositHint} inputProps={{ maxLength: 100 }} />
            <SubmitButton pending={checkingOut} pendingText={T.checkingOut} className="min-h-11 sm:col-span-2">
              {T.checkOut}
            </SubmitButton>
          </KeeperForm>
        </details>
      ) : null}
      <KeeperForm form={declineForm} intent="decline">
        <input type="hidden" name="requestId" value={r.id} />
        <SubmitButton tone="danger-outline" size="sm" pendingText="Saving..." aria-label={`${T.decline} ${r.borrower}'s request`}>
          {T.decline}
        </SubmitButton>
      </KeeperForm>
    </li>
  );
}
