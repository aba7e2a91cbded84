// One form of the keepers' Gear Library (ADR 097): a real <Form method="post"> carrying its intent and its own id, so
// the action's answer (errors, the values kept) comes back to this form and not to its neighbours. The one schema
// (GearKeeperSchema) judges it in the action; it posts the same without JavaScript.
import { getFormProps, useForm, type DefaultValue } from "@conform-to/react";
import { Form } from "@remix-run/react";
import type { ReactNode } from "react";
import { ErrorList } from "~/components/ui/forms";
import type { GearKeeperActionData } from "~/shared/schemas/club-gear";

export function useKeeperForm<T extends Record<string, unknown>>(
  id: string,
  last: GearKeeperActionData | undefined,
  defaultValue?: DefaultValue<T>,
) {
  return useForm<T>({ id, lastResult: last?.form === id ? last.result : undefined, shouldValidate: "onSubmit", defaultValue });
}

export function KeeperForm({
  form,
  intent,
  className,
  children,
}: {
  form: ReturnType<typeof useKeeperForm>[0];
  intent: string;
  className?: string;
  children: ReactNode;
}) {
  return (
    <Form method="post" {...getFormProps(form)} className={className}>
      <input type="hidden" name="intent" value={intent} />
      <input type="hidden" name="formId" value={form.id} />
      <ErrorList id={form.errorId} errors={form.errors} />
      {children}
    </Form>
  );
}
