/**
 * Where a page's main-thread time goes at load (ADR 075). Builds the app WITHOUT minifying
 * (VITE_MINIFY=off: a production React, readable names), starts the demo stack, and for each page
 * loads it in Debian Chromium with the CPU throttled 4× (as Lighthouse mobile), the V8 sampling
 * profiler on, until it has hydrated and the main thread has been quiet for a second. Prints the
 * long tasks (and their sum over 50 ms, the Total Blocking Time that Lighthouse would see), then
 * self time per script and per function, and inclusive time per React component (a capitalised
 * function in our chunks). Prints figures, asserts nothing.
 *
 *   node --import tsx bench/hydration-profile.ts [--only /sport] [--top 25] [--signed-in]
 */
import { loadavg } from "node:os";
import { chromium } from "@playwright/test";
import { startDemoStack } from "./demo-stack";
import { args, option } from "./cli";

const top = Number(option("--top", "25"));
const only = option("--only", "");
process.env.VITE_MINIFY = "off";
const stack = await startDemoStack({ by: "bench/hydration-profile.ts", build: !args.includes("--no-build"), photos: true });
const pages = ["/", "/sport/soccer", `/listing/${stack.demo.listingId}`, "/auth", "/clubs", `/club/${stack.demo.clubSlug}`].filter(
  (page) => !only || page.includes(only),
);

type Node = { id: number; callFrame: { functionName: string; url: string; lineNumber: number }; children?: number[] };
type Profile = { nodes: Node[]; samples: number[]; timeDeltas: number[] };

const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium" });
try {
  console.log(
    `${new Date().toISOString()} · CPU 4× throttled · load average ${loadavg()
      .map((n) => n.toFixed(1))
      .join(" ")}\n`,
  );
  for (const path of pages) {
    const context = await browser.newContext({ viewport: { width: 412, height: 823 }, isMobile: true, deviceScaleFactor: 1.75 });
    if (args.includes("--signed-in")) await context.addCookies([await stack.sessionCookie("owner@lockerswap.test")]);
    const page = await context.newPage();
    await page.addInitScript(() => {
      const w = window as unknown as { __long: { start: number; duration: number }[] };
      w.__long = [];
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries()) w.__long.push({ start: entry.startTime, duration: entry.duration });
      }).observe({ type: "longtask", buffered: true });
    });
    const cdp = await context.newCDPSession(page);
    await cdp.send("Emulation.setCPUThrottlingRate", { rate: 4 });
    await cdp.send("Profiler.enable");
    await cdp.send("Profiler.setSamplingInterval", { interval: 200 });
    await cdp.send("Profiler.start");
    await page.goto(`${stack.url}${path}`, { waitUntil: "load" });
    await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
    // Quiet for a second: no long task ended in the last 1,000 ms.
    await page.waitForFunction(
      () => {
        const long = (window as unknown as { __long: { start: number; duration: number }[] }).__long;
        const last = long.reduce((end, task) => Math.max(end, task.start + task.duration), 0);
        return performance.now() - last > 1000;
      },
      undefined,
      { polling: 200, timeout: 60_000 },
    );
    const { profile } = (await cdp.send("Profiler.stop")) as { profile: Profile };
    const { long, fcp } = await page.evaluate(() => ({
      long: (window as unknown as { __long: { start: number; duration: number }[] }).__long,
      fcp: performance.getEntriesByName("first-contentful-paint")[0]?.startTime ?? 0,
    }));
    const blocking = long.filter((task) => task.start >= fcp).reduce((sum, task) => sum + Math.max(0, task.duration - 50), 0);
    console.log(`## ${path}`);
    console.log(
      `long tasks: ${long.length} (${long.map((task) => Math.round(task.duration)).join(", ")} ms); blocking after FCP (${Math.round(fcp)} ms): ${Math.round(blocking)} ms`,
    );
    report(profile);
    await context.close();
  }
} finally {
  await browser.close();
  await stack.stop();
}

function report(profile: Profile) {
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const self = new Map<number, number>();
  profile.samples.forEach((id, i) => self.set(id, (self.get(id) ?? 0) + (profile.timeDeltas[i] ?? 0) / 1000));
  const parent = new Map<number, number>();
  for (const node of profile.nodes) for (const child of node.children ?? []) parent.set(child, node.id);
  const file = (url: string) => url.replace(/^.*\/assets\//, "").replace(/^https?:\/\/[^/]+/, "") || "(native)";
  const sum = (map: Map<string, number>, key: string, ms: number) => map.set(key, (map.get(key) ?? 0) + ms);
  const perScript = new Map<string, number>();
  const perFunction = new Map<string, number>();
  const perComponent = new Map<string, number>();
  let total = 0;
  for (const [id, ms] of self) {
    const node = byId.get(id)!;
    const { functionName, url, lineNumber } = node.callFrame;
    if (functionName === "(idle)" || functionName === "(program)") continue;
    total += ms;
    sum(perScript, file(url), ms);
    sum(perFunction, `${functionName || "(anonymous)"} ${file(url)}:${lineNumber + 1}`, ms);
    // Inclusive time per component: every capitalised function of our chunks on the stack, once.
    const seen = new Set<string>();
    for (let at: number | undefined = id; at !== undefined; at = parent.get(at)) {
      const frame = byId.get(at)!.callFrame;
      if (/^[A-Z][A-Za-z0-9]*$/.test(frame.functionName) && frame.url.includes("/assets/") && !seen.has(frame.functionName)) {
        seen.add(frame.functionName);
        sum(perComponent, frame.functionName, ms);
      }
    }
  }
  const show = (title: string, map: Map<string, number>) => {
    console.log(`  ${title}:`);
    for (const [key, ms] of [...map].sort((a, b) => b[1] - a[1]).slice(0, top)) console.log(`    ${ms.toFixed(1).padStart(8)} ms  ${key}`);
  };
  console.log(`  sampled main-thread time (not idle): ${total.toFixed(0)} ms`);
  show("self time per script", perScript);
  show("self time per function", perFunction);
  show("inclusive time per component (ours, capitalised)", perComponent);
  console.log("");
}
