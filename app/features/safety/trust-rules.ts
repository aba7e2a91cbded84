// The trust rules as data (ADR 095): how much a report weighs, what total hides content pending
// review, how many established reporters silence a person, what a new account may do before it has
// earned its limits. Pure values: the SQL that applies them is in held-content.server.ts,
// earned-limits.server.ts and moderation/weighted-reports.server.ts; tests cover each edge.
import type { HeldTargetType } from "#db/schema";

/**
 * A report's weight — Discourse's reviewable score: 1 + a trust bonus + an accuracy bonus, never
 * below `floor`. Read from the reporter's record when they report and stored on the report.
 */
export const REPORT_WEIGHT = {
  base: 1,
  /** The reporter has earned their limits (a completed deal, or a club membership of 7 days). */
  establishedBonus: 1,
  /** The reporter is an active member of a club the reported person is in. */
  sharedClubBonus: 1,
  /** Per earlier report of theirs a moderator upheld (removed, warned, suspended, deleted), up to `upheldMax`. */
  perUpheld: 0.5,
  upheldMax: 2,
  /** Per earlier report of theirs a moderator dismissed, down to `dismissedMin`. */
  perDismissed: -0.5,
  dismissedMin: -1,
  /** Per first message of theirs that raised a scam warning (scam-signals.ts), down to `scamMin`. */
  perScamWarning: -0.5,
  scamMin: -1,
  floor: 0,
} as const;

/**
 * The total weight of open reports (one per person) at which content is hidden pending review:
 * three established members who share a club with its owner (3 + 3 + 3 = 9) pass; two (6) do not.
 */
export const HOLD_THRESHOLDS: Readonly<Record<HeldTargetType, number>> = {
  listing: 7,
  listing_message: 7,
  club_message: 7,
  item_request: 7,
};

/** Reported for this reason by this many different established people → silenced until a moderator decides. */
export const SILENCE_RULE = { reason: "scam", establishedReporters: 3 } as const;

/**
 * New accounts earn their limits (spec-level rule of ADR 095): until a completed deal, or an active
 * club membership approved `probationDays` ago, a person may list `listingsPerDay` a day, write a
 * first message to `firstMessagesPerDay` new people a day, and send no links. Promotion is never by
 * account age alone.
 */
export const EARNED_LIMITS = {
  probationDays: 7,
  listingsPerDay: 5,
  firstMessagesPerDay: 10,
  linksAllowed: false,
  windowMs: 24 * 60 * 60 * 1000,
} as const;
