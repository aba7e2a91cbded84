import type { HTMLAttributes } from "react";
import { cx } from "./cx";

// The look lives in kit.css (`.ui-card-*`), like the buttons': a padding is a word here, not a class string.
/**
 * The inner spacing, none when not given (a card whose photo or table reaches its edges): `sm` p-4;
 * `md` p-4, p-6 from the `sm` breakpoint (a page's main cards: the club's header, its manage and
 * join pages); `lg` p-5, p-6 from `sm` (the profile's sections); `xl` p-6 (a one-card page: block, leave).
 */
export type CardPadding = "sm" | "md" | "lg" | "xl";
export type CardLook = { padding?: CardPadding; className?: string };

/** The class of a card-looking element: for a `<Form>` that is itself the card, or a region that must stay a plain element. */
export const cardClass = (padding?: CardPadding, className?: string) => cx("ui-card", padding && `ui-card-${padding}`, className);

export type CardProps = HTMLAttributes<HTMLElement> & CardLook & { as?: "div" | "section" | "article" | "header" | "li" | "ul" };

/**
 * A white, rounded, bordered box with a soft shadow. Layout (`flex gap-4`, `space-y-4`) is the
 * caller's, and a caller's utility wins over the kit's look: `className="border-red-200"` for the
 * danger zone, `"shadow-none"` for a card that lies flat (the filter panel, a list box).
 * No `flat` prop and no default padding: card.tsx is in every page's chunk, where each byte
 * counts against the first-load budget (ADR 033).
 *
 *   <Card as="section" padding="lg" aria-labelledby="my-clubs">…</Card>
 *   <Card as="article" className="flex flex-col overflow-hidden">…</Card>
 */
export function Card({ as: Element = "div", padding, className, ...rest }: CardProps) {
  return <Element className={cardClass(padding, className)} {...rest} />;
}
