/**
 * Lighthouse (mobile: its default emulated phone and simulated slow 4G) on the pages of issue 10's
 * proof — /, /sport/soccer, one listing and /auth — against a running stack, in Debian's Chromium.
 * Prints one row per page (performance, accessibility, best practices, SEO) and the audits that
 * cost points; asserts nothing. Lighthouse 12 (13 needs Node 22).
 *
 *   npm start    (or PORT=… npm start), then
 *   node --import tsx bench/lighthouse.ts [--url http://localhost:8787] [--listing <id>]
 *
 * Without --listing it takes the first listing linked from /sport/soccer.
 */
import { launch } from "chrome-launcher";
import lighthouse from "lighthouse";

function argument(name: string) {
  const index = process.argv.indexOf(`--${name}`);
  return index > 0 ? process.argv[index + 1] : undefined;
}

const base = (argument("url") ?? `http://localhost:${process.env.PORT ?? 8787}`).replace(/\/$/, "");
const CATEGORIES = ["performance", "accessibility", "best-practices", "seo"] as const;

async function firstListingId() {
  const response = await fetch(`${base}/sport/soccer`);
  const id = (await response.text()).match(/href="\/listing\/([^"/?]+)"/)?.[1];
  if (!id) throw new Error(`No listing linked from ${base}/sport/soccer: seed the database or pass --listing <id>`);
  return id;
}

const listingId = argument("listing") ?? (await firstListingId());
const pages = ["/", "/sport/soccer", `/listing/${listingId}`, "/auth"];

const chrome = await launch({
  chromePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
  chromeFlags: ["--headless=new", "--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update", "--no-first-run"],
});
const rows: { page: string; scores: (number | null)[]; lost: string[] }[] = [];
try {
  for (const path of pages) {
    const result = await lighthouse(`${base}${path}`, { port: chrome.port, logLevel: "error", output: "json", onlyCategories: [...CATEGORIES] });
    if (!result) throw new Error(`Lighthouse returned nothing for ${path}`);
    const { lhr } = result;
    const scores = CATEGORIES.map((key) => {
      const score = lhr.categories[key]?.score;
      return score == null ? null : Math.round(score * 100);
    });
    // The scored audits that did not pass, outside performance (whose metrics are printed as its score).
    const lost = CATEGORIES.filter((key) => key !== "performance").flatMap((key) =>
      (lhr.categories[key]?.auditRefs ?? [])
        .filter((ref) => ref.weight > 0 && (lhr.audits[ref.id]?.score ?? 1) < 1)
        .map((ref) => `${key}: ${ref.id} — ${lhr.audits[ref.id].title}`),
    );
    rows.push({ page: path, scores, lost });
    if (lhr.runtimeError) console.warn(`${path}: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
  }
} finally {
  chrome.kill();
}

const width = Math.max(...rows.map((row) => row.page.length), 4);
console.log(`\nLighthouse mobile against ${base}\n`);
console.log(`${"page".padEnd(width)}  performance  accessibility  best practices  SEO`);
for (const row of rows) {
  const [performance, accessibility, bestPractices, seo] = row.scores.map((score) => (score === null ? "—" : String(score)));
  console.log(`${row.page.padEnd(width)}  ${performance.padStart(11)}  ${accessibility.padStart(13)}  ${bestPractices.padStart(14)}  ${seo.padStart(3)}`);
}
for (const row of rows) for (const audit of row.lost) console.log(`  ${row.page}: ${audit}`);
