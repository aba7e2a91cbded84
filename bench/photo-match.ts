/**
 * The stolen-photo lookup at scale (ADR 094; target p95 ≤ 10 ms at 1,000,000 photos): nearPhotos
 * (app/features/listings/photo-matches.server.ts) — the four band indexes probed at each band's value
 * and its 16 one-bit neighbours, then the exact distance over the rows that come back — against a
 * libSQL file of `--photos` listing photos (5 a listing) with uniformly random 64-bit hashes, 1 %
 * of them near copies of another, and 10,000 removed photos. Beside it, in the same run, the floor:
 * a primary-key read of one listing photo. Prints p50/p95 of both and the candidates read.
 *
 *   node --import tsx bench/photo-match.ts [--photos 1000000] [--file .data/photo-match.db] [--runs 300]
 *
 * Only the columns and indexes the lookup reads are created (the migrated tables' own definitions
 * for them): listings (id, user_id, title), listing_photos (r2_key, listing_id, phash + bands and
 * their indexes), removed_photos.
 */
import { existsSync } from "node:fs";
import { cpus, loadavg } from "node:os";
import { sql } from "drizzle-orm";
import { createDb } from "../db/client";
import { nearPhotos } from "../app/features/listings/photo-matches.server";
import { bandsOfHex } from "../app/features/photos/perceptual-hash";
import { option } from "./cli";

const PHOTOS = Number(option("--photos", "1000000"));
const FILE = option("--file", ".data/photo-match.db");
const RUNS = Number(option("--runs", "300"));

let seed = 2026;
const rand16 = () => ((seed = (seed * 1103515245 + 12345) & 0x7fffffff) >> 8) & 0xffff;
const hex = (bands: number[]) => bands.map((b) => b.toString(16).padStart(4, "0")).join("");
const randomHash = () => hex([rand16(), rand16(), rand16(), rand16()]);
function near(h: string, bits: number) {
  const bands = bandsOfHex(h);
  for (let i = 0; i < bits; i++) {
    const bit = rand16() & 63;
    bands[bit >> 4]! ^= 1 << (bit & 15);
  }
  return hex(bands);
}

const fresh = !existsSync(FILE);
const db = createDb({ url: `file:${FILE}` });
const hashes: string[] = [];
if (fresh) {
  console.log(`generating ${PHOTOS.toLocaleString("en-US")} photos in ${FILE}…`);
  await db.run(sql`create table listings (id text primary key, user_id text not null, title text not null)`);
  await db.run(sql`create table listing_photos (id text primary key, listing_id text not null, r2_key text not null,
    phash text, phash_b0 integer, phash_b1 integer, phash_b2 integer, phash_b3 integer)`);
  await db.run(sql`create table removed_photos (id text primary key, owner_id text not null, listing_id text not null,
    listing_title text not null, r2_key text not null, phash text not null, phash_b0 integer not null, phash_b1 integer not null,
    phash_b2 integer not null, phash_b3 integer not null, created_at integer not null)`);
  const client = db.$client;
  for (let start = 0; start < PHOTOS; start += 5000) {
    const stmts: { sql: string; args: (string | number)[] }[] = [];
    for (let i = start; i < Math.min(PHOTOS, start + 5000); i++) {
      if (i % 5 === 0)
        stmts.push({ sql: "insert into listings values (?, ?, ?)", args: [`l${i / 5}`, `u${(i / 5) % 50000}`, `Listing ${i / 5}`] });
      const h = i % 100 === 99 && hashes.length ? near(hashes[i - 37]!, 1 + (i % 6)) : randomHash();
      hashes.push(h);
      stmts.push({
        sql: "insert into listing_photos values (?, ?, ?, ?, ?, ?, ?, ?)",
        args: [`p${i}`, `l${Math.floor(i / 5)}`, `k${i}`, h, ...bandsOfHex(h)],
      });
    }
    await client.batch(stmts, "write");
  }
} else {
  const rows = await db.all<{ phash: string }>(sql`select phash from listing_photos where rowid % 1000 = 0`);
  hashes.push(...rows.map((r) => r.phash));
}
// Also on a file an interrupted run left: the removed photos and the indexes, then statistics.
const [{ removedRows }] = await db.all<{ removedRows: number }>(sql`select count(*) as removedRows from removed_photos`);
if (Number(removedRows) === 0) {
  const removed: { sql: string; args: (string | number)[] }[] = [];
  for (let i = 0; i < 10000; i++) {
    const h = randomHash();
    removed.push({
      sql: "insert into removed_photos values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
      args: [`r${i}`, "u1", `x${i}`, "Removed", `rk${i}`, h, ...bandsOfHex(h), 0],
    });
  }
  await db.$client.batch(removed, "write");
}
for (const table of ["listing_photos", "removed_photos"])
  for (let b = 0; b < 4; b++) await db.run(sql.raw(`create index if not exists ${table}_phash_b${b}_idx on ${table} (phash_b${b})`));
await db.run(sql`analyze`);

const [{ n }] = await db.all<{ n: number }>(sql`select count(*) as n from listing_photos`);
const pct = (xs: number[], p: number) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(xs.length * p))]!;
const lookups: number[] = [];
const floors: number[] = [];
let found = 0;
for (let run = 0; run < RUNS; run++) {
  // Half the asks are near copies of a stored photo (3–7 bits off), half new photos.
  const query = run % 2 ? near(hashes[(run * 7919) % hashes.length]!, 3 + (run % 5)) : randomHash();
  const f0 = performance.now();
  await db.all(sql`select r2_key from listing_photos where id = ${`p${(run * 104729) % Number(n)}`}`);
  floors.push(performance.now() - f0);
  const t0 = performance.now();
  const near_ = await nearPhotos(db, "nobody", query);
  lookups.push(performance.now() - t0);
  if (near_.length) found++;
}
console.log(
  `photo-match ${new Date().toISOString()} · ${cpus().length} cores, load ${loadavg()[0]!.toFixed(2)} · ${Number(n).toLocaleString("en-US")} photos, ${RUNS} lookups (${found} found a match)`,
);
console.log(`  lookup (nearPhotos)      p50 ${pct(lookups, 0.5).toFixed(2)} ms · p95 ${pct(lookups, 0.95).toFixed(2)} ms`);
console.log(`  floor (primary-key read) p50 ${pct(floors, 0.5).toFixed(2)} ms · p95 ${pct(floors, 0.95).toFixed(2)} ms`);
console.log(`  ratio p95 ${(pct(lookups, 0.95) / pct(floors, 0.95)).toFixed(1)}×`);
const plan = await db.all<{ detail: string }>(
  sql`explain query plan select r2_key from listing_photos where phash_b0 in (1, 2, 3) or phash_b1 in (4, 5)`,
);
console.log(`  plan: ${plan.map((p) => p.detail).join(" · ")}`);
