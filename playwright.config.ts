import { existsSync } from "node:fs";
import { defineConfig, devices } from "@playwright/test";
import { E2E_BASE_URL } from "./tests/setup/e2e-env";
// Loaded in the runner and in every worker (each evaluates this config): see the file for why.
import "./tests/setup/keep-alive";

// Debian's Chromium (never `npx playwright install`), its headless shell build (Debian's
// chromium-headless-shell: the same Blink and V8, without the desktop browser's UI process work — the
// suite's CPU −38 %, ADR 076); flags keep it off the closed network. The benches keep the full
// browser (/usr/bin/chromium): they measure what people's Chromium does. Without the shell (a machine
// where it could not be installed) the suite runs in the full browser, slower.
const HEADLESS_SHELL = "/usr/bin/chromium-headless-shell";
const chromium = {
  executablePath: process.env.CHROMIUM_PATH ?? (existsSync(HEADLESS_SHELL) ? HEADLESS_SHELL : "/usr/bin/chromium"),
  args: [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
    "--disable-quic",
  ],
};

// One seed for the whole run of the hostile-input suite (tests/security/hostile-input.spec.ts): chosen
// here, in the main process, so every worker inherits the same one (fixed under CI, ADR 046).
process.env.HOSTILE_SEED ??= String(process.env.CI ? 20261123 : Math.floor(Math.random() * 2 ** 31));

export default defineConfig({
  testDir: "tests",
  // Per run, so parallel runs on one machine do not wipe each other's traces.
  outputDir: `.cache/test-results/${process.env.E2E_PORT}`,
  fullyParallel: true,
  forbidOnly: true,
  retries: 0,
  workers: 2,
  timeout: 30_000,
  expect: { timeout: 7_000 },
  reporter: [["list"], ["json", { outputFile: ".cache/playwright.json" }]],
  use: {
    baseURL: E2E_BASE_URL,
    // A failed test keeps its trace: the actions and DOM snapshots, which say what went wrong. Not
    // the screencast or the sources (a quarter of the suite's CPU for every passing test, ADR 076);
    // the failure's screenshot instead. `--trace on` records everything when debugging.
    trace: { mode: "retain-on-failure", screenshots: false, sources: false, snapshots: true },
    screenshot: "only-on-failure",
    launchOptions: chromium,
    // Every page registers the service worker (public/sw.js, ADR 087). Blocked for the specs that are
    // not about it: a worker in front of the page would move its requests out of Playwright's view
    // (page.route, request events) and keep the build's assets across a context's pages; the specs
    // about the worker and push (tests/e2e/push-notifications.spec.ts) allow it.
    serviceWorkers: "block",
  },
  projects: [
    { name: "chromium", testDir: "tests/e2e", use: { ...devices["Desktop Chrome"], launchOptions: chromium } },
    // ADRs 045 and 046: the permission matrix and hostile-input sweeps — plain HTTP against the same stack, no page.
    { name: "security", testDir: "tests/security", use: { ...devices["Desktop Chrome"], launchOptions: chromium } },
    // ADR 047: faults made for real on a stack of the suite's own (tests/faults/fault-stack.ts), one at a time.
    { name: "faults", testDir: "tests/faults", fullyParallel: false, use: { ...devices["Desktop Chrome"], launchOptions: chromium } },
  ],
  webServer: {
    command: "node --import tsx scripts/e2e-server.ts",
    url: `${E2E_BASE_URL}/healthz`,
    reuseExistingServer: false,
    timeout: 300_000,
    // Playwright's default is SIGKILL, which left wrangler's state and the build snapshot behind
    // (.cache/e2e-<pid>, ~25 MB a run); on SIGTERM the server stops its stack and removes them.
    gracefulShutdown: { signal: "SIGTERM", timeout: 15_000 },
    stdout: "pipe",
    stderr: "pipe",
  },
});
