// Small builders shared by every table file, so the conventions (uuid text ids, ms timestamps,
// enum CHECKs) are written once.
import { sql, type SQL } from "drizzle-orm";
import { integer, text, type SQLiteColumn } from "drizzle-orm/sqlite-core";

/** `id text primary key`, filled with a random UUID by the app on insert. */
export const id = () =>
  text("id")
    .primaryKey()
    .$defaultFn(() => crypto.randomUUID());

/** Epoch-milliseconds timestamp column, read and written as a JS Date. */
export const timestamp = (name: string) => integer(name, { mode: "timestamp_ms" });

/** `created_at`: set by the app on insert. */
export const createdAt = () =>
  timestamp("created_at")
    .notNull()
    .$defaultFn(() => new Date());

/** `updated_at`: set by the app on insert and on every drizzle update. */
export const updatedAt = () =>
  timestamp("updated_at")
    .notNull()
    .$defaultFn(() => new Date())
    .$onUpdateFn(() => new Date());

/**
 * The bare column name for CHECK constraints and partial-index conditions. drizzle renders
 * `${t.col}` as "table"."col", which breaks when drizzle-kit recreates a table under a temporary
 * name (`__new_table`) in a later migration.
 */
export const col = (column: SQLiteColumn): SQL => sql`${sql.identifier(column.name)}`;

const quoted = (values: readonly string[]) => values.map((v) => `'${v.replaceAll("'", "''")}'`).join(", ");

/** `column in ('a', 'b', …)` for a CHECK constraint (NULL passes, as in SQL). */
export const isOneOf = (column: SQLiteColumn, values: readonly string[]): SQL => sql`${col(column)} in (${sql.raw(quoted(values))})`;

/** `column GLOB '[0-9][0-9][0-9][0-9][0-9]'`: a US ZIP is exactly five digits (both specs §9). */
export const isZip = (column: SQLiteColumn): SQL => sql`${col(column)} GLOB '[0-9][0-9][0-9][0-9][0-9]'`;

/** Text is not empty once spaces, tabs and line breaks are trimmed (messages, titles, names). */
export const isNotBlank = (column: SQLiteColumn): SQL => sql`length(trim(${col(column)}, ' ' || char(9, 10, 13))) > 0`;

/**
 * A photo's 64-bit perceptual hash (ADR 094): the full value as 16 hex digits, and its four 16-bit
 * bands, which the match looks up (each indexed on listing_photos). Null when the photo could not be
 * decoded on the server (WebP).
 */
export const photoHashColumns = () => ({
  phash: text("phash"),
  phashB0: integer("phash_b0"),
  phashB1: integer("phash_b1"),
  phashB2: integer("phash_b2"),
  phashB3: integer("phash_b3"),
});
