import type { InputHTMLAttributes } from "react";
import { cx } from "./cx";

/** A file picker whose button has the kit's secondary look. */
export function FileInput({ className, ...rest }: Omit<InputHTMLAttributes<HTMLInputElement>, "type">) {
  return <input type="file" className={cx("ui-file", className)} {...rest} />;
}
