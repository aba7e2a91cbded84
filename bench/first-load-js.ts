/**
 * First-load JavaScript of every page type, signed out and signed in, against the budget
 * (ADR 033): ≤ 96 KB gzip on pages a signed-out visitor can open, ≤ 110 KB on pages
 * behind sign-in. Starts its own stack (bench/demo-stack.ts: a private build snapshot, the demo
 * community, testing mode off), loads each page in Chromium and gzips (level 9) every script it
 * fetches. The first load — what the budget counts — is the scripts the server-rendered HTML names
 * (modulepreloads, the entry, route chunks); in brackets, everything fetched until the network is
 * idle, with what the page imports on demand after hydration (lazy parts, partysocket once a
 * signed-in header opens its room). Inline scripts (loader data) are not counted. The "build"
 * column is the same first load read from the build's manifest, which tests/e2e/js-budget.spec.ts
 * enforces in npm test. Exits 1 when a page is over.
 *
 *   npm run bench:first-load [-- --verbose]     (node --import tsx bench/first-load-js.ts)
 */
import { gzipSync } from "node:zlib";
import { chromium, type Browser } from "@playwright/test";
import { PAGE_TYPES, SIGNED_IN_BUDGET_KB, VISITOR_BUDGET_KB, kb, measureBuild } from "../scripts/js-budget";
import { startDemoStack } from "./demo-stack";

const verbose = process.argv.includes("--verbose");
const stack = await startDemoStack({ by: "bench/first-load-js.ts", build: !process.argv.includes("--no-build"), photos: false });
const fromBuild = new Map(measureBuild(stack.clientDir).map((page) => [page.page, page]));

/** kb: the first load (scripts the HTML names); idleKb: every script fetched until the network is idle. */
type Load = { kb: number; idleKb: number; inlineKb: number; files: [string, number][]; landed: string; redirected: boolean };

async function measure(browser: Browser, path: string, email: string | null): Promise<Load> {
  const context = await browser.newContext();
  if (email) await context.addCookies([await stack.sessionCookie(email)]);
  const page = await context.newPage();
  const scripts = new Map<string, number>();
  page.on("response", async (response) => {
    if (response.request().resourceType() !== "script") return;
    try {
      scripts.set(new URL(response.url()).pathname, gzipSync(await response.body(), { level: 9 }).length);
    } catch {
      // a script that failed to load counts nothing
    }
  });
  const document = await page.goto(`${stack.url}${path}`, { waitUntil: "networkidle" });
  // The HTML as served (after hydration Remix's <Scripts> renders nothing, so the DOM no longer has it).
  const html = (await document?.text()) ?? "";
  const inline = await page.$$eval("script:not([src])", (nodes) => nodes.map((node) => node.textContent ?? ""));
  // The first load: what the server-rendered HTML names — modulepreload links and the inline
  // module script's imports (the Remix manifest's entry + route chunks).
  const preloaded = [...html.matchAll(/<link rel="modulepreload" href="([^"]+)"/g)].map((match) => match[1]);
  const imported = [...html.matchAll(/import(?:\s+\*\s+as\s+\w+\s+from)?\s*"(\/assets\/[^"]+\.js)"/g)].map((match) => match[1]);
  const named = new Set([...preloaded, ...imported]);
  const landed = new URL(page.url()).pathname;
  const redirected = landed !== new URL(path, stack.url).pathname;
  if (named.size === 0) throw new Error(`${path}: the served HTML names no script (was it HTML?)`);
  await context.close();
  const files = [...scripts.entries()].sort((a, b) => b[1] - a[1]);
  const sum = (list: [string, number][]) => list.reduce((total, [, bytes]) => total + bytes, 0) / 1024;
  return {
    kb: sum(files.filter(([file]) => named.has(file) && !/\/manifest-[\w-]+\.js$/.test(file))),
    idleKb: sum(files),
    inlineKb: gzipSync(Buffer.from(inline.join("\n")), { level: 9 }).length / 1024,
    files,
    landed,
    redirected,
  };
}

const url = (page: string) => page.replace("{id}", stack.demo.listingId).replace("{slug}", stack.demo.clubSlug);
// The club owner sees every signed-in page (their listing's edit form, their club's manage page);
// the admin page needs the site admin.
const signedInAs = (page: string) => (page === "/admin" ? "admin@lockerswap.test" : "owner@lockerswap.test");
const pages = [
  ...PAGE_TYPES.map((type) => ({ ...type, path: url(type.page) })),
  // The club page's members-only tab (same route module; what it imports on mount differs).
  { page: "/club/{slug}?tab=messages", routeId: "routes/club.$slug._index", visitor: false, path: url("/club/{slug}?tab=messages") },
];

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
  args: ["--no-sandbox", "--disable-gpu"],
});
const rows: { page: string; out: Load | null; in: Load; build: number; budget: string; ok: boolean }[] = [];
try {
  for (const page of pages) {
    const out = page.visitor ? await measure(browser, page.path, null) : null;
    const signedIn = await measure(browser, page.path, signedInAs(page.page));
    const build = fromBuild.get(page.page)?.kb ?? fromBuild.get("/club/{slug}")!.kb;
    // A page that sends the viewer elsewhere (/auth when signed in) has no figure of its own.
    const ok =
      (out === null || out.redirected || out.kb <= VISITOR_BUDGET_KB) && (signedIn.redirected || signedIn.kb <= SIGNED_IN_BUDGET_KB);
    const budget = page.visitor ? `${VISITOR_BUDGET_KB} / ${SIGNED_IN_BUDGET_KB}` : `— / ${SIGNED_IN_BUDGET_KB}`;
    rows.push({ page: page.page, out, in: signedIn, build, budget, ok });
    for (const [who, load] of [
      ["signed out", out],
      ["signed in", signedIn],
    ] as const) {
      if (!load) continue;
      if (load.redirected) console.log(`  ${page.page} ${who}: redirected to ${load.landed}`);
      if (verbose) {
        console.log(
          `\n${page.page} ${who}: first load ${kb(load.kb)} KB, ${load.files.length} files ${kb(load.idleKb)} KB by idle (+ inline ${kb(load.inlineKb)} KB)`,
        );
        for (const [file, bytes] of load.files) console.log(`  ${kb(bytes / 1024).padStart(6)} KB  ${file}`);
      }
    }
  }
} finally {
  await browser.close();
  await stack.stop();
}

const width = Math.max(...rows.map((row) => row.page.length));
console.log(`\nFirst-load JavaScript, KB gzip, code only (budget: signed out ${VISITOR_BUDGET_KB}, signed in ${SIGNED_IN_BUDGET_KB});`);
console.log("in brackets: every script fetched until the network is idle, with what loads on demand after hydration\n");
console.log(`${"route".padEnd(width)}     signed out      signed in  build  budget (out / in)  result`);
for (const row of rows) {
  const figure = (load: Load | null) => (!load ? "—" : load.redirected ? `→ ${load.landed}` : `${kb(load.kb)} (${kb(load.idleKb)})`);
  console.log(
    `${row.page.padEnd(width)}  ${figure(row.out).padStart(13)}  ${figure(row.in).padStart(13)}  ${kb(row.build).padStart(5)}  ${row.budget.padStart(17)}  ${row.ok ? "OK" : "OVER"}`,
  );
}
const over = rows.filter((row) => !row.ok);
console.log(over.length ? `\n${over.length} page(s) over budget` : "\nevery page inside its budget");
process.exitCode = over.length ? 1 : 0;
