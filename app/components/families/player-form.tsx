// The player form (ADR 091): first name or initials, birth year, sports, and a size per kind of gear
// with the day it was measured. A real <Form method="post">: without JavaScript it posts and the
// server answers with its messages and the values entered; the options come from the loader.
import { getFormProps, useForm, type SubmissionResult } from "@conform-to/react";
import { Form } from "@remix-run/react";
import { CheckboxField, ErrorList, Field, SelectField } from "~/components/ui/forms";
import { SubmitButton } from "~/components/ui/status-button";
import type { FieldConstraint } from "~/shared/form-constraint";

export type PlayerFormData = {
  playerId: string;
  values: { firstName: string; birthYear: string; sports: string[]; sizes: Record<string, { value: string; measuredOn: string }> };
  sportOptions: { value: string; label: string }[];
  scales: { kind: string; label: string; values: string[] }[];
  today: string;
  constraint: Record<string, FieldConstraint>;
};

export function PlayerForm({
  data,
  lastResult,
  pending,
}: {
  data: PlayerFormData;
  lastResult?: SubmissionResult<string[]>;
  pending: boolean;
}) {
  const [form, fields] = useForm({
    id: `player-${data.playerId}`,
    lastResult,
    constraint: data.constraint,
    defaultValue: { ...data.values, playerId: data.playerId },
    shouldRevalidate: "onInput",
  });
  const sizes = fields.sizes.getFieldset();
  const chosen = new Set((fields.sports.value as string[] | string | undefined) ?? data.values.sports);
  return (
    <Form method="post" {...getFormProps(form)} className="space-y-5">
      <input type="hidden" name="intent" value="save" />
      <input type="hidden" name="playerId" value={data.playerId} />
      <ErrorList id={form.errorId} errors={form.errors} />
      <div className="grid gap-4 sm:grid-cols-2">
        <Field
          label="First name or initials"
          field={fields.firstName}
          description="Only this is shown to a club whose roster you add them to."
          inputProps={{ autoComplete: "off" }}
        />
        <Field
          label="Birth year"
          field={fields.birthYear}
          description="The year only — never a date. A roster shows the age group (U10, U12…)."
          inputProps={{ type: "number", inputMode: "numeric" }}
        />
      </div>
      <fieldset>
        <legend className="text-sm font-medium text-slate-900">Sports</legend>
        <ErrorList id={fields.sports.errorId} errors={fields.sports.errors} />
        <div className="mt-2 grid grid-cols-2 gap-2 sm:grid-cols-3">
          {data.sportOptions.map((sport) => (
            <CheckboxField
              key={sport.value}
              label={sport.label}
              inputProps={{ name: fields.sports.name, value: sport.value, defaultChecked: chosen.has(sport.value) }}
            />
          ))}
        </div>
      </fieldset>
      <fieldset className="space-y-3">
        <legend className="text-sm font-medium text-slate-900">Sizes</legend>
        <p className="text-sm text-slate-600">Pick the sizes that fit now and the day you measured; leave a kind empty to skip it.</p>
        {data.scales.map((scale) => {
          const size = sizes[scale.kind as keyof typeof sizes]!.getFieldset() as unknown as {
            value: Parameters<typeof SelectField>[0]["field"];
            measuredOn: Parameters<typeof Field>[0]["field"];
          };
          return (
            <div key={scale.kind} className="grid gap-3 sm:grid-cols-2">
              <SelectField
                label={`${scale.label} size`}
                field={size.value}
                placeholder="Not measured"
                options={scale.values.map((value) => ({ value, label: value }))}
              />
              <Field label={`${scale.label}: measured on`} field={size.measuredOn} inputProps={{ type: "date", max: data.today }} />
            </div>
          );
        })}
      </fieldset>
      <SubmitButton pending={pending} pendingText="Saving...">
        Save player
      </SubmitButton>
    </Form>
  );
}
