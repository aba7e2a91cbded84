import type { HTMLAttributes, LabelHTMLAttributes } from "react";
import { cx } from "./cx";

/**
 * A control's label: tie it with `htmlFor` (or wrap the control). `small` is the filters' look.
 *
 *   <Label htmlFor="club-search">Search clubs</Label>
 *   <Label small>Radius <Select name="radius" … /></Label>
 */
export function Label({ small, className, ...rest }: LabelHTMLAttributes<HTMLLabelElement> & { small?: boolean }) {
  // eslint-disable-next-line jsx-a11y/label-has-associated-control -- the caller ties it with htmlFor or wraps the control
  return <label className={cx(small ? "ui-label-small" : "ui-label", className)} {...rest} />;
}

/** A fieldset's legend, with the look of a label. */
export function Legend({ className, ...rest }: HTMLAttributes<HTMLLegendElement>) {
  return <legend className={cx("ui-label", className)} {...rest} />;
}
