// Age from a birth year and month (ADR 092): the only dates LockerSwap asks for. With no day, an
// age is certain only from the month after the birthday month, so every threshold is read that
// way: a person counts as 13 (may have an account) or 18 (an adult) from the first day of the
// month after the one they were born in, 13 or 18 years on — never a day early.

/** Months since year 0 of a calendar month (month 1–12): one number to compare. */
export const monthIndex = (year: number, month: number) => year * 12 + (month - 1);

/** The month index of `now` in UTC. */
export const monthIndexOf = (now: Date) => monthIndex(now.getUTCFullYear(), now.getUTCMonth() + 1);

export const ACCOUNT_MIN_AGE = 13;
export const ADULT_AGE = 18;

/** Whether someone born in `year`/`month` is certainly `years` old on `now`. */
export function isAtLeast(years: number, birth: { year: number; month: number }, now: Date): boolean {
  return monthIndexOf(now) - monthIndex(birth.year, birth.month) > years * 12;
}

export type AgeBand = "child" | "teen" | "adult";

/** Under 13: no account; 13–17: an account under a guardian; 18 and over: a plain account. */
export function ageBandOf(birth: { year: number; month: number }, now: Date): AgeBand {
  if (!isAtLeast(ACCOUNT_MIN_AGE, birth, now)) return "child";
  return isAtLeast(ADULT_AGE, birth, now) ? "adult" : "teen";
}

/**
 * The smallest birth month index of a minor on `now`: a person is a minor while
 * `birth_year * 12 + birth_month - 1 >= minorSinceIndex(now)`. The SQL reads (viewer, guardian
 * rules) compare with this one number, so a teen turning 18 becomes an adult with no job to run.
 */
export const minorSinceIndex = (now: Date) => monthIndexOf(now) - ADULT_AGE * 12;
