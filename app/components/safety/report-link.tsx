// The quiet 'Report' link beside what can be reported (ADR 069). A plain <a> to the report page,
// so it works without JavaScript and brings nothing with it: no dialog, no lazy chunk. It sits on
// visitor pages near their first-load budget (ADR 033), so it is as small as it can be — the caller
// writes the accessible name, which says what is reported ('Report message from Mel').
import type { ReportTargetType } from "#db/schema/enums";
import { ButtonLink } from "~/components/ui/button";
import { cx } from "~/components/ui/cx";

/**
 *   <ReportLink type="listing" id={listing.id} label="Report this listing" />
 *   <ReportLink type="club_message" id={message.id} label={`Report message from ${name}`} />
 */
export function ReportLink({ type, id, label, className }: { type: ReportTargetType; id: string; label: string; className?: string }) {
  return (
    <ButtonLink
      // Row ids are UUIDs and types plain words: nothing to escape.
      to={`/report?type=${type}&id=${id}`}
      variant="link"
      // A 24 px target (WCAG 2.2 target size) in a line of small text. The word is drawn by CSS and
      // the name is `label`: the link adds no text to what it sits in (a message's text stays the message's).
      className={cx("inline-flex min-h-6 min-w-6 items-center text-xs font-normal text-slate-600 after:content-['Report']", className)}
      aria-label={label}
      rel="nofollow"
    />
  );
}
