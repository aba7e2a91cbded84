// Applies the SQL migrations in db/migrations (Node only: reads the folder from disk).
import { fileURLToPath } from "node:url";
import { migrate } from "drizzle-orm/libsql/migrator";
import { createDb } from "./client";

export const migrationsFolder = fileURLToPath(new URL("./migrations", import.meta.url));

const MIGRATIONS_TABLE = "__drizzle_migrations";

/** Brings the database at `url` up to date. Returns how many migrations were newly applied. */
export async function migrateDatabase(url: string, authToken?: string): Promise<{ applied: number }> {
  const db = createDb({ url, authToken });
  try {
    const before = await countApplied(db);
    await migrate(db, { migrationsFolder, migrationsTable: MIGRATIONS_TABLE });
    const after = await countApplied(db);
    return { applied: after - before };
  } finally {
    db.$client.close();
  }
}

async function countApplied(db: ReturnType<typeof createDb>): Promise<number> {
  const exists = await db.$client.execute({
    sql: "select 1 from sqlite_master where type = 'table' and name = ?",
    args: [MIGRATIONS_TABLE],
  });
  if (exists.rows.length === 0) return 0;
  const result = await db.$client.execute(`select count(*) as n from "${MIGRATIONS_TABLE}"`);
  return Number(result.rows[0]?.n ?? 0);
}
