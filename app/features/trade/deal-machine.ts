// The deal machine (ADR 068): which step may happen in which state, by which party, and
// what state it leads to — as data, pure, no I/O. The permission table (permissions/deal.ts) says
// *who* may act on a deal at all; this says *when*. deals.server.ts turns the same rules into the
// WHERE of one conditional UPDATE per step, so the database decides between two requests at once,
// and uses `decide` again on the row it lost to, to tell the loser what happened.
import type { DealParty, DealState } from "#db/schema";
import { DEAL_PERMISSIONS } from "../permissions/deal";
import { grants } from "../permissions/table";

export const OPEN_DEAL_STATES = ["proposed", "accepted", "meetup_agreed", "handed_over"] as const satisfies readonly DealState[];

export const MAX_REVISIONS = 5;
const HOUR = 60 * 60 * 1000;
const DAY = 24 * HOUR;
/** An offer unanswered this long after its last revision expires; a reminder goes out at half of it. */
export const OFFER_TTL_MS = 48 * HOUR;
export const OFFER_REMINDER_MS = 24 * HOUR;
/** One side marked it handed over and nobody cancelled for this long: completed. */
export const AUTO_COMPLETE_MS = 72 * HOUR;
/** No hand-over this long after the meeting day (or the acceptance, with no meeting day): lapsed. */
export const LAPSE_AFTER_MEETUP_MS = 7 * DAY;
/** Reviews are hidden until both parties reviewed or this long after completion. */
export const REVIEW_BLIND_MS = 14 * DAY;

export type DealStep =
  "counter" | "accept" | "decline" | "withdraw" | "proposeMeetup" | "confirmMeetup" | "handOver" | "cancel" | "review" | "reply";

type Rule = {
  from: readonly DealState[];
  /** Only the party whose turn it is (an offer waits for their answer). */
  onTurn?: true;
  /** The state it leads to; null keeps the state (a review, a reply). */
  to: DealState | null;
};

/** The machine. `handOver` leads to handed_over, or to completed when the other side already did (`decide`). */
export const DEAL_RULES: Readonly<Record<DealStep, Rule>> = {
  counter: { from: ["proposed"], onTurn: true, to: "proposed" },
  accept: { from: ["proposed"], onTurn: true, to: "accepted" },
  decline: { from: ["proposed"], onTurn: true, to: "declined" },
  // Which party may withdraw (the proposer) is the deal permission table's row, not repeated here.
  withdraw: { from: ["proposed"], to: "withdrawn" },
  // Proposing another place after one was agreed opens it again for the other side to confirm.
  proposeMeetup: { from: ["accepted", "meetup_agreed"], to: "accepted" },
  confirmMeetup: { from: ["accepted"], to: "meetup_agreed" },
  handOver: { from: ["meetup_agreed", "handed_over"], to: "handed_over" },
  cancel: { from: ["accepted", "meetup_agreed", "handed_over"], to: "cancelled" },
  review: { from: ["completed"], to: null },
  reply: { from: ["completed"], to: null },
};

/** What a step needs to know about the deal (a row of `deals`, or the part of it that matters). */
export type DealFacts = {
  state: DealState;
  turn: DealParty | null;
  revision: number;
  lastRevisionAt: Date;
  meetupProposedBy: DealParty | null;
  meetupPlace: string | null;
  handedOverByProposerAt: Date | null;
  handedOverByOwnerAt: Date | null;
};

export type Refusal =
  | "wrongState" // the deal is not in a state where this step exists (already accepted, withdrawn …)
  | "notYourTurn" // the offer waits for the other party
  | "notYours" // only the other party may take this step (withdraw is the proposer's)
  | "staleRevision" // the terms changed since the page was loaded
  | "expired" // unanswered for 48 h
  | "revisionLimit" // a sixth revision
  | "noMeetupToConfirm" // nothing proposed, or it is your own proposal
  | "alreadyHandedOver"; // this side already marked it

export type Decision = { ok: true; to: DealState | null } | { ok: false; refusal: Refusal };

export const other = (party: DealParty): DealParty => (party === "proposer" ? "owner" : "proposer");

export function isExpired(deal: Pick<DealFacts, "state" | "lastRevisionAt">, now: Date): boolean {
  return deal.state === "proposed" && now.getTime() - deal.lastRevisionAt.getTime() >= OFFER_TTL_MS;
}

export function handedOverBy(deal: Pick<DealFacts, "handedOverByProposerAt" | "handedOverByOwnerAt">, party: DealParty): boolean {
  return (party === "proposer" ? deal.handedOverByProposerAt : deal.handedOverByOwnerAt) !== null;
}

/**
 * Whether `party` may take `step` on `deal` now, and the state it leads to. `seenRevision` is the
 * revision the party's page showed (counter, accept, decline cite it: you accept what you saw).
 */
export function decide(deal: DealFacts, party: DealParty, step: DealStep, now: Date, seenRevision?: number): Decision {
  const rule = DEAL_RULES[step];
  if (!rule.from.includes(deal.state)) return { ok: false, refusal: "wrongState" };
  // *Who* may take the step is the permission table's (permissions/deal.ts): a party without it is refused.
  if (!grants(DEAL_PERMISSIONS, [party], step)) return { ok: false, refusal: "notYours" };
  if (deal.state === "proposed" && isExpired(deal, now)) return { ok: false, refusal: "expired" };
  if (rule.onTurn && deal.turn !== party) return { ok: false, refusal: "notYourTurn" };
  if (seenRevision !== undefined && seenRevision !== deal.revision) return { ok: false, refusal: "staleRevision" };
  switch (step) {
    case "counter":
      if (deal.revision >= MAX_REVISIONS) return { ok: false, refusal: "revisionLimit" };
      break;
    case "confirmMeetup":
      if (!deal.meetupPlace || deal.meetupProposedBy !== other(party)) return { ok: false, refusal: "noMeetupToConfirm" };
      break;
    case "handOver":
      if (handedOverBy(deal, party)) return { ok: false, refusal: "alreadyHandedOver" };
      if (handedOverBy(deal, other(party))) return { ok: true, to: "completed" };
      break;
  }
  return { ok: true, to: rule.to };
}

/** The steps `party` may take now: the forms a deal page shows. */
export function availableSteps(deal: DealFacts, party: DealParty, now: Date): DealStep[] {
  return (Object.keys(DEAL_RULES) as DealStep[]).filter((step) => decide(deal, party, step, now).ok);
}

/** What the clock does to an open deal at `now` (the scheduled job, ADR 068). */
export type ClockEffect = "expire" | "remind" | "autoComplete" | "lapse" | null;

export function clockEffect(
  deal: DealFacts & { reminderSentAt: Date | null; acceptedAt: Date | null; meetupAt: Date | null },
  now: Date,
): ClockEffect {
  const t = now.getTime();
  switch (deal.state) {
    case "proposed": {
      const since = t - deal.lastRevisionAt.getTime();
      if (since >= OFFER_TTL_MS) return "expire";
      if (since >= OFFER_REMINDER_MS && (!deal.reminderSentAt || deal.reminderSentAt < deal.lastRevisionAt)) return "remind";
      return null;
    }
    case "handed_over": {
      const first = [deal.handedOverByProposerAt, deal.handedOverByOwnerAt].filter((d): d is Date => d !== null);
      const firstAt = Math.min(...first.map((d) => d.getTime()));
      return first.length && t - firstAt >= AUTO_COMPLETE_MS ? "autoComplete" : null;
    }
    case "accepted":
    case "meetup_agreed": {
      const from = deal.meetupAt ?? deal.acceptedAt;
      return from && t - from.getTime() >= LAPSE_AFTER_MEETUP_MS ? "lapse" : null;
    }
    default:
      return null;
  }
}
