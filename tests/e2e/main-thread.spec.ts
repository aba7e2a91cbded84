import { existsSync, mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import type { Browser, BrowserContext, Cookie } from "@playwright/test";
import { and, eq } from "drizzle-orm";
import { buildFloorApp, startFloorApp } from "../../bench/floor-app/floor-app";
import { countBodyElements } from "../../bench/floors";
import { clubMembers, clubs, listings, users } from "../../db/schema";
import { E2E_BASE_URL, E2E_STATE_DIR } from "../setup/e2e-env";
import { e2eDb, expect, signInAs, test } from "./fixtures";
import { PHONE_SLOWDOWN, mainThreadAtLoad, taskCpuTimes, trace } from "./main-thread-trace";

// ADR 082: the main thread at load stays near the framework's floor. Each page's main-thread time at
// load (a trace: the CPU time of its tasks, scaled to Lighthouse's 4× phone, tests/e2e/main-thread-trace.ts)
// is compared with the framework floor's (bench/floor-app: a minimal Remix + React app hydrating a tree
// of the page's own element count) measured in the same test, loads interleaved, the least of up to three
// each. Ratios hold across machines and loads where absolute times do not. Each page has its ceiling:
// the largest ratio any recorded run of this check measured for it, quiet or loaded, × 1.2, rounded up to
// a tenth (ADR 083); the club page's is held under the heavy page's smallest ratio (2.43, ADR 082) — a page
// may get lighter, not heavier; one that gets lighter can have its ceiling lowered.
const RUNS = 3;
/**
 * A page whose first pair of loads (ours, then the floor) comes out under this share of its ceiling is
 * done after it (ADR 083): more loads only lower each side's least, and at this distance no floor load
 * of the machine's noise (±15 % of CPU time at load 13, ADR 082) brings it near its ceiling. Any other
 * page, and the heavy page always, takes all RUNS pairs.
 */
const CLEARLY_UNDER = 0.7;
const PAGES: { path: string; signedIn: boolean; ceiling: number }[] = [
  { path: "/", signedIn: false, ceiling: 2.5 },
  { path: "/sport/soccer", signedIn: false, ceiling: 2.2 },
  { path: "/listing/{id}", signedIn: false, ceiling: 2.3 },
  { path: "/clubs", signedIn: false, ceiling: 2.2 },
  { path: "/club/{slug}", signedIn: false, ceiling: 2.3 },
  { path: "/club/{slug}?tab=messages", signedIn: true, ceiling: 3.5 },
  { path: "/messages", signedIn: true, ceiling: 2.9 },
  { path: "/list-item", signedIn: true, ceiling: 2.9 },
];
/**
 * What the heavy page of the last test burns at hydration, in the phone's time (250 ms of this host's CPU).
 * The ceilings were set on a loaded host, so on a quiet one they leave about 0.7× the floor of room (~350 ms
 * at 4× on the club page): a 300 ms burn passed unseen in a quiet fresh-clone run (ADR 082). This one is a
 * regression the check must catch on any host.
 */
const BURN_MS = 1000;

/**
 * How many turns of the burn's loop cost `ms` of this host's CPU in the suite's browser: one long run
 * of it on a blank page, its task's thread CPU time read from a trace — the machine's other work can
 * take the core away but adds nothing to it — so the heavy page's burn is a fixed amount of work.
 */
async function iterationsFor(browser: Browser, ms: number) {
  const context = await browser.newContext();
  try {
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    const events = await trace(cdp, async () => {
      await page.evaluate((spins) => {
        let x = 1;
        for (let i = 0; i < spins; i++) x = (x * 1103515245 + 12345) | 0;
        return x;
      }, SPINS);
    });
    const [longest] = taskCpuTimes(events);
    if (!longest) throw new Error("no task in the calibration's trace");
    return Math.round((SPINS * ms) / longest);
  } finally {
    await context.close();
  }
}
const SPINS = 20_000_000;

const FLOOR_DIR = join(E2E_STATE_DIR, "floor-app");

/** The floor app, built once per run (the first worker to get here builds it, the others wait). */
async function floorApp() {
  const built = join(FLOOR_DIR, "built");
  try {
    mkdirSync(`${FLOOR_DIR}.lock`);
    buildFloorApp(FLOOR_DIR);
    writeFileSync(built, "");
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
    await expect.poll(() => existsSync(built), { timeout: 60_000, message: "the floor app's build" }).toBe(true);
  }
  return startFloorApp(FLOOR_DIR);
}

const least = (values: number[]) => Math.min(...values);
const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
};
const r = (ms: number) => String(Math.round(ms));

/**
 * The page beside the floor of its element count, loads interleaved (ours, floor, floor, ours, ours,
 * floor); the medians, and the page's busy time as a multiple of the floor's.
 */
async function measure(
  browser: Browser,
  path: string,
  opts: { cookies?: Cookie[]; prepare?: (context: BrowserContext) => Promise<void>; ceiling?: number },
) {
  const floor = await floorApp();
  try {
    const cookie = (opts.cookies ?? []).map((c) => `${c.name}=${c.value}`).join("; ");
    const html = await (await fetch(`${E2E_BASE_URL}${path}`, { headers: cookie ? { cookie } : {} })).text();
    const n = countBodyElements(html);
    const ours: { cpu: number; blocking: number }[] = [];
    const floors: { cpu: number; blocking: number }[] = [];
    for (let run = 0; run < RUNS; run++) {
      const loadOurs = async () => ours.push(await mainThreadAtLoad(browser, `${E2E_BASE_URL}${path}`, { ...opts, lazyWork: true }));
      const loadFloor = async () => floors.push(await mainThreadAtLoad(browser, `${floor.url}/?n=${n}`));
      if (run % 2) await loadFloor().then(loadOurs);
      else await loadOurs().then(loadFloor);
      if (run === 0 && opts.ceiling && ours[0]!.cpu / floors[0]!.cpu <= CLEARLY_UNDER * opts.ceiling) break;
    }
    // The page's least load over the floor's median load (ADR 082, amended). The machine's other work only adds
    // time to a load, so the page's least is the closest to its own cost; the floor's median, not its least,
    // because one lucky floor load (324 ms beside 485 and 507) put a page at 2.35× whose loads never had such a
    // moment. The median of the pairs' ratios failed the other way (the inbox's pairs 2.92, 3.05, 1.86).
    const row = {
      n,
      busy: least(ours.map((load) => load.cpu)),
      floor: least(floors.map((load) => load.cpu)),
      blocking: least(ours.map((load) => load.blocking)),
      floorBlocking: least(floors.map((load) => load.blocking)),
    };
    const floorMedian = median(floors.map((load) => load.cpu));
    const ratio = row.busy / floorMedian;
    console.log(
      `${path} (${n} elements), main-thread CPU × ${PHONE_SLOWDOWN}, least of ${ours.length}: ${r(row.busy)} ms (${ours.map((l) => r(l.cpu)).join(", ")}), ` +
        `TBT-style ${r(row.blocking)}; floor ${r(row.floor)} ms (${floors.map((l) => r(l.cpu)).join(", ")}), TBT-style ${r(row.floorBlocking)}; ` +
        `floor median ${r(floorMedian)} ms: ${ratio.toFixed(2)}×`,
    );
    return { ...row, ratio };
  } finally {
    await floor.stop();
  }
}

let demo: Promise<{ clubSlug: string; listingId: string }> | null = null;
function demoPaths() {
  demo ??= (async () => {
    const db = e2eDb();
    const [owner] = await db.select({ id: users.id }).from(users).where(eq(users.email, "owner@lockerswap.test"));
    const [club] = await db
      .select({ slug: clubs.slug })
      .from(clubs)
      .innerJoin(clubMembers, eq(clubMembers.clubId, clubs.id))
      .where(and(eq(clubMembers.userId, owner!.id), eq(clubMembers.role, "owner"), eq(clubs.visibility, "public")))
      .limit(1);
    const [listing] = await db
      .select({ id: listings.id })
      .from(listings)
      .where(and(eq(listings.userId, owner!.id), eq(listings.status, "active"), eq(listings.audience, "public")))
      .limit(1);
    return { clubSlug: club!.slug, listingId: listing!.id };
  })();
  return demo;
}

async function ownerCookies(browser: Browser) {
  const context = await browser.newContext();
  await signInAs(context, "owner@lockerswap.test");
  const cookies = await context.cookies();
  await context.close();
  return cookies;
}

test.describe.configure({ mode: "parallel" });

for (const { path, signedIn, ceiling } of PAGES) {
  test(`${path}${signedIn ? " (signed in)" : ""}: the main thread at load stays within ${ceiling}× the framework floor's`, async ({
    browser,
  }) => {
    test.setTimeout(120_000);
    const { clubSlug, listingId } = await demoPaths();
    const url = path.replace("{id}", listingId).replace("{slug}", clubSlug);
    const measured = await measure(browser, url, { cookies: signedIn ? await ownerCookies(browser) : [], ceiling });
    expect(measured.ratio, `${url}: busy ${r(measured.busy)} ms (least) vs the floor's median`).toBeLessThanOrEqual(ceiling);
  });
}

test(`the check catches a page that burns ${BURN_MS} ms more of the main thread at hydration`, async ({ browser }) => {
  test.setTimeout(120_000);
  const page = PAGES.find((candidate) => candidate.path === "/club/{slug}")!;
  const { clubSlug } = await demoPaths();
  const url = page.path.replace("{slug}", clubSlug);
  const turns = await iterationsFor(browser, BURN_MS / PHONE_SLOWDOWN);
  // Today's club page with one script more (the page's own nonce, so its CSP runs it): when the
  // page marks itself hydrated, it runs a loop of BURN_MS / 4 of this host's CPU.
  const burn = `new MutationObserver((_, o) => { if (!document.documentElement.hasAttribute("data-hydrated")) return; o.disconnect();
    let x = 1; for (let i = 0; i < ${turns}; i++) x = (x * 1103515245 + 12345) | 0;
    document.documentElement.dataset.burnt = String(x); }).observe(document.documentElement, { attributes: true });`;
  const measured = await measure(browser, url, {
    prepare: async (context) => {
      await context.route(`${E2E_BASE_URL}${url}`, async (route) => {
        const response = await route.fetch();
        const html = await response.text();
        const nonce = html.match(/<script nonce="([^"]+)"/)?.[1] ?? "";
        await route.fulfill({ response, body: html.replace("</head>", `<script nonce="${nonce}">${burn}</script></head>`) });
      });
    },
  });
  expect(
    measured.ratio,
    `the heavy page's busy time is over its ceiling (least ${r(measured.busy)} ms vs the floor's median)`,
  ).toBeGreaterThan(page.ceiling);
});
