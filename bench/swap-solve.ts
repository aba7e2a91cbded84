/**
 * The swap solver at scale (ADR 080 "Measured"). Prints figures, asserts nothing.
 *
 *   node --expose-gc --import tsx bench/swap-solve.ts [--sizes 1000,2000,5000] [--workerd]
 *
 * Instances from bench/swap-instance.ts: 1,000 items / 30,000 wants, 2,000 / 90,000, 5,000 / 150,000. For each:
 * time (median of 3) and heap of the full solver (table mode), meet-up (rings ≤ 3) and one-to-one swaps only,
 * the items each trades and whether the count is proven the maximum; and full ÷ one-to-one. With --workerd the
 * same solves run again inside workerd (Miniflare), timed from outside around one request each.
 */
import { cpus, loadavg, uptime } from "node:os";
import type { SwapInput, SwapResult } from "../app/features/swap-days/solver/types";
import { validateResult } from "../app/features/swap-days/solver/validate";
import { args, option } from "./cli";
import { mathTrade, solveKind, type Kind } from "./swap-instance";

const WANTS: Record<number, number> = { 1000: 30_000, 2000: 90_000, 5000: 150_000 };
const sizes = option("--sizes", "1000,2000,5000").split(",").map(Number);
const gc = (globalThis as { gc?: () => void }).gc;

function measure(input: SwapInput, kind: Kind) {
  const times: number[] = [];
  let result: SwapResult | undefined;
  let heap = 0;
  for (let run = 0; run < 3; run++) {
    gc?.();
    const before = process.memoryUsage().heapUsed;
    const t = performance.now();
    result = solveKind(input, kind);
    times.push(performance.now() - t);
    heap = Math.max(heap, process.memoryUsage().heapUsed - before);
  }
  const errors = validateResult(input, result!);
  if (errors.length > 0) throw new Error(`${kind}: ${errors[0]}`);
  return { ms: times.sort((a, b) => a - b)[1], heapMb: heap / 2 ** 20, result: result! };
}

const load = () =>
  loadavg()
    .map((l) => l.toFixed(2))
    .join(" ");
console.log(`swap solver bench, ${new Date().toISOString()}, ${cpus()[0]?.model ?? "cpu"} ×${cpus().length}, Node ${process.version}`);
console.log(
  `uptime: up ${Math.round(uptime() / 60)} min, load average: ${loadavg()
    .map((l) => l.toFixed(2))
    .join(", ")}\n`,
);
console.log("| items | wants | groups | solver | ms (median of 3) | heap MB | items traded | proven max | bound | load |");
console.log("|---|---|---|---|---|---|---|---|---|---|");
const traded = new Map<string, number>();
for (const n of sizes) {
  const input = mathTrade(n, WANTS[n] ?? n * 30, 1);
  for (const kind of ["full", "meet-up", "one-to-one"] as const) {
    const { ms, heapMb, result } = measure(input, kind);
    traded.set(`${n}/${kind}`, result.itemsTraded);
    const groups = input.groups?.length ?? 0;
    console.log(
      `| ${n} | ${input.wants.length} | ${groups} | ${kind} | ${ms.toFixed(0)} | ${heapMb.toFixed(1)} | ${result.itemsTraded} | ${result.optimal ? "yes" : "no"} | ${result.upperBound} | ${load()} |`,
    );
  }
  // What the blocked pairs cost: the same instance without them.
  const free = measure({ ...input, blocks: [] }, "full");
  console.log(
    `| ${n} | ${input.wants.length} | 0 blocks | full | ${free.ms.toFixed(0)} | ${free.heapMb.toFixed(1)} | ${free.result.itemsTraded} | ${free.result.optimal ? "yes" : "no"} | ${free.result.upperBound} | ${load()} |`,
  );
  const ratio = traded.get(`${n}/full`)! / Math.max(1, traded.get(`${n}/one-to-one`)!);
  console.log(`| ${n} | | | full ÷ one-to-one | | | ${ratio.toFixed(2)}× | | | |`);
}
if (args.includes("--workerd")) {
  const { runInWorkerd } = await import("./swap-solve-workerd");
  await runInWorkerd(sizes, WANTS);
}
