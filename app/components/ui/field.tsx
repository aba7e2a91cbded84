import type { ReactNode } from "react";
import { cx } from "./cx";
import { Label } from "./label";

/** Help text under a control; give the control `aria-describedby={id}`. */
export function FieldDescription({ id, className, children }: { id?: string; className?: string; children?: ReactNode }) {
  return children ? (
    <p id={id} className={cx("ui-description", className)}>
      {children}
    </p>
  ) : null;
}

/**
 * The first error of a field, under it, with the id its control's `aria-describedby` points at.
 *
 *   <ErrorList id={fields.email.errorId} errors={fields.email.errors} />
 */
export function ErrorList({ id, errors, className }: { id?: string; errors?: string[] | null; className?: string }) {
  if (!errors?.length) return null;
  return (
    <p id={id} className={cx("ui-error", className)}>
      {errors[0]}
    </p>
  );
}

/** Label text, with a visual '*' when asked (the control's `required` is what assistive tech reads). */
export function LabelText({ children, markRequired }: { children: ReactNode; markRequired?: boolean }) {
  return (
    <>
      {children}
      {markRequired ? (
        <span aria-hidden="true" className="text-red-700">
          {" "}
          *
        </span>
      ) : null}
    </>
  );
}

/**
 * Label, control, description and error of one field, for forms without conform (forms.tsx wraps
 * conform's fields in the same shell). The control takes `id` and, when there is a description or
 * an error, `aria-describedby={describedBy(id, …)}`.
 *
 *   <FieldShell id="code" label="Code" errors={errors}>
 *     <Input id="code" name="code" aria-describedby={describedBy("code", null, errors)} className="mt-1 block w-full" />
 *   </FieldShell>
 */
export function FieldShell({
  id,
  label,
  description,
  errors,
  markRequired,
  className,
  children,
}: {
  id: string;
  label: ReactNode;
  description?: ReactNode;
  errors?: string[] | null;
  markRequired?: boolean;
  className?: string;
  children: ReactNode;
}) {
  return (
    <div className={className}>
      <Label htmlFor={id}>
        <LabelText markRequired={markRequired}>{label}</LabelText>
      </Label>
      {children}
      <FieldDescription id={`${id}-description`}>{description}</FieldDescription>
      <ErrorList id={`${id}-error`} errors={errors} />
    </div>
  );
}

/** The `aria-describedby` of a `FieldShell`'s control: its description and error ids, when shown. */
export const describedBy = (id: string, description?: ReactNode, errors?: string[] | null) =>
  cx(description ? `${id}-description` : null, errors?.length ? `${id}-error` : null) || undefined;
