// Multi-row inserts grouped into db.batch() calls (one round trip and one transaction each), the
// fast path for both a local file and Turso. Also the wipe for --reset and the row counts.
import { count, getTableName, type Table } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import type { SQLiteTable } from "drizzle-orm/sqlite-core";
import type { Db } from "#db/client";
import * as schema from "#db/schema";

/** Bound values per statement: far below SQLite's 32,766 limit, large enough to be fast. */
const VALUES_PER_STATEMENT = 6_000;
const STATEMENTS_PER_BATCH = 8;

export async function insertInBatches<T extends SQLiteTable>(db: Db, table: T, rows: readonly T["$inferInsert"][]): Promise<number> {
  if (rows.length === 0) return 0;
  const columns = Object.keys(rows[0]!).length;
  const perStatement = Math.max(1, Math.floor(VALUES_PER_STATEMENT / columns));
  const statements: BatchItem<"sqlite">[] = [];
  for (let start = 0; start < rows.length; start += perStatement) {
    statements.push(db.insert(table).values(rows.slice(start, start + perStatement) as T["$inferInsert"][]));
  }
  for (let start = 0; start < statements.length; start += STATEMENTS_PER_BATCH) {
    const [first, ...rest] = statements.slice(start, start + STATEMENTS_PER_BATCH);
    await db.batch([first!, ...rest]);
  }
  return rows.length;
}

/** Every table the seed fills or the app writes, children before parents. zip_codes is kept. */
export const TABLES_CHILD_FIRST: readonly SQLiteTable[] = [
  // ADR 071: matches, the match queue, saved searches, settings and the mail queue.
  schema.searchMatches,
  schema.requestMatches,
  schema.listingMatchQueue,
  schema.savedSearches,
  schema.notificationSettings,
  schema.mailQueue,
  schema.listingPhotos,
  schema.listingClubs,
  schema.favorites,
  schema.reviews,
  schema.listingLocks,
  schema.dealListings,
  schema.dealRevisions,
  schema.deals,
  schema.listingMessages,
  schema.clubDirectMessages,
  schema.clubMessages,
  schema.clubRequests,
  schema.clubMembers,
  schema.listings,
  schema.clubs,
  schema.sessions,
  schema.emailVerificationTokens,
  schema.userRoles,
  schema.profiles,
  schema.users,
  schema.rateLimits,
  schema.mailOutbox,
];

/** Deletes every row of every app table in one transaction (the FTS triggers follow along). */
export async function wipeDatabase(db: Db): Promise<void> {
  const [first, ...rest] = TABLES_CHILD_FIRST.map((table) => db.delete(table));
  await db.batch([first!, ...rest]);
}

/** Row count per table, parents first (for the summary the CLI prints). */
export async function countRows(db: Db): Promise<{ table: string; rows: number }[]> {
  const tables = [
    schema.users,
    schema.profiles,
    schema.userRoles,
    schema.clubs,
    schema.clubMembers,
    schema.listings,
    schema.listingClubs,
    schema.listingPhotos,
    schema.favorites,
    schema.deals,
    schema.dealRevisions,
    schema.dealListings,
    schema.listingLocks,
    schema.reviews,
    schema.listingMessages,
    schema.clubMessages,
    schema.clubDirectMessages,
    schema.clubRequests,
    schema.sessions,
    schema.zipCodes,
  ];
  const result: { table: string; rows: number }[] = [];
  for (const table of tables) {
    const [row] = await db.select({ n: count() }).from(table as Table);
    result.push({ table: getTableName(table), rows: row?.n ?? 0 });
  }
  return result;
}
