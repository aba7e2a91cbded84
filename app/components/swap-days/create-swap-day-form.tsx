// 'Create a Swap Day' (ADR 088): a real form that posts without JavaScript; zod loads on its first input (ADR 032).
import { getFormProps, useForm } from "@conform-to/react";
import { Form } from "@remix-run/react";
import { ErrorList, Field } from "~/components/ui/forms";
import { RadioGroup } from "~/components/ui/radio-group";
import { SubmitButton } from "~/components/ui/status-button";
import { useLazyValidation } from "~/hooks/use-lazy-validation";
import { SWAP_DAY_DATE_FIELDS, SWAP_DAY_LIMITS, SWAP_DAY_MODE_LABELS, SWAP_DAY_TEXT } from "~/shared/copy/swap-days";
import type { FieldConstraint } from "~/shared/form-constraint";
import type { CreateSwapDayActionData } from "~/shared/schemas/swap-day";

const MODE_OPTIONS = (["table", "meetup"] as const).map((value) => ({
  value,
  label: SWAP_DAY_MODE_LABELS[value].label,
  hint: SWAP_DAY_MODE_LABELS[value].hint,
}));

export function CreateSwapDayForm({
  action,
  swapDayId,
  lastResult,
  pending,
  constraint,
}: {
  action: string;
  swapDayId: string;
  lastResult: CreateSwapDayActionData | undefined;
  pending: boolean;
  constraint: Record<string, FieldConstraint>;
}) {
  const validation = useLazyValidation(() => import("~/components/forms/form-validators").then((module) => module.validateCreateSwapDay));
  const [form, fields] = useForm({
    id: `create-swap-day-${swapDayId}`,
    lastResult: lastResult?.result,
    constraint,
    onValidate: validation.onValidate,
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
  });
  return (
    <Form
      method="post"
      action={action}
      {...getFormProps(form)}
      onInput={validation.onInput}
      onFocus={validation.onFocus}
      className="space-y-4"
    >
      <input type="hidden" name="id" value={swapDayId} />
      <ErrorList id={form.errorId} errors={form.errors} />
      <Field
        label={SWAP_DAY_TEXT.name}
        field={fields.name}
        inputProps={{ maxLength: SWAP_DAY_LIMITS.nameMax, placeholder: "Spring gear swap" }}
      />
      <Field
        label={SWAP_DAY_TEXT.place}
        field={fields.place}
        inputProps={{ maxLength: SWAP_DAY_LIMITS.placeMax, placeholder: "Clubhouse, Field 2" }}
      />
      <RadioGroup
        id={fields.mode.id}
        name={fields.mode.name}
        legend={SWAP_DAY_TEXT.mode}
        options={MODE_OPTIONS}
        defaultValue={(fields.mode.initialValue as string | undefined) ?? "table"}
        errors={fields.mode.errors}
      />
      <fieldset className="grid gap-3 sm:grid-cols-2">
        <legend className="mb-1 font-semibold">{SWAP_DAY_TEXT.timesNote}</legend>
        {SWAP_DAY_DATE_FIELDS.map(([name, label]) => (
          <Field key={name} label={label} field={fields[name]} inputProps={{ type: "datetime-local" }} />
        ))}
      </fieldset>
      <div className="flex justify-end">
        <SubmitButton pending={pending} pendingText={SWAP_DAY_TEXT.creating}>
          {SWAP_DAY_TEXT.create}
        </SubmitButton>
      </div>
    </Form>
  );
}
