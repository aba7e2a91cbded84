// TradeMaximizer's result lines (ADR 080 "Interoperable"): TRADE LOOPS, ITEM SUMMARY, and last
// "Num trades  = N of M items (P%)". Nothing in them depends on the machine or the time: the same file gives the
// same bytes.
import { cmp } from "./graph";
import type { ParsedWants } from "./official-wants";
import type { SwapResult } from "./types";

/** P% with one decimal, rounded half to even as TradeMaximizer's DecimalFormat does, in integers. */
export function percent(traded: number, total: number): string {
  const num = traded * 1000;
  let q = Math.floor(num / total);
  const r = num - q * total;
  if (2 * r > total || (2 * r === total && q % 2 === 1)) q++;
  return `${Math.floor(q / 10)}.${q % 10}%`;
}

export function formatResults(parsed: ParsedWants, result: SwapResult): string {
  const { options, display, warnings } = parsed;
  const show = (id: string) => display.get(id) ?? id;
  const width = Math.max(1, ...[...display.values()].map((s) => s.length));
  const pad = (s: string) => s.padEnd(width);
  const out: string[] = ["Swap solver, TradeMaximizer's model (maximum items traded, exact)"];
  if (parsed.declared.length > 0) out.push(`Options: ${parsed.declared.join(" ")}`);
  out.push("");
  if (!options.hideErrors && warnings.length > 0) out.push("ERRORS:", ...[...warnings].sort(cmp).map((w) => `**** ${w}`), "");
  const n = result.itemsTraded;
  if (!options.hideLoops) {
    out.push(`TRADE LOOPS (${n} total trades):`, "");
    for (const ring of result.rings) {
      for (const step of ring.steps) out.push(`${pad(show(step.item))} receives ${show(step.receives)}`);
      out.push("");
    }
  }
  if (!options.hideSummary) {
    const summary: string[] = [];
    for (const ring of result.rings)
      ring.steps.forEach((step, k) => {
        const to = ring.steps[(k - 1 + ring.steps.length) % ring.steps.length];
        summary.push(`${pad(show(step.item))} receives ${pad(show(step.receives))} and sends to ${show(to.item)}`);
      });
    if (!options.hideNonTrades) for (const id of result.notTraded) summary.push(`${pad(show(id))}             does not trade`);
    out.push(`ITEM SUMMARY (${n} total trades):`, "", ...summary.sort(cmp), "");
  }
  const total = result.itemsTotal;
  out.push(`Num trades  = ${n} of ${total} items${total === 0 ? "" : ` (${percent(n, total)})`}`);
  return `${out.join("\n")}\n`;
}
