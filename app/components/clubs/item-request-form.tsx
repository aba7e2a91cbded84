// The 'Post a Request' form on its own: the request page loads it without the whole item requests tab
// (its live list and room) in its first load (ADR 033).
import { getFormProps, useForm } from "@conform-to/react";
import type { Form } from "@remix-run/react";
import { ErrorList, Field, TextareaField } from "~/components/ui/forms";
import { SubmitButton } from "~/components/ui/status-button";
import { Button } from "~/components/ui/button";
import { REQUEST_LIMITS } from "~/shared/copy/item-requests";
import type { FieldConstraint } from "~/shared/form-constraint";
import { useLazyValidation } from "~/hooks/use-lazy-validation";
import type { PostRequestActionData } from "~/shared/schemas/item-request";

type FormProps = {
  action: string;
  requestId: string;
  lastResult: PostRequestActionData | undefined;
  pending: boolean;
  FormComponent: typeof Form;
  onCancel?: () => void;
  /** PostRequestSchema's HTML constraints, from the server (itemRequestsTabData, the request page's loader). */
  constraint: Record<string, FieldConstraint>;
};

/** The 'Post a Request' form (02 §5 Request): the same fields in the dialog and on its own page. */
export function PostRequestForm({ action, requestId, lastResult, pending, FormComponent, onCancel, constraint }: FormProps) {
  const validation = useLazyValidation(() => import("~/components/forms/form-validators").then((module) => module.validatePostRequest));
  const [form, fields] = useForm({
    id: `post-request-${requestId}`,
    lastResult: lastResult?.result,
    constraint,
    onValidate: validation.onValidate,
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
  });
  return (
    <FormComponent
      method="post"
      action={action}
      {...getFormProps(form)}
      onInput={validation.onInput}
      onFocus={validation.onFocus}
      className="space-y-4"
    >
      <input type="hidden" name="intent" value="post" />
      <input type="hidden" name="id" value={requestId} />
      <ErrorList id={form.errorId} errors={form.errors} />
      <Field
        label="Title"
        field={fields.title}
        markRequired
        inputProps={{ placeholder: "What are you looking for?", maxLength: REQUEST_LIMITS.titleMax }}
      />
      <TextareaField
        label="Description"
        field={fields.description}
        description="Optional: size, brand, condition, budget."
        textareaProps={{ rows: 4, maxLength: REQUEST_LIMITS.descriptionMax }}
      />
      <div className="flex flex-wrap justify-end gap-2">
        {onCancel ? (
          <Button variant="secondary" onClick={onCancel}>
            Cancel
          </Button>
        ) : null}
        <SubmitButton pending={pending} pendingText="Posting...">
          Post Request
        </SubmitButton>
      </div>
    </FormComponent>
  );
}
