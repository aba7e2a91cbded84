/**
 * `npm test`: static checks (layers, ESLint, Prettier, knip — seconds each), typecheck, unit tests
 * (Vitest), build + `wrangler deploy --dry-run` (prints the Worker's gzip size), then end-to-end tests
 * (Playwright, Debian Chromium) against the built Worker under wrangler dev on a fresh temporary database.
 * Ends with one plain line: `N passed, N failed`.
 */
import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { LOOPBACK_ENV } from "./stack";

mkdirSync(".cache", { recursive: true });
let passed = 0;
let failed = 0;

function step(title: string, command: string, args: string[], env: Record<string, string> = {}) {
  console.log(`\n━━ ${title}`);
  const result = spawnSync(command, args, { stdio: "inherit", env: { ...process.env, ...LOOPBACK_ENV, ...env } });
  return result.status === 0;
}

function readJson(file: string) {
  try {
    return JSON.parse(readFileSync(file, "utf8"));
  } catch {
    return null;
  }
}

// Debian's emoji font: without it the sport emoji are empty boxes in screenshots and to axe (issue 10 §4).
const EMOJI_FONT = "/usr/share/fonts/truetype/noto/NotoColorEmoji.ttf";

function ensureChromium() {
  const path = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
  const missing = [existsSync(path) ? null : "chromium", existsSync(EMOJI_FONT) ? null : "fonts-noto-color-emoji"].filter(
    (name): name is string => name !== null,
  );
  if (missing.length === 0) return true;
  if (process.getuid?.() !== 0) {
    if (!missing.includes("chromium")) {
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

// 0. Static checks (issue 19 §5), before the slower steps: one check each. Each runs the npm script of
// that name, so `npm run <name>` reproduces a failure.
for (const [title, script] of [
  ["layers (dependency-cruiser)", "check:layers"],
  ["lint (eslint)", "lint"],
  ["format (prettier --check)", "format:check"],
  ["unused files, exports, dependencies (knip)", "knip"],
]) {
  const started = Date.now();
  const ok = step(title, "npm", ["run", "--silent", script]);
  console.log(
    `${ok ? "ok" : "FAILED"}: ${title} in ${((Date.now() - started) / 1000).toFixed(1)} s${ok ? "" : ` — run \`npm run ${script}\``}`,
  );
  if (ok) passed += 1;
  else failed += 1;
}

// 1. Typecheck (one check).
if (step("typecheck", "npx", ["tsc", "--noEmit", "-p", "."])) passed += 1;
else failed += 1;

// 2. Unit tests.
rmSync(".cache/vitest.json", { force: true });
step("unit tests (vitest)", "npx", ["vitest", "run", "--reporter=default", "--reporter=json", "--outputFile.json=.cache/vitest.json"]);
const unit = readJson(".cache/vitest.json");
if (unit) {
  passed += unit.numPassedTests;
  failed += unit.numFailedTests + (unit.numFailedTestSuites ?? 0);
} else failed += 1;

// 3. Build and a dry-run deploy, which prints the Worker bundle's size (gzip).
const builtOk = step("build", "npx", ["remix", "vite:build"]);
if (builtOk) {
  passed += 1;
  rmSync(".cache/deploy", { recursive: true, force: true });
  const dry = spawnSync("npx", ["wrangler", "deploy", "--dry-run", "--outdir", ".cache/deploy"], {
    encoding: "utf8",
    env: { ...process.env, ...LOOPBACK_ENV, WRANGLER_LOG: "log" },
  });
  const size = `${dry.stdout}${dry.stderr}`.match(/Total Upload:[^\n]*/);
  console.log(`\n━━ wrangler deploy --dry-run\n${size ? `Worker bundle — ${size[0]}` : `${dry.stdout}${dry.stderr}`}`);
  if (dry.status === 0) passed += 1;
  else failed += 1;
} else failed += 1;

// 4. End-to-end tests.
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

// Figures the suites measured (issue 14 Proof: matrix cells, hostile inputs, faults survived, …): each
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
