// Vitest's globalSetup (vitest.config.ts): migrates one database file per run, before any test file
// starts; createTestDb (test-db.ts) copies it for each call instead of migrating a file of its own.
// The copy is the migrated schema byte for byte, so each test file still owns a database of its own.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { TestProject } from "vitest/node";
import { migrateDatabase } from "../../db/migrate";

declare module "vitest" {
  export interface ProvidedContext {
    /** The migrated template's path (a plain file: no journal beside it once its client is closed). */
    testDbTemplate: string;
  }
}

export default async function setup(project: TestProject) {
  const dir = mkdtempSync(join(tmpdir(), "lockerswap-test-db-template-"));
  const file = join(dir, "template.db");
  await migrateDatabase(`file:${file}`);
  project.provide("testDbTemplate", file);
  return () => rmSync(dir, { recursive: true, force: true });
}
