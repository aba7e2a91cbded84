/**
 * Admin user search at scale (ADR 043): a scratch database with N users and
 * profiles (default 100,000), then p50/p95 of the All Users query (search + count, one batch) for
 * typical searches. Prints figures; asserts nothing.
 *
 *   node --import tsx bench/admin-search.ts [--users 100000] [--runs 40]
 *   node --import tsx bench/admin-search.ts --file /tmp/b1m.db     (the 1M-listing seed-bench database, read only)
 *
 * With `--file` nothing is seeded: the queries run over that database's users, clubs and listings,
 * with search terms taken from its rows.
 */
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { loadavg, tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { sql } from "drizzle-orm";
import { createDb } from "../db/client";
import { migrateDatabase } from "../db/migrate";
import { adminStats, searchClubs, searchUsers } from "../app/features/admin/admin.server";
import { args, option } from "./cli";

const userCount = Number(option("--users", "100000"));
const runs = Number(option("--runs", "40"));
const existing = args.includes("--file") ? resolve(option("--file", "")) : null;
if (existing && !existsSync(existing)) throw new Error(`no database at ${existing}`);

const dir = existing ? null : mkdtempSync(join(tmpdir(), "lockerswap-admin-bench-"));
const url = `file:${existing ?? join(dir!, "admin.db")}`;
const load = () =>
  loadavg()
    .map((l) => l.toFixed(1))
    .join(" ");
try {
  if (!existing) await seedUsers();
  const db = createDb({ url });
  const terms = existing ? await termsFrom() : { email: "user04213", name: "smi", first: "Quinn", state: "TX", club: "eagles" };
  if (existing) {
    const [n] = await db.all<{ users: number; clubs: number; listings: number }>(
      sql`select (select count(*) from users) as users, (select count(*) from clubs) as clubs, (select count(*) from listings) as listings`,
    );
    console.log(
      `${existing}: ${n.users} users, ${n.clubs} clubs, ${n.listings} listings; load average ${load()}; ${new Date().toISOString()}`,
    );
  }

  async function termsFrom() {
    // A real user's e-mail prefix and names, the commonest state and a word of a club's name.
    const [user] = await db.all<{ email: string; first_name: string; last_name: string }>(
      sql`select u.email, p.first_name, p.last_name from users u join profiles p on p.user_id = u.id where p.first_name is not null limit 1 offset 1000`,
    );
    const [state] = await db.all<{ state: string }>(sql`select state from profiles group by state order by count(*) desc limit 1`);
    const [club] = await db.all<{ name: string }>(sql`select name from clubs limit 1 offset 500`);
    return {
      email: user!.email.slice(0, 9),
      name: user!.last_name.slice(0, 3).toLowerCase(),
      first: user!.first_name,
      state: state?.state ?? "TX",
      club: club!.name.split(" ")[0]!.toLowerCase(),
    };
  }

  const cases: [string, () => Promise<unknown>][] = [
    ["stat cards", () => adminStats(db)],
    ["All Users, page 1 (no search)", () => searchUsers(db, {})],
    ["All Users, page 40", () => searchUsers(db, { page: 40 })],
    [`search e-mail prefix '${terms.email}'`, () => searchUsers(db, { q: terms.email })],
    [`search name prefix '${terms.name}'`, () => searchUsers(db, { q: terms.name })],
    [`search name '${terms.first}'`, () => searchUsers(db, { q: terms.first })],
    [`search state '${terms.state}'`, () => searchUsers(db, { q: terms.state })],
    ["search no match 'zzzz'", () => searchUsers(db, { q: "zzzz" })],
    [`All Clubs, search '${terms.club}'`, () => searchClubs(db, { q: terms.club })],
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
  console.log(`load average ${load()} at the end`);
  db.$client.close();
} finally {
  if (dir) rmSync(dir, { recursive: true, force: true });
}

async function seedUsers() {
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

  db.$client.close();
}
