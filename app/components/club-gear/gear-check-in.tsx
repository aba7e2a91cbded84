// The check-in screen (ADR 097), made for a phone held in one hand at a table: the tag code field first and large,
// then the condition, damage notes and 'swap up a size' (one step: the check-in, the next size's request and, when a
// unit is free and nobody waits ahead, its loan — one batch, ADR 093), then one big button. A real form.
import { Card } from "~/components/ui/card";
import { CheckboxField, Field, SelectField, TextareaField } from "~/components/ui/forms";
import { SubmitButton, useIsPending } from "~/components/ui/status-button";
import { CONDITION_OPTIONS } from "~/shared/catalog/conditions";
import { GEAR_KEEPER_TEXT as T } from "~/shared/copy/club-gear";
import type { GearKeeperActionData } from "~/shared/schemas/club-gear";
import { KeeperForm, useKeeperForm } from "./keeper-form";

export function GearCheckIn({ ids, last }: { ids: { swapRequest: string; swapLoan: string }; last: GearKeeperActionData | undefined }) {
  const [form, fields] = useKeeperForm<{ unitCode: string; conditionIn: string; damageNotes: string; swapUp: string }>("check-in", last);
  const checking = useIsPending({ intent: "check-in" });
  return (
    <Card as="section" padding="md" aria-labelledby="check-in-heading">
      <h2 id="check-in-heading" className="mb-3 text-lg font-semibold">
        {T.checkInHeading}
      </h2>
      <KeeperForm form={form} intent="check-in" className="space-y-4">
        <input type="hidden" name="swapRequestId" value={ids.swapRequest} />
        <input type="hidden" name="swapLoanId" value={ids.swapLoan} />
        <Field
          label={T.codeLabel}
          field={fields.unitCode}
          description={T.codeHint}
          inputProps={{
            autoFocus: true,
            required: true,
            autoComplete: "off",
            autoCapitalize: "characters",
            spellCheck: false,
            enterKeyHint: "next",
            maxLength: 16,
            className: "min-h-14 font-mono text-2xl tracking-widest uppercase",
          }}
        />
        <SelectField
          label={T.conditionIn}
          field={fields.conditionIn}
          placeholder="Choose a condition"
          options={CONDITION_OPTIONS}
          selectProps={{ required: true, className: "min-h-14 text-lg" }}
        />
        <TextareaField label={T.damageNotes} field={fields.damageNotes} textareaProps={{ rows: 2, maxLength: 1000 }} />
        <CheckboxField
          label={T.swapUp}
          errors={fields.swapUp.errors}
          className="rounded-md border border-slate-200 p-3 [&_input]:h-7 [&_input]:w-7 [&_label]:text-base"
          inputProps={{ name: "swapUp", id: "swap-up", defaultChecked: fields.swapUp.initialValue === "on" }}
        />
        <SubmitButton pending={checking} pendingText={T.checkingIn} className="min-h-14 w-full text-lg">
          {T.checkIn}
        </SubmitButton>
      </KeeperForm>
    </Card>
  );
}
