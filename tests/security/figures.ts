import { appendFileSync, mkdirSync } from "node:fs";

/**
 * A suite's measured figures for the end of `npm test`: lines appended to
 * `.cache/figures/<name>.txt`, printed by scripts/test.ts under "figures". Playwright workers are
 * separate processes, so each appends its own lines.
 */
export function recordFigures(name: string, lines: string[]) {
  mkdirSync(".cache/figures", { recursive: true });
  appendFileSync(`.cache/figures/${name}.txt`, `${lines.join("\n")}\n`);
}

/**
 * Counts measured in several workers (each runs part of a file): one JSON line per worker in
 * `.cache/figures/<name>.counts.jsonl`; scripts/test.ts prints their sums as one line.
 */
export function recordCounts(name: string, counts: Record<string, number>) {
  mkdirSync(".cache/figures", { recursive: true });
  appendFileSync(`.cache/figures/${name}.counts.jsonl`, `${JSON.stringify(counts)}\n`);
}
