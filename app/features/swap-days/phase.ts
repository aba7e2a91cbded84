// A Swap Day's phase (ADR 088): from its dates and what has happened (frozen, solved) — a pure function, so the
// pages, the scheduled job and the tests agree. The dates say when a phase may start; a solve publishes the
// results whenever it runs (at the results date by the job, or earlier by an organiser's 'Find the swaps').
import type { SwapDayPhase } from "~/shared/copy/swap-days";

export type PhaseDates = {
  itemsOpenAt: Date;
  wantsOpenAt: Date;
  listsCloseAt: Date;
  resultsAt: Date;
  handoverAt: Date;
  closesAt: Date;
  frozenAt: Date | null;
  solvedAt: Date | null;
};

export function swapDayPhase(day: PhaseDates, now: Date): SwapDayPhase {
  const t = now.getTime();
  if (t >= day.closesAt.getTime()) return "closed";
  if (day.solvedAt) return t >= day.handoverAt.getTime() ? "handover" : "results";
  if (day.frozenAt || t >= day.listsCloseAt.getTime()) return "frozen";
  if (t >= day.wantsOpenAt.getTime()) return "wants";
  if (t >= day.itemsOpenAt.getTime()) return "items";
  return "upcoming";
}

/** Phases in which the club page lists the Swap Day ("upcoming and open"). */
export const LISTED_PHASES: readonly SwapDayPhase[] = ["upcoming", "items", "wants", "frozen", "results", "handover"];
