import { Link, type LinkProps } from "@remix-run/react";
import { cx } from "./cx";

/**
 * A link drawn as a pill, one of a row of choices (quick price ranges, a status filter). The
 * current one carries `aria-current` and the filled look; `size="sm"` is the compact one of the
 * filter panel, whose row sits inside a larger tap target.
 */
export function PillLink({
  current,
  currentValue = "true",
  size = "md",
  className,
  ...rest
}: LinkProps & { current: boolean; currentValue?: "page" | "true"; size?: "sm" | "md" }) {
  return (
    <Link
      aria-current={current ? currentValue : undefined}
      className={cx("ui-pill", `ui-pill-${size}`, current && "ui-pill-current", className)}
      {...rest}
    />
  );
}
