// The 'Create a Swap Day' form (ADR 088): one schema for conform in the browser and the action of
// /club/{slug}/swap-days/new. The id is made by the page's loader and becomes the row id, so a double
// submit or a retry stores one Swap Day and one announcement.
import type { SubmissionResult } from "@conform-to/react";
import { z } from "zod";
import { SWAP_DAY_DATE_FIELDS, SWAP_DAY_LIMITS, SWAP_DAY_TEXT } from "~/shared/copy/swap-days";
import { SWAP_DAY_MODES } from "#db/schema/enums";
import { text } from "./text";

/** `datetime-local`: YYYY-MM-DDTHH:MM, a wall-clock time (kept as typed, stored as that time in UTC: ADR 068's meet-up rule). */
const wallClock = z
  .string({ error: SWAP_DAY_TEXT.dateRequired })
  .regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/, SWAP_DAY_TEXT.dateRequired)
  .refine((v) => {
    const at = new Date(`${v}:00Z`);
    return !Number.isNaN(at.getTime()) && at.toISOString().slice(0, 16) === v;
  }, SWAP_DAY_TEXT.dateRequired);

/** The wall-clock string as the stored instant. */
export const wallClockDate = (v: string) => new Date(`${v}:00Z`);

export const CreateSwapDaySchema = z
  .object({
    id: z.uuid(),
    name: text({ required: SWAP_DAY_TEXT.nameRequired, max: SWAP_DAY_LIMITS.nameMax, tooLong: SWAP_DAY_TEXT.nameTooLong }),
    place: text({ required: SWAP_DAY_TEXT.placeRequired, max: SWAP_DAY_LIMITS.placeMax, tooLong: SWAP_DAY_TEXT.placeTooLong }),
    mode: z.enum(SWAP_DAY_MODES, { error: SWAP_DAY_TEXT.modeRequired }),
    itemsOpenAt: wallClock,
    wantsOpenAt: wallClock,
    listsCloseAt: wallClock,
    resultsAt: wallClock,
    handoverAt: wallClock,
    closesAt: wallClock,
  })
  .superRefine((v, ctx) => {
    // Each phase starts no earlier than the one before (the lists stay open a while; the event closes after the hand-over).
    for (let i = 1; i < SWAP_DAY_DATE_FIELDS.length; i++) {
      const [field] = SWAP_DAY_DATE_FIELDS[i];
      const [prev, prevLabel] = SWAP_DAY_DATE_FIELDS[i - 1];
      const strict = field === "listsCloseAt" || field === "closesAt";
      if (strict ? v[field] <= v[prev] : v[field] < v[prev])
        ctx.addIssue({ code: "custom", path: [field], message: SWAP_DAY_TEXT.dateOrder(prevLabel) });
    }
  });

export type CreateSwapDayActionData = { result: SubmissionResult<string[]> };
