import { getFormProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { getFormConstraint } from "~/shared/form-constraint";
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/cloudflare";
import { Form, useActionData } from "@remix-run/react";
import { z } from "zod";
import { CheckboxField, Field, SwitchField } from "~/components/ui/forms";
import { Combobox } from "~/components/ui/combobox";
import { ConfirmDialog } from "~/components/ui/confirm-dialog";
import { SubmitButton, useIsPending } from "~/components/ui/status-button";
import { requireDevRoutes } from "~/web/dev-routes.server";

// Dev/test page: the form kit (ADR 023) in one form, so the e2e suite can prove each control posts
// real values with and without JavaScript, and that ConfirmDialog degrades to a plain form.
const KitSchema = z.object({
  nickname: z.string({ error: "Nickname is required" }).trim().min(1).max(20, "At most 20 characters"),
  color: z.string().optional(),
});
const COLORS = [
  { value: "red", label: "Red" },
  { value: "green", label: "Green" },
  { value: "blue", label: "Blue" },
];

export async function loader({ context }: LoaderFunctionArgs) {
  requireDevRoutes(context);
  return null;
}

export async function action({ request, context }: ActionFunctionArgs) {
  requireDevRoutes(context);
  const form = await request.formData();
  if (form.get("intent") === "confirm") return { echo: "Confirmed: delete", result: null };
  const submission = parseWithZod(form, { schema: KitSchema });
  const echo = JSON.stringify({
    nickname: form.get("nickname"),
    color: form.get("color"),
    alerts: form.get("alerts"),
    terms: form.get("terms"),
  });
  return { echo: submission.status === "success" ? echo : null, result: submission.reply() };
}

export default function DevKit() {
  const data = useActionData<typeof action>();
  const [form, fields] = useForm({
    id: "kit",
    lastResult: data?.result ?? null,
    constraint: getFormConstraint(KitSchema),
    onValidate: ({ formData }) => parseWithZod(formData, { schema: KitSchema }),
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
  });
  const pending = useIsPending({ intent: "save" });
  return (
    <div className="mx-auto max-w-md space-y-6">
      <h1 className="text-2xl font-bold">Form kit</h1>
      {data?.echo ? (
        <p role="status" data-testid="echo">
          {data.echo}
        </p>
      ) : null}
      <Form method="post" {...getFormProps(form)} className="space-y-4">
        <Field label="Nickname" field={fields.nickname} description="Shown beside your listings." />
        <Combobox
          label="Color"
          field={fields.color}
          options={COLORS}
          placeholder="Search colors..."
          selectPlaceholder="Pick a color"
          onPick={(value) => form.update({ name: fields.color.name, value })}
        />
        <SwitchField label="Email alerts" inputProps={{ name: "alerts" }} />
        <CheckboxField
          label="I accept the terms"
          description="Required for nothing; a demo."
          inputProps={{ name: "terms", value: "yes" }}
        />
        <SubmitButton name="intent" value="save" pending={pending} pendingText="Saving...">
          Save
        </SubmitButton>
      </Form>
      <ConfirmDialog
        trigger="Delete everything"
        title="Delete everything?"
        description="This is a demo; nothing is deleted."
        confirmLabel="Yes, delete"
        pendingLabel="Deleting..."
        fields={{ intent: "confirm" }}
      />
    </div>
  );
}
