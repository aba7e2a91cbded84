// The words of appeals (ADR 099): the page, the admin queue and the mail that tells the outcome.
// Data for loaders and actions; kept off every other page's JavaScript.
import type { AppealableSubject } from "~/shared/schemas/appeal";

export const APPEAL_SUBJECT_LABELS: Record<AppealableSubject, string> = {
  hold: "Hidden pending review",
  removal: "Removed by a moderator",
  warning: "Warning",
  suspension: "Suspension",
  silence: "Posting paused",
};

export const APPEAL_TEXT = {
  intro:
    "If you think a moderator's decision about you or your content is wrong, tell us why. A site admin who did not make the decision reads it and either reverses the decision or keeps it. You can appeal each decision once.",
  none: "There is nothing to appeal: no decision about you or your content stands now.",
  sent: "Appeal sent. A site admin will look at it; you will get an e-mail with the outcome.",
  already: "You have already appealed this decision. You will get an e-mail with the outcome.",
  notFound: "Decision not found",
  notFoundDetail: "This decision is not yours, or it no longer stands (it was lifted or has ended).",
  status: {
    open: "Appeal sent, waiting for a site admin",
    upheld: "Appeal upheld: the decision was reversed",
    denied: "Appeal reviewed: the decision stands",
  },
  reverse: "Reverse the decision",
  uphold: "Keep the decision",
  ownDecision: "Another site admin must decide this appeal: the decision was yours.",
  queueIntro:
    "Appeals of decisions made by others, oldest first. Reversing restores the content (a removal's content is gone: its reports are dismissed and it leaves the person's record), lifts the suspension or the pause on posting, or withdraws the warning; the person is told by e-mail.",
} as const;

const WHAT: Record<AppealableSubject, string> = {
  hold: "the hiding of your content pending review",
  removal: "the removal of your content",
  warning: "the warning on your account",
  suspension: "the suspension of your account",
  silence: "the pause on posting from your account",
};

/** The mail that tells the outcome (queued in the decision's batch). */
export function appealOutcomeMail(subject: AppealableSubject, reversed: boolean, origin: string) {
  return {
    subject: reversed ? "Your appeal was upheld" : "Your appeal was reviewed",
    text: reversed
      ? `A site admin reviewed your appeal of ${WHAT[subject]} and reversed the decision.\n\n${origin}/appeal\n`
      : `A site admin reviewed your appeal of ${WHAT[subject]}. The decision stands.\n\n${origin}/appeal\n`,
  };
}
