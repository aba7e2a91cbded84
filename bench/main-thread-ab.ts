/**
 * Two builds of the app side by side, each beside the framework floor of the same run (ADR 083): the
 * main-thread CPU of each page at load as tests/e2e/main-thread.spec.ts measures it (a trace in the
 * suite's browser, phone-scaled ×4, tests/e2e/main-thread-trace.ts), for this checkout ("after") and
 * another one ("before": a worktree of the commit to compare with, its node_modules linked to ours),
 * loads interleaved page by page and run by run — before, after, floor, the order rotating — so a slow
 * minute of this shared machine falls on all three. Prints per page the least of `--runs` loads of
 * each, the ratios to the floor and, with `--breakdown`, where the after-build's least load went.
 * Prints, asserts nothing.
 *
 *   git worktree add /tmp/perf-before <commit> && ln -s "$PWD/node_modules" /tmp/perf-before/node_modules
 *   node --import tsx bench/main-thread-ab.ts --before /tmp/perf-before [--runs 5] [--only /sport,messages] [--breakdown] [--no-photos]
 */
import { existsSync } from "node:fs";
import { loadavg } from "node:os";
import { join, resolve } from "node:path";
import { chromium } from "@playwright/test";
import { PHONE_SLOWDOWN, mainThreadAtLoad } from "../tests/e2e/main-thread-trace";
import { startDemoStack } from "./demo-stack";
import { buildFloorApp, startFloorApp } from "./floor-app/floor-app";
import { countBodyElements } from "./floors";
import { args, option } from "./cli";

const runs = Math.max(1, Number(option("--runs", "5")));
const only = option("--only", "").split(",").filter(Boolean);
const beforeDir = option("--before", "");
if (!beforeDir || !existsSync(join(beforeDir, "package.json"))) throw new Error("--before <dir>: a checkout of the build to compare with");
const load = () =>
  loadavg()
    .map((n) => n.toFixed(1))
    .join(" ");

// The demo stack builds and seeds from the working directory: the before-build from its checkout.
const here = process.cwd();
process.chdir(resolve(beforeDir));
const photos = !args.includes("--no-photos");
const before = await startDemoStack({ by: "bench/main-thread-ab.ts", build: true, photos });
process.chdir(here);
const after = await startDemoStack({ by: "bench/main-thread-ab.ts", build: true, photos });
const floorDir = resolve(".cache", `ab-floor-${process.pid}`);
buildFloorApp(floorDir);
const floor = await startFloorApp(floorDir);
const browser = await chromium.launch({
  executablePath:
    process.env.CHROMIUM_PATH ??
    (existsSync("/usr/bin/chromium-headless-shell") ? "/usr/bin/chromium-headless-shell" : "/usr/bin/chromium"),
});

type Stack = typeof after;
const PAGES: { name: string; path: (stack: Stack) => string; signedIn: boolean }[] = [
  { name: "/", path: () => "/", signedIn: false },
  { name: "/sport/soccer", path: () => "/sport/soccer", signedIn: false },
  { name: "/listing/{id}", path: (s) => `/listing/${s.demo.listingId}`, signedIn: false },
  { name: "/auth", path: () => "/auth", signedIn: false },
  { name: "/clubs", path: () => "/clubs", signedIn: false },
  { name: "/club/{slug}", path: (s) => `/club/${s.demo.clubSlug}`, signedIn: false },
  { name: "/club/{slug}?tab=messages", path: (s) => `/club/${s.demo.clubSlug}?tab=messages`, signedIn: true },
  { name: "/messages", path: () => "/messages", signedIn: true },
  { name: "/list-item", path: () => "/list-item", signedIn: true },
];

const least = <T>(loads: T[], by: (load: T) => number) => loads.reduce((a, b) => (by(b) < by(a) ? b : a));
const r = (ms: number) => String(Math.round(ms));
try {
  console.log(`${new Date().toISOString()} · ${runs} loads each, least · main-thread CPU × ${PHONE_SLOWDOWN} · load average ${load()}`);
  console.log(`before: ${resolve(beforeDir)} · after: ${here}\n`);
  console.log(
    "| page | n before / after | before ms | after ms | floor ms | before ÷ floor | after ÷ floor | after ÷ before | longest task before / after / floor ms |",
  );
  console.log("|---|---|---|---|---|---|---|---|---|");
  const breakdowns: string[] = [];
  for (const page of PAGES.filter((p) => only.length === 0 || only.some((part) => p.name.includes(part)))) {
    const cookies = async (stack: Stack) => (page.signedIn ? [await stack.sessionCookie("owner@lockerswap.test")] : []);
    const sides = await Promise.all(
      [before, after].map(async (stack) => {
        const url = `${stack.url}${page.path(stack)}`;
        const jar = await cookies(stack);
        const html = await (await fetch(url, { headers: jar.length ? { cookie: `${jar[0]!.name}=${jar[0]!.value}` } : {} })).text();
        return { url, jar, n: countBodyElements(html), loads: [] as Awaited<ReturnType<typeof mainThreadAtLoad>>[] };
      }),
    );
    const [b, a] = sides as [(typeof sides)[0], (typeof sides)[0]];
    // The floor at the after-build's element count: what the framework costs for the page as it is now.
    const floorLoads: Awaited<ReturnType<typeof mainThreadAtLoad>>[] = [];
    const steps = [
      async () => b.loads.push(await mainThreadAtLoad(browser, b.url, { cookies: b.jar, lazyWork: true })),
      async () =>
        a.loads.push(await mainThreadAtLoad(browser, a.url, { cookies: a.jar, lazyWork: true, breakdown: args.includes("--breakdown") })),
      async () => floorLoads.push(await mainThreadAtLoad(browser, `${floor.url}/?n=${a.n}`)),
    ];
    for (let run = 0; run < runs; run++) for (let k = 0; k < steps.length; k++) await steps[(run + k) % steps.length]!();
    const cpu = (load: { cpu: number }) => load.cpu;
    const [bl, al, fl] = [least(b.loads, cpu), least(a.loads, cpu), least(floorLoads, cpu)];
    console.log(
      `| ${page.name} | ${b.n} / ${a.n} | ${r(bl.cpu)} | ${r(al.cpu)} | ${r(fl.cpu)} | ${(bl.cpu / fl.cpu).toFixed(2)} | ${(al.cpu / fl.cpu).toFixed(2)} | ${(al.cpu / bl.cpu).toFixed(2)} | ${[b.loads, a.loads, floorLoads].map((loads) => r(Math.min(...loads.map((l) => l.longest)))).join(" / ")} |`,
    );
    if (al.breakdown) {
      const top = Object.entries(al.breakdown)
        .slice(0, 10)
        .map(([name, ms]) => `${name} ${r(ms)}`)
        .join(", ");
      breakdowns.push(`${page.name} (after, its least load): ${top}`);
    }
  }
  console.log(`\nload average at the end ${load()}`);
  for (const line of breakdowns) console.log(line);
} finally {
  await browser.close();
  await floor.stop();
  await after.stop();
  process.chdir(resolve(beforeDir));
  await before.stop();
  process.chdir(here);
}
