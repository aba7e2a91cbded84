/**
 * The built Worker, its Durable Objects, R2 and static assets on workerd through Miniflare's API —
 * the runtime `wrangler dev` runs, without the two things `wrangler dev` puts in front of it
 * (ADR 072): its ProxyWorker (every request went through a second workerd and back; a single failed
 * hop there was a fatal "Error inside ProxyWorker" that ended `wrangler dev` with an empty
 * `✘ [ERROR]`) and its InspectorProxyWorker (every fetch the Worker made, each libSQL query, came
 * back as four DevTools events with the body in base64, posted one by one to wrangler's Node
 * process and written to a 96 MB debug log per test run, and kept in memory with no DevTools
 * attached to read them).
 *
 * The bindings are wrangler's own reading of the config (`unstable_getMiniflareWorkerOptions`, with
 * the variables from `--env-file` as `wrangler dev --env-file` reads them), the storage is
 * `wrangler dev --persist-to`'s layout (`<dir>/v3/<plugin>`), and the script is the bundle
 * scripts/stack.ts made once. Prints "ready on <url>" when it serves, and exits when its parent
 * stops it (SIGTERM/SIGINT) or goes away.
 */
import { readdirSync } from "node:fs";
import { basename, dirname, extname, join, resolve } from "node:path";
import { parseArgs } from "node:util";
import { Log, LogLevel, Miniflare } from "miniflare";
import { unstable_getMiniflareWorkerOptions } from "wrangler";

const { values } = parseArgs({
  options: {
    script: { type: "string" },
    config: { type: "string" },
    port: { type: "string" },
    "persist-to": { type: "string" },
    "env-file": { type: "string" },
  },
});
const { script, config, port, "persist-to": persistTo, "env-file": envFile } = values;
if (!script || !config || !port || !persistTo || !envFile) {
  console.error("usage: workerd-host --script <bundle> --config <wrangler.toml> --port <n> --persist-to <dir> --env-file <file>");
  process.exit(2);
}

// The bundle's folder as its modules, the entry first (wrangler deploy --dry-run wrote only what the
// Worker loads, plus a source map and a README). Listed, not found by following imports: the bundle has
// a dynamic import() Miniflare's module walker refuses, as wrangler dev --no-bundle lists them too.
const MODULE_TYPES: Record<string, "ESModule" | "CompiledWasm" | "Text" | "Data"> = {
  ".js": "ESModule",
  ".mjs": "ESModule",
  ".wasm": "CompiledWasm",
  ".txt": "Text",
  ".html": "Text",
  ".bin": "Data",
};
const entry = resolve(script);
const outDir = dirname(entry);
const modules = [
  { type: "ESModule" as const, path: entry },
  ...readdirSync(outDir, { recursive: true, encoding: "utf8" })
    .map((name) => join(outDir, name))
    .filter((path) => path !== entry && MODULE_TYPES[extname(path)] !== undefined && basename(path) !== "README.md")
    .map((path) => ({ type: MODULE_TYPES[extname(path)]!, path })),
];

// `envFiles` is what `wrangler dev --env-file` hands this same function (getBindings reads it); 4.86's
// types leave it out of the public options, so it is passed through a wider type.
type WorkerOptionsArgs = Parameters<typeof unstable_getMiniflareWorkerOptions>[2] & { envFiles?: string[] };
const optionsWithEnvFile: WorkerOptionsArgs = { envFiles: [resolve(envFile)] };
const { workerOptions } = unstable_getMiniflareWorkerOptions(resolve(config), undefined, optionsWithEnvFile);
const miniflare = new Miniflare({
  host: "127.0.0.1",
  port: Number(port),
  // Loopback only: the placeholder request.cf, as CLOUDFLARE_CF_FETCH_ENABLED=false gives wrangler dev.
  cf: false,
  log: new Log(LogLevel.WARN),
  defaultPersistRoot: join(resolve(persistTo), "v3"),
  workers: [{ ...workerOptions, name: "lockerswap", modulesRoot: outDir, modules }],
});

const url = await miniflare.ready;
console.log(`ready on ${url.origin}`);

let stopping = false;
async function stop() {
  if (stopping) return;
  stopping = true;
  await miniflare.dispose();
  process.exit(0);
}
for (const signal of ["SIGTERM", "SIGINT"] as const) process.on(signal, () => void stop());
// The parent (npm start, the e2e server, a bench) went away without stopping us: do not outlive it.
const parent = process.ppid;
setInterval(() => {
  try {
    process.kill(parent, 0);
  } catch {
    void stop();
  }
}, 2000).unref();
