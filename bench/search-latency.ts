/**
 * Browse/search query latency over the bench database (issue 5 §6; target p95 ≤ 25 ms). Prints
 * p50/p95 per filter combination; asserts nothing. `--explain` prints each case's SQL statements
 * with SQLite's EXPLAIN QUERY PLAN instead of timing them. See ADR 010 for the figures.
 *
 *   node --import tsx bench/seed-bench.ts --file .data/bench.db      (once, ~100k listings)
 *   node --import tsx bench/search-latency.ts [--file .data/bench.db] [--runs 40] [--explain] [--only soccer]
 */
import { existsSync } from "node:fs";
import { resolve } from "node:path";
import { sql } from "drizzle-orm";
import { createDb } from "../db/client";
import { searchListings } from "../app/features/search/search.server";
import type { SearchFilters } from "../app/features/search/search-filters.server";
import { suggestListings } from "../app/features/search/suggestions.server";
import type { Viewer } from "../app/features/accounts/viewer";

const args = process.argv.slice(2);
const option = (name: string, fallback: string) => {
  const i = args.indexOf(name);
  return i >= 0 && args[i + 1] ? args[i + 1]! : fallback;
};
const file = resolve(option("--file", ".data/bench.db"));
const runs = Number(option("--runs", "40"));
const explain = args.includes("--explain");
const only = option("--only", "");
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
const [someCity] = await db.all<{ city: string; state: string }>(
  sql`select city, state from listings group by city, state order by count(*) desc limit 1`,
);
const [someWord] = await db.all<{ title: string }>(sql`select title from listings limit 1 offset 17`);
const keyword = (someWord?.title ?? "ball").split(/\s+/).find((w) => w.length > 3) ?? "ball";
const viewer: Viewer | null = member
  ? { id: member.user_id, email: "bench@example.com", firstName: null, lastName: null, zipCode: member.zip_code, isAdmin: false }
  : null;

// `count` as the route asks: the home grid shows no '{n} item(s) found', /sport/{sport} does.
type Case = { name: string; who: Viewer | null; filters: SearchFilters; limit: number; count?: boolean; suggest?: boolean };
const cases: Case[] = [
  { name: "home grid, signed out (12 newest)", who: null, filters: {}, limit: 12, count: false },
  { name: "home grid, member with profile ZIP", who: viewer, filters: {}, limit: 12, count: false },
  { name: "home grid, signed out + exact count", who: null, filters: {}, limit: 12 },
  { name: "home grid, member ZIP + exact count", who: viewer, filters: {}, limit: 12 },
  { name: "sport browse soccer, signed out", who: null, filters: { sport: "soccer" }, limit: 24 },
  { name: "sport browse soccer, page 3 (72)", who: null, filters: { sport: "soccer" }, limit: 72 },
  { name: "sport browse soccer", who: viewer, filters: { sport: "soccer" }, limit: 24 },
  { name: `keyword "${keyword.slice(0, 4)}" prefix`, who: viewer, filters: { q: keyword.slice(0, 4) }, limit: 24 },
  {
    name: "soccer + types + conditions",
    who: viewer,
    filters: { sport: "soccer", types: ["Cleats", "Balls"], conditions: ["like-new", "gently-used"] },
    limit: 24,
  },
  {
    name: "soccer price 25–100, price asc",
    who: viewer,
    filters: { sport: "soccer", priceMin: 25, priceMax: 100, sort: "price_asc" },
    limit: 24,
  },
  {
    name: "tennis pickleball + brand + gender",
    who: viewer,
    filters: { sport: "tennis", category: "pickleball", brands: ["Selkirk", "JOOLA"], genders: ["Unisex"] },
    limit: 24,
  },
  { name: `ZIP ${someZip?.zip_code} radius 50`, who: viewer, filters: { zip: someZip?.zip_code, radius: 50 }, limit: 24 },
  { name: `ZIP radius 250 + keyword`, who: viewer, filters: { zip: someZip?.zip_code, radius: 250, q: keyword.slice(0, 4) }, limit: 24 },
  { name: "location text 'City, ST'", who: viewer, filters: { location: "Springfield, MA" }, limit: 24 },
  {
    name: `location text '${someCity?.city}, ${someCity?.state}'`,
    who: viewer,
    filters: { location: `${someCity?.city}, ${someCity?.state}` },
    limit: 24,
  },
  { name: "suggestions (5)", who: viewer, filters: { q: keyword.slice(0, 3) }, limit: 5, suggest: true },
];

if (explain) {
  // Every statement a case sends, with its plan: wrap the client once, replay each case.
  const client = db.$client;
  const execute = client.execute.bind(client);
  let sent: { sql: string; args?: unknown }[] = [];
  client.execute = ((statement: string | { sql: string; args?: unknown }, params?: unknown) => {
    sent.push(typeof statement === "string" ? { sql: statement, args: params } : statement);
    return execute(statement as never, params as never);
  }) as typeof client.execute;
  const batch = client.batch.bind(client);
  client.batch = ((statements: ({ sql: string; args?: unknown } | string)[], mode?: unknown) => {
    for (const statement of statements) sent.push(typeof statement === "string" ? { sql: statement } : statement);
    return batch(statements as never, mode as never);
  }) as typeof client.batch;
  for (const c of cases.filter((c) => !only || c.name.includes(only))) {
    sent = [];
    if (c.suggest) await suggestListings(db, c.who, c.filters.q ?? "");
    else await searchListings(db, c.who, c.filters, { limit: c.limit, count: c.count });
    console.log(`\n=== ${c.name}`);
    for (const statement of sent.filter((s) => /\bfrom "?listings\b/.test(s.sql))) {
      console.log(statement.sql.replace(/\s+/g, " ").trim());
      const plan = await execute({ sql: `explain query plan ${statement.sql}`, args: statement.args as never });
      for (const row of plan.rows) console.log(`  ${String(row.detail)}`);
    }
  }
  client.close();
  process.exit(0);
}

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
console.log(`search latency over ${file} (${listings} listings), ${runs} runs each after 3 warm-ups\n`);
console.log("case".padEnd(44), "p50 ms".padStart(8), "p95 ms".padStart(8), "total".padStart(8));
for (const c of cases.filter((c) => !only || c.name.includes(only))) {
  const once = async () => {
    if (c.suggest) return { total: (await suggestListings(db, c.who, c.filters.q ?? "")).length };
    return searchListings(db, c.who, c.filters, { limit: c.limit, count: c.count });
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
  console.log(
    c.name.slice(0, 44).padEnd(44),
    percentile(times, 50).toFixed(1).padStart(8),
    percentile(times, 95).toFixed(1).padStart(8),
    String(total).padStart(8),
  );
}
console.log("\ntarget: p95 ≤ 25 ms per case");
db.$client.close();
