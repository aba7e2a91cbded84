import { forwardRef, type TextareaHTMLAttributes } from "react";
import { controlClass, type ControlSize } from "./input";

/** A multi-line text control with the look of `Input`. */
export const Textarea = forwardRef<HTMLTextAreaElement, TextareaHTMLAttributes<HTMLTextAreaElement> & { controlSize?: ControlSize }>(
  function Textarea({ controlSize, className, ...rest }, ref) {
    return <textarea ref={ref} className={controlClass(controlSize, className)} {...rest} />;
  },
);
