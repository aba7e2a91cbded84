/**
 * `npm run db:seed` — the demo community for local use (never run by deploy). See README.md.
 *
 *   node --import tsx db/seed/index.ts [--if-empty] [--reset] [--no-photos] [--scale 1]
 *
 * DATABASE_URL (default file:.data/lockerswap.db), DATABASE_AUTH_TOKEN, PASSWORD_PEPPER (default:
 * the one in .dev.vars, created like `npm start` does when missing), SEED_PERSIST_TO (the
 * `wrangler dev --persist-to` folder photos are written under; default .wrangler/state).
 */
import { count } from "drizzle-orm";
import { ensureDevVars } from "../../scripts/stack";
import { createDb } from "../client";
import { users } from "../schema";
import { countRows, wipeDatabase } from "./batch-insert";
import { emptyBucket, openPhotoBucket } from "./photo-bucket";
import { seedDemoCommunity } from "./seed-demo-community";

const args = process.argv.slice(2);
const flag = (name: string) => args.includes(name);
const option = (name: string) => {
  const i = args.indexOf(name);
  return i >= 0 ? args[i + 1] : undefined;
};

async function main() {
  const started = performance.now();
  const url = process.env.DATABASE_URL || "file:.data/lockerswap.db";
  const db = createDb({ url, authToken: process.env.DATABASE_AUTH_TOKEN });
  try {
    const [{ n: existing }] = await db.select({ n: count() }).from(users);
    if (existing > 0 && flag("--if-empty")) {
      console.log(`  database already has ${existing} users; not seeding`);
      return;
    }
    if (existing > 0 && !flag("--reset")) {
      console.error(`The database already has ${existing} users. Use --reset (npm run db:reset) to wipe and reseed.`);
      process.exitCode = 1;
      return;
    }

    const pepper = process.env.PASSWORD_PEPPER || ensureDevVars().PASSWORD_PEPPER;
    if (!pepper) throw new Error("PASSWORD_PEPPER is not set and .dev.vars has none");
    const withPhotos = !flag("--no-photos");
    const storage = withPhotos ? await openPhotoBucket() : null;
    try {
      if (flag("--reset")) {
        await wipeDatabase(db);
        const removed = storage ? await emptyBucket(storage.bucket) : 0;
        console.log(`  wiped the database${storage ? ` and ${removed} stored photos` : ""}`);
      }
      const result = await seedDemoCommunity(db, {
        scale: Number(option("--scale") ?? 1),
        photos: storage?.bucket ?? false,
        pepper,
      });
      if (result.zipCodesLoaded) console.log(`  loaded ${result.zipCodesLoaded} ZIP codes`);
      console.log(
        `  phases (ms): ${Object.entries(result.timings)
          .map(([k, v]) => `${k} ${v}`)
          .join(", ")}`,
      );
      if (storage)
        console.log(
          `  stored ${result.photosUploaded} photos (${result.community.images.size} distinct PNGs) under ${storage.persistTo}/v3`,
        );
    } finally {
      await storage?.dispose();
    }

    const rows = await countRows(db);
    const width = Math.max(...rows.map((r) => r.table.length));
    console.log("\n  table".padEnd(width + 3) + "   rows");
    for (const { table, rows: n } of rows) console.log(`  ${table.padEnd(width)}  ${String(n).padStart(7)}`);
    console.log(`\n  seeded in ${((performance.now() - started) / 1000).toFixed(1)} s`);
  } finally {
    db.$client.close();
  }
}

main().catch((error: unknown) => {
  console.error("db:seed failed:", error);
  process.exitCode = 1;
});
