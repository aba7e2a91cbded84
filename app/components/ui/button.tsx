import { Link, type LinkProps } from "@remix-run/react";
import { forwardRef, type ButtonHTMLAttributes, type HTMLAttributes } from "react";
import { cx } from "./cx";

// The looks live in kit.css (`.ui-btn-*`): a variant is a word here, not a class string.
export type ButtonVariant =
  "primary" | "secondary" | "danger" | "danger-outline" | "inverse" | "ghost" | "link" | "icon" | "close" | "choice";
export type ButtonSize = "md" | "sm" | "xs" | "slim" | "tiny" | "none";
type Look = { variant?: ButtonVariant; size?: ButtonSize; className?: string };

/** The class of a button-looking element; for the kit's own pieces (links, summaries, triggers). */
export function buttonClass({
  variant = "primary",
  size = variant === "link" || variant === "icon" || variant === "close" || variant === "choice" ? "none" : "md",
  className,
}: Look = {}) {
  return cx("ui-btn", `ui-btn-${variant}`, size !== "none" && `ui-btn-${size}`, className);
}

export type ButtonProps = ButtonHTMLAttributes<HTMLButtonElement> &
  Look & {
    /** In flight: disabled, `aria-busy`, and `busyText` in place of the label when given. */
    busy?: boolean;
    busyText?: string;
  };

/**
 * A button. `type` defaults to "button"; pass `type="submit"` for a form's.
 *
 *   <Button type="submit" busy={saving} busyText="Saving...">Save</Button>
 *   <Button variant="secondary" size="sm" onClick={close}>Cancel</Button>
 *   <Button variant="link" onClick={clear}>Clear selection</Button>
 */
export const Button = forwardRef<HTMLButtonElement, ButtonProps>(function Button(
  { variant, size, className, busy, busyText, type = "button", disabled, children, ...rest },
  ref,
) {
  return (
    <button
      ref={ref}
      type={type}
      disabled={busy || disabled}
      aria-busy={busy || undefined}
      className={buttonClass({ variant, size, className })}
      {...rest}
    >
      {busy && busyText ? busyText : children}
    </button>
  );
});

/** A link drawn as a button (a real `<a>`, so it works before JavaScript). */
export function ButtonLink({ variant, size, className, ...rest }: LinkProps & Look) {
  return <Link className={buttonClass({ variant, size, className })} {...rest} />;
}

/** A `<details>` toggle drawn as a button. */
export function ButtonSummary({ variant = "secondary", size, className, ...rest }: HTMLAttributes<HTMLElement> & Look) {
  return <summary className={buttonClass({ variant, size, className: cx("cursor-pointer", className) })} {...rest} />;
}
