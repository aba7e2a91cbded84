// The gear library's forms (ADR 093): one schema per page's action, a discriminated union on `intent`, shared by
// the page and its action. Ids are minted by the page's loader (a retry stores once). Whether the item, size,
// request or unit is this club's — and free — is the feature's to judge, in the SQL.
import type { SubmissionResult } from "@conform-to/react";
import { z } from "zod";
import { GEAR_REQUEST_PERIODS, LISTING_CONDITIONS, SPORT_KEYS } from "#db/schema/enums";
import { GEAR_TEXT } from "~/shared/copy/club-gear";
import { optionalText, text } from "./text";

const day = z
  .string({ error: GEAR_TEXT.dateRequired })
  .regex(/^\d{4}-\d{2}-\d{2}$/, GEAR_TEXT.dateRequired)
  .refine((v) => {
    const at = new Date(`${v}T00:00:00Z`);
    return !Number.isNaN(at.getTime()) && at.toISOString().slice(0, 10) === v;
  }, GEAR_TEXT.dateRequired);
const size = text({ required: GEAR_TEXT.sizeRequired, max: 20 });
const count = z.coerce
  .number({ error: GEAR_TEXT.countRange })
  .int(GEAR_TEXT.countRange)
  .min(1, GEAR_TEXT.countRange)
  .max(100, GEAR_TEXT.countRange);
const code = z
  .string({ error: GEAR_TEXT.codeRequired })
  .trim()
  .toUpperCase()
  .regex(/^[A-Z0-9][A-Z0-9-]{1,11}$/, GEAR_TEXT.codeFormat);
const unitCode = z
  .string({ error: GEAR_TEXT.unitCodeRequired })
  .trim()
  .toUpperCase()
  .regex(/^[A-Z0-9][A-Z0-9-]{1,11}-\d{1,3}$/, GEAR_TEXT.unitCodeFormat);
const condition = z.enum(LISTING_CONDITIONS, { error: GEAR_TEXT.conditionRequired });
const id = z.uuid({ error: GEAR_TEXT.reload });

export const GearKeeperSchema = z.discriminatedUnion("intent", [
  z.object({
    intent: z.literal("add-item"),
    id,
    title: text({ required: GEAR_TEXT.titleRequired, max: 100 }),
    sport: z.enum(SPORT_KEYS, { error: GEAR_TEXT.sportRequired }),
    equipmentType: text({ required: GEAR_TEXT.typeRequired, max: 60 }),
    condition,
    tagCode: code,
    notes: optionalText({ max: 1000, multiline: true }),
    size,
    count,
  }),
  z.object({ intent: z.literal("add-units"), itemId: z.string().max(64), size, count }),
  z.object({
    intent: z.literal("check-out"),
    loanId: id,
    requestId: z.string().max(64),
    unitCode: unitCode.optional(),
    dueOn: day,
    // Empty: the unit's recorded condition.
    conditionOut: condition.optional(),
    deposit: optionalText({ max: 100 }),
  }),
  z.object({
    intent: z.literal("check-in"),
    unitCode,
    conditionIn: condition,
    damageNotes: optionalText({ max: 1000, multiline: true }),
    swapUp: z.literal("on").optional(),
    swapRequestId: id,
    swapLoanId: id,
  }),
  z.object({ intent: z.literal("decline"), requestId: z.string().max(64) }),
  z.object({ intent: z.literal("retire"), unitCode }),
]);

export const GearBorrowSchema = z.discriminatedUnion("intent", [
  z
    .object({
      intent: z.literal("request"),
      id,
      itemId: z.string().max(64),
      size,
      period: z.enum(GEAR_REQUEST_PERIODS, { error: GEAR_TEXT.periodRequired }),
      fromDate: day.optional(),
      toDate: day.optional(),
    })
    .superRefine((v, ctx) => {
      if (v.period !== "dates") return;
      if (!v.fromDate) ctx.addIssue({ code: "custom", path: ["fromDate"], message: GEAR_TEXT.dateRequired });
      if (!v.toDate) ctx.addIssue({ code: "custom", path: ["toDate"], message: GEAR_TEXT.dateRequired });
      if (v.fromDate && v.toDate && v.toDate < v.fromDate) ctx.addIssue({ code: "custom", path: ["toDate"], message: GEAR_TEXT.dateOrder });
    }),
  z.object({ intent: z.literal("withdraw"), requestId: z.string().max(64) }),
]);

/** What the keepers' action answers (ADR 097): which form it was, its result (errors, values kept), what was done. */
export type GearKeeperActionData = { form: string; result: SubmissionResult<string[]>; done: string | null };
