import { forwardRef, type InputHTMLAttributes } from "react";
import { cx } from "./cx";

export type ControlSize = "md" | "sm" | "xs";

/** The class of a text-like control (input, select, textarea); kit-internal. */
export const controlClass = (size: ControlSize = "md", className?: string) => cx("ui-control", `ui-control-${size}`, className);

/**
 * A text-like input: bordered, focus ring, red border when `aria-invalid`. Layout (`mt-1 block
 * w-full`) is the caller's; `controlSize` picks the padding: md (44 px), sm (44 px, small text), xs (compact).
 *
 *   <Input id="club-search" type="search" name="q" className="mt-1 block w-full" />
 */
export const Input = forwardRef<HTMLInputElement, InputHTMLAttributes<HTMLInputElement> & { controlSize?: ControlSize }>(function Input(
  { controlSize, className, ...rest },
  ref,
) {
  return <input ref={ref} className={controlClass(controlSize, className)} {...rest} />;
});
