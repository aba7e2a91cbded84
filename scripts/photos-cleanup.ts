/**
 * `npm run photos:cleanup` — the photo cleanup the deployed Worker runs on its cron trigger
 * (worker.ts scheduled(), wrangler.toml [triggers]), run once against the local stack: the
 * database at DATABASE_URL (default file:.data/lockerswap.db) and the local R2 state that
 * `wrangler dev --persist-to` keeps (SEED_PERSIST_TO, default .wrangler/state), reached from Node
 * the same way the seed writes photos (ADR 017). Prints what it did.
 *
 *   node --import tsx scripts/photos-cleanup.ts
 */
import { cleanupPhotos } from "../app/features/photos/cleanup.server";
import type { PhotoBucket } from "../app/features/photos/ledger.server";
import { createDb } from "../db/client";
import { openPhotoBucket } from "../db/seed/photo-bucket";

async function main() {
  const url = process.env.DATABASE_URL || "file:.data/lockerswap.db";
  const db = createDb({ url, authToken: process.env.DATABASE_AUTH_TOKEN });
  const storage = await openPhotoBucket();
  try {
    // The real R2 binding (miniflare), typed narrowly by the seed helper.
    const report = await cleanupPhotos(db, storage.bucket as unknown as PhotoBucket);
    console.log(`photos:cleanup (${storage.persistTo})`);
    console.log(`  pending uploads older than a day expired: ${report.expiredPending}`);
    console.log(`  objects deleted:                          ${report.deletedObjects}`);
    console.log(`  deletes that failed (retried next run):   ${report.failedDeletes}`);
    console.log(`  rows whose object is gone, removed:       ${report.rowsWithoutObject}`);
    console.log(`  objects no row knows, deleted:            ${report.orphanObjects}`);
    if (report.failedDeletes > 0) process.exitCode = 1;
  } finally {
    db.$client.close();
    await storage.dispose();
  }
}

main().catch((error: unknown) => {
  console.error("photos:cleanup failed:", error instanceof Error ? error.message : error);
  process.exit(1);
});
