// The steps the viewer's party may take now (the deal machine's `availableSteps`, read by the
// loader): each a real <Form method="post"> with an `intent`, the one DealStepSchema behind it
// (conform; zod loads on the first input), working without JavaScript. A refused step comes back
// with what was typed (`lastResult`); each form is keyed by the deal's revision and state, so a
// committed step starts the next form fresh.
import { getFormProps, type Submission, type SubmissionResult } from "@conform-to/react";
import { useLazyForm } from "~/components/forms/lazy-form";
import { Form } from "@remix-run/react";
import type { ReactNode } from "react";
import { Field, SelectField, TextareaField } from "~/components/ui/forms";
import { ButtonSummary } from "~/components/ui/button";
import { ErrorList } from "~/components/ui/field";
import { Label, Legend } from "~/components/ui/label";
import { SubmitButton, useIsPending } from "~/components/ui/status-button";
import { useLazyValidation } from "~/hooks/use-lazy-validation";
import type { DealParty } from "#db/schema/enums";
import type { DealStep } from "~/features/trade/deal-machine";
import type { DealPage } from "~/web/pages/deal-page.server";
import type { FieldConstraint } from "~/shared/form-constraint";
import { DEAL_FORM_TEXT as T } from "~/shared/copy/deals";
import type { DealStepInput } from "~/shared/schemas/deal";
import { spotLabel } from "~/shared/catalog/meetup-spots";

/** What a refused step answers: which form it was, conform's result (values back), and the refusal in words. */
export type DealActionData = { intent: DealStepInput["intent"] | null; result: SubmissionResult<string[]>; refusal: string | null };

export type DealIntent = DealActionData["intent"] & string;
export type DealConstraints = Record<DealIntent, Record<string, FieldConstraint>>;

type FormsProps = {
  page: DealPage;
  constraints: DealConstraints;
  actionData: DealActionData | undefined;
  /** CANCEL_REASONS as options (from the loader: the schema module, and zod with it, stays out of the first load). */
  cancelReasons: { value: string; label: string }[];
};

/** Which intent each step's form posts. */
const INTENT_OF: Record<DealStep, DealIntent> = {
  counter: "counter",
  accept: "accept",
  decline: "decline",
  withdraw: "withdraw",
  proposeMeetup: "meetup",
  confirmMeetup: "confirm-meetup",
  handOver: "handed-over",
  cancel: "cancel",
  review: "review",
  reply: "reply",
};

/** The forms for the viewer's next steps; nothing when there are none (a closed deal, an admin). */
export function DealForms({ page, constraints, actionData, cancelReasons }: FormsProps) {
  const { steps, deal } = page;
  if (steps.length === 0) return null;
  const has = (step: DealStep) => steps.includes(step);
  const key = (step: DealStep) => `${INTENT_OF[step]}-${deal.revision}-${deal.state}`;
  const shared = { page, constraints, actionData, cancelReasons };
  return (
    <section aria-labelledby="deal-actions-heading" className="space-y-4 rounded-xl bg-white p-4 shadow-sm sm:p-6">
      <h2 id="deal-actions-heading" className="text-xl font-semibold">
        What you can do now
      </h2>
      {has("accept") || has("decline") || has("withdraw") ? (
        <div className="flex flex-wrap gap-2">
          {has("accept") ? (
            <ButtonForm key={key("accept")} {...shared} intent="accept" label={T.accept} pendingText="Accepting..." withRevision />
          ) : null}
          {has("decline") ? (
            <ButtonForm
              key={key("decline")}
              {...shared}
              intent="decline"
              label={T.decline}
              pendingText="Declining..."
              tone="secondary"
              withRevision
            />
          ) : null}
          {has("withdraw") ? (
            <ButtonForm
              key={key("withdraw")}
              {...shared}
              intent="withdraw"
              label={T.withdraw}
              pendingText="Withdrawing..."
              tone="danger-outline"
            />
          ) : null}
        </div>
      ) : null}
      {has("confirmMeetup") || has("handOver") ? (
        <div className="flex flex-wrap gap-2">
          {has("confirmMeetup") ? (
            <ButtonForm
              key={key("confirmMeetup")}
              {...shared}
              intent="confirm-meetup"
              label={T.confirmMeetup}
              pendingText="Confirming..."
            />
          ) : null}
          {has("handOver") ? (
            <ButtonForm
              key={key("handOver")}
              {...shared}
              intent="handed-over"
              label={T.handOver}
              pendingText="Saving..."
              description={T.handOverHelp}
            />
          ) : null}
        </div>
      ) : null}
      {has("counter") ? <CounterForm key={key("counter")} {...shared} /> : null}
      {has("proposeMeetup") ? <MeetupForm key={key("proposeMeetup")} {...shared} /> : null}
      {has("review") ? <ReviewForm key={key("review")} {...shared} /> : null}
      {has("reply") ? <ReplyForm key={key("reply")} {...shared} /> : null}
      {has("cancel") ? <CancelForm key={key("cancel")} {...shared} /> : null}
    </section>
  );
}

/** conform for one intent: its constraints, the refused values back, validation loaded on first input. */
function useDealForm<I extends DealIntent>(
  intent: I,
  { constraints, actionData }: Pick<FormsProps, "constraints" | "actionData">,
  defaultValue?: Record<string, string>,
) {
  type Values = Extract<DealStepInput, { intent: I }>;
  // One schema for every intent: what it parses for this form's body is this intent's branch.
  const validation = useLazyValidation(() =>
    import("./deal-validators").then((module) => module.validateDealStep as unknown as (formData: FormData) => Submission<Values>),
  );
  const [form, fields, engine] = useLazyForm<Values>({
    id: `deal-${intent}`,
    lastResult: actionData?.intent === intent ? (actionData.result as SubmissionResult<string[]>) : undefined,
    constraint: constraints[intent],
    defaultValue: defaultValue as never,
    onValidate: validation.onValidate,
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
  });
  const formProps = { method: "post" as const, ...getFormProps(form), onInput: validation.onInput, onFocus: validation.onFocus };
  return { form, fields, formProps, engine, pending: useIsPending({ intent }) };
}

function ButtonForm({
  intent,
  label,
  pendingText,
  tone,
  withRevision,
  description,
  page,
}: FormsProps & {
  intent: DealIntent;
  label: string;
  pendingText: string;
  tone?: "secondary" | "danger-outline";
  withRevision?: boolean;
  description?: string;
}) {
  // A button and hidden values: nothing to validate in the browser, so no form engine (conform and
  // the deal schema would load on the tap's focus, in the tap's own task: ADR 075, bench/interactions.ts).
  // What the server refuses (a stale revision) comes back as the page's refusal notice, as before.
  const pending = useIsPending({ intent });
  return (
    <Form method="post" id={`deal-${intent}`}>
      <input type="hidden" name="intent" value={intent} />
      {/* You accept what you saw: the revision this page showed (a newer one is refused as stale). */}
      {withRevision ? <input type="hidden" name="revision" value={page.deal.revision} /> : null}
      <SubmitButton pending={pending} pendingText={pendingText} tone={tone}>
        {label}
      </SubmitButton>
      {description ? <p className="ui-description mt-1">{description}</p> : null}
    </Form>
  );
}

function Fieldset({ legend, children }: { legend: string; children: ReactNode }) {
  return (
    <fieldset className="space-y-3 rounded-lg border border-slate-200 p-3 sm:p-4">
      <Legend className="px-1 text-base font-semibold">{legend}</Legend>
      {children}
    </fieldset>
  );
}

function CounterForm({ page, ...rest }: FormsProps) {
  const current = page.revisions.at(-1);
  const party = page.party!;
  const theirs: DealParty = party === "proposer" ? "owner" : "proposer";
  const { fields, formProps, engine, pending } = useDealForm("counter", rest, {
    cash: current ? String(current.cashCents / 100) : "",
    cashFrom: current?.cashFrom ?? "proposer",
    message: "",
  });
  return (
    <Form {...formProps}>
      <Fieldset legend={T.counter}>
        <input type="hidden" name="intent" value="counter" />
        {engine}
        <input type="hidden" name="revision" value={page.deal.revision} />
        <div className="grid gap-3 sm:grid-cols-2">
          <Field label={T.cash} field={fields.cash} inputProps={{ type: "number", step: 0.01, inputMode: "decimal" }} />
          <SelectField
            label={T.cashFrom}
            field={fields.cashFrom}
            options={[
              { value: party, label: T.cashFromMe },
              { value: theirs, label: T.cashFromThem(page.names[theirs]) },
            ]}
          />
        </div>
        <TextareaField label={T.message} field={fields.message} textareaProps={{ rows: 3 }} />
        <SubmitButton pending={pending} pendingText="Sending...">
          {T.counterSubmit}
        </SubmitButton>
      </Fieldset>
    </Form>
  );
}

/** The wall-clock value of a `datetime-local` input for a stored meeting time (kept in UTC as typed). */
const localValue = (at: Date | null) => (at ? new Date(at).toISOString().slice(0, 16) : "");

function MeetupForm({ page, ...rest }: FormsProps) {
  const { fields, formProps, engine, pending } = useDealForm("meetup", rest, {
    spot: page.meetup?.spotId ?? "",
    place: page.meetup && !page.meetup.spotId ? page.meetup.place : "",
    at: localValue(page.meetup?.at ?? null),
  });
  return (
    <Form {...formProps}>
      <Fieldset legend={T.meetup}>
        <input type="hidden" name="intent" value="meetup" />
        {engine}
        {page.suggestions.length ? (
          <SelectField
            label={T.spot}
            field={fields.spot}
            placeholder={T.spotNone}
            options={page.suggestions.map((spot) => ({ value: spot.id, label: spotLabel(spot) }))}
          />
        ) : null}
        <Field label={T.place} field={fields.place} description={T.placeHelp} />
        <Field label={T.at} field={fields.at} markRequired inputProps={{ type: "datetime-local" }} />
        <SubmitButton pending={pending} pendingText="Proposing...">
          {T.meetupSubmit}
        </SubmitButton>
      </Fieldset>
    </Form>
  );
}

function CancelForm({ page: _page, cancelReasons, ...rest }: FormsProps) {
  const { fields, formProps, engine, pending } = useDealForm("cancel", rest);
  const refused = rest.actionData?.intent === "cancel";
  return (
    <details open={refused || undefined} className="rounded-lg border border-slate-200 p-3 sm:p-4">
      <ButtonSummary variant="danger-outline" size="sm">
        {T.cancel}
      </ButtonSummary>
      <Form {...formProps} className="mt-3 space-y-3">
        <input type="hidden" name="intent" value="cancel" />
        {engine}
        <SelectField label={T.reason} field={fields.reason} placeholder={T.reasonPlaceholder} markRequired options={cancelReasons} />
        <TextareaField label={T.note} field={fields.note} textareaProps={{ rows: 2 }} />
        <SubmitButton pending={pending} pendingText="Cancelling..." tone="danger">
          {T.cancelSubmit}
        </SubmitButton>
      </Form>
    </details>
  );
}

function ReviewForm({ page, ...rest }: FormsProps) {
  const mine = page.reviews.mine;
  const { fields, formProps, engine, pending } = useDealForm("review", rest, {
    rating: mine ? String(mine.rating) : "",
    comment: mine?.comment ?? "",
  });
  const chosen = fields.rating.value ?? fields.rating.initialValue;
  return (
    <Form {...formProps}>
      <Fieldset legend={mine ? T.reviewEdit : T.review}>
        <input type="hidden" name="intent" value="review" />
        {engine}
        <fieldset aria-describedby={fields.rating.errors?.length ? fields.rating.errorId : undefined}>
          <Legend>{T.rating}</Legend>
          {/* One per line on a phone: five in a row do not fit 360 px, and a lone fifth line read as a glitch. */}
          <div className="mt-1 flex flex-col sm:flex-row sm:flex-wrap sm:gap-x-4">
            {[1, 2, 3, 4, 5].map((n) => (
              <Label key={n} className="flex min-h-11 items-center gap-2 text-sm">
                <input
                  type="radio"
                  name={fields.rating.name}
                  value={n}
                  required
                  defaultChecked={String(chosen ?? "") === String(n)}
                  className="h-5 w-5 accent-brand-600"
                />
                <span>
                  <span aria-hidden="true" className="text-base tracking-wide text-amber-600">
                    {"★".repeat(n)}
                    {"☆".repeat(5 - n)}
                  </span>
                  <span className="sr-only">
                    {n} {n === 1 ? "star" : "stars"}
                  </span>
                </span>
              </Label>
            ))}
          </div>
          <ErrorList id={fields.rating.errorId} errors={fields.rating.errors} />
        </fieldset>
        <TextareaField label={T.comment} field={fields.comment} textareaProps={{ rows: 3 }} />
        <SubmitButton pending={pending} pendingText="Saving...">
          {T.reviewSubmit}
        </SubmitButton>
      </Fieldset>
    </Form>
  );
}

function ReplyForm({ page: _page, ...rest }: FormsProps) {
  const { fields, formProps, engine, pending } = useDealForm("reply", rest);
  return (
    <Form {...formProps}>
      <Fieldset legend={T.reply}>
        <input type="hidden" name="intent" value="reply" />
        {engine}
        <TextareaField label={T.replyLabel} field={fields.reply} markRequired textareaProps={{ rows: 3 }} />
        <SubmitButton pending={pending} pendingText="Posting...">
          {T.replySubmit}
        </SubmitButton>
      </Fieldset>
    </Form>
  );
}
