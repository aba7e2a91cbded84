// The deal forms (ADR 068): one schema per action, shared by the form (conform) and the
// action. Who may take a step, and when, is the server's (app/features/trade/); these only read
// the body. Cash is dollars with at most two decimals, 0 … 100,000; messages ≤ 500 characters.
import { z } from "zod";
import { CONTROL_CHARACTERS_MESSAGE, hasControlCharacters } from "~/shared/text";

export const CASH_MAX_DOLLARS = 100_000;
export const DEAL_MESSAGE_MAX = 500;
export const REVIEW_COMMENT_MAX = 1_000;
export const REVIEW_REPLY_MAX = 500;
export const MEETUP_PLACE_MAX = 200;

/** The reasons a party may give for cancelling an accepted deal (value → words). */
export const CANCEL_REASONS = {
  changed_my_mind: "Changed my mind",
  no_show: "The other person did not show up",
  not_as_described: "Item not as described",
  found_elsewhere: "Found another deal",
  other: "Other",
} as const;
export type CancelReason = keyof typeof CANCEL_REASONS;

// The shared text rule (app/shared/text.ts): no control characters; textareas keep line breaks and tabs.
const singleLine = (v: string) => !hasControlCharacters(v);
const multiline = (v: string) => !hasControlCharacters(v, { multiline: true });

const dollars = z
  .number({ error: (issue) => (issue.input === undefined ? "Enter an amount" : "Enter a valid amount") })
  .min(0, "The amount must be 0 or more")
  .max(CASH_MAX_DOLLARS, "The amount can be at most $100,000")
  .refine((n) => Math.round(n * 100) === Number((n * 100).toFixed(6)), "Use at most two decimals");

const message = z
  .string()
  .trim()
  .max(DEAL_MESSAGE_MAX, `Keep the message under ${DEAL_MESSAGE_MAX} characters`)
  .refine(multiline, CONTROL_CHARACTERS_MESSAGE)
  .optional()
  .transform((v) => v || null);

/** Whose side the cash is on: the proposer pays (an offer), or the owner adds cash to a swap. */
const cashFrom = z.enum(["proposer", "owner"], { error: "Choose who pays" }).default("proposer");

/** Make an offer (cash) or propose a swap (listings, plus or minus cash) on a listing. */
export const ProposeDealSchema = z.object({
  intent: z.literal("propose"),
  cash: dollars.default(0),
  cashFrom,
  message,
  /** Swap: the proposer's own listings offered. */
  offered: z.array(z.string().max(64)).max(5, "Offer at most 5 of your listings").default([]),
});

const revision = z.number({ error: "The offer could not be read. Please reload." }).int().min(1).max(5);

export const DealStepSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("counter"), revision, cash: dollars, cashFrom, message }),
  z.object({ intent: z.literal("accept"), revision }),
  z.object({ intent: z.literal("decline"), revision }),
  z.object({ intent: z.literal("withdraw") }),
  z.object({
    intent: z.literal("meetup"),
    /** A suggested safe place's id, or empty for a place typed freely. */
    spot: z.string().max(64).optional(),
    place: z
      .string()
      .trim()
      .max(MEETUP_PLACE_MAX, `Keep the place under ${MEETUP_PLACE_MAX} characters`)
      .refine(singleLine, CONTROL_CHARACTERS_MESSAGE)
      .optional(),
    /** `datetime-local`: YYYY-MM-DDTHH:MM, the meeting's local day and time. */
    at: z.string({ error: "Choose a day and time" }).regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/, "Choose a day and time"),
  }),
  z.object({ intent: z.literal("confirm-meetup") }),
  z.object({ intent: z.literal("handed-over") }),
  z.object({
    intent: z.literal("cancel"),
    reason: z.enum(Object.keys(CANCEL_REASONS) as [CancelReason, ...CancelReason[]], { error: "Choose a reason" }),
    note: z
      .string()
      .trim()
      .max(DEAL_MESSAGE_MAX, `Keep the note under ${DEAL_MESSAGE_MAX} characters`)
      .refine(multiline, CONTROL_CHARACTERS_MESSAGE)
      .optional(),
  }),
  z.object({
    intent: z.literal("review"),
    rating: z.number({ error: "Choose 1 to 5 stars" }).int().min(1, "Choose 1 to 5 stars").max(5, "Choose 1 to 5 stars"),
    comment: z
      .string()
      .trim()
      .max(REVIEW_COMMENT_MAX, `Keep the review under ${REVIEW_COMMENT_MAX} characters`)
      .refine(multiline, CONTROL_CHARACTERS_MESSAGE)
      .optional()
      .transform((v) => v || null),
  }),
  z.object({
    intent: z.literal("reply"),
    reply: z
      .string({ error: "Write a reply" })
      .trim()
      .min(1, "Write a reply")
      .max(REVIEW_REPLY_MAX, `Keep the reply under ${REVIEW_REPLY_MAX} characters`)
      .refine(multiline, CONTROL_CHARACTERS_MESSAGE),
  }),
]);

export type DealStepInput = z.output<typeof DealStepSchema>;

/** Dollars (as the form sends them) → whole cents, without float drift. */
export const toCents = (value: number) => Math.round(value * 100);
