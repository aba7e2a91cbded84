/**
 * Admin user search at scale (issue 13 proof; ADR 043): a scratch database with N users and
 * profiles (default 100,000), then p50/p95 of the All Users query (search + count, one batch) for
 * typical searches. Prints figures; asserts nothing.
 *
 *   node --import tsx bench/admin-search.ts [--users 100000] [--runs 40]
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { sql } from "drizzle-orm";
import { createDb } from "../db/client";
import { migrateDatabase } from "../db/migrate";
import { adminStats, searchClubs, searchUsers } from "../app/features/admin/admin.server";

const args = process.argv.slice(2);
const option = (name: string, fallback: string) => {
  const i = args.indexOf(name);
  return i >= 0 && args[i + 1] ? args[i + 1]! : fallback;
};
const userCount = Number(option("--users", "100000"));
const runs = Number(option("--runs", "40"));

const dir = mkdtempSync(join(tmpdir(), "lockerswap-admin-bench-"));
const url = `file:${join(dir, "admin.db")}`;
try {
  await migrateDatabase(url);
  const db = createDb({ url });
  const started = performance.now();
  const firsts = ["Alex", "Jordan", "Taylor", "Morgan", "Casey", "Riley", "Jamie", "Avery", "Quinn", "Skyler", "Maria", "Smith"];
  const lasts = ["Smith", "Johnson", "Lee", "Garcia", "Brown", "Nguyen", "Patel", "Kim", "Lopez", "Walker", "Young", "Hill"];
  const cities = [
    ["Boston", "MA"],
    ["Austin", "TX"],
    ["Denver", "CO"],
    ["Portland", "OR"],
    ["Madison", "WI"],
    ["Raleigh", "NC"],
  ];
  const pick = (list: string[]) =>
    sql.raw(`case abs(random()) % ${list.length} ${list.map((v, i) => `when ${i} then '${v}'`).join(" ")} end`);
  await db.run(sql`
    with recursive n(i) as (select 1 union all select i + 1 from n where i < ${userCount})
    insert into users (id, email, email_verified_at, created_at, updated_at)
    select printf('u%08d', i), printf('user%06d.%s@example.test', i, lower(${pick(lasts)})), 0, 1700000000000 + i * 1000, 1700000000000 from n`);
  await db.run(sql`
    insert into profiles (user_id, email, first_name, last_name, city, state, zip_code, created_at, updated_at)
    select id, email, ${pick(firsts)}, ${pick(lasts)}, ${pick(cities.map((c) => c[0]!))}, ${pick(cities.map((c) => c[1]!))}, null, created_at, created_at from users`);
  await db.run(sql`analyze`);
  console.log(`${userCount.toLocaleString("en-US")} users seeded in ${((performance.now() - started) / 1000).toFixed(1)} s (${dir})`);

  const cases: [string, () => Promise<unknown>][] = [
    ["stat cards", () => adminStats(db)],
    ["All Users, page 1 (no search)", () => searchUsers(db, {})],
    ["All Users, page 40", () => searchUsers(db, { page: 40 })],
    ["search e-mail prefix 'user04213'", () => searchUsers(db, { q: "user04213" })],
    ["search name prefix 'smi'", () => searchUsers(db, { q: "smi" })],
    ["search name 'Quinn'", () => searchUsers(db, { q: "Quinn" })],
    ["search state 'TX'", () => searchUsers(db, { q: "TX" })],
    ["search no match 'zzzz'", () => searchUsers(db, { q: "zzzz" })],
    ["All Clubs, search 'eagles'", () => searchClubs(db, { q: "eagles" })],
  ];
  const pct = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
  console.log(`\n| query | p50 ms | p95 ms |\n|---|---:|---:|`);
  for (const [name, run] of cases) {
    await run();
    const times: number[] = [];
    for (let i = 0; i < runs; i++) {
      const t0 = performance.now();
      await run();
      times.push(performance.now() - t0);
    }
    times.sort((a, b) => a - b);
    console.log(`| ${name} | ${pct(times, 50).toFixed(1)} | ${pct(times, 95).toFixed(1)} |`);
  }
  db.$client.close();
} finally {
  rmSync(dir, { recursive: true, force: true });
}
