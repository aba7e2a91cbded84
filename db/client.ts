// The one way to open the database, from the Worker (HTTP to libSQL / Turso) and from Node
// (scripts, tests: a local file). Plain `@libsql/client`: its package exports pick the web build
// under workerd and the native build under Node. No `node:` imports here — the Worker bundles it.
import { createClient, type Client } from "@libsql/client";
import { drizzle, type LibSQLDatabase } from "drizzle-orm/libsql";
import { unavailableAware } from "./errors";
import * as schema from "./schema/index";

export type Schema = typeof schema;
export type Db = LibSQLDatabase<Schema>;

export type DbConfig = {
  /** `file:.data/lockerswap.db`, `http://127.0.0.1:8080`, `libsql://….turso.io` */
  url: string;
  authToken?: string;
  /** A fetch for the HTTP client (round-trip tracing on the local stack, db/trace.ts). */
  fetch?: typeof fetch;
  /** How long a `file:` connection waits for another writer's lock before SQLITE_BUSY (default 5 s). */
  busyTimeoutMs?: number;
};

/**
 * Opens a client and wraps it in drizzle with the full schema.
 *
 * Foreign keys: the native libSQL build used for `file:` URLs is compiled with
 * SQLITE_DEFAULT_FOREIGN_KEYS, so every pooled connection enforces them (proved in
 * db/schema.test.ts); a remote libSQL server enforces them on its side.
 */
export function createDb(config: DbConfig): Db & { $client: Client } {
  const isFile = config.url.startsWith("file:");
  const client = createClient({
    url: config.url,
    authToken: config.authToken || undefined,
    // Over HTTP, "could not reach the database" carries one name to the error boundary (db/errors.ts).
    ...(isFile ? {} : { fetch: unavailableAware(config.fetch) }),
    // A local file is shared by a pool of connections; wait for a lock instead of failing
    // at once with SQLITE_BUSY when two requests write at the same time.
    ...(isFile ? { timeout: config.busyTimeoutMs ?? 5_000 } : {}),
  });
  if (isFile) {
    // drizzle's db.batch() never names a mode, so the client begins DEFERRED. A deferred batch that
    // reads before it writes cannot wait for the write lock another process holds (the local
    // server, a seed script): SQLite answers SQLITE_BUSY at once, ignoring the busy timeout.
    // From Node on a file, a batch without a mode therefore begins IMMEDIATE and waits its turn.
    const batch = client.batch.bind(client);
    client.batch = (statements, mode) => batch(statements, mode ?? "write");
  }
  return drizzle(client, { schema });
}
