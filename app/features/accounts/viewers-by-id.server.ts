// Viewers for work that runs without a request (ADR 071: the matcher searches as each saved
// search's owner): the same columns a session reads (viewer-columns.server.ts).
import { inArray, sql } from "drizzle-orm";
import type { Db } from "#db/client";
import { profiles, users } from "#db/schema";
import type { Viewer } from "../permissions/viewer";
import { viewerColumns, viewerFromRow } from "./viewer-columns.server";

/** The viewers of these user ids, by id (a deleted user is absent). */
export async function viewersById(db: Db, ids: readonly string[], now = new Date()): Promise<Map<string, Viewer>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select(viewerColumns(sql`${users.id}`, now))
    .from(users)
    .leftJoin(profiles, sql`${profiles.userId} = ${users.id}`)
    .where(inArray(users.id, [...ids]));
  return new Map(rows.map((row) => [row.id, viewerFromRow(row)]));
}
