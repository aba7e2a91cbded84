/**
 * First-load JavaScript of / and /sport/soccer in gzip bytes, counting every script the page
 * loads (issue 5 §6; target ≤ 96 KB). Builds into a private snapshot (like the e2e server, so
 * build/ and a running `npm start` are left alone), starts the stack on a scratch database, loads
 * each page in Chromium and gzips every script response. Prints figures; asserts nothing.
 *
 *   node --import tsx bench/first-load-js.ts [--no-build]   (--no-build: measure ./build as it is)
 */
import { mkdirSync, rmSync } from "node:fs";
import { join, resolve } from "node:path";
import { gzipSync } from "node:zlib";
import { chromium } from "@playwright/test";
import { buildSnapshot, run, startStack } from "../scripts/stack";
import { E2E_VARS } from "../tests/setup/e2e-env";

const TARGET_KB = 96;
const PAGES = ["/", "/sport/soccer"];

const build = !process.argv.includes("--no-build");
// Inside the project (git-ignored .cache/) so the snapshot's Worker bundle resolves our node_modules.
const dir = resolve(".cache", `bench-js-${process.pid}`);
rmSync(dir, { recursive: true, force: true });
mkdirSync(dir, { recursive: true });
let config: string | undefined;
if (build) config = await buildSnapshot(dir, "bench/first-load-js.ts");
const dbFile = join(dir, "bench.db");
await run("node", ["--import", "tsx", "scripts/migrate.ts"], { env: { DATABASE_URL: `file:${dbFile}` }, quiet: true });
// Production's settings where they change what a page ships: testing mode is off there
// (wrangler.toml), so its banner and switch are not part of any visitor's page.
const vars = { ...E2E_VARS, TESTING_MODE: "off" };
const stack = await startStack({ dbFile, port: 8000 + Math.floor(Math.random() * 900), vars, persistTo: join(dir, "wrangler"), config, quiet: true });
const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium", args: ["--no-sandbox", "--disable-gpu"] });
try {
  for (const path of PAGES) {
    const page = await browser.newPage();
    const scripts = new Map<string, number>();
    page.on("response", async (response) => {
      if (response.request().resourceType() !== "script") return;
      try {
        scripts.set(response.url(), gzipSync(await response.body(), { level: 9 }).length);
      } catch {
        // a script that failed to load counts nothing
      }
    });
    await page.goto(`${stack.url}${path}`, { waitUntil: "networkidle" });
    // Inline scripts (the Remix context, the router bootstrap) ship too.
    const inline = await page.$$eval("script:not([src])", (nodes) => nodes.map((node) => node.textContent ?? ""));
    const inlineBytes = gzipSync(Buffer.from(inline.join("\n")), { level: 9 }).length;
    const external = [...scripts.values()].reduce((sum, bytes) => sum + bytes, 0);
    const totalKb = (external + inlineBytes) / 1024;
    console.log(`\n${path}: ${scripts.size} script files, ${(external / 1024).toFixed(1)} KB gzip + inline ${(inlineBytes / 1024).toFixed(1)} KB = ${totalKb.toFixed(1)} KB (target ≤ ${TARGET_KB} KB)`);
    for (const [url, bytes] of [...scripts.entries()].sort((a, b) => b[1] - a[1])) {
      console.log(`  ${(bytes / 1024).toFixed(1).padStart(6)} KB  ${new URL(url).pathname}`);
    }
    await page.close();
  }
} finally {
  await browser.close();
  await stack.stop();
  rmSync(dir, { recursive: true, force: true });
}
