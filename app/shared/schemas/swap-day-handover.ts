// The actions of a Swap Day's hand-over page (ADR 090): one schema for its forms and the route's action.
import type { SubmissionResult } from "@conform-to/react";
import { z } from "zod";
import { HANDOVER_TEXT } from "~/shared/copy/swap-day-handover";

/** A tag's code as typed or scanned: spaces and dashes dropped, upper case, then 3–8 of A–Z0–9 (ADR 088). */
export const TagCode = z
  .string({ error: HANDOVER_TEXT.codeInvalid })
  .max(40, HANDOVER_TEXT.codeInvalid)
  .transform((s) => s.replace(/[\s-]/g, "").toUpperCase())
  .pipe(z.string().regex(/^[A-Z0-9]{3,8}$/, HANDOVER_TEXT.codeInvalid));

export const CheckInSchema = z.object({ intent: z.literal("checkIn"), code: TagCode });

export const HandoverActionSchema = z.discriminatedUnion("intent", [
  CheckInSchema,
  z.object({ intent: z.literal("handOut"), itemId: z.uuid() }),
  z.object({ intent: z.literal("closeCheckin") }),
  z.object({ intent: z.literal("confirm"), itemId: z.uuid() }),
  z.object({ intent: z.literal("reportMissing"), itemId: z.uuid() }),
]);

export type CheckInActionData = { result: SubmissionResult<string[]>; message?: { tone: "done" | "fail"; text: string } };
