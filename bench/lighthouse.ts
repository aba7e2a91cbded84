/**
 * Lighthouse 12 (mobile: its default emulated phone, simulated slow 4G and 4× CPU) in Debian's
 * Chromium (--headless=new --no-sandbox), on every page a visitor can open and on three signed-in
 * pages (ADR 075), beside the SportSwap peer measured in the same run. Starts its own stack
 * (bench/demo-stack.ts: a private build snapshot, the demo community with photos, production's
 * testing mode off). A score moves from run to run (mostly through Total Blocking Time on this
 * 2-core VM), so each page is run `--runs` times (default 5, Lighthouse's own advice), the runs
 * interleaved page by page and ours with the peer's, and the median run is reported with the range.
 * Prints per page: performance (range), TBT, LCP, FCP (medians) and the other categories, the audits
 * that cost points, and the peer's figures for its matching pages. Targets: performance ≥ 95 and
 * TBT ≤ 150 ms (ADR 075), the other three categories 100. Prints, asserts nothing.
 *
 *   npm run bench:lighthouse -- [--no-build] [--runs 5] [--only /sport] [--no-peer] [--peer <dir>] [--save dir] [--runtime wrangler]
 *
 * `--peer <dir>`: where the SportSwap source is (default: the fetch tool's mirror of
 * github:s1dolab/SportSwap); built once into .cache/sportswap (bench/peer-sportswap.ts).
 * `--save dir` writes each page's median report (Lighthouse's JSON) there. `--runtime wrangler` serves
 * ours through `wrangler dev` (as `npm start` does) instead of workerd alone (as production, ADR 072).
 * Lighthouse 12 (13 needs Node 22).
 */
import { mkdirSync, writeFileSync } from "node:fs";
import { loadavg } from "node:os";
import { join } from "node:path";
import { launch } from "chrome-launcher";
import lighthouse from "lighthouse";
import { startDemoStack } from "./demo-stack";
import { startPeer } from "./peer-sportswap";
import { args, option } from "./cli";

const CATEGORIES = ["performance", "accessibility", "best-practices", "seo"] as const;
const TARGETS = { performance: 95, accessibility: 100, "best-practices": 100, seo: 100 } as const;
const TBT_TARGET_MS = 150;

const runs = Math.max(1, Number(option("--runs", "5")));
const only = option("--only", "");
const saveTo = option("--save", "");
const load = () =>
  loadavg()
    .map((n) => n.toFixed(1))
    .join(" ");

const runtime = option("--runtime", "workerd") === "wrangler" ? "wrangler" : "workerd";
const stack = await startDemoStack({ by: "bench/lighthouse.ts", build: !args.includes("--no-build"), photos: true, runtime });
const peer = args.includes("--no-peer") ? null : await startPeer(option("--peer", "") || undefined);
const owner = await stack.sessionCookie("owner@lockerswap.test");

type Page = { path: string; signedIn: boolean; peerPath: string | null };
const pages: Page[] = (
  [
    { path: "/", signedIn: false, peerPath: "/" },
    { path: "/sport/soccer", signedIn: false, peerPath: "/browse?sport=soccer" },
    { path: `/listing/${stack.demo.listingId}`, signedIn: false, peerPath: "/listings/1" },
    { path: "/auth", signedIn: false, peerPath: "/auth" },
    { path: "/clubs", signedIn: false, peerPath: null },
    { path: `/club/${stack.demo.clubSlug}`, signedIn: false, peerPath: null },
    { path: `/club/${stack.demo.clubSlug}?tab=messages`, signedIn: true, peerPath: null },
    { path: "/messages", signedIn: true, peerPath: null },
    { path: "/list-item", signedIn: true, peerPath: null },
  ] satisfies Page[]
).filter((page) => !only || page.path.includes(only));

const chrome = await launch({
  chromePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
  chromeFlags: [
    "--headless=new",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--no-first-run",
  ],
});

type Lhr = NonNullable<Awaited<ReturnType<typeof lighthouse>>>["lhr"];
async function audit(url: string, cookie: string | null): Promise<Lhr> {
  const result = await lighthouse(url, {
    port: chrome.port,
    logLevel: "error",
    output: "json",
    onlyCategories: [...CATEGORIES],
    // Signed in: the session cookie on every request of the page (Lighthouse's extraHeaders).
    ...(cookie ? { extraHeaders: { Cookie: cookie } } : {}),
  });
  if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
  return result.lhr;
}

const performanceOf = (lhr: Lhr) => lhr.categories.performance?.score ?? 0;
const metric = (lhr: Lhr, id: string) => lhr.audits[id]?.numericValue ?? NaN;
const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor((sorted.length - 1) / 2)] ?? NaN;
};
/**
 * The median run by performance score, the range of scores, and each metric's own median — over the
 * runs Lighthouse completed. A run it could not record (a `runtimeError`, e.g. NO_NAVSTART: its trace
 * missed the navigation) has no real scores: it is left out of the figures and listed under `failed`.
 */
function summarize(all: Lhr[]) {
  const results = all.filter((run) => !run.runtimeError);
  const failed = all.filter((run) => run.runtimeError).map((run) => `${run.runtimeError!.code} ${run.runtimeError!.message.slice(0, 200)}`);
  const byScore = [...(results.length ? results : all)].sort((a, b) => performanceOf(a) - performanceOf(b));
  const lhr = byScore[Math.floor((byScore.length - 1) / 2)]!;
  const scores = results.map((run) => Math.round(performanceOf(run) * 100)).sort((a, b) => a - b);
  const tbts = results.map((run) => metric(run, "total-blocking-time"));
  const counted = failed.length ? `; ${results.length} of ${all.length} runs` : "";
  return {
    lhr,
    performance: median(scores),
    range: (scores.length > 1 ? `${scores[0]}–${scores.at(-1)}` : "") + counted,
    tbt: median(tbts),
    tbtRange: tbts.length ? `${Math.round(Math.min(...tbts))}–${Math.round(Math.max(...tbts))}` : "",
    lcp: median(results.map((run) => metric(run, "largest-contentful-paint"))),
    fcp: median(results.map((run) => metric(run, "first-contentful-paint"))),
    failed,
  };
}

console.log(`${new Date().toISOString()} · ours on ${runtime} · ${runs} run(s) per page · load average before: ${load()}`);
const ours = new Map<string, Lhr[]>(pages.map((page) => [page.path, []]));
const theirs = new Map<string, Lhr[]>(pages.filter((page) => page.peerPath).map((page) => [page.path, []]));
const loads: string[] = [];
try {
  // Run by run, page by page, ours then the peer's: a slow minute of the machine falls on both.
  for (let run = 0; run < runs; run++) {
    for (const page of pages) {
      ours.get(page.path)!.push(await audit(`${stack.url}${page.path}`, page.signedIn ? `${owner.name}=${owner.value}` : null));
      if (peer && page.peerPath) theirs.get(page.path)!.push(await audit(`${peer.url}${page.peerPath}`, null));
    }
    loads.push(load());
    console.log(`  run ${run + 1} of ${runs} done (load ${load()})`);
  }
} finally {
  chrome.kill();
  await stack.stop();
  await peer?.stop();
}

let lhVersion = "";
const lines: string[] = [];
const notes: string[] = [];
const ms = (value: number) => `${Math.round(value)} ms`;
const s = (value: number) => `${(value / 1000).toFixed(2)} s`;
for (const page of pages) {
  const mine = summarize(ours.get(page.path)!);
  lhVersion = mine.lhr.lighthouseVersion;
  if (saveTo) {
    mkdirSync(saveTo, { recursive: true });
    writeFileSync(join(saveTo, `${page.path.replace(/[^a-z0-9]+/gi, "_") || "_"}.json`), JSON.stringify(mine.lhr));
  }
  const other = peer && page.peerPath ? summarize(theirs.get(page.path)!) : null;
  const cats = CATEGORIES.slice(1).map((key) => {
    const score = mine.lhr.categories[key]?.score;
    return score == null ? "—" : String(Math.round(score * 100));
  });
  const label = `${page.path.replace(stack.demo.listingId, "{id}").replace(stack.demo.clubSlug, "{slug}")}${page.signedIn ? " (signed in)" : ""}`;
  lines.push(
    `| ${label} | ${mine.performance} (${mine.range}) · ${ms(mine.tbt)} (${mine.tbtRange}) · ${s(mine.lcp)} · ${s(mine.fcp)} | ${
      other
        ? `${page.peerPath}: ${other.performance} (${other.range}) · ${ms(other.tbt)} (${other.tbtRange}) · ${s(other.lcp)} · ${s(other.fcp)}`
        : "—"
    } | ${cats.join(" · ")} |`,
  );
  const lhr = mine.lhr;
  const missed = !(mine.performance >= TARGETS.performance && mine.tbt <= TBT_TARGET_MS); // NaN (no run completed) misses too
  const lost: string[] = [];
  for (const key of CATEGORIES.filter((key) => key !== "performance")) {
    for (const ref of lhr.categories[key]?.auditRefs ?? []) {
      if (ref.weight === 0 || (lhr.audits[ref.id]?.score ?? 1) >= 1) continue;
      lost.push(`${key}: ${ref.id} — ${lhr.audits[ref.id].title}`);
      const found = ((lhr.audits[ref.id].details as { items?: Record<string, unknown>[] } | undefined)?.items ?? []).slice(0, 3);
      for (const item of found) lost.push(`  ${JSON.stringify(item).slice(0, 300)}`);
    }
  }
  if (missed) {
    // Where the time went: main-thread work by kind, the long tasks and the scripts, of the median run.
    const items = (id: string) => (lhr.audits[id]?.details as { items?: Record<string, unknown>[] } | undefined)?.items ?? [];
    const strip = (url: unknown) => String(url).replace(stack.url, "");
    lost.push(
      `main thread: ${items("mainthread-work-breakdown")
        .slice(0, 4)
        .map((item) => `${item.groupLabel} ${ms(Number(item.duration))}`)
        .join(", ")}`,
      `long tasks: ${items("long-tasks")
        .slice(0, 6)
        .map((item) => `${strip(item.url)} ${ms(Number(item.duration))} at ${ms(Number(item.startTime))}`)
        .join(", ")}`,
      `scripts: ${items("bootup-time")
        .slice(0, 3)
        .map((item) => `${strip(item.url)} ${ms(Number(item.total))}`)
        .join(", ")}`,
    );
  }
  for (const failure of mine.failed) lost.push(`a run failed: ${failure}`);
  if (lost.length) notes.push(`${label}${missed ? " — below target" : ""}\n${lost.map((line) => `    ${line}`).join("\n")}`);
}

console.log(
  `\nLighthouse ${lhVersion} mobile (simulated slow 4G, 4× CPU), Debian Chromium, median of ${runs} run(s); load average after each round: ${loads.join(" | ")}`,
);
console.log(`targets: performance ≥ ${TARGETS.performance}, TBT ≤ ${TBT_TARGET_MS} ms, the other categories 100\n`);
console.log("| page | LockerSwap: perf (range) · TBT (range) · LCP · FCP | SportSwap peer, same run | a11y · best practices · SEO |");
console.log("|---|---|---|---|");
for (const line of lines) console.log(line);
console.log(notes.length ? `\n${notes.join("\n")}` : "\nevery page on target");
