/**
 * The club page's Swap Days strip, its words put together on the server (ADR 088): the strip itself is plain
 * markup, so the club page a visitor opens carries none of the Swap Day copy in its first-load JavaScript
 * (ADR 033's 96 KB).
 */
import type { SwapDaySummary } from "~/features/swap-days/swap-days.server";
import { SWAP_DAY_MODE_LABELS, SWAP_DAY_PHASE_LABELS, SWAP_DAY_TEXT } from "~/shared/copy/swap-days";
import { formatDate } from "~/shared/format";

type SwapDayStripData = {
  heading: string;
  newLink: string;
  none: string;
  items: { id: string; name: string; line: string }[];
};

export function swapDayStripData(swapDays: SwapDaySummary[]): SwapDayStripData {
  return {
    heading: SWAP_DAY_TEXT.heading,
    newLink: SWAP_DAY_TEXT.newLink,
    none: SWAP_DAY_TEXT.none,
    items: swapDays.map((d) => ({
      id: d.id,
      name: d.name,
      line: [
        SWAP_DAY_PHASE_LABELS[d.phase],
        SWAP_DAY_MODE_LABELS[d.mode].label,
        SWAP_DAY_TEXT.when(formatDate(d.handoverAt, "short")),
        d.place,
      ].join(" · "),
    })),
  };
}
