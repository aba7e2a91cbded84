// The actions of a Swap Day's page, /club/{slug}/swap-days/{id} (ADR 088): one schema for the offer form and the
// route's action. Apart from the create form's schema, so each route's intents are its own.
import type { SubmissionResult } from "@conform-to/react";
import { z } from "zod";
import { SWAP_DAY_TEXT } from "~/shared/copy/swap-days";
/** A cash limit in dollars, optional (empty: no limit); whole cents, 0 … $100,000 (ADR 080 "Cash"). */
export const limit = z
  .number({ error: SWAP_DAY_TEXT.limitInvalid })
  .min(0, SWAP_DAY_TEXT.limitInvalid)
  .max(100_000, SWAP_DAY_TEXT.limitTooHigh)
  .refine((n) => Math.round(n * 100) === Number((n * 100).toFixed(6)), SWAP_DAY_TEXT.limitInvalid)
  .optional();

const OfferItemSchema = z.object({
  intent: z.literal("offer"),
  listingId: z.uuid({ error: SWAP_DAY_TEXT.listingRequired }),
  addUpTo: limit,
  needBack: limit,
});

/** The actions of /club/{slug}/swap-days/{id}: offer a listing, withdraw an item, close the lists (organisers). */
export const SwapDayActionSchema = z.discriminatedUnion("intent", [
  OfferItemSchema,
  z.object({ intent: z.literal("withdraw"), itemId: z.uuid() }),
  z.object({ intent: z.literal("freeze") }),
  // 'Find the swaps' (organisers, lists closed): the solve runs after the answer (ADR 089).
  z.object({ intent: z.literal("solve") }),
]);
export type OfferItemActionData = { result: SubmissionResult<string[]> };
