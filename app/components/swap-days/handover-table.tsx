// The swap table's check-in screen (ADR 090), made for a phone held in one hand at the table: the code field first
// and large, then what is ready to hand out, then what is still to come. Real forms: they post without JavaScript.
import { getFormProps, useForm } from "@conform-to/react";
import { Form, Link } from "@remix-run/react";
import { Card } from "~/components/ui/card";
import { ErrorList, Field } from "~/components/ui/forms";
import { SubmitButton, useIsPending } from "~/components/ui/status-button";
import { HANDOVER_TEXT } from "~/shared/copy/swap-day-handover";
import type { CheckInActionData } from "~/shared/schemas/swap-day-handover";
import type { TableStep } from "~/web/pages/swap-day-handover-page.server";

export function HandoverTable({
  steps,
  checkinClosed,
  lastResult,
  sheetHref,
}: {
  steps: TableStep[];
  checkinClosed: boolean;
  lastResult: CheckInActionData | undefined;
  sheetHref: string;
}) {
  const checking = useIsPending({ intent: "checkIn" });
  const closing = useIsPending({ intent: "closeCheckin" });
  const [form, fields] = useForm<{ code: string }>({ id: "check-in", lastResult: lastResult?.result, shouldValidate: "onSubmit" });
  const ready = steps.filter((s) => s.ringIn && !s.checkedOut);
  const waiting = steps.filter((s) => !s.checkedIn);
  const inCount = steps.filter((s) => s.checkedIn).length;
  const out = steps.filter((s) => s.checkedOut).length;
  return (
    <div className="space-y-4">
      {checkinClosed ? (
        <p className="text-base font-medium">{HANDOVER_TEXT.checkinClosed}</p>
      ) : (
        <Card padding="md" as="section" aria-labelledby="check-in-heading">
          <h2 id="check-in-heading" className="sr-only">
            {HANDOVER_TEXT.checkIn}
          </h2>
          <Form method="post" {...getFormProps(form)} className="space-y-3">
            <input type="hidden" name="intent" value="checkIn" />
            <ErrorList id={form.errorId} errors={form.errors} />
            <Field
              label={HANDOVER_TEXT.codeLabel}
              field={fields.code}
              description={HANDOVER_TEXT.codeHint}
              inputProps={{
                autoFocus: true,
                autoComplete: "off",
                autoCapitalize: "characters",
                spellCheck: false,
                enterKeyHint: "go",
                maxLength: 40,
                className: "min-h-14 font-mono text-2xl tracking-widest uppercase",
              }}
            />
            <SubmitButton pending={checking} pendingText={HANDOVER_TEXT.checkingIn} className="min-h-14 w-full text-lg">
              {HANDOVER_TEXT.checkIn}
            </SubmitButton>
          </Form>
          {lastResult?.message ? (
            <p
              role="status"
              className={`mt-3 text-lg font-semibold ${lastResult.message.tone === "done" ? "text-green-800" : "text-red-700"}`}
            >
              {lastResult.message.text}
            </p>
          ) : null}
        </Card>
      )}
      <p className="text-sm font-medium text-slate-700">{HANDOVER_TEXT.progress(inCount, steps.length, out)}</p>
      <Card padding="md" as="section" aria-labelledby="ready-heading">
        <h2 id="ready-heading" className="mb-2 text-lg font-semibold">
          {HANDOVER_TEXT.ready}
        </h2>
        {ready.length === 0 ? <p className="text-sm text-slate-600">{HANDOVER_TEXT.readyNone}</p> : null}
        <ul className="divide-y divide-slate-200">
          {ready.map((s) => (
            <li key={s.itemId} className="space-y-2 py-3">
              <p>
                <span className="mr-2 rounded bg-slate-100 px-1.5 font-mono">{s.code}</span>
                <span className="font-medium">{s.title}</span> <span className="text-slate-600">{HANDOVER_TEXT.from(s.from)}</span>
              </p>
              <Form method="post">
                <input type="hidden" name="itemId" value={s.itemId} />
                <SubmitButton name="intent" value="handOut" pendingText={HANDOVER_TEXT.handingOut} className="min-h-12 w-full">
                  {HANDOVER_TEXT.handOut(s.to)}
                </SubmitButton>
              </Form>
            </li>
          ))}
        </ul>
      </Card>
      <Card padding="md" as="section" aria-labelledby="waiting-heading">
        <h2 id="waiting-heading" className="mb-2 text-lg font-semibold">
          {HANDOVER_TEXT.waiting}
        </h2>
        {waiting.length === 0 ? <p className="text-sm text-slate-600">{HANDOVER_TEXT.waitingNone}</p> : null}
        <ul className="space-y-1">
          {waiting.map((s) => (
            <li key={s.itemId}>
              <span className="mr-2 rounded bg-slate-100 px-1.5 font-mono">{s.code}</span>
              {s.title} <span className="text-slate-600">{HANDOVER_TEXT.from(s.from)}</span>
            </li>
          ))}
        </ul>
      </Card>
      {checkinClosed ? null : (
        <Card padding="md" as="section" aria-labelledby="no-shows-heading" className="space-y-2">
          <h2 id="no-shows-heading" className="text-lg font-semibold">
            {HANDOVER_TEXT.closeHeading}
          </h2>
          <p className="text-sm text-slate-600">{HANDOVER_TEXT.closeHint}</p>
          <Form method="post">
            <SubmitButton name="intent" value="closeCheckin" tone="secondary" pending={closing} pendingText={HANDOVER_TEXT.closing}>
              {HANDOVER_TEXT.closeCheckin}
            </SubmitButton>
          </Form>
        </Card>
      )}
      <Link to={sheetHref} className="inline-block text-sm font-medium text-brand-700 underline">
        {HANDOVER_TEXT.sheetLink}
      </Link>
    </div>
  );
}
