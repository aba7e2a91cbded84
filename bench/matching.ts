/**
 * Matching at scale (ADR 071). Prints figures, asserts nothing.
 *
 *   node --import tsx bench/matching.ts [--file /tmp/m.db] [--listings 100000] [--creates 200] [--singles 10] [--batch 1000] [--only a,b,c]
 *
 * The file is recreated by bench/seed-bench.ts (users, clubs, memberships, listings at the size
 * asked), then this adds 10,000 saved searches over ~8,000 people (keywords from the catalog's
 * equipment types, sports, ZIP + radius 10/25/50 or the profile's ZIP or anywhere, price ranges,
 * some filtered to a club the person is in, 10 % paused) and 1,000 open item requests in clubs.
 * Then it measures, with the machine's load average beside each figure:
 *
 * (a) what matching adds to a listing create: the real createListing, `--creates` times with its
 *     batch as it is, and as many times with the one `insert into listing_match_queue` statement
 *     taken out of the batch on its way to the database (the libSQL client's batch is wrapped),
 *     interleaved; the difference of the two is the enqueue's cost (goal ≤ 5 ms at p95);
 * (b) runMatcher: one new listing queued, the matcher run, `--singles` times (p50/p95 per listing);
 *     then `--batch` new listings queued at once and the matcher run until the queue is empty (it
 *     takes MATCHER_BATCH = 200 per run, as the cron does) — goal ≤ 30 s for 1,000;
 * (c) runMatchDigest for 10,000 people with pending matches (each with a search of their own that
 *     the matched listings really meet, so every one gets a mail), run until nobody is left (since
 *     2026-11-26 one run pages through them all and sends what it queued, within its time budget);
 *     the mails go to the dev outbox (mail_outbox). Any mail still queued is then drained.
 */
import { execFileSync } from "node:child_process";
import { cpus, loadavg } from "node:os";
import { resolve } from "node:path";
import { sql } from "drizzle-orm";
import { createDb } from "../db/client";
import { SPORT_EQUIPMENT } from "../app/shared/catalog/equipment";
import { serializeSearchParams, type SearchState } from "../app/shared/search-params";
import type { SportKey } from "../app/shared/catalog/sport-names";
import { createListing, type ListingInput } from "../app/features/listings/listings.server";
import { runMatcher } from "../app/features/matching/matcher.server";
import { enqueueForMatching } from "../app/features/listings/match-queue.server";
import { runMatchDigest } from "../app/features/notifications/match-digest.server";
import { drainMailQueue } from "../app/features/notifications/mail-queue.server";
import { viewersById } from "../app/features/accounts/viewers-by-id.server";
import type { Viewer } from "../app/features/permissions/viewer";
import { option } from "./cli";

const file = resolve(option("--file", "/tmp/m.db"));
const listingCount = Number(option("--listings", "100000"));
const creates = Number(option("--creates", "200"));
const singles = Number(option("--singles", "10"));
const batchSize = Number(option("--batch", "1000"));
// `--only a,c`: only those parts (the seed and the searches are always made).
const parts = new Set(option("--only", "a,b,c").split(","));
const SEARCHES = 10_000;
const SEARCHERS = 8_000;
const REQUESTS = 1_000;
const DIGEST_PEOPLE = 10_000;
if (file === resolve(".data/lockerswap.db")) throw new Error("refusing to overwrite the development database");

// A small seeded PRNG (mulberry32): the same run builds the same searches.
let seed = 22;
const random = () => {
  seed = (seed + 0x6d2b79f5) | 0;
  let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
  t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
  return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
};
const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)]!;
const chance = (p: number) => random() < p;

const load = () =>
  loadavg()
    .map((l) => l.toFixed(1))
    .join(" ");
const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN;
};
const ms = (n: number) => `${n.toFixed(1)} ms`;
const p50p95 = (values: number[]) => `p50 ${ms(percentile(values, 50))}, p95 ${ms(percentile(values, 95))}`;
const seconds = (n: number) => `${(n / 1000).toFixed(1)} s`;

console.log(`seeding ${listingCount} listings into ${file} (bench/seed-bench.ts)…`);
execFileSync(process.execPath, ["--import", "tsx", "bench/seed-bench.ts", "--listings", String(listingCount), "--file", file], {
  stdio: ["ignore", "ignore", "inherit"],
});

const db = createDb({ url: `file:${file}` });
const client = db.$client;
await client.execute("pragma journal_mode = wal");

// Inserting a lot of rows: one batch (transaction) per chunk.
async function insertRows(table: string, columns: string[], rows: unknown[][]) {
  const placeholders = `(${columns.map(() => "?").join(", ")})`;
  for (let i = 0; i < rows.length; i += 500) {
    const chunk = rows.slice(i, i + 500);
    await client.execute({
      sql: `insert into ${table} (${columns.join(", ")}) values ${chunk.map(() => placeholders).join(", ")}`,
      args: chunk.flat() as never,
    });
  }
}

// ── Saved searches and item requests ──────────────────────────────────────────────────────────
const t0 = performance.now();
const people = (
  await db.all<{ id: string; zip: string | null }>(sql`select u.id, p.zip_code as zip from users u join profiles p on p.user_id = u.id
    where p.zip_code is not null order by u.id`)
).sort(() => random() - 0.5);
const memberships = await db.all<{ userId: string; slug: string; clubId: string; sport: string | null }>(
  sql`select m.user_id as userId, c.slug, c.id as clubId, c.sport from club_members m join clubs c on c.id = m.club_id where m.status = 'active'`,
);
const clubsOf = new Map<string, { slug: string; clubId: string; sport: string | null }[]>();
for (const m of memberships) clubsOf.set(m.userId, [...(clubsOf.get(m.userId) ?? []), m]);
const sports = Object.keys(SPORT_EQUIPMENT) as Exclude<SportKey, "tennis">[];
// A catalog word a parent would type: 'goalie', 'helmets', 'cleats'… (the type's first word).
const keywordFor = (sport: Exclude<SportKey, "tennis">) =>
  pick(SPORT_EQUIPMENT[sport].types.filter((type) => type !== "Other"))
    .toLowerCase()
    .split(/[^a-z]+/)[0]!;

const searchers = people.slice(0, SEARCHERS);
const searchRows: unknown[][] = [];
const now = Date.now();
for (let n = 0; n < SEARCHES; n++) {
  // Every searcher one, the first 2,000 a second.
  const person = searchers[n % searchers.length]!;
  const personClubs = clubsOf.get(person.id) ?? [];
  const sport = pick(sports);
  const onSportPage = chance(0.6);
  const state: Partial<SearchState> = {};
  if (chance(0.7)) state.q = keywordFor(sport);
  if (!onSportPage && (chance(0.6) || !state.q)) state.sports = [sport];
  const where = random();
  if (where < 0.6) {
    state.zip = person.zip!;
    state.radius = pick([10, 25, 50] as const);
  } else if (where < 0.85) {
    state.radius = pick([10, 25, 50] as const); // the profile's ZIP, as the page does
  } else state.anywhere = true;
  if (onSportPage && chance(0.3)) {
    state.priceMin = pick([0, 10, 25, 50]);
    state.priceMax = state.priceMin + pick([25, 50, 100, 200]);
  }
  if (personClubs.length && chance(0.1)) state.club = pick(personClubs).slug;
  const path = onSportPage ? `/sport/${sport}` : "/";
  const query = serializeSearchParams(state).toString();
  searchRows.push([crypto.randomUUID(), person.id, `bench ${n}`, path, query, chance(0.1) ? 1 : 0, 1, now, now]);
}
// The unique (user, path, query) index: a person's second search may repeat the first; keep one.
const seen = new Set<string>();
const uniqueSearches = searchRows.filter((row) => {
  const key = `${row[1]}|${row[3]}|${row[4]}`;
  if (seen.has(key)) return false;
  seen.add(key);
  return true;
});
await insertRows(
  "saved_searches",
  ["id", "user_id", "name", "path", "query", "paused", "emails", "created_at", "updated_at"],
  uniqueSearches,
);

const requestTitles = ["Looking for {item}", "Need {item}, size {size}", "WTB {item}", "Anyone have {item}?", "ISO {item} for my son"];
const withClubs = people.filter((p) => clubsOf.has(p.id));
const requestRows: unknown[][] = [];
for (let n = 0; n < REQUESTS; n++) {
  const author = pick(withClubs);
  const club = pick(clubsOf.get(author.id)!);
  const sport = (club.sport && club.sport !== "tennis" ? club.sport : pick(sports)) as Exclude<SportKey, "tennis">;
  const title = pick(requestTitles)
    .replace("{item}", keywordFor(sport))
    .replace("{size}", pick(["S", "M", "L", "6", "10"]));
  requestRows.push([crypto.randomUUID(), club.clubId, author.id, title, null, "open", now, now]);
}
await insertRows("club_requests", ["id", "club_id", "user_id", "title", "description", "status", "created_at", "updated_at"], requestRows);
const [{ active, paused, owners }] = await db.all<{ active: number; paused: number; owners: number }>(
  sql`select sum(paused = 0) as active, sum(paused = 1) as paused, count(distinct user_id) as owners from saved_searches`,
);
console.log(
  `\nadded ${uniqueSearches.length} saved searches (${active} active, ${paused} paused) of ${owners} people and ${REQUESTS} open item requests in ${seconds(performance.now() - t0)}`,
);
console.log(`${cpus().length} CPUs, load average ${load()} before timing\n`);

// ── New listings like the ones there: a random listing's fields, a random person's, sometimes to their club ──
const templates = await db.all<
  Omit<ListingInput, "clubIds" | "pickupInstructions">
>(sql`select title, description, price_cents as priceCents,
  sport, sport_subcategory as sportSubcategory, equipment_type as equipmentType, brand, condition, size, size_numeric as sizeNumeric, gender,
  zip_code as zipCode, city, state from listings where status = 'active' order by random() limit 2000`);
const sellerIds = people.slice(0, 3000).map((p) => p.id);
const sellers = await viewersById(db, sellerIds);
function newListing(): { seller: Viewer; input: ListingInput } {
  const seller = sellers.get(pick(sellerIds))!;
  const clubs = clubsOf.get(seller.id) ?? [];
  // About one in five listings is posted to a club (as in the seed): what item requests match.
  const clubIds = clubs.length && chance(0.2) ? [pick(clubs).clubId] : [];
  return { seller, input: { ...pick(templates), pickupInstructions: null, clubIds } };
}

// ── (a) the enqueue's cost inside createListing ──────────────────────────────────────────────
type Statement = { sql: string; args?: unknown };
const batch = client.batch.bind(client);
let withoutEnqueue = false;
let dropped = 0;
client.batch = ((statements: (Statement | string)[], mode?: unknown) => {
  const list = withoutEnqueue
    ? statements.filter((s) => {
        const drop = /^\s*insert into listing_match_queue/.test(typeof s === "string" ? s : s.sql);
        if (drop) dropped += 1;
        return !drop;
      })
    : statements;
  return batch(list as never, mode as never);
}) as typeof client.batch;

if (parts.has("a")) {
  const createTimes = { with: [] as number[], without: [] as number[] };
  const loadBeforeA = load();
  for (let i = 0; i < 10; i++) {
    const { seller, input } = newListing();
    await createListing(db, seller, input);
  }
  for (let i = 0; i < creates; i++) {
    // Alternate which goes first, so neither always runs right after the other's write.
    for (const arm of i % 2 ? (["with", "without"] as const) : (["without", "with"] as const)) {
      const { seller, input } = newListing();
      withoutEnqueue = arm === "without";
      const start = performance.now();
      await createListing(db, seller, input);
      createTimes[arm].push(performance.now() - start);
      withoutEnqueue = false;
    }
  }
  console.log(`(a) createListing × ${creates} each way, interleaved (load ${loadBeforeA} → ${load()}):`);
  console.log(`    with the enqueue statement in its batch     ${p50p95(createTimes.with)}`);
  console.log(`    the same batch without it (${dropped} dropped) ${p50p95(createTimes.without)}`);
  console.log(
    `    matching adds: p50 ${ms(percentile(createTimes.with, 50) - percentile(createTimes.without, 50))}, p95 ${ms(percentile(createTimes.with, 95) - percentile(createTimes.without, 95))} (goal ≤ 5 ms)`,
  );

  // The statement on its own, as a cross-check of the difference above.
  // Outside a batch it pays its own commit, so this is an upper bound.
  const alone: number[] = [];
  for (let i = 0; i < creates; i++) {
    const { seller, input } = newListing();
    const id = await createListing(db, seller, input);
    const start = performance.now();
    await enqueueForMatching(db, id, seller.id, new Date());
    alone.push(performance.now() - start);
  }
  console.log(`    the enqueue statement alone, × ${creates}: ${p50p95(alone)} (load ${load()})\n`);
}

if (parts.has("b")) {
  // ── (b) the matcher ───────────────────────────────────────────────────────────────────────────
  const publish = { user: () => {} };
  // What (a) queued is matched first and not timed.
  const warm = performance.now();
  let drain = await runMatcher({ db, publish });
  while (drain.listings) drain = await runMatcher({ db, publish });
  console.log(`(b) the listings (a) queued, matched untimed: ${seconds(performance.now() - warm)}`);

  const singleTimes: number[] = [];
  let singleRun = drain;
  const loadBeforeB = load();
  for (let i = 0; i < singles; i++) {
    const { seller, input } = newListing();
    await createListing(db, seller, input);
    const start = performance.now();
    singleRun = await runMatcher({ db, publish });
    singleTimes.push(performance.now() - start);
  }
  console.log(`    one new listing, then the matcher, × ${singles} (load ${loadBeforeB} → ${load()}): ${p50p95(singleTimes)}`);
  console.log(`    (each run: ${singleRun.searches} searches and ${singleRun.requests} item requests asked)`);

  for (let i = 0; i < batchSize; i++) {
    const { seller, input } = newListing();
    await createListing(db, seller, input);
  }
  const loadBeforeBatch = load();
  const batchStart = performance.now();
  const runs: { ms: number; listings: number; searches: number; requests: number; searchMatches: number; requestMatches: number }[] = [];
  for (;;) {
    const start = performance.now();
    const run = await runMatcher({ db, publish });
    if (!run.listings) break;
    runs.push({ ms: performance.now() - start, ...run });
  }
  const batchMs = performance.now() - batchStart;
  console.log(
    `    ${batchSize} new listings queued at once: ${seconds(batchMs)} in ${runs.length} runs of ≤ 200 (load ${loadBeforeBatch} → ${load()}; goal ≤ 30 s)`,
  );
  for (const run of runs)
    console.log(
      `      ${run.listings} listings: ${seconds(run.ms)}, ${run.searches} searches + ${run.requests} requests asked → ${run.searchMatches} + ${run.requestMatches} matches`,
    );
}

if (parts.has("c")) {
  // ── (c) the digest for 10,000 people ──────────────────────────────────────────────────────────
  // Each person gets a search of their own that 1–3 active public listings meet (their sport, ZIP,
  // radius 10), and those as pending matches: so every one of them is mailed (nobody's section is empty).
  const t1 = performance.now();
  await client.execute("update search_matches set emailed_at = 0 where emailed_at is null"); // (b)'s are not (c)'s
  const groups = await db.all<{ sport: string; zip: string; ids: string }>(sql`select sport, zip_code as zip, json_group_array(id) as ids
  from (select id, sport, zip_code from listings where status = 'active' and audience = 'public' order by random()) group by sport, zip_code`);
  const digestPeople = people.slice(0, DIGEST_PEOPLE);
  const digestSearches: unknown[][] = [];
  const digestMatches: unknown[][] = [];
  for (const [n, person] of digestPeople.entries()) {
    const group = pick(groups);
    const ids = (JSON.parse(group.ids) as string[]).slice(0, 1 + Math.floor(random() * 3));
    const id = crypto.randomUUID();
    const query = serializeSearchParams({ zip: group.zip, radius: 10 }).toString();
    digestSearches.push([id, person.id, `digest ${n}`, `/sport/${group.sport}`, query, 1, 1, now, now]);
    for (const listingId of ids) digestMatches.push([id, listingId, person.id, now]);
  }
  await insertRows(
    "saved_searches",
    ["id", "user_id", "name", "path", "query", "paused", "emails", "created_at", "updated_at"],
    digestSearches,
  );
  await insertRows("search_matches", ["saved_search_id", "listing_id", "user_id", "matched_at"], digestMatches);
  console.log(
    `\n(c) ${digestPeople.length} people with ${digestMatches.length} pending matches (their own listings included: searchListings leaves those out) set up in ${seconds(performance.now() - t1)}`,
  );
  const env = {
    APP_ENV: "development" as const,
    APP_ORIGIN: "http://127.0.0.1:8787",
    SESSION_SECRET: "bench-secret-bench-secret-bench-secret",
  };
  const loadBeforeC = load();
  const digestStart = performance.now();
  const digestRuns: { ms: number; people: number; mails: number; listings: number; sent: number; failed: number }[] = [];
  for (;;) {
    const start = performance.now();
    const run = await runMatchDigest({ db, env });
    if (!run.people) break;
    digestRuns.push({ ms: performance.now() - start, ...run });
  }
  const digestMs = performance.now() - digestStart;
  const total = (key: "people" | "mails" | "listings" | "sent" | "failed") => digestRuns.reduce((sum, run) => sum + run[key], 0);
  console.log(
    `    runMatchDigest until nobody is left: ${seconds(digestMs)} in ${digestRuns.length} runs (load ${loadBeforeC} → ${load()}): ` +
      `${total("people")} people, ${total("mails")} mails with ${total("listings")} listings, ${total("sent")} sent to the dev outbox, ${total("failed")} failed`,
  );
  console.log(
    `    per person ${ms(digestMs / Math.max(1, total("people")))}; per run ${digestRuns.map((run) => seconds(run.ms)).join(", ")}`,
  );
  // Each digest run sends at most 20 of what it queued (drainMailQueue's batch); the rest waits for
  // the next drain. How long sending all of it takes, drained the same way:
  const [{ waiting }] = await db.all<{ waiting: number }>(sql`select count(*) as waiting from mail_queue where sent_at is null`);
  const drainStart = performance.now();
  let drains = 0;
  let sent = 0;
  for (let report = await drainMailQueue({ db, env }); report.sent + report.failed > 0; report = await drainMailQueue({ db, env })) {
    drains += 1;
    sent += report.sent;
  }
  console.log(
    `    then ${waiting} mails still queued; drainMailQueue (20 a call) × ${drains} sent ${sent} in ${seconds(performance.now() - drainStart)}`,
  );
}
console.log(`\nload average ${load()} at the end`);
client.close();
