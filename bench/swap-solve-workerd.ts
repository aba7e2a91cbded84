// The swap bench's second half (ADR 080 "Measured"): the same solves inside workerd, the runtime the solver will
// run in. The Worker (bench/swap-solve-worker.ts) is bundled by wrangler's dry run and served by Miniflare; each
// solve is timed around its request (median of 3).
import { spawnSync } from "node:child_process";
import { mkdtempSync, readdirSync, writeFileSync } from "node:fs";
import { loadavg, tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { Miniflare } from "miniflare";

export async function runInWorkerd(sizes: number[], wants: Record<number, number>): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), "swap-workerd-"));
  const config = join(dir, "wrangler.toml");
  writeFileSync(config, `name = "swap-bench"\nmain = "${resolve("bench/swap-solve-worker.ts")}"\ncompatibility_date = "2025-04-01"\n`);
  const out = join(dir, "out");
  const built = spawnSync("node_modules/.bin/wrangler", ["deploy", "--dry-run", "--outdir", out, "-c", config], { encoding: "utf8" });
  if (built.status !== 0) throw new Error(`bundle failed: ${built.stderr}`);
  const script = readdirSync(out).find((f) => f.endsWith(".js"))!;
  const mf = new Miniflare({ modulesRoot: out, modules: [{ type: "ESModule", path: join(out, script) }], compatibilityDate: "2025-04-01" });
  try {
    console.log(`\nworkerd (Miniflare), ${new Date().toISOString()}`);
    console.log("| items | solver | ms in workerd (median of 3, around the request) | items traded | proven max | load |");
    console.log("|---|---|---|---|---|---|");
    for (const n of sizes) {
      await (await mf.dispatchFetch(`http://bench/gen?items=${n}&wants=${wants[n] ?? n * 30}`)).text();
      for (const kind of ["full", "meet-up", "one-to-one"]) {
        const times: number[] = [];
        let body = { traded: 0, optimal: false };
        for (let run = 0; run < 3; run++) {
          const t = performance.now();
          body = (await (await mf.dispatchFetch(`http://bench/solve?kind=${kind}`)).json()) as typeof body;
          times.push(performance.now() - t);
        }
        const load = loadavg()
          .map((l) => l.toFixed(2))
          .join(" ");
        console.log(
          `| ${n} | ${kind} | ${times.sort((a, b) => a - b)[1].toFixed(0)} | ${body.traded} | ${body.optimal ? "yes" : "no"} | ${load} |`,
        );
      }
    }
  } finally {
    await mf.dispose();
  }
}
