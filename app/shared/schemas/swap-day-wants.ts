// The want-list form of /club/{slug}/swap-days/{id}/wants (ADR 089): one schema for the form and the action. A
// 500-item list is one POST of checkbox values: `want` repeats per ticked item, `rank` per item as "<id>:<n>"
// (0 = no rank), so the form needs no JavaScript.
import type { SubmissionResult } from "@conform-to/react";
import { z } from "zod";
import { SWAP_WANTS_TEXT } from "~/shared/copy/swap-day-wants";
import { limit } from "./swap-day-actions";

/** More than any event holds (a solve takes at most 40,000 items and groups, ADR 080); a bigger POST is refused. */
export const MAX_WANTS = 5000;

export const WantsSchema = z.object({
  itemId: z.uuid({ error: SWAP_WANTS_TEXT.itemInvalid }),
  want: z
    .array(z.uuid({ error: SWAP_WANTS_TEXT.wantInvalid }))
    .max(MAX_WANTS, SWAP_WANTS_TEXT.tooMany)
    .optional(),
  rank: z
    .array(z.string().regex(/^[0-9a-fA-F-]{36}:([0-9]|[1-9][0-9]{1,2}|1000)$/, SWAP_WANTS_TEXT.rankInvalid))
    .max(MAX_WANTS, SWAP_WANTS_TEXT.tooMany)
    .optional(),
  addUpTo: limit,
  needBack: limit,
});
export type WantsActionData = { result: SubmissionResult<string[]> };

/** The ticked items with their ranks (a rank without a tick is ignored; 0 or none: unranked). */
export function wantsOf(value: z.infer<typeof WantsSchema>): Array<{ id: string; rank: number | null }> {
  const ranks = new Map<string, number>();
  for (const entry of value.rank ?? []) {
    const [id, n] = entry.split(":");
    if (Number(n) > 0) ranks.set(id.toLowerCase(), Number(n));
  }
  return [...new Set((value.want ?? []).map((id) => id.toLowerCase()))].map((id) => ({ id, rank: ranks.get(id) ?? null }));
}
