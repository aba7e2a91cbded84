/**
 * ADR 067's probe of the e2e stack: does a file change anywhere near the checkout restart the
 * Worker, and does a POST in flight survive it? Not part of `npm test` (a minute; it edits files).
 *
 *   node --import tsx scripts/stack-probe.ts [--strace 25] [--keep-build]
 *
 * It builds a snapshot as the e2e server does (buildSnapshot; SNAPSHOT_FROM_BUILD=build skips the
 * Vite build), starts a stack over it (startStack, wrangler's log at "log" so its
 * "Reloading local server" lines show) and prints how long that took. Then, one round per kind of
 * change: 4 form POSTs whose bodies stream over 6 s, a change 2 s in, and it counts the reload lines
 * and the POSTs that did not get the app's answer. The changes: `.cache/package.json` written (ADR
 * 067's reproduction), a file under node_modules changed, a source file of the checkout changed, a
 * package.json in the folder above the checkout; each is put back as it was. Last, an oversize POST
 * the Worker refuses without reading it, then a GET: the GET must still be answered (wrangler's dev
 * bundle drains unread bodies; a bundle we make must too). With --strace N it also traces wrangler's
 * and workerd's file syscalls for N seconds and prints how many paths they looked at.
 * Exits 1 when a POST failed, the Worker reloaded, or the GET after the oversize POST failed.
 */
import { execFileSync, spawn } from "node:child_process";
import { existsSync, mkdirSync, readdirSync, readFileSync, readlinkSync, rmSync, statSync, writeFileSync } from "node:fs";
import { request } from "node:http";
import { dirname, join, resolve } from "node:path";
import { buildSnapshot, run, startStack } from "./stack";

const args = process.argv.slice(2);
const straceSeconds = args.includes("--strace") ? Number(args[args.indexOf("--strace") + 1] ?? 25) : 0;
const dir = resolve(".cache", `probe-${process.pid}`);
const port = 21000 + (process.pid % 1000);
const url = `http://127.0.0.1:${port}`;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

rmSync(dir, { recursive: true, force: true });
mkdirSync(dir, { recursive: true });
process.env.SNAPSHOT_FROM_BUILD ??= "build";
const config = await buildSnapshot(dir, "scripts/stack-probe.ts");
const dbFile = join(dir, "probe.db");
await run("node", ["--import", "tsx", "scripts/migrate.ts"], { env: { DATABASE_URL: `file:${dbFile}` }, quiet: true });

const started = performance.now();
const stack = await startStack({
  dbFile,
  port,
  vars: {
    APP_ENV: "test",
    APP_ORIGIN: url,
    SESSION_SECRET: "probe-session-secret-0123456789abcdef0123456789",
    REALTIME_SECRET: "probe-realtime-secret-0123456789abcdef012345678",
    PASSWORD_PEPPER: "probe-password-pepper-0123456789abcdef01234567",
    TESTING_MODE: "on",
    DEV_ROUTES: "on",
  },
  persistTo: join(dir, "wrangler"),
  config,
  quiet: true,
  logLevel: "log",
});
const startupMs = performance.now() - started;
console.log(`stack healthy after ${(startupMs / 1000).toFixed(1)} s (startStack: bundle + wrangler dev + /healthz)`);
const reloads = () => stack.log().split("Reloading local server").length - 1;
console.log(`reload lines at start: ${reloads()}`);
console.log(`inotify watches held by wrangler and the processes under it: ${inotifyWatches()}`);

/** A form POST whose body arrives in 12 pieces over 6 s; resolves with what came back. */
function slowPost(): Promise<string> {
  return new Promise((ok) => {
    const req = request(`${url}/`, { method: "POST", headers: { "content-type": "application/x-www-form-urlencoded" } }, (res) => {
      let body = "";
      res.on("data", (d) => (body += d));
      res.on("end", () => ok(`${res.statusCode} ${body.includes("restarted mid-request") ? "RESTARTED MID-REQUEST" : ""}`.trim()));
      res.on("error", (e) => ok(`response error ${e.message}`));
    });
    req.on("error", (e) => ok(`request error ${e.message}`));
    let sent = 0;
    const timer = setInterval(() => {
      req.write(`a${sent}=${"x".repeat(100)}&`);
      if (++sent === 12) {
        clearInterval(timer);
        req.end("z=1");
      }
    }, 500);
  });
}

/** Changes a file and puts it back (or removes it when it did not exist). */
function changeAndRestore(file: string) {
  const before = existsSync(file) ? readFileSync(file) : null;
  writeFileSync(file, before ? Buffer.concat([before, Buffer.from("\n")]) : "{}\n");
  return () => (before ? writeFileSync(file, before) : rmSync(file, { force: true }));
}

const rounds: Array<[string, string]> = [
  [".cache/package.json written (ADR 067)", resolve(".cache/package.json")],
  ["node_modules/partyserver/package.json changed", resolve("node_modules/partyserver/package.json")],
  ["worker.ts (a checkout source) changed", resolve("worker.ts")],
  ["../package.json (folder above the checkout) written", resolve("..", "package.json")],
];

let failed = 0;
const strace = straceSeconds > 0 ? startStrace(straceSeconds) : null;
for (const [label, file] of rounds) {
  const before = reloads();
  const posts = Array.from({ length: 4 }, slowPost);
  await sleep(2000);
  const restore = changeAndRestore(file);
  await sleep(1500);
  restore();
  const answers = await Promise.all(posts);
  await sleep(2500); // a reload comes ~0.5–2 s after the change
  const bad = answers.filter((a) => !/^\d{3}$/.test(a) || a.startsWith("5"));
  const reloaded = reloads() - before;
  failed += bad.length + reloaded;
  console.log(`${label}: reloads ${reloaded}, POSTs answered ${answers.length - bad.length}/4${bad.length ? ` (${bad.join("; ")})` : ""}`);
}

// An oversize body the Worker refuses unread (413), then a GET on a fresh connection through the same proxy.
const oversize = await fetch(`${url}/`, {
  method: "POST",
  headers: { "content-type": "application/x-www-form-urlencoded" },
  body: "a=".padEnd(3 * 1024 * 1024, "x"),
}).then(
  (r) => r.status,
  (e: Error) => `error ${e.message}`,
);
const after = await Promise.all(
  [1, 2, 3].map(() =>
    fetch(`${url}/healthz`).then(
      (r) => r.status,
      (e: Error) => `error ${e.message}`,
    ),
  ),
);
console.log(`oversize POST: ${oversize}; GET /healthz after it: ${after.join(", ")}`);
if (after.some((s) => s !== 200)) failed++;

if (strace) console.log(await strace);
console.log(`reload lines in all: ${reloads()}`);
await stack.stop();
if (!args.includes("--keep-build")) rmSync(dir, { recursive: true, force: true });
console.log(failed === 0 ? "probe: no reload, every request answered" : `probe: ${failed} reload(s) or failed request(s)`);
process.exit(failed === 0 ? 0 : 1);

/** This stack's wrangler and every process under it (workerd, esbuild's service). */
function stackPids() {
  const list = (...a: string[]) => {
    try {
      return execFileSync("pgrep", a, { encoding: "utf8" }).trim().split("\n").filter(Boolean);
    } catch {
      return [];
    }
  };
  const wrangler = list("-f", `wrangler.js dev .*--port ${port}`);
  // wrangler, and every process under it (workerd, esbuild's service).
  const pids = [...wrangler];
  for (let i = 0; i < pids.length; i++) pids.push(...list("-P", pids[i]!));
  return pids;
}

/** inotify watches (chokidar's fs.watch) held by those processes, from /proc/<pid>/fdinfo; how many are inside the snapshot. */
function inotifyWatches() {
  const inSnapshot = new Set<number>();
  const walk = (path: string) => {
    inSnapshot.add(statSync(path).ino);
    if (statSync(path).isDirectory()) for (const name of readdirSync(path)) walk(join(path, name));
  };
  walk(dir);
  let watches = 0;
  let inside = 0;
  for (const pid of stackPids()) {
    for (const fd of readdirSync(`/proc/${pid}/fd`)) {
      try {
        if (readlinkSync(`/proc/${pid}/fd/${fd}`) !== "anon_inode:inotify") continue;
        for (const line of readFileSync(`/proc/${pid}/fdinfo/${fd}`, "utf8").split("\n")) {
          const ino = /^inotify wd:\S+ ino:([0-9a-f]+)/.exec(line)?.[1];
          if (!ino) continue;
          watches++;
          if (inSnapshot.has(parseInt(ino, 16))) inside++;
        }
      } catch {
        // the fd closed meanwhile
      }
    }
  }
  return `${watches} (${inside} of them on files and folders of the snapshot ${dir})`;
}

/** strace on the stack's processes: file syscalls for `seconds`, summarised. */
async function startStrace(seconds: number) {
  const pids = stackPids();
  const out = join(dir, "strace.txt");
  const tracer = spawn(
    "timeout",
    [
      String(seconds),
      "strace",
      "-f",
      "-qq",
      "-e",
      "trace=stat,lstat,statx,newfstatat,openat,inotify_add_watch",
      "-o",
      out,
      ...pids.flatMap((p) => ["-p", p]),
    ],
    { stdio: "ignore" },
  );
  await new Promise((r) => tracer.once("exit", r));
  const lines = readFileSync(out, "utf8").split("\n");
  const paths = new Set<string>();
  const byCall: Record<string, number> = {};
  for (const line of lines) {
    const call = /^\d+\s+(\w+)\(/.exec(line)?.[1];
    if (!call) continue;
    byCall[call] = (byCall[call] ?? 0) + 1;
    const path = /"([^"]*)"/.exec(line)?.[1];
    if (path) paths.add(path);
  }
  const folders: Record<string, number> = {};
  for (const path of paths) folders[dirname(path)] = (folders[dirname(path)] ?? 0) + 1;
  const top = Object.entries(folders)
    .sort((a, b) => b[1] - a[1])
    .slice(0, 12)
    .map(([folder, n]) => `${String(n).padStart(5)}  ${folder}`)
    .join("\n");
  return `strace ${seconds} s on pids ${pids.join(",")}: ${JSON.stringify(byCall)}; ${paths.size} distinct paths, by folder:\n${top}`;
}
