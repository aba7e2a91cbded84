// A fresh, fully migrated libSQL database in a temporary file, for unit tests that need the real
// database (no mocks). Each call gets its own file, so test files can run in parallel: a copy of the
// run's migrated template (test-db-template.ts, Vitest's globalSetup), or — run outside that setup —
// a file migrated here.
//
//   const testDb = await createTestDb();
//   afterAll(() => testDb.cleanup());
//   await testDb.db.insert(users).values({ email: "sam@example.com" });
import { copyFileSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Client } from "@libsql/client";
import { inject } from "vitest";
import { createDb, type Db } from "../../db/client";
import { migrateDatabase } from "../../db/migrate";

export type TestDb = {
  /** drizzle with the full schema, same type the app uses. */
  db: Db;
  /** The underlying libSQL client, for raw SQL (`client.execute(...)`). */
  client: Client;
  /** `file:/tmp/…/test.db` — hand it to code that opens its own connection. */
  url: string;
  /** Closes the client and deletes the file. Safe to call twice. */
  cleanup: () => Promise<void>;
};

export async function createTestDb(): Promise<TestDb> {
  const dir = mkdtempSync(join(tmpdir(), "lockerswap-test-db-"));
  const file = join(dir, "test.db");
  const url = `file:${file}`;
  const template = inject("testDbTemplate");
  if (template) copyFileSync(template, file);
  else await migrateDatabase(url);
  const db = createDb({ url });
  const client = db.$client;
  let cleaned = false;
  return {
    db,
    client,
    url,
    async cleanup() {
      if (cleaned) return;
      cleaned = true;
      client.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
