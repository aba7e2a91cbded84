/**
 * Browse/search query latency over the bench database (ADR 010; target p95 ≤ 25 ms). Prints
 * p50/p95 per filter combination; asserts nothing. `--explain` prints each case's SQL statements
 * with SQLite's EXPLAIN QUERY PLAN instead of timing them (and the plan without the block filter
 * where it differs). See ADR 010 and README "Round trips and search" for the figures.
 *
 * Blocks (ADR 069: the block filter may cost at most 20 % of a case's p95): every signed-in case
 * is timed three ways, interleaved run by run in a rotating order so the machine's drift falls on
 * all three alike. Two twins of the bench member (same active clubs, same ZIP, no listings of their
 * own) stand in for the viewer: one with no blocks, one with 50 (25 people they blocked, 25 who
 * blocked them, owners of what the cases show, so the filter removes rows) — so nothing is written
 * while timing. The third way, a reference, is the blocking twin with the block condition taken out
 * of the SQL text ("no filter", the reads as before ADR 069). The twins are removed at the end.
 *
 *   node --import tsx bench/seed-bench.ts --file .data/bench.db      (once, ~100k listings)
 *   node --import tsx bench/search-latency.ts [--file .data/bench.db] [--runs 40] [--explain] [--only soccer] [--count-cap 0]
 *
 * ADR 074: every case (each sport page, every filter, radius 10/50/250 with and
 * without keywords, city/state, suggestions, the club filter, signed in and out, first and deep
 * pages), at 10,000 / 100,000 / 1,000,000 listings. `total` is the count the page would show
 * ('+' when it stopped at its cap, ADR 074).
 */
import { existsSync, statSync } from "node:fs";
import { cpus, loadavg } from "node:os";
import { resolve } from "node:path";
import { sql } from "drizzle-orm";
import { createDb } from "../db/client";
import { COUNT_CAP, searchListings } from "../app/features/search/search.server";
import type { SearchFilters } from "../app/features/search/search-filters.server";
import { suggestClubs, suggestListings } from "../app/features/search/suggestions.server";
import { listNearby } from "../app/features/search/nearby.server";
import type { Viewer } from "../app/features/permissions/viewer";
import { args, option } from "./cli";

const file = resolve(option("--file", ".data/bench.db"));
const runs = Number(option("--runs", "40"));
const explain = args.includes("--explain");
const only = option("--only", "");
// `--count-cap 0` counts exactly, as before ADR 074 (to show what the cap saves); default: the app's cap.
const countCapOption = option("--count-cap", "");
const countCap = countCapOption === "0" ? Number.MAX_SAFE_INTEGER : countCapOption ? Number(countCapOption) : undefined;
if (!existsSync(file)) {
  console.log(`No bench database at ${file}. Run: node --import tsx bench/seed-bench.ts --file ${file}`);
  process.exit(0);
}

const db = createDb({ url: `file:${file}` });
const [{ listings }] = await db.all<{ listings: number }>(sql`select count(*) as listings from listings`);
const started = new Date();
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

const [bigPublicClub] = await db.all<{ slug: string }>(
  sql`select c.slug from clubs c join listing_clubs lc on lc.club_id = c.id where c.visibility = 'public'
    group by c.id order by count(*) desc limit 1`,
);
const [memberClub] = member
  ? await db.all<{ slug: string }>(
      sql`select c.slug from club_members m join clubs c on c.id = m.club_id
        where m.user_id = ${member.user_id} and m.status = 'active'
        order by (select count(*) from listing_clubs lc where lc.club_id = c.id) desc limit 1`,
    )
  : [];
const [someSize] = await db.all<{ size_numeric: string }>(
  sql`select size_numeric from listings where sport = 'soccer' and size_numeric is not null group by 1 order by count(*) desc limit 1`,
);
const [someSizeGroup] = await db.all<{ size: string }>(
  sql`select size from listings where sport = 'hockey' and size is not null group by 1 order by count(*) desc limit 1`,
);
const [farZip] = await db.all<{ zip: string }>(sql`select zip from zip_codes where state = 'WY' order by zip limit 1`);
const [sports] = await db.all<{ keys: string }>(
  sql`select json_group_array(sport) as keys from (select distinct sport from listings order by sport)`,
);
const sportKeys: string[] = JSON.parse(sports?.keys ?? "[]");
const kw = keyword.slice(0, 4);
// The sport page asks for pages 1..n in one list ('Load more' is a plain link, sport.$sport.tsx).
const PAGE = 24;

// `count` as the route asks: the home grid shows no '{n} item(s) found', /sport/{sport} does.
// `run` for what is not `searchListings` (suggestions, the visitor's nearby grid, the club combobox).
type Case = {
  name: string;
  who: Viewer | null;
  filters: SearchFilters;
  limit: number;
  offset?: number;
  count?: boolean;
  suggest?: boolean;
  run?: (who: Viewer | null) => Promise<{ total: number }>;
};
const cases: Case[] = [
  // The home grid (no count).
  { name: "home grid, signed out (12 newest)", who: null, filters: {}, limit: 12, count: false },
  { name: "home grid, member with profile ZIP", who: viewer, filters: {}, limit: 12, count: false },
  {
    name: `home, visitor near ${someZip?.zip_code} (ADR 035)`,
    who: null,
    filters: {},
    limit: 12,
    run: async (who) => ({ total: (await listNearby(db, who, { zip: someZip!.zip_code }, 12)).items.length }),
  },
  {
    name: `home, visitor near ${farZip?.zip} (far away)`,
    who: null,
    filters: {},
    limit: 12,
    run: async (who) => ({ total: (await listNearby(db, who, { zip: farZip!.zip }, 12)).items.length }),
  },
  { name: "home grid, signed out + exact count", who: null, filters: {}, limit: 12 },
  { name: "home grid, member ZIP + exact count", who: viewer, filters: {}, limit: 12 },
  { name: `home keyword "${kw}", signed out`, who: null, filters: { q: kw }, limit: 12, count: false },
  { name: "home sports soccer+hockey, signed out", who: null, filters: { sports: ["soccer", "hockey"] }, limit: 12, count: false },
  // Each sport page, signed out, first page with its count.
  ...sportKeys.map((sport): Case => ({ name: `sport ${sport}, signed out`, who: null, filters: { sport }, limit: PAGE })),
  { name: "sport browse soccer", who: viewer, filters: { sport: "soccer" }, limit: PAGE },
  { name: "sport soccer, anywhere (no ZIP radius)", who: viewer, filters: { sport: "soccer", anywhere: true }, limit: PAGE },
  { name: "sport soccer, page 3 (72)", who: null, filters: { sport: "soccer" }, limit: 3 * PAGE },
  { name: "sport soccer, page 21 (504), signed out", who: null, filters: { sport: "soccer" }, limit: 21 * PAGE },
  { name: "sport soccer, page 21 (504)", who: viewer, filters: { sport: "soccer" }, limit: 21 * PAGE },
  { name: "sport soccer, offset 480 (24)", who: null, filters: { sport: "soccer" }, limit: PAGE, offset: 480 },
  // Keywords.
  { name: `keyword "${kw}" prefix`, who: viewer, filters: { q: kw }, limit: PAGE },
  { name: `keyword "${kw}" prefix, signed out`, who: null, filters: { q: kw }, limit: PAGE },
  { name: `soccer + keyword "${kw}", signed out`, who: null, filters: { sport: "soccer", q: kw }, limit: PAGE },
  { name: `keyword "${kw}", price asc`, who: viewer, filters: { q: kw, sort: "price_asc" }, limit: PAGE },
  // Every filter.
  {
    name: "soccer + types + conditions",
    who: viewer,
    filters: { sport: "soccer", types: ["Cleats", "Balls"], conditions: ["like-new", "gently-used"] },
    limit: PAGE,
  },
  {
    name: "soccer types + conditions, signed out",
    who: null,
    filters: { sport: "soccer", types: ["Cleats", "Balls"], conditions: ["like-new", "gently-used"] },
    limit: PAGE,
  },
  {
    name: "soccer price 25–100, price asc",
    who: viewer,
    filters: { sport: "soccer", priceMin: 25, priceMax: 100, sort: "price_asc" },
    limit: PAGE,
  },
  { name: "soccer price desc", who: viewer, filters: { sport: "soccer", sort: "price_desc" }, limit: PAGE },
  {
    name: "tennis pickleball + brand + gender",
    who: viewer,
    filters: { sport: "tennis", category: "pickleball", brands: ["Selkirk", "JOOLA"], genders: ["Unisex"] },
    limit: PAGE,
  },
  {
    name: "tennis pickleball brand, signed out",
    who: null,
    filters: { sport: "tennis", category: "pickleball", brands: ["Selkirk", "JOOLA"], genders: ["Unisex"] },
    limit: PAGE,
  },
  {
    name: `soccer size ${someSize?.size_numeric}, signed out`,
    who: null,
    filters: { sport: "soccer", sizes: [someSize?.size_numeric ?? "5"] },
    limit: PAGE,
  },
  {
    name: `hockey size group ${someSizeGroup?.size}, signed out`,
    who: null,
    filters: { sport: "hockey", sizeGroups: [(someSizeGroup?.size ?? "Youth") as never] },
    limit: PAGE,
  },
  { name: "soccer gender Women, signed out", who: null, filters: { sport: "soccer", genders: ["Women"] }, limit: PAGE },
  // Radius (from a URL ZIP), with and without keywords, and location text.
  { name: `ZIP ${someZip?.zip_code} radius 10`, who: viewer, filters: { zip: someZip?.zip_code, radius: 10 }, limit: PAGE },
  { name: `ZIP ${someZip?.zip_code} radius 50`, who: viewer, filters: { zip: someZip?.zip_code, radius: 50 }, limit: PAGE },
  { name: `ZIP ${someZip?.zip_code} radius 250`, who: viewer, filters: { zip: someZip?.zip_code, radius: 250 }, limit: PAGE },
  { name: "ZIP radius 50, signed out", who: null, filters: { zip: someZip?.zip_code, radius: 50 }, limit: PAGE },
  { name: "soccer ZIP radius 10, signed out", who: null, filters: { sport: "soccer", zip: someZip?.zip_code, radius: 10 }, limit: PAGE },
  { name: `ZIP radius 10 + keyword`, who: viewer, filters: { zip: someZip?.zip_code, radius: 10, q: kw }, limit: PAGE },
  { name: `ZIP radius 250 + keyword`, who: viewer, filters: { zip: someZip?.zip_code, radius: 250, q: kw }, limit: PAGE },
  { name: `ZIP ${farZip?.zip} radius 50 (none near)`, who: null, filters: { zip: farZip?.zip, radius: 50 }, limit: PAGE },
  { name: "location text 'City, ST'", who: viewer, filters: { location: "Springfield, MA" }, limit: PAGE },
  {
    name: `location text '${someCity?.city}, ${someCity?.state}'`,
    who: viewer,
    filters: { location: `${someCity?.city}, ${someCity?.state}` },
    limit: PAGE,
  },
  {
    name: `location '${someCity?.city}', signed out`,
    who: null,
    filters: { location: `${someCity?.city}, ${someCity?.state}` },
    limit: PAGE,
  },
  // The club filter: the public club with most listings (its listings are for members, so a
  // non-member sees none: ADR 026), and the member's own club with most listings.
  { name: `club filter (public, biggest)`, who: null, filters: { club: bigPublicClub?.slug }, limit: PAGE },
  { name: `club filter (public), member`, who: viewer, filters: { club: bigPublicClub?.slug }, limit: PAGE },
  { name: `club filter (member's own club)`, who: viewer, filters: { club: memberClub?.slug, anywhere: true }, limit: PAGE },
  { name: `member's club + profile radius`, who: viewer, filters: { club: memberClub?.slug }, limit: PAGE },
  { name: `soccer + club filter (public)`, who: null, filters: { sport: "soccer", club: bigPublicClub?.slug }, limit: PAGE },
  // Suggestions as you type.
  { name: "suggestions (5)", who: viewer, filters: { q: keyword.slice(0, 3) }, limit: 5, suggest: true },
  { name: "suggestions (5), signed out", who: null, filters: { q: keyword.slice(0, 3) }, limit: 5, suggest: true },
  {
    name: "club combobox 'soc'",
    who: viewer,
    filters: {},
    limit: 10,
    run: async (who) => ({ total: (await suggestClubs(db, who, "soc")).length }),
  },
];

// The 50 people: owners of what the signed-in cases show, taken in turn from each case's first
// 100 results (so every case loses rows to the filter, not only the counts), even ones blocked by
// the viewer, odd ones blocking the viewer. Chosen with no blocks in place.
async function choosePartners(me: Viewer): Promise<string[]> {
  const perCase: string[][] = [];
  for (const c of cases.filter((c) => c.who && !c.run)) {
    const ids = c.suggest
      ? (await suggestListings(db, me, c.filters.q ?? "")).map((item) => item.id)
      : (await searchListings(db, me, c.filters, { limit: 100, count: false })).items.map((item) => item.id);
    if (!ids.length) continue;
    const inList = sql.join(
      ids.map((id) => sql`${id}`),
      sql`, `,
    );
    const rows = await db.all<{ id: string; user_id: string }>(sql`select id, user_id from listings where id in (${inList})`);
    const ownerOf = new Map(rows.map((row) => [row.id, row.user_id]));
    // In the order the case shows them (newest, best match or cheapest first).
    perCase.push([...new Set(ids.map((id) => ownerOf.get(id)!))].filter((owner) => owner !== me.id));
  }
  const chosen = new Set<string>();
  for (let i = 0; chosen.size < 50 && perCase.some((owners) => owners[i]); i++)
    for (const owners of perCase) if (owners[i] && chosen.size < 50) chosen.add(owners[i]!);
  return [...chosen];
}
// The twins: the member's active clubs (as plain members) and ZIP, nothing else. `users` rows
// cascade to their memberships and blocks.
const twinOf = (name: string): Viewer | null => viewer && { ...viewer, id: `bench-twin-${name}`, email: `bench-twin-${name}@example.com` };
const plainTwin = twinOf("plain");
const blockingTwin = twinOf("blocking");
const twins = [plainTwin, blockingTwin].filter((twin): twin is Viewer => twin !== null);
const removeTwins = () => db.run(sql`delete from users where id in ('bench-twin-plain', 'bench-twin-blocking')`);
await removeTwins(); // a run stopped half-way may have left them
for (const twin of twins) {
  await db.run(sql`insert into users (id, email, created_at, updated_at) values (${twin.id}, ${twin.email}, ${Date.now()}, ${Date.now()})`);
  await db.run(sql`insert into club_members (id, club_id, user_id, role, status, approval_notified, created_at)
    select ${twin.id} || '-' || club_id, club_id, ${twin.id}, 'member', status, approval_notified, created_at
    from club_members where user_id = ${viewer!.id} and status = 'active'`);
}
const partners = plainTwin ? await choosePartners(plainTwin) : [];
for (const [i, other] of partners.entries()) {
  const [blocker, blocked] = i % 2 === 0 ? [blockingTwin!.id, other] : [other, blockingTwin!.id];
  await db.run(sql`insert into user_blocks (blocker_id, blocked_id, created_at) values (${blocker}, ${blocked}, ${Date.now()})`);
}

// "No filter": the app's statements with the block condition (blocks.server.ts `notBlockedWith`)
// replaced by `1 = 1` in the SQL text and its two arguments dropped — the listing reads as they
// were before ADR 069. Everything else (visibility, suspensions, filters) is sent unchanged.
const blockSet = String.raw`\(select ub\.blocked_id from user_blocks ub where ub\.blocker_id = \?\s+union all select ub\.blocker_id from user_blocks ub where ub\.blocked_id = \?\)`;
// Both forms: `(x in set) is not true` (now) and `x not in set` (before, kept to compare).
const blockCondition = new RegExp(String.raw`\([\w."]+ in ${blockSet}\) is not true|[\w."]+ not in ${blockSet}`, "g");
type Statement = { sql: string; args?: unknown };
function withoutBlockFilter(statement: Statement): Statement {
  if (!Array.isArray(statement.args)) return statement;
  const args = [...(statement.args as unknown[])];
  let removed = 0;
  const text = statement.sql.replace(blockCondition, (_match, offset: number) => {
    // Its arguments are the two placeholders inside it; count the ones before it (no literal here holds a '?').
    const before = (statement.sql.slice(0, offset).match(/\?/g) ?? []).length - removed;
    args.splice(before, 2);
    removed += 2;
    return "1 = 1";
  });
  return removed ? { sql: text, args } : statement;
}
const client = db.$client;
const execute = client.execute.bind(client);
const batch = client.batch.bind(client);
let stripBlockFilter = false;
let sent: Statement[] = [];
const asStatement = (statement: Statement | string, args?: unknown): Statement =>
  typeof statement === "string" ? { sql: statement, args } : statement;
client.execute = ((statement: Statement | string, args?: unknown) => {
  let s = asStatement(statement, args);
  if (stripBlockFilter) s = withoutBlockFilter(s);
  sent.push(s);
  return execute(s as never);
}) as typeof client.execute;
client.batch = ((statements: (Statement | string)[], mode?: unknown) => {
  let list = statements.map((s) => asStatement(s));
  if (stripBlockFilter) list = list.map(withoutBlockFilter);
  sent.push(...list);
  return batch(list as never, mode as never);
}) as typeof client.batch;

const selected = cases.filter((c) => !only || c.name.includes(only));
const runCase = async (c: Case, who = c.who) => {
  if (c.run) return c.run(who);
  if (c.suggest) return { total: (await suggestListings(db, who, c.filters.q ?? "")).length };
  return searchListings(db, who, c.filters, { limit: c.limit, offset: c.offset, count: c.count, countCap });
};

if (explain) {
  // Every statement a case sends, with its plan (as the twin with 50 blocks). Then whether the
  // block filter changed how SQLite reads the other tables: the plan without it, compared on its
  // SEARCH / SCAN / temp B-tree steps (the block set itself is one more LIST SUBQUERY on `ub`).
  const plan = async (s: Statement) =>
    (await execute({ sql: `explain query plan ${s.sql}`, args: s.args as never })).rows.map((row) => String(row.detail));
  const accessPaths = (steps: string[]) =>
    steps
      .filter((step) => /^(SEARCH|SCAN|USE TEMP)/.test(step) && !/^(SEARCH|SCAN) ub /.test(step))
      .map((step) => step.replace(/subquery-\d+/, "subquery"))
      .join("\n");
  for (const c of selected) {
    sent = [];
    await runCase(c, c.who && blockingTwin);
    console.log(`\n=== ${c.name}`);
    for (const statement of sent.filter((s) => /\bfrom "?listings\b/.test(s.sql))) {
      console.log(statement.sql.replace(/\s+/g, " ").trim());
      const withFilter = await plan(statement);
      for (const step of withFilter) console.log(`  ${step}`);
      const stripped = withoutBlockFilter(statement);
      if (stripped === statement) continue;
      const withoutFilter = await plan(stripped);
      if (accessPaths(withoutFilter) === accessPaths(withFilter)) console.log("  (without the block filter: the same access paths)");
      else console.log(`  WITHOUT THE BLOCK FILTER, A DIFFERENT PLAN:\n${withoutFilter.map((step) => `  ${step}`).join("\n")}`);
    }
  }
  await removeTwins();
  client.close();
  process.exit(0);
}

type Arm = "none" | "blocks" | "nofilter";
async function timeOnce(c: Case, arm: Arm) {
  stripBlockFilter = arm === "nofilter";
  const start = performance.now();
  const result = await runCase(c, c.who && (arm === "none" ? plainTwin : blockingTwin));
  const ms = performance.now() - start;
  stripBlockFilter = false;
  return { ms, total: `${result.total}${"totalCapped" in result && result.totalCapped ? "+" : ""}` };
}

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
};
const load = () =>
  loadavg()
    .map((l) => l.toFixed(1))
    .join(" ");
const bytes = statSync(file).size;
console.log(
  `search latency over ${file} (${listings} listings, ${(bytes / 1e6).toFixed(0)} MB), ${runs} runs each after 3 warm-ups, count cap ${countCapOption === "0" ? "none (exact)" : (countCap ?? COUNT_CAP)}`,
);
console.log(`${cpus().length} CPUs, load average ${load()} at the start, ${started.toISOString()}`);
console.log(
  `signed-in cases: twins of the member (same clubs and ZIP), one with no blocks, one with ${partners.length} (half blocked by them, half blocking them), and that one's SQL without the block filter, interleaved\n`,
);
const ms = (n: number) => n.toFixed(1);
console.log(
  "case".padEnd(40),
  "no blocks p50/p95".padStart(18),
  "50 blocks p50/p95".padStart(18),
  "p95 ratio".padStart(10),
  "p50 ratio".padStart(10),
  "no filter p50/p95".padStart(18),
  "total (with blocks)".padStart(20),
);
const ratios: number[] = [];
const ratios50: number[] = [];
const ratiosToNoFilter: number[] = [];
for (const c of selected) {
  const arms: Arm[] = c.who ? ["none", "blocks", "nofilter"] : ["none"];
  const times = new Map<Arm, number[]>(arms.map((arm) => [arm, []]));
  const totals = new Map<Arm, string>();
  for (let i = 0; i < 3; i++) for (const arm of arms) await timeOnce(c, arm);
  for (let i = 0; i < runs; i++) {
    // Rotate who goes first so no arm always follows a block write or always runs warm.
    for (let k = 0; k < arms.length; k++) {
      const arm = arms[(i + k) % arms.length]!;
      const { ms, total } = await timeOnce(c, arm);
      times.get(arm)!.push(ms);
      totals.set(arm, total);
    }
  }
  const stats = new Map([...times].map(([arm, list]) => [arm, list.sort((a, b) => a - b)] as const));
  const cell = (arm: Arm) => {
    const list = stats.get(arm);
    return list ? `${ms(percentile(list, 50))} / ${ms(percentile(list, 95))}` : "—";
  };
  const p95 = (arm: Arm) => percentile(stats.get(arm)!, 95);
  const p50 = (arm: Arm) => percentile(stats.get(arm)!, 50);
  let ratio = "—";
  let ratio50 = "—";
  if (c.who) {
    ratios.push(p95("blocks") / p95("none"));
    ratios50.push(p50("blocks") / p50("none"));
    ratiosToNoFilter.push(p95("blocks") / p95("nofilter"));
    ratio = (p95("blocks") / p95("none")).toFixed(2);
    ratio50 = (p50("blocks") / p50("none")).toFixed(2);
  }
  const total = c.who ? `${totals.get("none")} (${totals.get("blocks")})` : String(totals.get("none"));
  console.log(
    c.name.slice(0, 40).padEnd(40),
    cell("none").padStart(18),
    cell(c.who ? "blocks" : ("" as Arm)).padStart(18),
    ratio.padStart(10),
    ratio50.padStart(10),
    cell(c.who ? "nofilter" : ("" as Arm)).padStart(18),
    total.padStart(20),
  );
}
await removeTwins();
if (ratios.length) {
  console.log(
    `\nmedian ratio over the ${ratios.length} signed-in cases, 50 blocks / no blocks: p95 ${median(ratios).toFixed(2)}, p50 ${median(ratios50).toFixed(2)}`,
  );
  console.log(`  (p95, 50 blocks / no filter: ${median(ratiosToNoFilter).toFixed(2)}); limit 1.20 per case (ADR 069)`);
}
console.log(`load average ${load()} at the end`);
console.log("target: p95 ≤ 25 ms per case");
client.close();
