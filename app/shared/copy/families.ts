// The words of teens' accounts and guardians (ADR 092), sent by loaders as data.

export const PENDING_GUARDIAN_MESSAGE =
  "Your account is waiting for a parent or guardian to confirm. Until then you can browse and save favorites.";

/**
 * After the age step for Google (ADR 092): the flow continues from a link on /auth, not from the step's
 * redirect — CSP form-action 'self' blocks a form POST whose redirects end at the provider.
 */
export const GOOGLE_AFTER_AGE_TOAST = {
  title: "One more step",
  description: "Continue with Google to finish creating your account.",
  variant: "success",
} as const;

export const UNDER_13 = {
  title: "You can't have your own account yet",
  body: "LockerSwap accounts are for people 13 and over. A parent or guardian can add you to their family on their own account, so they can find gear that fits you.",
  nothingKept: "We haven't kept anything you entered.",
};

export const GUARDIAN_TEXT = {
  pendingTitle: "Your guardian",
  pending: "A parent or guardian needs to confirm your account before you can message, list, make offers or join clubs.",
  linked: "Your guardian can see your listings, deals and conversations, and approves your deals.",
  sent: "We sent your guardian an email. They confirm with the button in it.",
  ownEmail: "Enter your parent or guardian's email address, not your own",
  confirmTitle: "Be a guardian on LockerSwap",
  confirmBody:
    "A teen asked you to be their parent or guardian on LockerSwap. You will see their listings, deals and conversations, and approve their deals.",
  problem: {
    invalid: "This guardian link is not valid or was already used.",
    expired: "This guardian link has expired. Ask your teen to send a new one.",
    wrongAccount: "This link was sent to another email address. Sign in with the address it was sent to.",
    notAdult: "A guardian must be an adult account.",
    self: "You cannot be your own guardian.",
  },
} as const;
