import { getFormProps, type Submission, type SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { json, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { RouteErrorPage } from "~/components/layout/route-error-page";
import { TextareaField } from "~/components/ui/forms";
import { useLazyForm } from "~/components/forms/lazy-form";
import { ErrorList } from "~/components/ui/field";
import { Label, Legend } from "~/components/ui/label";
import { SubmitButton, useIsPending } from "~/components/ui/status-button";
import { createReport, reportTargetFor, type ReportResult } from "~/features/moderation/reports.server";
import { useLazyValidation } from "~/hooks/use-lazy-validation";
import { REPORT_REASONS, type ReportTargetType } from "#db/schema/enums";
import { REPORT_DETAILS_MAX, REPORT_REASON_LABELS, REPORT_TARGET_LABELS, SAFETY_TEXT } from "~/shared/copy/safety";
import { getFormConstraint } from "~/shared/form-constraint";
import { ReportSchema, ReportTargetSchema, type ReportFormInput } from "~/shared/schemas/report";
import { pageMeta } from "~/web/meta";
import { requireUser } from "~/web/session.server";
import { redirectWithToast } from "~/web/toast.server";
import { Card } from "~/components/ui/card";

// Report something (ADR 069): a page of its own, so it works without JavaScript and every
// Report link is a plain <a>. /report?type={REPORT_TARGET_TYPE}&id={id}. What may be reported, and
// by whom, is the safety feature's (reports.server.ts): anything the reporter cannot see is a 404.

export const meta: MetaFunction = () =>
  pageMeta("Report — LockerSwap", "Tell LockerSwap's moderators about a listing, a message or a person that breaks the rules.");

/** Shown above the form: the kind of thing, the text as the reporter sees it, and whose it is. */
const SUMMARY_MAX = 300;

function notFound() {
  return json({ title: SAFETY_TEXT.reportNotFound }, { status: 404, statusText: "Not found" });
}

export async function loader({ request, context }: LoaderFunctionArgs) {
  const viewer = await requireUser(request, context);
  const url = new URL(request.url);
  const parsed = ReportTargetSchema.safeParse({ type: url.searchParams.get("type"), id: url.searchParams.get("id") });
  if (!parsed.success) throw notFound();
  const target = await reportTargetFor(context.db, viewer, parsed.data.type, parsed.data.id);
  if (!target) throw notFound();
  const excerpt = target.excerpt.length > SUMMARY_MAX ? `${target.excerpt.slice(0, SUMMARY_MAX - 1)}…` : target.excerpt;
  // Only what the reporter already sees: no ids of people, no club, nothing about other reports.
  return {
    target: { type: target.type, id: target.id, excerpt, personName: target.personName, returnTo: target.returnTo },
    own: target.userId === viewer.id,
    constraint: getFormConstraint(ReportSchema),
  };
}

type ActionData = { result: SubmissionResult<string[]> };

export async function action({ request, context }: ActionFunctionArgs) {
  const viewer = await requireUser(request, context);
  const submission = parseWithZod(await request.formData(), { schema: ReportSchema });
  if (submission.status !== "success") {
    // Without a target there is no page to come back to.
    if (!ReportTargetSchema.safeParse(submission.payload).success) throw notFound();
    return json<ActionData>({ result: submission.reply() }, { status: 400 });
  }
  const result: ReportResult = await createReport(context.db, viewer, submission.value);
  if (result.ok) return redirectWithToast(context, result.returnTo, { title: SAFETY_TEXT.reportSent, variant: "success" }, { status: 303 });
  switch (result.error) {
    case "not_found":
      throw notFound();
    case "rate_limited":
      // Kept on the form with what was typed: it can be sent once the hour is over.
      return json<ActionData>({ result: submission.reply({ formErrors: [SAFETY_TEXT.reportRateLimited] }) }, { status: 429 });
    case "own":
      return redirectWithToast(
        context,
        result.returnTo,
        { title: submission.value.type === "user" ? SAFETY_TEXT.reportSelf : SAFETY_TEXT.reportOwn, variant: "destructive" },
        { status: 303 },
      );
    case "already_reported":
      return redirectWithToast(context, result.returnTo, { title: SAFETY_TEXT.alreadyReported }, { status: 303 });
  }
}

export default function ReportPage() {
  const { target, own, constraint } = useLoaderData<typeof loader>();
  return (
    <div className="mx-auto max-w-2xl space-y-6">
      <h1 className="text-2xl font-bold">Report {article(target.type)}</h1>
      <TargetSummary type={target.type} excerpt={target.excerpt} personName={target.personName} />
      {own ? (
        <p role="status" className="rounded-lg border border-slate-200 bg-white p-4 text-slate-800">
          {target.type === "user" ? SAFETY_TEXT.reportSelf : SAFETY_TEXT.reportOwn}
        </p>
      ) : (
        <Card padding="md">
          <ReportForm target={target} constraint={constraint} />
        </Card>
      )}
      <Link to={target.returnTo} className="inline-block min-h-6 text-sm font-medium text-brand-700 underline">
        Back
      </Link>
    </div>
  );
}

/** 'a listing', 'a club message', 'an item request', 'a person'. */
function article(type: ReportTargetType) {
  const label = REPORT_TARGET_LABELS[type];
  return `${/^[aeiou]/.test(label) ? "an" : "a"} ${label}`;
}

function TargetSummary({ type, excerpt, personName }: { type: ReportTargetType; excerpt: string; personName: string | null }) {
  const whose = personName && type !== "user" ? (type === "deal" ? `With ${personName}` : `From ${personName}`) : null;
  return (
    <section aria-label="What you are reporting" className="rounded-lg border border-slate-200 bg-slate-50 p-4">
      <p className="text-xs font-semibold uppercase tracking-wide text-slate-600">{REPORT_TARGET_LABELS[type]}</p>
      <p className="mt-1 whitespace-pre-line break-words text-slate-900" data-testid="report-excerpt">
        {excerpt}
      </p>
      {whose ? <p className="mt-1 text-sm text-slate-600">{whose}</p> : null}
    </section>
  );
}

type Constraint = ReturnType<typeof useLoaderData<typeof loader>>["constraint"];
type Target = ReturnType<typeof useLoaderData<typeof loader>>["target"];

function ReportForm({ target, constraint }: { target: Target; constraint: Constraint }) {
  const actionData = useActionData<ActionData>();
  // zod and conform's parser load on the form's first focus (ADR 032, 033); the server checks the same schema.
  const validation = useLazyValidation(() =>
    Promise.all([import("@conform-to/zod/v4"), import("~/shared/schemas/report")]).then(
      ([{ parseWithZod: parse }, { ReportSchema: schema }]) =>
        (formData: FormData) =>
          parse(formData, { schema }) as Submission<ReportFormInput>,
    ),
  );
  const [form, fields, engine] = useLazyForm<ReportFormInput>({
    id: "report",
    lastResult: actionData?.result,
    constraint,
    onValidate: validation.onValidate,
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
  });
  const pending = useIsPending();
  const chosen = String(fields.reason.value ?? fields.reason.initialValue ?? "");
  const query = new URLSearchParams({ type: target.type, id: target.id });
  return (
    <Form
      method="post"
      // The page's URL, so a refused post comes back to this page with its target.
      action={`/report?${query}`}
      {...getFormProps(form)}
      onInput={validation.onInput}
      onFocus={validation.onFocus}
      className="space-y-4"
    >
      {engine}
      <input type="hidden" name="type" value={target.type} />
      <input type="hidden" name="id" value={target.id} />
      <p className="text-sm text-slate-700">{SAFETY_TEXT.reportIntro}</p>
      <ErrorList id={form.errorId} errors={form.errors} />
      <fieldset
        aria-describedby={fields.reason.errors?.length ? fields.reason.errorId : undefined}
        aria-invalid={fields.reason.errors?.length ? true : undefined}
      >
        <Legend>Reason</Legend>
        <div className="mt-1 flex flex-col">
          {REPORT_REASONS.map((reason) => (
            <Label key={reason} className="flex min-h-11 items-center gap-2 text-sm font-normal">
              <input
                type="radio"
                name={fields.reason.name}
                value={reason}
                required
                defaultChecked={chosen === reason}
                className="h-5 w-5 accent-brand-600"
              />
              {REPORT_REASON_LABELS[reason]}
            </Label>
          ))}
        </div>
        <ErrorList id={fields.reason.errorId} errors={fields.reason.errors} />
      </fieldset>
      <TextareaField
        label="Details"
        field={fields.details}
        description={`Required for 'Other'. At most ${REPORT_DETAILS_MAX.toLocaleString("en-US")} characters.`}
        textareaProps={{ rows: 4, maxLength: REPORT_DETAILS_MAX }}
      />
      <SubmitButton pending={pending} pendingText="Sending...">
        Send report
      </SubmitButton>
    </Form>
  );
}

/** Unknown, gone, or not the reporter's to see: all one answer, so ids cannot be probed. */
export function ErrorBoundary() {
  return (
    <RouteErrorPage
      notFound={{ title: SAFETY_TEXT.reportNotFound, detail: SAFETY_TEXT.reportGone }}
      back={{ to: "/", label: "Return to Home" }}
    />
  );
}
