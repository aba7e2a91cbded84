/**
 * `npm test`: static checks (layers, ESLint, Prettier, knip — seconds each), typecheck, unit tests
 * (Vitest), build + `wrangler deploy --dry-run` (prints the Worker's gzip size), then end-to-end tests
 * (Playwright, Debian's Chromium headless shell) against the built Worker under workerd on a fresh temporary database.
 * Ends with one plain line: `N passed, N failed`.
 */
import { spawn, spawnSync } from "node:child_process";
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { LOOPBACK_ENV } from "./stack";

mkdirSync(".cache", { recursive: true });
let passed = 0;
let failed = 0;

function step(title: string, command: string, args: string[], env: Record<string, string> = {}) {
  console.log(`\n━━ ${title}`);
  const started = Date.now();
  const result = spawnSync(command, args, { stdio: "inherit", env: { ...process.env, ...LOOPBACK_ENV, ...env } });
  console.log(`${result.status === 0 ? "ok" : "FAILED"}: ${title} in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  return result.status === 0;
}

function readJson(file: string) {
  try {
    return JSON.parse(readFileSync(file, "utf8"));
  } catch {
    return null;
  }
}

// Debian's emoji font: without it the sport emoji are empty boxes in screenshots and to axe.
const EMOJI_FONT = "/usr/share/fonts/truetype/noto/NotoColorEmoji.ttf";

// The suite runs in Debian's Chromium headless shell, or the full browser where the shell is missing
// (playwright.config.ts, ADR 076); CHROMIUM_PATH points it at another build.
function ensureChromium() {
  const browsers = process.env.CHROMIUM_PATH ? [process.env.CHROMIUM_PATH] : ["/usr/bin/chromium-headless-shell", "/usr/bin/chromium"];
  const missing = [
    browsers.some((path) => existsSync(path)) ? null : "chromium-headless-shell",
    existsSync(EMOJI_FONT) ? null : "fonts-noto-color-emoji",
  ].filter((name): name is string => name !== null);
  if (!process.env.CHROMIUM_PATH && !existsSync(browsers[0]))
    console.warn(
      "chromium-headless-shell is missing: the browser tests run in the full chromium, slower (apt-get install -y chromium-headless-shell)",
    );
  if (missing.length === 0) return true;
  if (process.getuid?.() !== 0) {
    if (!missing.includes("chromium-headless-shell")) {
      console.warn("fonts-noto-color-emoji is missing: emoji show as empty boxes (sudo apt-get install -y fonts-noto-color-emoji)");
      return true;
    }
    console.error(`Missing Debian packages. Install them, then run npm test again:\n  sudo apt-get install -y ${missing.join(" ")}`);
    return false;
  }
  console.log(`Installing Debian's packages: apt-get install -y ${missing.join(" ")}`);
  return (
    step("apt-get update", "apt-get", ["update", "-qq"], { DEBIAN_FRONTEND: "noninteractive" }) &&
    step(`apt-get install ${missing.join(" ")}`, "apt-get", ["install", "-y", "-qq", ...missing], { DEBIAN_FRONTEND: "noninteractive" })
  );
}

// 0. Static checks, before the slower steps: one check each. Each runs the npm script of
// that name, so `npm run <name>` reproduces a failure.
// The steps before the browser tests run in two lanes at once — the checks and the typecheck (one
// core each, one after another) beside the unit tests and the build — which saves about a minute of
// CI on two cores. Each step's output is printed whole when it ends, so lanes do not interleave.
type Outcome = { ok: boolean; output: string; seconds: number };
function stepBuffered(command: string, args: string[], env: Record<string, string> = {}): Promise<Outcome> {
  const started = Date.now();
  return new Promise((resolve) => {
    const child = spawn(command, args, { env: { ...process.env, ...LOOPBACK_ENV, FORCE_COLOR: "0", ...env } });
    const chunks: Buffer[] = [];
    child.stdout.on("data", (chunk: Buffer) => chunks.push(chunk));
    child.stderr.on("data", (chunk: Buffer) => chunks.push(chunk));
    child.on("close", (code) =>
      resolve({ ok: code === 0, output: Buffer.concat(chunks).toString("utf8"), seconds: (Date.now() - started) / 1000 }),
    );
  });
}
function report(title: string, { ok, output, seconds }: Outcome, hint = "") {
  console.log(`\n━━ ${title}\n${output.trimEnd()}`);
  console.log(`${ok ? "ok" : "FAILED"}: ${title} in ${seconds.toFixed(1)} s${ok ? "" : hint}`);
  if (ok) passed += 1;
  else failed += 1;
  return ok;
}

async function checksLane() {
  for (const [title, script] of [
    ["layers (dependency-cruiser)", "check:layers"],
    ["references (no issue numbers, no paths outside the repository)", "check:refs"],
    ["lint (eslint)", "lint"],
    ["format (prettier --check)", "format:check"],
    ["unused files, exports, dependencies (knip)", "knip"],
  ]) {
    report(title, await stepBuffered("npm", ["run", "--silent", script]), ` — run \`npm run ${script}\``);
  }
  report("typecheck", await stepBuffered("npx", ["tsc", "--noEmit", "-p", "."]));
}

async function unitAndBuildLane() {
  rmSync(".cache/vitest.json", { force: true });
  const unitRun = await stepBuffered("npx", [
    "vitest",
    "run",
    "--reporter=default",
    "--reporter=json",
    "--outputFile.json=.cache/vitest.json",
  ]);
  console.log(`\n━━ unit tests (vitest)\n${unitRun.output.trimEnd()}\nunit tests in ${unitRun.seconds.toFixed(1)} s`);
  const unit = readJson(".cache/vitest.json");
  if (unit) {
    passed += unit.numPassedTests;
    failed += unit.numFailedTests + (unit.numFailedTestSuites ?? 0);
  } else failed += 1;

  const built = report("build", await stepBuffered("npx", ["remix", "vite:build"]));
  if (!built) return false;
  rmSync(".cache/deploy", { recursive: true, force: true });
  const dry = await stepBuffered("npx", ["wrangler", "deploy", "--dry-run", "--outdir", ".cache/deploy"], { WRANGLER_LOG: "log" });
  const size = dry.output.match(/Total Upload:[^\n]*/);
  console.log(`\n━━ wrangler deploy --dry-run\n${size ? `Worker bundle — ${size[0]}` : dry.output}\nin ${dry.seconds.toFixed(1)} s`);
  if (dry.ok) passed += 1;
  else failed += 1;
  return true;
}

const [, builtOk] = await Promise.all([checksLane(), unitAndBuildLane()]);

if (ensureChromium()) {
  rmSync(".cache/playwright.json", { force: true });
  rmSync(".cache/figures", { recursive: true, force: true });
  // The e2e stack's snapshot copies the build step 3 just made (see buildSnapshot).
  step("end-to-end tests (playwright)", "npx", ["playwright", "test"], builtOk ? { SNAPSHOT_FROM_BUILD: "build" } : {});
  const e2e = readJson(".cache/playwright.json");
  if (e2e?.stats) {
    passed += e2e.stats.expected + (e2e.stats.flaky ?? 0);
    failed += e2e.stats.unexpected + (e2e.stats.skipped ?? 0);
    if (e2e.errors?.length) failed += e2e.errors.length;
  } else failed += 1;
} else failed += 1;

// Figures the suites measured (ADRs 045–047: matrix cells, hostile inputs, faults survived, …): each
// suite writes its own lines to .cache/figures/<name>.txt.
if (existsSync(".cache/figures")) {
  const files = readdirSync(".cache/figures")
    .filter((name) => name.endsWith(".txt") || name.endsWith(".counts.jsonl"))
    .sort();
  if (files.length) {
    console.log("\n━━ figures");
    for (const name of files) {
      const text = readFileSync(`.cache/figures/${name}`, "utf8").trimEnd();
      if (name.endsWith(".txt")) {
        // Several workers may record the same line (a seed): once is enough.
        console.log([...new Set(text.split("\n"))].join("\n"));
        continue;
      }
      // Counts from several workers: summed, one line.
      const sums = new Map<string, number>();
      for (const line of text.split("\n"))
        for (const [key, value] of Object.entries(JSON.parse(line) as Record<string, number>)) sums.set(key, (sums.get(key) ?? 0) + value);
      console.log(`${name.replace(/\.counts\.jsonl$/, "")}: ${[...sums].map(([key, value]) => `${key} ${value}`).join(", ")}`);
    }
  }
}

console.log(`\n${passed} passed, ${failed} failed`);
process.exit(failed === 0 ? 0 : 1);
