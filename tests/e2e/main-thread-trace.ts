/**
 * The main thread of one page load, from a Chrome trace (ADR 082): the page opens in a fresh context of
 * the suite's browser, the trace recording from before the navigation until the page has hydrated
 * (`<html data-hydrated>`), its network has been idle for 500 ms (an app page) and the main thread
 * has had an idle moment — so the work a page starts at load (lazy parts, rooms, suggestion data) is in it.
 *
 * - cpu: the main thread's CPU time in its tasks (RunTask's thread duration, `tdur`), the whole load,
 *   times PHONE_SLOWDOWN — the phone's time as Lighthouse's simulation counts it (observed × 4);
 * - longest: the CPU time of the longest of those tasks, on the same scale (bench/main-thread-ab.ts);
 * - blocking: TBT-style on the same scale, Σ (4 × duration − 50 ms) over the tasks longer than that
 *   from first contentful paint on (wall time: printed, not gated).
 *
 * Why CPU time at 1× and not wall time under CDP's 4× throttle (ADR 082): the throttle pauses the
 * thread by keeping it busy, so under 4× both a task's wall and CPU time move with the host's other
 * load (the floor app's load measured 251–465 ms of CPU at load average 13), while the thread's own
 * CPU time unthrottled does not (59–79 ms in the same minute): the machine's other work takes the core
 * away, it does not add to the thread's time.
 */
import type { Browser, BrowserContext, CDPSession } from "@playwright/test";

type TraceEvent = { name: string; cat: string; ph: string; ts: number; dur?: number; tdur?: number; pid: number; tid: number };

/** The thread CPU time (ms) of each renderer main-thread task of a trace, longest first. */
export function taskCpuTimes(events: TraceEvent[]) {
  return events
    .filter((event) => event.name === "RunTask" && event.ph === "X")
    .map((event) => (event.tdur ?? 0) / 1000)
    .sort((a, b) => b - a);
}

/** Lighthouse's mobile CPU multiplier: the factor a figure is scaled by to read as the phone's. */
export const PHONE_SLOWDOWN = 4;

export async function trace(cdp: CDPSession, during: () => Promise<void>, detail = false) {
  const events: TraceEvent[] = [];
  cdp.on("Tracing.dataCollected", (event) => events.push(...(event.value as unknown as TraceEvent[])));
  const complete = new Promise<void>((done) => cdp.once("Tracing.tracingComplete", () => done()));
  // RunTask (the tasks) and the paint marks: nothing else, so the trace stays small.
  // `detail` adds what runs inside them (script evaluation, function calls, style, layout, GC) for a breakdown.
  const categories = ["disabled-by-default-devtools.timeline", "loading", ...(detail ? ["devtools.timeline", "v8"] : [])];
  await cdp.send("Tracing.start", { traceConfig: { includedCategories: categories } });
  await during();
  await cdp.send("Tracing.end");
  await complete;
  return events;
}

/**
 * `lazyWork`: the page loads more after hydrating (lazy parts, a room) — wait for its network to be
 * idle too (the floor does not). `prepare` may route the context's requests (the heavy page of the spec).
 */
export async function mainThreadAtLoad(
  browser: Browser,
  url: string,
  opts: {
    cookies?: Parameters<BrowserContext["addCookies"]>[0];
    lazyWork?: boolean;
    prepare?: (context: BrowserContext) => Promise<void>;
    breakdown?: boolean;
  } = {},
) {
  const context = await browser.newContext({ viewport: { width: 412, height: 823 }, isMobile: true, deviceScaleFactor: 1.75 });
  try {
    await context.addCookies(opts.cookies ?? []);
    await opts.prepare?.(context);
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    // Unthrottled on purpose (see above); stated, so a throttle left by anything else cannot apply.
    await cdp.send("Emulation.setCPUThrottlingRate", { rate: 1 });
    const events = await trace(
      cdp,
      async () => {
        await page.goto(url);
        await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
        if (opts.lazyWork) await page.waitForLoadState("networkidle");
        await page.evaluate(() => new Promise((done) => requestIdleCallback(done, { timeout: 2000 })));
      },
      opts.breakdown,
    );
    // The page's renderer main thread: where its first contentful paint was marked.
    const fcp = events.find((event) => event.name === "firstContentfulPaint");
    if (!fcp) throw new Error(`${url}: no first contentful paint in the trace`);
    const tasks = events
      .filter((event) => event.name === "RunTask" && event.ph === "X" && event.pid === fcp.pid && event.tid === fcp.tid)
      .sort((a, b) => a.ts - b.ts);
    let cpu = 0;
    let blocking = 0;
    let longest = 0;
    let reached = -Infinity;
    const counted: TraceEvent[] = [];
    for (const task of tasks) {
      // A task nested in one already counted (a nested run loop) is part of it.
      if (task.ts < reached) continue;
      reached = task.ts + (task.dur ?? 0);
      counted.push(task);
      const taskCpu = ((task.tdur ?? task.dur ?? 0) / 1000) * PHONE_SLOWDOWN;
      cpu += taskCpu;
      longest = Math.max(longest, taskCpu);
      if (task.ts >= fcp.ts) blocking += Math.max(0, ((task.dur ?? 0) / 1000) * PHONE_SLOWDOWN - 50);
    }
    return { cpu, blocking, longest, breakdown: opts.breakdown ? breakdownOf(events, counted) : undefined };
  } finally {
    await context.close();
  }
}

/**
 * Where the counted tasks' CPU time went, phone-scaled: the self time of each kind of event directly
 * inside a task (script evaluation, function calls — React's work runs in these —, HTML parsing, style,
 * layout, GC…), the rest of a task as "(task)". For bench/main-thread-ab.ts.
 */
function breakdownOf(events: TraceEvent[], tasks: TraceEvent[]) {
  const sums = new Map<string, number>();
  const add = (name: string, us: number) => sums.set(name, (sums.get(name) ?? 0) + (us / 1000) * PHONE_SLOWDOWN);
  const { pid, tid } = tasks[0] ?? { pid: -1, tid: -1 };
  const inside = events
    .filter((event) => event.ph === "X" && event.pid === pid && event.tid === tid && event.name !== "RunTask")
    .sort((a, b) => a.ts - b.ts);
  let i = 0;
  for (const task of tasks) {
    const end = task.ts + (task.dur ?? 0);
    let covered = 0;
    let until = task.ts;
    for (; i < inside.length && inside[i]!.ts < end; i++) {
      const event = inside[i]!;
      if (event.ts < task.ts || event.ts < until) continue; // before this task, or nested in a child already counted
      until = event.ts + (event.dur ?? 0);
      const cpu = event.tdur ?? event.dur ?? 0;
      covered += cpu;
      add(event.name, cpu);
    }
    add("(task)", Math.max(0, (task.tdur ?? task.dur ?? 0) - covered));
  }
  return Object.fromEntries([...sums].sort((a, b) => b[1] - a[1]));
}
