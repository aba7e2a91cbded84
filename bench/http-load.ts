/**
 * HTTP load against the built Worker (issue 5 §6): requests/s and p95 for / and /sport/soccer,
 * beside a static file of about the same size served by the same Worker, printed as a ratio.
 * autocannon is not installed, so this is a small concurrent fetch loop. Prints; asserts nothing.
 *
 *   node --import tsx bench/http-load.ts [--url http://127.0.0.1:8787] [--seconds 10] [--connections 20]
 *
 * Without --url it starts the stack itself on a scratch database (build first: npm run build).
 */
import { mkdtempSync, readdirSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { run, startStack } from "../scripts/stack";
import { E2E_VARS } from "../tests/setup/e2e-env";

const args = process.argv.slice(2);
const option = (name: string, fallback: string) => {
  const i = args.indexOf(name);
  return i >= 0 && args[i + 1] ? args[i + 1]! : fallback;
};
const seconds = Number(option("--seconds", "10"));
const connections = Number(option("--connections", "20"));

async function load(url: string) {
  const times: number[] = [];
  let errors = 0;
  let bytes = 0;
  const end = performance.now() + seconds * 1000;
  await Promise.all(
    Array.from({ length: connections }, async () => {
      while (performance.now() < end) {
        const start = performance.now();
        try {
          const response = await fetch(url);
          bytes = (await response.arrayBuffer()).byteLength;
          if (!response.ok) errors++;
        } catch {
          errors++;
        }
        times.push(performance.now() - start);
      }
    }),
  );
  times.sort((a, b) => a - b);
  return { rps: times.length / seconds, p95: times[Math.floor(times.length * 0.95)] ?? 0, bytes, errors };
}

let base = option("--url", "");
let cleanup = async () => {};
if (!base) {
  const dir = mkdtempSync(join(tmpdir(), "lockerswap-bench-http-"));
  const dbFile = join(dir, "bench.db");
  await run("node", ["--import", "tsx", "scripts/migrate.ts"], { env: { DATABASE_URL: `file:${dbFile}` }, quiet: true });
  await run("node", ["--import", "tsx", "db/seed/index.ts"], { env: { DATABASE_URL: `file:${dbFile}` }, quiet: true });
  const stack = await startStack({ dbFile, port: 8000 + Math.floor(Math.random() * 900), vars: E2E_VARS, persistTo: join(dir, "wrangler"), quiet: true });
  base = stack.url;
  cleanup = async () => {
    await stack.stop();
    rmSync(dir, { recursive: true, force: true });
  };
}

try {
  const home = await fetch(`${base}/`).then((r) => r.text());
  // The built static asset closest in size to the home page, served by the same Worker.
  const assets = readdirSync("build/client/assets").map((name) => ({ name, size: statSync(join("build/client/assets", name)).size }));
  const staticFile = `/assets/${assets.sort((a, b) => Math.abs(a.size - home.length) - Math.abs(b.size - home.length))[0]!.name}`;
  console.log(`HTTP load: ${connections} concurrent connections, ${seconds} s per URL, against ${base}\n`);
  const results: Record<string, Awaited<ReturnType<typeof load>>> = {};
  for (const path of ["/", "/sport/soccer", staticFile]) {
    results[path] = await load(`${base}${path}`);
    const r = results[path]!;
    console.log(`${path.padEnd(22)} ${r.rps.toFixed(0).padStart(6)} req/s   p95 ${r.p95.toFixed(1).padStart(7)} ms   ${(r.bytes / 1024).toFixed(1)} KB   errors ${r.errors}`);
  }
  const staticRps = results[staticFile]!.rps || 1;
  console.log(`\nhome page is ${home.length} bytes; dynamic/static throughput: / ${(results["/"]!.rps / staticRps).toFixed(2)}, /sport/soccer ${(results["/sport/soccer"]!.rps / staticRps).toFixed(2)}`);
} finally {
  await cleanup();
}
