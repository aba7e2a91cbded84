// Every text of reports, blocks, suspensions and warnings (ADR 069). Plain strings and small
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

/** A report's details (the table's CHECK agrees); here, not in the schema, so the page need not load zod for it. */
export const REPORT_DETAILS_MAX = 1000;

export const SAFETY_TEXT = {
  reportSent: "Report sent",
  alreadyReported: "You have already reported this. A moderator will look at it.",
  reportOwn: "You can't report your own content.",
  reportSelf: "You can't report yourself.",
  reportGone: "This is no longer on LockerSwap, so there is nothing to report.",
  reportRateLimited: "You have sent many reports in a short time. Please wait an hour and try again.",
  otherNeedsDetails: "Please tell us what is wrong",
  reportReasonRequired: "Choose a reason",
  reportDetailsTooLong: "Keep the details under 1,000 characters",
  reportIntro: "Tell us what is wrong. Moderators review every report; the person is not told who reported them.",
  reportNotFound: "Nothing to report",
  blockSelf: "You can't block yourself.",
  blocked: (name: string) => `${name} is blocked`,
  unblocked: (name: string) => `${name} is unblocked`,
  /** The refusal for anything sent between two people when one has blocked the other. */
  blockedRefusal: "You can't contact this person.",
  dealClosed: "This deal was closed",
  blockedMessage: "Message from a blocked member",
  /** Opens a collapsed message of someone the viewer blocked. */
  showBlockedMessage: "Show",
  /** Closes it again. */
  hideBlockedMessage: "Hide",
} as const;

/** What a block does, said on its confirmation before it is done. */
export const BLOCK_CONSEQUENCES = [
  "Neither of you can send the other a message, a question about a listing or an offer.",
  "Offers between you are called off, and accepted deals are cancelled.",
  "You stop seeing each other's listings, and your conversations are hidden until you unblock.",
  "In clubs you share, their messages are collapsed for you.",
  "They are not told that you blocked them.",
] as const;

/** The block confirmation page (/block/{userId}). ('Blocked people' on /player-profile: blocked-people.tsx.) */
export const BLOCK_PAGE_TEXT = {
  title: (name: string) => `Block ${name}?`,
  intro: "If you block this person:",
  block: (name: string) => `Block ${name}`,
  unblockTitle: (name: string) => `${name} is blocked`,
  unblockIntro: "Unblocking lets you reach each other again: your hidden conversations and listings come back. They are not told.",
  unblock: (name: string) => `Unblock ${name}`,
  cancel: "Cancel",
  back: "Go back",
  notFound: "There is nobody here to block.",
} as const;

/** The 'Reports' section of /club/{slug}/manage (ADR 069): a club's owner and admins moderate its content. */
export const CLUB_MODERATION_TEXT = {
  heading: "Reports",
  intro: "Members' reports about messages, announcements and item requests in this club. Reporters are not named.",
  empty: "No open reports",
  kinds: { chat: "Chat message", announcement: "Announcement", request: "Item request" },
  gone: "This is no longer in the club.",
  dismiss: "Dismiss",
  removeMessage: "Remove message",
  removeRequest: "Remove request",
  removeMember: "Remove member",
  removeMessageAndMember: "Remove message and member",
  removeRequestAndMember: "Remove request and member",
  dismissed: "Report dismissed",
  messageRemoved: "Message removed",
  requestRemoved: "Request removed",
  memberRemoved: "Member removed",
  alreadyHandled: "Already handled",
  alreadyHandledDetail: "Another moderator has already acted on this report.",
  contentGone: "Already removed",
  contentGoneDetail: "This is no longer in the club. Dismiss the report to close it.",
} as const;

const dateFormat = new Intl.DateTimeFormat("en-US", { month: "long", day: "numeric", year: "numeric", timeZone: "UTC" });

/** 'Your account is suspended until {date}' — the refusal of every write while suspended. */
export function suspendedMessage(endsAt: Date | string | null): string {
  return endsAt === null
    ? "Your account is suspended until a moderator lifts it"
    : `Your account is suspended until ${dateFormat.format(new Date(endsAt))}`;
}

/** The moderation queue's answers (/admin/reports) and the warning banner (ADR 069). */
export const MODERATION_TEXT = {
  alreadyHandled: "Already handled",
  gone: "That is no longer on LockerSwap",
  notRemovable: "A deal or a person is not content: dismiss, warn, suspend or delete the account instead",
  noPerson: "There is no account to act on",
  self: "You cannot act on your own account",
  lastAdmin: "The last site admin cannot be deleted",
  forbidden: "You don't have moderator permissions",
  warned: (reason: ReportReason) =>
    `A moderator warned you about ${REPORT_REASON_LABELS[reason].toLowerCase()}. Please follow the community rules: another report may suspend your account.`,
  suspensionReason: (reason: ReportReason) => `Reason: ${REPORT_REASON_LABELS[reason]}.`,
} as const;

/** Suspension lengths offered (days), or until a moderator lifts it (here, not in the schema: the queue page shows them without loading zod). */
export const SUSPENSION_LENGTHS = ["1", "7", "30", "lifted"] as const;
export const SUSPENSION_LENGTH_LABELS: Record<(typeof SUSPENSION_LENGTHS)[number], string> = {
  "1": "1 day",
  "7": "7 days",
  "30": "30 days",
  lifted: "Until lifted",
};

/** The stolen-photo matches in the site moderation queue (ADR 094). */
export const PHOTO_MATCH_TEXT = {
  heading: "Photo matches another member's listing",
  sectionIntro:
    "A listing's photo is near a photo of another account's listing, or of a photo a moderator removed. The seller has not been told.",
  listingCaption: "Matched listing",
  removedCaption: "Removed by a moderator",
  listingGone: "That listing's photo is no longer listed.",
  removedGone: "The photo was removed by a moderator; only its fingerprint was kept.",
  upholdDescription: "The listing is removed as a moderator's removal does; its open offers are closed. The match goes to the audit log.",
  dismissDescription: "The listing stays as it is and this photo is not queued again. The decision goes to the audit log.",
  none: "No photo matches waiting.",
} as const;
