// The quiet 'Block' link beside a person (ADR 069): a plain <a> to the confirmation page
// (/block/{id}), so it works without JavaScript and adds nothing to a page's first load. Where to
// come back to rides along as `redirectTo` (the server checks it again); its accessible name says who.
import { ButtonLink } from "~/components/ui/button";
import { cx } from "~/components/ui/cx";

/** /block/{id}, with where to land after blocking (`redirectTo`) and where 'Cancel' goes (`back`, else redirectTo). */
export function blockHref(userId: string, { redirectTo, back }: { redirectTo?: string; back?: string } = {}) {
  const query = new URLSearchParams({ ...(redirectTo ? { redirectTo } : {}), ...(back ? { back } : {}) }).toString();
  return query ? `/block/${userId}?${query}` : `/block/${userId}`;
}

/**
 *   <BlockLink userId={sellerId} name="Sally" redirectTo="/" back={`/listing/${listing.id}`} />
 */
export function BlockLink({
  userId,
  name,
  redirectTo,
  back,
  className,
}: {
  userId: string;
  name?: string | null;
  /** Where to land after blocking: not a page the block hides (a blocked seller's listing 404s). */
  redirectTo?: string;
  /** The page the link is on, when it is not `redirectTo` ('Cancel' on the confirmation goes there). */
  back?: string;
  className?: string;
}) {
  return (
    <ButtonLink
      to={blockHref(userId, { redirectTo, back })}
      variant="link"
      // A 24 px target (WCAG 2.2 target size) without taking more room than a line of small text.
      className={cx("inline-flex min-h-6 min-w-6 items-center text-xs font-normal text-slate-600 hover:text-slate-900", className)}
      aria-label={name ? `Block ${name}` : "Block this person"}
      rel="nofollow"
    >
      Block
    </ButtonLink>
  );
}
