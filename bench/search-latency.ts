/**
 * Browse/search query latency over the bench database (issue 5 §6; target p95 ≤ 25 ms). Prints
 * p50/p95 per filter combination; asserts nothing.
 *
 *   node --import tsx bench/seed-bench.ts --file .data/bench.db      (once, ~100k listings)
 *   node --import tsx bench/search-latency.ts [--file .data/bench.db] [--runs 40]
 */
import { existsSync } from "node:fs";
import { resolve } from "node:path";
import { sql } from "drizzle-orm";
import { createDb } from "../db/client";
import { searchListings, suggestListings, type SearchFilters } from "../app/domain/search.server";
import type { Viewer } from "../app/domain/viewer";

const args = process.argv.slice(2);
const option = (name: string, fallback: string) => {
  const i = args.indexOf(name);
  return i >= 0 && args[i + 1] ? args[i + 1]! : fallback;
};
const file = resolve(option("--file", ".data/bench.db"));
const runs = Number(option("--runs", "40"));
if (!existsSync(file)) {
  console.log(`No bench database at ${file}. Run: node --import tsx bench/seed-bench.ts --file ${file}`);
  process.exit(0);
}

const db = createDb({ url: `file:${file}` });
const [{ listings }] = await db.all<{ listings: number }>(sql`select count(*) as listings from listings`);
const [member] = await db.all<{ user_id: string; zip_code: string | null }>(
  sql`select m.user_id, p.zip_code from club_members m left join profiles p on p.user_id = m.user_id where m.status = 'active' limit 1`,
);
const [someZip] = await db.all<{ zip_code: string }>(sql`select zip_code from listings group by zip_code order by count(*) desc limit 1`);
const [someWord] = await db.all<{ title: string }>(sql`select title from listings limit 1 offset 17`);
const keyword = (someWord?.title ?? "ball").split(/\s+/).find((w) => w.length > 3) ?? "ball";
const viewer: Viewer | null = member
  ? { id: member.user_id, email: "bench@example.com", firstName: null, lastName: null, zipCode: member.zip_code, isAdmin: false }
  : null;

type Case = { name: string; who: Viewer | null; filters: SearchFilters; limit: number; suggest?: boolean };
const cases: Case[] = [
  { name: "home grid, signed out (12 newest)", who: null, filters: {}, limit: 12 },
  { name: "home grid, member with profile ZIP", who: viewer, filters: {}, limit: 12 },
  { name: "sport browse soccer", who: viewer, filters: { sport: "soccer" }, limit: 24 },
  { name: `keyword "${keyword.slice(0, 4)}" prefix`, who: viewer, filters: { q: keyword.slice(0, 4) }, limit: 24 },
  { name: "soccer + types + conditions", who: viewer, filters: { sport: "soccer", types: ["Cleats", "Balls"], conditions: ["like-new", "gently-used"] }, limit: 24 },
  { name: "soccer price 25–100, price asc", who: viewer, filters: { sport: "soccer", priceMin: 25, priceMax: 100, sort: "price_asc" }, limit: 24 },
  { name: "tennis pickleball + brand + gender", who: viewer, filters: { sport: "tennis", category: "pickleball", brands: ["Selkirk", "JOOLA"], genders: ["Unisex"] }, limit: 24 },
  { name: `ZIP ${someZip?.zip_code} radius 50`, who: viewer, filters: { zip: someZip?.zip_code, radius: 50 }, limit: 24 },
  { name: `ZIP radius 250 + keyword`, who: viewer, filters: { zip: someZip?.zip_code, radius: 250, q: keyword.slice(0, 4) }, limit: 24 },
  { name: "location text 'City, ST'", who: viewer, filters: { location: "Springfield, MA" }, limit: 24 },
  { name: "suggestions (5)", who: viewer, filters: { q: keyword.slice(0, 3) }, limit: 5, suggest: true },
];

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
console.log(`search latency over ${file} (${listings} listings), ${runs} runs each after 3 warm-ups\n`);
console.log("case".padEnd(44), "p50 ms".padStart(8), "p95 ms".padStart(8), "total".padStart(8));
for (const c of cases) {
  const once = async () => {
    if (c.suggest) return { total: (await suggestListings(db, c.who, c.filters.q ?? "")).length };
    return searchListings(db, c.who, c.filters, { limit: c.limit });
  };
  for (let i = 0; i < 3; i++) await once();
  const times: number[] = [];
  let total = 0;
  for (let i = 0; i < runs; i++) {
    const start = performance.now();
    total = (await once()).total;
    times.push(performance.now() - start);
  }
  times.sort((a, b) => a - b);
  console.log(c.name.slice(0, 44).padEnd(44), percentile(times, 50).toFixed(1).padStart(8), percentile(times, 95).toFixed(1).padStart(8), String(total).padStart(8));
}
console.log("\ntarget: p95 ≤ 25 ms per case");
db.$client.close();
