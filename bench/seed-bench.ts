/**
 * Fills a separate database file with a big community for benchmarks and prints rows per second.
 *
 *   node --import tsx bench/seed-bench.ts [--listings 100000] [--file .data/bench.db]
 *
 * The file is recreated (migrated from scratch), the ZIP gazetteer loaded, then the demo
 * community's generator runs at the scale that gives the wanted number of listings: users,
 * clubs, memberships and club links grow in proportion. No photos, messages or reviews.
 */
import { existsSync, mkdirSync, rmSync } from "node:fs";
import { dirname, resolve } from "node:path";
import { createDb } from "../db/client";
import { migrateDatabase } from "../db/migrate";
import { countRows, insertInBatches } from "../db/seed/batch-insert";
import { BASE_LISTINGS, buildCommunity } from "../db/seed/community";
import { ensureZipCodes, loadMetroPlaces } from "../db/seed/seed-demo-community";
import * as schema from "../db/schema";
import { option } from "./cli";

const listings = Number(option("--listings", "100000"));
const file = resolve(option("--file", ".data/bench.db"));
if (!Number.isInteger(listings) || listings < 100) throw new Error("--listings must be a whole number ≥ 100");
if (file === resolve(".data/lockerswap.db")) throw new Error("refusing to overwrite the development database");

const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
const perSecond = (rows: number, ms: number) => `${Math.round(rows / (ms / 1000)).toLocaleString("en-US")} rows/s`;

async function main() {
  for (const suffix of ["", "-wal", "-shm", "-journal"]) if (existsSync(file + suffix)) rmSync(file + suffix);
  mkdirSync(dirname(file), { recursive: true });
  const url = `file:${file}`;
  const started = performance.now();
  await migrateDatabase(url);
  const db = createDb({ url });
  try {
    // A throwaway file: WAL and no fsync per transaction, so the figure measures SQLite and the
    // FTS triggers rather than the disk's flush latency.
    await db.$client.execute("pragma journal_mode = wal");
    await db.$client.execute("pragma synchronous = off");
    let t = performance.now();
    const zips = await ensureZipCodes(db);
    console.log(
      `zip_codes       ${String(zips).padStart(8)} rows  ${seconds(performance.now() - t).padStart(7)}  ${perSecond(zips, performance.now() - t)}`,
    );

    t = performance.now();
    // ADR 074: 10,000 clubs and 200,000 users at 1,000,000 listings (the demo's own ratio gives
    // ~145,000 users and ~12,700 clubs), so the head counts are set per listing here.
    const community = buildCommunity({
      scale: listings / BASE_LISTINGS,
      now: new Date(),
      activity: false,
      users: Math.round(listings / 5),
      clubs: Math.round(listings / 100),
      ...(await loadMetroPlaces(db)),
    });
    console.log(`generated in ${seconds(performance.now() - t)}`);

    const tables = [
      ["users", schema.users, community.users],
      ["profiles", schema.profiles, community.profiles],
      ["user_roles", schema.userRoles, community.userRoles],
      ["clubs", schema.clubs, community.clubs],
      ["club_members", schema.clubMembers, community.clubMembers],
      ["listings", schema.listings, community.listings],
      ["listing_clubs", schema.listingClubs, community.listingClubs],
    ] as const;
    let total = 0;
    const insertStart = performance.now();
    for (const [name, table, rows] of tables) {
      t = performance.now();
      // The tuple keeps each table paired with its own row type.
      const n = await insertInBatches(db, table, rows as never[]);
      const ms = performance.now() - t;
      total += n;
      console.log(`${name.padEnd(15)} ${String(n).padStart(8)} rows  ${seconds(ms).padStart(7)}  ${perSecond(n, ms)}`);
    }
    const insertMs = performance.now() - insertStart;
    console.log(
      `\ntotal           ${String(total).padStart(8)} rows  ${seconds(insertMs).padStart(7)}  ${perSecond(total, insertMs)} (listings include the FTS triggers)`,
    );
    console.log(`wall time ${seconds(performance.now() - started)} → ${file}`);
    const counted = await countRows(db);
    const listingRows = counted.find((c) => c.table === "listings")!.rows;
    if (listingRows !== community.listings.length) throw new Error(`expected ${community.listings.length} listings, found ${listingRows}`);
  } finally {
    db.$client.close();
  }
}

main().catch((error: unknown) => {
  console.error("seed-bench failed:", error);
  process.exitCode = 1;
});
