import { getFormProps, type Submission, type SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { RouteErrorPage } from "~/components/layout/route-error-page";
import { useLazyForm } from "~/components/forms/lazy-form";
import { ButtonLink } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import { ErrorList } from "~/components/ui/field";
import { TextareaField } from "~/components/ui/forms";
import { SubmitButton, useIsPending } from "~/components/ui/status-button";
import { fileAppeal, myDecisions, type MyDecision } from "~/features/moderation/appeals.server";
import { useLazyValidation } from "~/hooks/use-lazy-validation";
import { APPEAL_SUBJECT_LABELS, APPEAL_TEXT } from "~/shared/copy/appeals";
import { REPORT_REASON_LABELS } from "~/shared/copy/safety";
import { formatDate } from "~/shared/format";
import { getFormConstraint } from "~/shared/form-constraint";
import { AppealSchema, AppealTargetSchema, type AppealFormInput } from "~/shared/schemas/appeal";
import { pageMeta } from "~/web/meta";
import { requireUser } from "~/web/session.server";
import { redirectWithToast } from "~/web/toast.server";

// Appeals (ADR 099): /appeal lists the decisions about the signed-in person that stand or that they
// appealed (with the outcome); /appeal?subject=…&decision=… is the form for one. A page of its own, so
// every notice's 'Appeal' is a plain link and the form works without JavaScript. Suspended and silenced
// people may post here (the site table's `appeal`, ADR 095). A decision that is not theirs is a 404.

export const meta: MetaFunction = () =>
  pageMeta("Appeal a decision — LockerSwap", "Ask LockerSwap's site admins to look again at a decision.");

const notFound = () => data({ title: APPEAL_TEXT.notFound }, { status: 404, statusText: "Not found" });

/** A decision as the page shows it: only what the person already knows about their own decision. */
function view(d: MyDecision) {
  return {
    key: `${d.subject}:${d.decisionId}`,
    subject: d.subject,
    decisionId: d.decisionId,
    title: APPEAL_SUBJECT_LABELS[d.subject],
    what: d.label,
    href: d.heldType === "listing" && d.heldId ? `/listing/${d.heldId}` : null,
    reason: d.reason ? REPORT_REASON_LABELS[d.reason] : null,
    decidedAt: d.decidedAt.toISOString(),
    standing: d.standing,
    appeal: d.appeal ? { status: d.appeal.status, text: d.appeal.text, createdAt: d.appeal.createdAt.toISOString() } : null,
  };
}

export async function loader({ request, context }: LoaderFunctionArgs) {
  const viewer = await requireUser(request, context);
  const url = new URL(request.url);
  const decisions = (await myDecisions(context.db, viewer)).map(view);
  if (!url.searchParams.has("subject") && !url.searchParams.has("decision"))
    return data({ decisions, chosen: null, constraint: null }, { headers: { "Cache-Control": "private, no-store" } });
  const parsed = AppealTargetSchema.safeParse({ subject: url.searchParams.get("subject"), decision: url.searchParams.get("decision") });
  const chosen = parsed.success
    ? decisions.find((d) => d.subject === parsed.data.subject && d.decisionId === parsed.data.decision && (d.standing || d.appeal))
    : undefined;
  if (!chosen) throw notFound();
  return data({ decisions, chosen, constraint: getFormConstraint(AppealSchema) }, { headers: { "Cache-Control": "private, no-store" } });
}

type ActionData = { result: SubmissionResult<string[]> };

export async function action({ request, context }: ActionFunctionArgs) {
  const viewer = await requireUser(request, context);
  const submission = parseWithZod(await request.formData(), { schema: AppealSchema });
  if (submission.status !== "success") {
    // Without a decision there is no page to come back to.
    if (!AppealTargetSchema.safeParse(submission.payload).success) throw notFound();
    return data<ActionData>({ result: submission.reply() }, { status: 400 });
  }
  const { subject, decision, text } = submission.value;
  const result = await fileAppeal(context.db, viewer, { subject, decisionId: decision, text });
  if (result.ok) return redirectWithToast(context, "/appeal", { title: APPEAL_TEXT.sent, variant: "success" }, { status: 303 });
  if (result.reason === "already_appealed")
    return data<ActionData>({ result: submission.reply({ formErrors: [APPEAL_TEXT.already] }) }, { status: 400 });
  throw notFound();
}

export default function AppealPage() {
  const { decisions, chosen, constraint } = useLoaderData<typeof loader>();
  if (chosen && constraint)
    return (
      <div className="mx-auto max-w-2xl space-y-6">
        <h1 className="text-2xl font-bold text-slate-900">Appeal: {chosen.title.toLowerCase()}</h1>
        <DecisionSummary decision={chosen} />
        {chosen.appeal ? (
          <p role="status" className="rounded-lg border border-slate-200 bg-white p-4 text-slate-800">
            {APPEAL_TEXT.status[chosen.appeal.status]}
          </p>
        ) : (
          <Card padding="md">
            <AppealForm decision={chosen} constraint={constraint} />
          </Card>
        )}
        <Link to="/appeal" className="inline-block min-h-6 text-sm font-medium text-brand-700 underline">
          All decisions about you
        </Link>
      </div>
    );
  return (
    <div className="mx-auto max-w-2xl space-y-6">
      <h1 className="text-2xl font-bold text-slate-900">Appeal a decision</h1>
      <p className="text-slate-700">{APPEAL_TEXT.intro}</p>
      {decisions.length === 0 ? <p className="text-slate-700">{APPEAL_TEXT.none}</p> : null}
      <ul className="space-y-3">
        {decisions.map((d) => (
          <li key={d.key}>
            <Card padding="md" className="space-y-3">
              <DecisionSummary decision={d} bare />
              {d.appeal ? (
                <p className="text-sm font-medium text-slate-800" data-testid="appeal-status">
                  {APPEAL_TEXT.status[d.appeal.status]}
                </p>
              ) : d.standing ? (
                <ButtonLink to={`/appeal?${new URLSearchParams({ subject: d.subject, decision: d.decisionId })}`} variant="secondary">
                  Appeal<span className="sr-only"> {d.title.toLowerCase()}</span>
                </ButtonLink>
              ) : null}
            </Card>
          </li>
        ))}
      </ul>
    </div>
  );
}

type Decision = ReturnType<typeof view>;

function DecisionSummary({ decision: d, bare = false }: { decision: Decision; bare?: boolean }) {
  return (
    <section aria-label="The decision" className={bare ? "space-y-1" : "space-y-1 rounded-lg border border-slate-200 bg-slate-50 p-4"}>
      <p className="text-xs font-semibold uppercase tracking-wide text-slate-600">{d.title}</p>
      {d.what ? (
        <p className="whitespace-pre-line break-words text-slate-900">
          {d.href ? (
            <Link to={d.href} className="text-brand-700 underline underline-offset-2">
              {d.what}
            </Link>
          ) : (
            d.what
          )}
        </p>
      ) : null}
      <p className="text-sm text-slate-700">
        {d.reason ? `${d.reason} · ` : null}
        {formatDate(d.decidedAt)}
      </p>
    </section>
  );
}

function AppealForm({
  decision,
  constraint,
}: {
  decision: Decision;
  constraint: NonNullable<ReturnType<typeof useLoaderData<typeof loader>>["constraint"]>;
}) {
  const actionData = useActionData<ActionData>();
  // The schema's limit, as the loader's constraint carries it: importing the schema here would put zod in the page's chunk.
  const maxLength = constraint.text?.maxLength ?? 1000;
  // zod and conform's parser load on the form's first focus (ADR 032, 033); the server checks the same schema.
  const validation = useLazyValidation(() =>
    Promise.all([import("@conform-to/zod/v4"), import("~/shared/schemas/appeal")]).then(
      ([{ parseWithZod: parse }, { AppealSchema: schema }]) =>
        (formData: FormData) =>
          parse(formData, { schema }) as Submission<AppealFormInput>,
    ),
  );
  const [form, fields, engine] = useLazyForm<AppealFormInput>({
    id: "appeal",
    lastResult: actionData?.result,
    constraint,
    onValidate: validation.onValidate,
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
  });
  const pending = useIsPending();
  const query = new URLSearchParams({ subject: decision.subject, decision: decision.decisionId });
  return (
    <Form
      method="post"
      // The page's URL, so a refused post comes back to this page with its decision.
      action={`/appeal?${query}`}
      {...getFormProps(form)}
      onInput={validation.onInput}
      onFocus={validation.onFocus}
      className="space-y-4"
    >
      {engine}
      <input type="hidden" name="intent" value="appeal" />
      <input type="hidden" name="subject" value={decision.subject} />
      <input type="hidden" name="decision" value={decision.decisionId} />
      <ErrorList id={form.errorId} errors={form.errors} />
      <TextareaField
        label="Why is the decision wrong?"
        field={fields.text}
        description={`At most ${maxLength.toLocaleString("en-US")} characters. A site admin who did not make the decision reads it.`}
        textareaProps={{ rows: 6, maxLength }}
      />
      <SubmitButton pending={pending} pendingText="Sending...">
        Send appeal
      </SubmitButton>
    </Form>
  );
}

/** Unknown, not theirs, or no longer standing: all one answer, so ids cannot be probed. */
export function ErrorBoundary() {
  return (
    <RouteErrorPage
      notFound={{ title: APPEAL_TEXT.notFound, detail: APPEAL_TEXT.notFoundDetail }}
      back={{ to: "/appeal", label: "All decisions about you" }}
    />
  );
}
