// Player Profile's Account Settings (spec 02 §2 /player-profile): the form a user edits their own account with —
// names and ZIP; city and state follow the ZIP — and the read-only view a site admin gets instead.
import { getFormProps, useForm, type SubmissionResult } from "@conform-to/react";
import { Form } from "@remix-run/react";
import { useRef, useState } from "react";
import { DefaultSubmit, ErrorList, Field } from "~/components/ui/forms";
import { SubmitButton, useIsPending } from "~/components/ui/status-button";
import { FieldDescription } from "~/components/ui/field";
import { Input } from "~/components/ui/input";
import { Label } from "~/components/ui/label";
import { useLazyValidation } from "~/hooks/use-lazy-validation";
import { formatDate } from "~/shared/format";
import type { FieldConstraint } from "~/shared/form-constraint";
import { cleanZipInput, ZIP_HTML_PATTERN } from "~/shared/zip";

export type ProfileUser = {
  email: string;
  firstName: string | null;
  lastName: string | null;
  zipCode: string | null;
  city: string | null;
  state: string | null;
  /** ISO date. */
  joinedAt: string;
};

export function ReadOnlyAccount({ user }: { user: ProfileUser }) {
  const rows: [string, string][] = [
    ["Email", user.email],
    ["First name", user.firstName ?? "—"],
    ["Last name", user.lastName ?? "—"],
    ["ZIP code", user.zipCode ?? "—"],
    ["City", user.city ?? "—"],
    ["State", user.state ?? "—"],
    ["Joined", formatDate(user.joinedAt)],
  ];
  return (
    <dl className="mt-3 grid gap-x-6 gap-y-2 sm:grid-cols-2">
      {rows.map(([label, value]) => (
        <div key={label}>
          <dt className="text-sm font-medium text-slate-600">{label}</dt>
          <dd className="text-slate-900">{value}</dd>
        </div>
      ))}
    </dl>
  );
}

export function ProfileForm({
  user,
  constraint,
  lastResult,
  formError,
}: {
  user: ProfileUser;
  constraint: Record<string, FieldConstraint>;
  /** The action's reply to this form, when this form was the one sent. */
  lastResult?: SubmissionResult<string[]>;
  /** A failure the server had saving (not a field's error). */
  formError?: string;
}) {
  const validation = useLazyValidation(() => import("~/components/forms/form-validators").then((module) => module.validateProfile));
  const [form, fields] = useForm({
    id: "profile",
    lastResult,
    constraint,
    onValidate: validation.onValidate,
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    defaultValue: { firstName: user.firstName ?? "", lastName: user.lastName ?? "", zipCode: user.zipCode ?? "" },
  });
  const pending = useIsPending({ intent: "profile" });
  const [location, setLocation] = useState({ city: user.city, state: user.state });
  const lookup = useRef<AbortController | null>(null);
  async function onZipInput(event: React.FormEvent<HTMLInputElement>) {
    const input = event.currentTarget;
    const cleaned = cleanZipInput(input.value);
    if (cleaned !== input.value) input.value = cleaned;
    lookup.current?.abort();
    if (cleaned.length !== 5) return setLocation({ city: null, state: null });
    const controller = new AbortController();
    lookup.current = controller;
    try {
      const response = await fetch(`/api/zip/${cleaned}`, { signal: controller.signal });
      const found = (await response.json()) as { ok: boolean; city?: string; state?: string };
      setLocation(found.ok ? { city: found.city ?? null, state: found.state ?? null } : { city: null, state: null });
    } catch {
      // Aborted or offline: the server looks the ZIP up again on save.
    }
  }
  return (
    <Form method="post" {...getFormProps(form)} onInput={validation.onInput} onFocus={validation.onFocus} className="mt-4 space-y-4">
      <DefaultSubmit name="intent" value="profile" />
      <ErrorList id={form.errorId} errors={formError ? [formError] : form.errors} />
      <div>
        <Label htmlFor="profile-email">Email</Label>
        <Input
          id="profile-email"
          value={user.email}
          readOnly
          aria-describedby="profile-email-note"
          className="mt-1 block w-full bg-slate-100 text-slate-700"
        />
        <FieldDescription id="profile-email-note">Your sign-in address; it cannot be changed here.</FieldDescription>
      </div>
      <div className="grid gap-4 sm:grid-cols-2">
        <Field label="First name" field={fields.firstName} inputProps={{ autoComplete: "given-name" }} />
        <Field label="Last name" field={fields.lastName} inputProps={{ autoComplete: "family-name" }} />
      </div>
      <div className="grid gap-4 sm:grid-cols-3">
        <Field
          label="ZIP code"
          field={fields.zipCode}
          markRequired
          inputProps={{ inputMode: "numeric", autoComplete: "postal-code", maxLength: 5, pattern: ZIP_HTML_PATTERN, onInput: onZipInput }}
        />
        <div>
          <p className="text-sm font-medium text-slate-800">City</p>
          <p className="mt-1 min-h-11 content-center text-slate-900" data-testid="profile-city" aria-live="polite">
            {location.city ?? "—"}
          </p>
        </div>
        <div>
          <p className="text-sm font-medium text-slate-800">State</p>
          <p className="mt-1 min-h-11 content-center text-slate-900" data-testid="profile-state" aria-live="polite">
            {location.state ?? "—"}
          </p>
        </div>
      </div>
      <p className="text-sm text-slate-600">City and state follow your ZIP code.</p>
      <div className="flex justify-end">
        <SubmitButton name="intent" value="profile" pending={pending} pendingText="Saving...">
          Save Changes
        </SubmitButton>
      </div>
    </Form>
  );
}
