/**
 * The floors a page is measured beside (ADR 082), and Lighthouse's CPU calibration:
 *
 * - the no-script floor: the page's own server HTML with every <script> and modulepreload removed,
 *   served statically from loopback with its CSS, images and fonts (fetched once from the stack) —
 *   the physical limit for that markup;
 * - the framework floor's element count: what bench/floor-app is asked to hydrate beside the page;
 * - `multiplierFor(benchmarkIndex)`: the CPU slowdown that makes this host approximate Lighthouse's
 *   mid-tier phone, as Lighthouse's throttling guidance (docs/throttling.md, "Calibrating the CPU
 *   slowdown", and its CPU-slowdown calculator) maps it.
 */
import { createServer, type Server } from "node:http";
import { gzipSync } from "node:zlib";

/** Every <script>…</script> (inline loader data, the module entry) and every modulepreload link. */
export function stripScripts(html: string) {
  return html.replace(/<script\b[^>]*>[\s\S]*?<\/script>/gi, "").replace(/<link\b[^>]*rel="modulepreload"[^>]*>/gi, "");
}

/**
 * The elements of the document's body, as React would hydrate them: start tags after <body>, not
 * counting scripts, links and templates (what <Scripts> renders is no part of the tree).
 */
export function countBodyElements(html: string) {
  const body = stripScripts(html).replace(/^[\s\S]*?<body\b[^>]*>/i, "");
  return [...body.matchAll(/<([a-zA-Z][a-zA-Z0-9-]*)\b/g)].filter(([, tag]) => !/^(script|link|template)$/i.test(tag!)).length;
}

/**
 * The no-script floor of a set of pages: `add(path, cookie)` fetches the page's HTML from the stack (as
 * the signed-in viewer when a cookie is given) and serves it without its scripts at the same path on
 * this server's origin; every other request (CSS, images, fonts) is fetched once from the stack and
 * served from memory, text gzipped.
 */
export async function startStaticFloor(stackUrl: string) {
  const pages = new Map<string, Buffer>();
  const assets = new Map<string, Promise<{ status: number; type: string; body: Buffer }>>();
  let cookie = "";
  const fetchAsset = (path: string) => {
    if (!assets.has(path))
      assets.set(
        path,
        fetch(`${stackUrl}${path}`, { headers: cookie ? { cookie } : {} }).then(async (answer) => ({
          status: answer.status,
          type: answer.headers.get("content-type") ?? "application/octet-stream",
          body: Buffer.from(await answer.arrayBuffer()),
        })),
      );
    return assets.get(path)!;
  };
  const server: Server = createServer((request, response) => {
    const path = request.url ?? "/";
    const gzip = /gzip/.test(String(request.headers["accept-encoding"]));
    const send = (status: number, type: string, body: Buffer) => {
      const text = /text|javascript|json|svg/.test(type);
      response.writeHead(status, {
        "content-type": type,
        "cache-control": "no-cache",
        ...(gzip && text ? { "content-encoding": "gzip" } : {}),
      });
      response.end(gzip && text ? gzipSync(body) : body);
    };
    const page = pages.get(path);
    if (page) return send(200, "text/html; charset=utf-8", page);
    void fetchAsset(path).then(
      (asset) => send(asset.status, asset.type, asset.body),
      () => send(502, "text/plain", Buffer.from("stack unreachable")),
    );
  });
  await new Promise<void>((done) => server.listen(0, "127.0.0.1", done));
  const address = server.address();
  const url = `http://127.0.0.1:${typeof address === "object" && address ? address.port : 0}`;
  return {
    url,
    /** Serves `path` without scripts; returns the page's body element count (the framework floor's n). */
    async add(path: string, sessionCookie: string | null) {
      if (sessionCookie) cookie = sessionCookie;
      const answer = await fetch(`${stackUrl}${path}`, { headers: sessionCookie ? { cookie: sessionCookie } : {}, redirect: "manual" });
      if (answer.status !== 200) throw new Error(`${path}: the stack answered ${answer.status}`);
      const html = await answer.text();
      pages.set(path, Buffer.from(stripScripts(html)));
      return countBodyElements(html);
    },
    stop: () => new Promise<void>((done) => server.close(() => done())),
  };
}

/**
 * Lighthouse's CPU-slowdown calculator: the multiplier that brings a host of this benchmarkIndex to
 * the mid-tier phone Lighthouse emulates, and its confidence range. Piecewise linear through the
 * calculator's points — 150 → 1×, 800 → 2×, 1300 → 3×, then +1× per 233 (1533 → 4×, 2000 → 6×) — its
 * range ±0.25× below 800, ±0.75× to 1300, and above that half of max(1.5, the excess, 30 % of it).
 * A host below 150 is too slow to emulate that phone at all: null.
 */
export function multiplierFor(benchmarkIndex: number): { multiplier: number; range: [number, number] } | null {
  if (!Number.isFinite(benchmarkIndex) || benchmarkIndex < 150) return null;
  const [multiplier, spread] =
    benchmarkIndex >= 1300
      ? [3 + (benchmarkIndex - 1300) / 233, 0]
      : benchmarkIndex >= 800
        ? [2 + (benchmarkIndex - 800) / 500, 1.5]
        : [1 + (benchmarkIndex - 150) / 650, 0.5];
  const width = benchmarkIndex >= 1300 ? Math.max((benchmarkIndex - 1300) / 233, 1.5, multiplier * 0.3) : spread;
  return { multiplier, range: [multiplier - width / 2, multiplier + width / 2] };
}
