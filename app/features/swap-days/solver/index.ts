// The swap solver (ADR 080): plain data in, plain data out.
import { buildWantGraph } from "./graph";
import { solveMeetup } from "./meetup";
import { assemble } from "./rings";
import { solveTable } from "./table";
import type { SwapInput, SwapResult } from "./types";

export function solveSwapDay(input: SwapInput): SwapResult {
  const g = buildWantGraph(input);
  if (input.mode === "table") {
    const cover = solveTable(g, input.seed, input.iterations);
    return assemble(g, "table", cover.receives, cover.optimal, cover.optimal ? undefined : cover.upperBound);
  }
  const cover = solveMeetup(g, input.seed);
  if (cover.optimal) return assemble(g, "meetup", cover.receives, true);
  // Rings of any length bound rings of at most 3: when the search stopped at its cap, the tighter bound is kept.
  const result = assemble(g, "meetup", cover.receives, false, Math.min(cover.upperBound, solveTable(g, input.seed).upperBound));
  return result.itemsTraded >= result.upperBound ? { ...result, optimal: true } : result;
}
