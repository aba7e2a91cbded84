// The /auth page's sign-up form (01 §2), its own chunk so the sign-in page's first load does not
// carry the ZIP lookup and the state combobox (ADR 033). The action lives in routes/auth.tsx.
import { getFormProps, type SubmissionResult } from "@conform-to/react";
import { Form } from "@remix-run/react";
import { US_STATES } from "~/shared/catalog/us-states";
import { DefaultSubmit, Field, PasswordField } from "~/components/ui/forms";
import { Combobox } from "~/components/ui/combobox";
import { SubmitButton, useIsPending } from "~/components/ui/status-button";
import type { FieldConstraint } from "~/shared/form-constraint";
import { useLazyForm } from "~/components/forms/lazy-form";
import { useLazyValidation } from "~/hooks/use-lazy-validation";
import { useZipLookup } from "~/hooks/use-zip-lookup";

const STATE_OPTIONS = US_STATES.map((s) => ({ value: s.code, label: s.name }));

export default function SignUpForm({
  lastResult,
  passwordToggled,
  constraint,
}: {
  lastResult: SubmissionResult<string[]> | undefined;
  /** After the no-JavaScript password toggle: whether the password is shown; else undefined. */
  passwordToggled: boolean | undefined;
  constraint: Record<string, FieldConstraint>;
}) {
  const signUpValidation = useLazyValidation(() => import("~/components/forms/auth-validation").then((m) => m.validateSignUp));
  const [form, fields, conform] = useLazyForm({
    id: "signup",
    lastResult,
    constraint,
    onValidate: signUpValidation.onValidate,
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
  });
  // 01 §2: a 5-digit ZIP fills city and state (a failed lookup is silent, 01 §8).
  const zipLookup = useZipLookup(({ city, state }) => {
    form.update({ name: fields.city.name, value: city });
    form.update({ name: fields.state.name, value: state });
  });

  const busy = useIsPending({ intent: "signup" });
  return (
    <Form method="post" {...getFormProps(form)} onInput={signUpValidation.onInput} className="space-y-4">
      {conform}
      <DefaultSubmit />
      <input type="hidden" name="intent" value="signup" />
      <div className="grid gap-4 sm:grid-cols-2">
        <Field label="First Name" field={fields.firstName} inputProps={{ autoComplete: "given-name" }} />
        <Field label="Last Name" field={fields.lastName} inputProps={{ autoComplete: "family-name" }} />
      </div>
      <Field label="Email" field={fields.email} inputProps={{ type: "email", autoComplete: "email" }} />
      <PasswordField field={fields.password} autoComplete="new-password" toggled={passwordToggled} />
      <Field
        label="ZIP Code"
        field={fields.zipCode}
        inputProps={{ inputMode: "numeric", autoComplete: "postal-code", maxLength: 5, onInput: zipLookup.onInput }}
        description={zipLookup.lookingUp ? <span role="status">Looking up location...</span> : null}
      />
      <Field label="City/Town" field={fields.city} inputProps={{ autoComplete: "address-level2" }} />
      <Combobox
        label="State"
        field={fields.state}
        options={STATE_OPTIONS}
        placeholder="Search states..."
        selectPlaceholder="Select state"
        emptyText="No state found."
        listLabel="States"
        onPick={(code) => form.update({ name: fields.state.name, value: code })}
      />
      <SubmitButton pending={busy} pendingText="Creating account..." className="w-full">
        Sign Up
      </SubmitButton>
    </Form>
  );
}
