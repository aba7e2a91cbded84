import type { ReactNode } from "react";
import { cx } from "./cx";

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

/** A control's `aria-describedby`: its description and error ids (`${id}-description`, `${id}-error`), when shown. */
export const describedBy = (id: string, description?: ReactNode, errors?: string[] | null) =>
  cx(description ? `${id}-description` : null, errors?.length ? `${id}-error` : null) || undefined;
