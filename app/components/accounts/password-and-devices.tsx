// Player Profile's "Password and devices" (spec 02 §2 /player-profile): change the password; sign out elsewhere.
import { getFormProps, useForm, type SubmissionResult } from "@conform-to/react";
import { Form } from "@remix-run/react";
import { DefaultSubmit, ErrorList, PasswordField } from "~/components/ui/forms";
import { SubmitButton, useIsPending } from "~/components/ui/status-button";
import { useLazyValidation } from "~/hooks/use-lazy-validation";
import type { FieldConstraint } from "~/shared/form-constraint";

export function PasswordForm({
  constraint,
  lastResult,
  showPassword,
}: {
  constraint: Record<string, FieldConstraint>;
  /** The action's reply to this form, when this form was the one sent. */
  lastResult?: SubmissionResult<string[]>;
  /** The show/hide toggle's state after a no-JavaScript round trip. */
  showPassword?: boolean;
}) {
  const validation = useLazyValidation(() => import("~/components/forms/form-validators").then((module) => module.validateChangePassword));
  const [form, fields] = useForm({
    id: "password",
    lastResult,
    constraint,
    onValidate: validation.onValidate,
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
  });
  const pending = useIsPending({ intent: "password" });
  return (
    <Form method="post" {...getFormProps(form)} onInput={validation.onInput} onFocus={validation.onFocus} className="mt-4 space-y-4">
      <DefaultSubmit name="intent" value="password" />
      <ErrorList id={form.errorId} errors={form.errors} />
      <PasswordField label="Current password" field={fields.currentPassword} autoComplete="current-password" toggled={showPassword} />
      <div className="grid gap-4 sm:grid-cols-2">
        <PasswordField label="New password" field={fields.newPassword} autoComplete="new-password" toggled={showPassword} />
        <PasswordField label="Repeat new password" field={fields.confirmPassword} autoComplete="new-password" toggled={showPassword} />
      </div>
      <p className="text-sm text-slate-600">Changing your password signs you out on every other device.</p>
      <div className="flex justify-end">
        <SubmitButton name="intent" value="password" pending={pending} pendingText="Changing...">
          Change Password
        </SubmitButton>
      </div>
    </Form>
  );
}

export function SignOutOthers({ count }: { count: number }) {
  const pending = useIsPending({ intent: "signOutOthers" });
  return (
    <Form method="post" className="mt-6 flex flex-wrap items-center justify-between gap-3 border-t border-slate-200 pt-4">
      <p className="text-slate-700">
        {count === 0
          ? "You are signed in on this device only."
          : `You are also signed in on ${count} other ${count === 1 ? "device" : "devices"}.`}
      </p>
      <SubmitButton
        name="intent"
        value="signOutOthers"
        tone="secondary"
        pending={pending}
        pendingText="Signing out..."
        disabled={count === 0}
      >
        Sign out of all other devices
      </SubmitButton>
    </Form>
  );
}
