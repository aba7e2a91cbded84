import { forwardRef, type SelectHTMLAttributes } from "react";
import { controlClass, type ControlSize } from "./input";

/** A native select with the look of `Input`; options are its children. */
export const Select = forwardRef<HTMLSelectElement, SelectHTMLAttributes<HTMLSelectElement> & { controlSize?: ControlSize }>(
  function Select({ controlSize, className, ...rest }, ref) {
    return <select ref={ref} className={controlClass(controlSize, className)} {...rest} />;
  },
);
