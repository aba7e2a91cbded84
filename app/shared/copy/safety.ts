// Every text of reports, blocks, suspensions and warnings (issue 21). Plain strings and small
// functions — components, web and features import it.
import type { ReportReason, ReportTargetType } from "#db/schema/enums";

export const REPORT_REASON_LABELS: Readonly<Record<ReportReason, string>> = {
  scam: "Scam or fraud",
  prohibited: "Prohibited item",
  harassment: "Harassment",
  inappropriate: "Inappropriate content",
  no_show: "No-show at a meeting",
  other: "Other",
};

export const REPORT_TARGET_LABELS: Readonly<Record<ReportTargetType, string>> = {
  listing: "listing",
  listing_message: "listing question or reply",
  club_message: "club message",
  direct_message: "direct message",
  item_request: "item request",
  deal: "deal",
  club: "club",
  user: "person",
};

export const SAFETY_TEXT = {
  reportSent: "Report sent",
  alreadyReported: "You have already reported this. A moderator will look at it.",
  reportOwn: "You can't report your own content.",
  reportGone: "This is no longer on LockerSwap, so there is nothing to report.",
  reportRateLimited: "You have sent many reports in a short time. Please wait an hour and try again.",
  otherNeedsDetails: "Please tell us what is wrong",
  blockSelf: "You can't block yourself.",
  blocked: (name: string) => `${name} is blocked`,
  unblocked: (name: string) => `${name} is unblocked`,
  /** The refusal for anything sent between two people when one has blocked the other. */
  blockedRefusal: "You can't contact this person.",
  dealClosed: "This deal was closed",
  blockedMessage: "Message from a blocked member",
} as const;

/** What a block does, said on its confirmation before it is done. */
export const BLOCK_CONSEQUENCES = [
  "Neither of you can send the other a message, a question about a listing or an offer.",
  "Offers between you are called off, and accepted deals are cancelled.",
  "You stop seeing each other's listings, and your conversations are hidden until you unblock.",
  "In clubs you share, their messages are collapsed for you.",
  "They are not told that you blocked them.",
] as const;

const dateFormat = new Intl.DateTimeFormat("en-US", { month: "long", day: "numeric", year: "numeric", timeZone: "UTC" });

/** 'Your account is suspended until {date}' — the refusal of every write while suspended. */
export function suspendedMessage(endsAt: Date | string | null): string {
  return endsAt === null
    ? "Your account is suspended until a moderator lifts it"
    : `Your account is suspended until ${dateFormat.format(new Date(endsAt))}`;
}
