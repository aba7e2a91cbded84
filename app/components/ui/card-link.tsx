import { Link, type LinkProps } from "@remix-run/react";
import { cardClass, type CardLook } from "./card";
import { cx } from "./cx";

/**
 * A whole card that is one link: the border turns brand on hover, the kit's focus ring. A file of its
 * own: only the club directory's cards use it, and card.tsx rides in every page's chunk (ADR 033).
 */
export function CardLink({ padding, className, ...rest }: LinkProps & CardLook) {
  return <Link className={cardClass(padding, cx("ui-card-link", className))} {...rest} />;
}
