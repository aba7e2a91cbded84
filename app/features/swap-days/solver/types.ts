// The swap solver's plain data in and out (ADR 080). No database, no clock, no I/O: the same input gives the same
// result, byte for byte, on any machine.

/** An offered item. Prices and limits are whole cents. */
export interface SwapItem {
  id: string;
  owner: string;
  /** What the item is worth for the cash rule (ADR 080 "Cash"); absent = 0. */
  priceCents?: number;
  /** "I'd add up to $X": this item is never exchanged for one priced more than X above it. */
  addUpToCents?: number;
  /** "I need at least $Y back": this item is only exchanged for one priced at least Y below it. */
  needBackCents?: number;
}

/**
 * "Any one of these" (TradeMaximizer's dummy item): its owner receives at most one of `members` through it.
 * Members are items, or other groups of the same owner.
 */
export interface AnyOfGroup {
  id: string;
  owner: string;
  members: string[];
}

/** The owner of `item` would take `wants` (an item, or one of their own groups) in exchange for it. */
export interface SwapWant {
  item: string;
  wants: string;
  /** 1 = first choice; a tie-break only, the count of items traded comes first. TradeMaximizer's priority cost. */
  rank?: number;
}

/** 'table': rings of any length (one swap table). 'meetup': rings of at most 3 items (people meet each other). */
export type SwapMode = "table" | "meetup";

export interface SwapInput {
  items: SwapItem[];
  groups?: AnyOfGroup[];
  wants: SwapWant[];
  /** Pairs of owners who must never be in one ring (either blocked the other). */
  blocks?: Array<[string, string]>;
  mode: SwapMode;
  /** Decides among solutions equal in count, rank and spread; a positive integer. */
  seed: number;
  /** Table mode: how many seeded tie-break solves to try, keeping the one where most members receive. Default 1. */
  iterations?: number;
}

/** One item's part in a ring: it goes to `givesTo`'s owner; its owner receives `receives`. */
export interface RingStep {
  item: string;
  owner: string;
  receives: string;
  receivesFrom: string;
  /** The owner's "any one of these" groups the received item came through (each group serves one step at most). */
  via: string[];
  givesTo: string;
  /** Cash its owner gets (positive) or pays (negative): price of the item given minus price of the item received. */
  cashCents: number;
}

export interface Payment {
  from: string;
  to: string;
  cents: number;
}

export interface SwapRing {
  /** In ring order: each step receives the next step's item; the last receives the first's. */
  steps: RingStep[];
  /** Cash settled between neighbours in the ring (the receiver pays its giver), the fewest cents that balance. */
  payments: Payment[];
}

export interface SwapResult {
  mode: SwapMode;
  rings: SwapRing[];
  /** Real items that change hands (groups are not counted). */
  itemsTraded: number;
  /** Real items offered. */
  itemsTotal: number;
  /** Distinct members who receive at least one item. */
  membersReceiving: number;
  /** Sum of the ranks of the wants used (an unranked want counts 1). */
  rankCost: number;
  notTraded: string[];
  /** True when the count is proven the maximum (always in table mode unless the block search hit its cap). */
  optimal: boolean;
  /** The proven upper bound on itemsTraded (= itemsTraded when optimal). */
  upperBound: number;
}

export class SwapInputError extends Error {}
