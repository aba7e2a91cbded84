import { sql } from "drizzle-orm";
import type { Db } from "#db/client";

export async function databaseAnswers(db: Db) {
  try {
    await db.run(sql`select 1`);
    return true;
  } catch (error) {
    console.error(JSON.stringify({ level: "error", event: "healthcheck_failed", message: String(error) }));
    return false;
  }
}
