// Every text of the deal page and the deal mails (ADR 068): toasts, refusals in words, state
// labels, buttons. Plain strings and small functions — components, web and features import it.
import type { DealKind, DealState } from "#db/schema/enums";
import { SAFETY_TEXT } from "./safety";

export type DealToast = { title: string; description?: string; variant: "success" | "destructive" };
const done = (title: string, description?: string): DealToast => ({ title, description, variant: "success" });

/** After a step committed. */
export const DEAL_TOASTS = {
  offerSent: done("Offer sent"),
  countered: done("Counter-offer sent"),
  accepted: done("Offer accepted"),
  declined: done("Offer declined"),
  withdrawn: done("Offer withdrawn"),
  meetupProposed: done("Meeting place proposed"),
  meetupConfirmed: done("Meeting place confirmed"),
  handedOver: done("Marked as handed over"),
  completed: done("Deal completed"),
  cancelled: done("Deal cancelled"),
  reviewSaved: done("Review saved"),
  replyPosted: done("Reply posted"),
} as const satisfies Record<string, DealToast>;

export const DEAL_STATE_LABELS: Readonly<Record<DealState, string>> = {
  proposed: "Offer open",
  accepted: "Accepted — agree on a meeting place",
  meetup_agreed: "Meeting place agreed",
  handed_over: "Handed over by one side",
  completed: "Completed",
  declined: "Declined",
  withdrawn: "Withdrawn",
  expired: "Expired",
  voided: "Called off",
  cancelled: "Cancelled",
  lapsed: "Lapsed",
};

/** What happened to a deal, in words, when a step lost to it (wrongState after a race, or a late page). */
export function whatHappened(state: DealState): string {
  switch (state) {
    case "proposed":
      return "This offer is still open, but that step is not possible now.";
    case "accepted":
    case "meetup_agreed":
    case "handed_over":
      return "This offer was already accepted.";
    case "completed":
      return "This deal is already completed.";
    case "declined":
      return "This offer was declined.";
    case "withdrawn":
      return "This offer was withdrawn.";
    case "expired":
      return "This offer expired.";
    case "voided":
      return "This offer was called off: a listing in it changed, sold or was removed.";
    case "cancelled":
      return "This deal was cancelled.";
    case "lapsed":
      return "This deal lapsed: nobody marked it as handed over in time.";
  }
}

/** Refusals of a step, in words (deal-machine.ts Refusal, plus deals.server's and reviews.server's). */
export const DEAL_REFUSALS = {
  notYourTurn: "This offer is waiting for the other person's answer.",
  notYours: "Only the person who made the offer can withdraw it.",
  staleRevision: "The terms changed while you were looking. Here is the latest offer.",
  expired: "This offer expired.",
  revisionLimit: "This offer has been countered 5 times: accept or decline it.",
  noMeetupToConfirm: "There is no meeting place from the other person to confirm.",
  alreadyHandedOver: "You already marked this as handed over.",
  onHold: "Another offer on this listing was accepted first.",
  listingChanged: "A listing in this offer changed or was removed, so it cannot be accepted. Ask for a new offer.",
  // ADR 088: an item offered to a Swap Day whose lists are closed is held until its results are out.
  swapDayHold: "A listing in this offer is held for a club Swap Day until its results are out.",
  notCompleted: "Reviews open once the deal is completed.",
  alreadyPublished: "Your review is published and can no longer be changed.",
  windowClosed: "The time to review this deal has passed.",
  notPublished: "You can reply once the review is published.",
  alreadyReplied: "You already replied to this review.",
  placeMissing: "Choose a suggested place or type one.",
  placeUnknown: "That suggested place is not available for this deal. Choose another or type one.",
  meetupInPast: "Choose a day and time from today on.",
  meetupInvalid: "Choose a real day and time.",
  meetupTooFar: "Choose a day within the next year.",
  noteTooLong: "Keep the note shorter.",
  blocked: SAFETY_TEXT.blockedRefusal,
} as const;

export const ON_HOLD = "On hold — another offer was accepted";
export const FORMER_MEMBER = "Former member";

export const DEAL_TEXT = {
  title: (kind: DealKind) => (kind === "swap" ? "Swap" : "Offer"),
  yourTurn: "Your turn",
  waitingFor: (name: string) => `Waiting for ${name}`,
  you: "You",
  history: "Offers and counter-offers",
  revision: (n: number) => `Revision ${n}`,
  cashNone: "No cash",
  cashPays: (payer: string, amount: string) => `${payer} ${payer === "You" ? "pay" : "pays"} ${amount}`,
  sideOf: (name: string) => (name === "You" ? "Your side" : `${name}'s side`),
  noListings: "No listings",
  listingGone: "no longer listed",
  handoff: "Handoff",
  meetingPlace: "Meeting place",
  noMeetingPlace: "No meeting place yet.",
  meetupBy: (name: string) => `Proposed by ${name}`,
  meetupConfirmed: "Confirmed",
  handedOverBy: (name: string) => `${name} marked it as handed over`,
  reviews: "Reviews",
  reviewHidden: "Hidden until both of you have reviewed, or 14 days after completion.",
  noReviewYet: "No review yet.",
  yourReview: "Your review",
  theirReview: (name: string) => `${name}'s review`,
  reply: (name: string) => `Reply from ${name}`,
  yourReply: "Your reply",
  closedBecause: (reason: string) => `Reason: ${reason}`,
  adminView: "Admin view: you can see this deal but not act on it.",
  stars: (n: number) => `${n} ${n === 1 ? "star" : "stars"}`,
} as const;

export const DEAL_FORM_TEXT = {
  counter: "Counter-offer",
  counterSubmit: "Send counter-offer",
  cash: "Cash ($)",
  cashFrom: "Who pays the cash",
  cashFromMe: "I pay",
  cashFromThem: (name: string) => `${name} pays`,
  message: "Message (optional)",
  accept: "Accept offer",
  decline: "Decline",
  withdraw: "Withdraw offer",
  meetup: "Propose a meeting place",
  meetupSubmit: "Propose meeting place",
  spot: "Suggested safe place",
  spotNone: "Type a place instead",
  place: "Or type a place",
  placeHelp: "A busy public place: a police station lobby, a library, your club's field.",
  at: "Day and time",
  confirmMeetup: "Confirm meeting place",
  handOver: "Mark as handed over",
  handOverHelp: "When both of you mark it, the deal is completed.",
  cancel: "Cancel deal",
  cancelSubmit: "Cancel the deal",
  reason: "Reason",
  reasonPlaceholder: "Choose a reason",
  note: "Note (optional)",
  review: "Review",
  reviewEdit: "Edit your review",
  rating: "Rating",
  comment: "Comment (optional)",
  reviewSubmit: "Save review",
  reply: "Reply to the review",
  replyLabel: "Your reply",
  replySubmit: "Post reply",
} as const;

// ---------------------------------------------------------------------------------------------
// Mails (the mail adapter; the dev outbox locally)
// ---------------------------------------------------------------------------------------------

type MailText = { subject: string; text: string };
const signature = "\n\nMeet in a busy public place, check the gear before you pay, and mark the deal as handed over on LockerSwap.";

export const DEAL_MAILS = {
  offerReceived: (from: string, title: string, link: string): MailText => ({
    subject: `New offer on ${title}`,
    text: `${from} made you an offer on ${title}.\n\nSee it and answer within 48 hours: ${link}${signature}`,
  }),
  countered: (from: string, title: string, link: string): MailText => ({
    subject: `Counter-offer on ${title}`,
    text: `${from} sent a counter-offer on ${title}.\n\nSee the new terms and answer within 48 hours: ${link}${signature}`,
  }),
  accepted: (from: string, title: string, link: string): MailText => ({
    subject: `Offer accepted: ${title}`,
    text: `${from} accepted the offer on ${title}.\n\nAgree on a safe meeting place and a time: ${link}${signature}`,
  }),
  reminder: (from: string, title: string, link: string): MailText => ({
    subject: `Reminder: an offer on ${title} is waiting for you`,
    text: `${from} is waiting for your answer on ${title}. The offer expires 48 hours after it was made.\n\nAnswer here: ${link}${signature}`,
  }),
} as const;

/** One line per deal step waiting for someone (ADR 068): the bell's menu and the away e-mail (ADR 073). */
export function dealWaitingLine(kind: "offer" | "turn" | "meetup" | "handoff" | "review", title: string, otherName: string): string {
  switch (kind) {
    case "offer":
      return `${otherName} made an offer on ${title}`;
    case "turn":
      return `Your turn: ${title}`;
    case "meetup":
      return `Confirm the meeting place for ${title}`;
    case "handoff":
      return `Confirm the handoff of ${title}`;
    case "review":
      return `Review your deal for ${title}`;
  }
}
