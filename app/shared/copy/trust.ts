// The words of the trust rules (ADR 095): limits stated when hit, the scam warning, holds, silences.
// Data for loaders and actions. The numbers are features/safety/trust-rules.ts's EARNED_LIMITS (a test
// holds them equal).

export const TRUST_TEXT = {
  listingLimit: `New accounts can list 5 items a day; it lifts after your first completed deal or a week in a club.`,
  firstMessageLimit: `New accounts can write to 10 new people a day; it lifts after your first completed deal or a week in a club.`,
  noLinks: "New accounts can't send links in messages; it lifts after your first completed deal or a week in a club.",
  heldNotice:
    "This is hidden from others pending review: several members reported it. A moderator will look at it; you can appeal meanwhile.",
  silenced: "Your account can read but not post while a moderator reviews reports about it. You can appeal.",
  disposableEmail: "Please use a permanent e-mail address. Throwaway e-mail services can't be used to sign up.",
} as const;
