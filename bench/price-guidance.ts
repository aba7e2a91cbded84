/**
 * Price guidance latency (ADR 086; target p95 ≤ 15 ms at 200,000 completed deals): the one statement
 * of priceGuidance (app/features/pricing/guidance.server.ts) over the bench database, per case —
 * a busy type near a big metro with and without a brand, inside a club, a type that widens to the
 * state and to everywhere, and one with too few sales anywhere. Prints p50/p95 per case and the
 * query plan (`--explain`); asserts nothing.
 *
 *   node --import tsx bench/seed-bench.ts --listings 1000000 --file .data/bench.db   (the search bench's DB, ADR 074)
 *   node --import tsx bench/price-guidance.ts [--file .data/bench.db] [--sales 200000] [--runs 200] [--explain]
 *
 * The sales are added to that database when it has fewer than `--sales` (a missing file is made:
 * migrated, ZIPs loaded, no listings). They are what completed deals leave (sales + sale_clubs):
 * spread over the metros' ZIPs like the bench's listings, every sport and type of the catalogue, the
 * brands, four conditions, 18 months, 8 % members-only in the database's clubs. The query reads
 * sales, sale_clubs, club_members and zip_codes only — never listings or deals — so the bench writes
 * no deal rows (foreign keys off on its own connection); `--explain` shows the plan.
 */
import { existsSync } from "node:fs";
import { cpus, loadavg } from "node:os";
import { resolve } from "node:path";
import { sql } from "drizzle-orm";
import { createDb } from "../db/client";
import { migrateDatabase } from "../db/migrate";
import { ensureZipCodes, loadMetroPlaces } from "../db/seed/seed-demo-community";
import { Random } from "../db/seed/random";
import { LISTING_CONDITIONS, SPORT_KEYS } from "../db/schema/enums";
import { getBrands, getEquipmentTypes } from "../app/shared/catalog";
import { priceGuidance, type GuidanceAsk } from "../app/features/pricing/guidance.server";
import type { Viewer } from "../app/features/permissions/viewer";
import { args, option } from "./cli";

const file = resolve(option("--file", ".data/bench.db"));
const wanted = Number(option("--sales", "200000"));
const runs = Number(option("--runs", "200"));
const explain = args.includes("--explain");
const DAY = 86_400_000;

const fresh = !existsSync(file);
if (fresh) await migrateDatabase(`file:${file}`);
const db = createDb({ url: `file:${file}` });
await db.$client.execute("pragma journal_mode = wal");
await db.$client.execute("pragma foreign_keys = off");
if (fresh) await ensureZipCodes(db);
const count = async (table: string) => Number((await db.all<{ n: number }>(sql`select count(*) as n from ${sql.identifier(table)}`))[0]!.n);

const have = await count("sales");
if (have < wanted) {
  const started = performance.now();
  const rng = new Random(86);
  const { zipsByMetro } = await loadMetroPlaces(db);
  const zips = Object.values(zipsByMetro).flat();
  let clubIds = (await db.all<{ id: string }>(sql`select id from clubs limit 10000`)).map((row) => row.id);
  if (clubIds.length === 0) {
    // A database without a community (made here): 1,000 club ids and one active member of each, for
    // the members-only sales and the club case (foreign keys are off on this connection).
    clubIds = Array.from({ length: 1000 }, () => crypto.randomUUID());
    const member = crypto.randomUUID();
    await db.run(sql`insert into club_members (id, club_id, user_id, role, status, approval_notified, created_at)
      select lower(hex(randomblob(16))), value, ${member}, 'member', 'active', 1, ${Date.now()} from json_each(${JSON.stringify(clubIds)})`);
  }
  const now = Date.now();
  const rows: unknown[][] = [];
  const clubRows: string[][] = [];
  for (let i = have; i < wanted; i++) {
    const sport = rng.pick(SPORT_KEYS.filter((s) => s !== "tennis"));
    const type = rng.pick(getEquipmentTypes(sport));
    const brand = rng.chance(0.8) ? rng.pick(getBrands(sport, null, type)) : null;
    const zip = rng.pick(zips);
    // A type's prices cluster around its own level: $10 … $400, ±50 %.
    const level = 1000 + ((type.length * 7919 + sport.length * 104729) % 39000);
    const dealId = crypto.randomUUID();
    const isPublic = clubIds.length === 0 || rng.chance(0.92);
    rows.push([
      dealId,
      sport,
      type,
      brand,
      rng.pick(LISTING_CONDITIONS),
      zip.zip,
      zip.state,
      Math.round(level * (0.5 + rng.next())),
      isPublic ? 1 : 0,
      now - Math.floor(rng.next() * 540 * DAY),
    ]);
    if (!isPublic) clubRows.push([dealId, rng.pick(clubIds)]);
  }
  for (let i = 0; i < rows.length; i += 500) {
    const chunk = rows.slice(i, i + 500);
    await db.run(sql`insert into sales (deal_id, sport, equipment_type, brand, condition, zip_code, state, price_cents, is_public, completed_at)
      select json_extract(value, '$[0]'), json_extract(value, '$[1]'), json_extract(value, '$[2]'), json_extract(value, '$[3]'),
        json_extract(value, '$[4]'), json_extract(value, '$[5]'), json_extract(value, '$[6]'), json_extract(value, '$[7]'),
        json_extract(value, '$[8]'), json_extract(value, '$[9]') from json_each(${JSON.stringify(chunk)})`);
  }
  for (let i = 0; i < clubRows.length; i += 500) {
    await db.run(sql`insert into sale_clubs (deal_id, club_id) select json_extract(value, '$[0]'), json_extract(value, '$[1]')
      from json_each(${JSON.stringify(clubRows.slice(i, i + 500))})`);
  }
  await db.run(sql`analyze`);
  console.log(`added ${rows.length.toLocaleString("en-US")} sales in ${((performance.now() - started) / 1000).toFixed(1)} s`);
}

const [listings, sales, clubSales] = [await count("listings"), await count("sales"), await count("sale_clubs")];
// The busiest sport and type near the busiest ZIP, a member of the club with the most sales, a type with few.
const [busy] = await db.all<{
  sport: string;
  type: string;
  zip: string;
  brand: string;
}>(sql`select sport, equipment_type as type, zip_code as zip,
  (select brand from sales b where b.sport = s.sport and b.equipment_type = s.equipment_type and b.brand is not null group by brand order by count(*) desc limit 1) as brand
  from sales s group by sport, equipment_type, zip_code order by count(*) desc limit 1`);
const [rare] = await db.all<{ sport: string; type: string }>(
  sql`select sport, equipment_type as type from sales group by 1, 2 order by count(*) limit 1`,
);
const [club] = await db.all<{
  clubId: string;
  sport: string;
  type: string;
  userId: string | null;
}>(sql`select sc.club_id as clubId, s.sport, s.equipment_type as type,
  (select cm.user_id from club_members cm where cm.club_id = sc.club_id and cm.status = 'active' limit 1) as userId
  from sale_clubs sc join sales s on s.deal_id = sc.deal_id group by 1, 2, 3 order by count(*) desc limit 1`);
const [farZip] = await db.all<{ zip: string }>(sql`select zip from zip_codes where state = 'WY' order by zip limit 1`);
const viewer = (id: string): Viewer => ({ id, email: "bench@example.com", firstName: null, lastName: null, zipCode: null, isAdmin: false });
const someone = viewer("00000000-0000-4000-8000-000000000000");

const cases: { name: string; viewer: Viewer; ask: GuidanceAsk }[] = [
  {
    name: `near ${busy!.zip}: ${busy!.sport} ${busy!.type}, like-new`,
    viewer: someone,
    ask: { sport: busy!.sport, equipmentType: busy!.type, condition: "like-new", zipCode: busy!.zip },
  },
  {
    name: `… and brand ${busy!.brand}`,
    viewer: someone,
    ask: { sport: busy!.sport, equipmentType: busy!.type, condition: "like-new", zipCode: busy!.zip, brand: busy!.brand },
  },
  {
    name: `… from Wyoming (${farZip?.zip}): widens`,
    viewer: someone,
    ask: { sport: busy!.sport, equipmentType: busy!.type, condition: "gently-used", zipCode: farZip?.zip ?? null },
  },
  {
    name: `rarest type: ${rare!.sport} ${rare!.type}`,
    viewer: someone,
    ask: { sport: rare!.sport, equipmentType: rare!.type, condition: "new", zipCode: busy!.zip, brand: "Nobody" },
  },
  {
    name: "no such type (nothing anywhere)",
    viewer: someone,
    ask: { sport: busy!.sport, equipmentType: "Nothing", condition: "new", zipCode: busy!.zip },
  },
  ...(club?.userId
    ? [
        {
          name: `inside a club, as its member: ${club.sport} ${club.type}`,
          viewer: viewer(club.userId),
          ask: {
            sport: club.sport,
            equipmentType: club.type,
            condition: "gently-used" as const,
            zipCode: busy!.zip,
            clubIds: [club.clubId],
          },
        },
      ]
    : []),
];

if (explain) {
  // The statement as priceGuidance sends it: capture it through a client that records the SQL.
  const original = db.$client.execute.bind(db.$client);
  let captured: { sql: string; args: unknown[] } | null = null;
  (db.$client as unknown as { execute: unknown }).execute = (statement: { sql: string; args: unknown[] }) => {
    captured = statement;
    return original(statement as never);
  };
  await priceGuidance(db, cases[1]!.viewer, cases[1]!.ask);
  (db.$client as unknown as { execute: unknown }).execute = original;
  const plan = await db.$client.execute({ sql: `explain query plan ${captured!.sql}`, args: captured!.args as never });
  for (const row of plan.rows) console.log(`  ${row.detail}`);
}

const pct = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))]!;
console.log(
  `price guidance — ${new Date().toISOString()} — ${listings.toLocaleString("en-US")} listings, ${sales.toLocaleString("en-US")} sales (${clubSales.toLocaleString("en-US")} members-only), ${runs} runs; load ${loadavg()
    .map((l) => l.toFixed(1))
    .join(" ")} on ${cpus().length} cores`,
);
// The floor of the same run (ADR 075, 082): one indexed row through the same client, interleaved
// with the cases, so the host's load falls on both alike.
const FLOOR = "floor: one sale by its key (the same client)";
const [oneSale] = await db.all<{ id: string }>(sql`select deal_id as id from sales limit 1`);
const times = new Map([FLOOR, ...cases.map((c) => c.name)].map((name) => [name, [] as number[]]));
const answers = new Map<string, string>();
for (const c of cases) await priceGuidance(db, c.viewer, c.ask); // warm the cache
for (let run = 0; run < runs; run++) {
  const t0 = performance.now();
  await db.all(sql`select price_cents from sales where deal_id = ${oneSale!.id}`);
  times.get(FLOOR)!.push(performance.now() - t0);
  for (const c of cases) {
    const t = performance.now();
    const g = await priceGuidance(db, c.viewer, c.ask);
    times.get(c.name)!.push(performance.now() - t);
    answers.set(c.name, g ? `${g.scope}${g.sameBrand ? "+brand" : ""} n=${g.count} $${g.low / 100}–$${g.high / 100}` : "none");
  }
}
const floor = times.get(FLOOR)!.sort((a, b) => a - b);
for (const name of [FLOOR, ...cases.map((c) => c.name)]) {
  const sorted = times.get(name)!.sort((a, b) => a - b);
  const ratio = name === FLOOR ? "" : `  ${(pct(sorted, 0.5) / pct(floor, 0.5)).toFixed(1)}× the floor's p50`;
  console.log(
    `${name.padEnd(60)} p50 ${pct(sorted, 0.5).toFixed(2).padStart(6)} ms  p95 ${pct(sorted, 0.95).toFixed(2).padStart(6)} ms${ratio}  (${answers.get(name) ?? "-"})`,
  );
}
db.$client.close();
