import { appendFileSync, mkdirSync } from "node:fs";

/**
 * A suite's measured figures for the end of `npm test` (issue 14 Proof): lines appended to
 * `.cache/figures/<name>.txt`, printed by scripts/test.ts under "figures". Playwright workers are
 * separate processes, so each appends its own lines.
 */
export function recordFigures(name: string, lines: string[]) {
  mkdirSync(".cache/figures", { recursive: true });
  appendFileSync(`.cache/figures/${name}.txt`, `${lines.join("\n")}\n`);
}
