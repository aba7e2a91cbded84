import type { AppLoadContext } from "@remix-run/cloudflare";
import { createDb, type Db } from "./db/client";
import { parseEnv, type AppEnv, type Bindings } from "./app/platform/env.server";
import { createPublish, createRealtime, type Publish, type Realtime } from "./app/features/realtime/realtime.server";
import { blockedAudience } from "./app/features/realtime/blocked-audience.server";
import { createNonce } from "./app/platform/security.server";
import { createDbTrace, type DbTrace } from "./db/trace";
import type { FailureKind } from "./db/errors";

type Cloudflare = {
  env: Bindings & Record<string, unknown>;
  ctx: { waitUntil(promise: Promise<unknown>): void };
  cf?: unknown;
};

declare module "@remix-run/cloudflare" {
  interface AppLoadContext {
    cloudflare: Cloudflare;
    env: AppEnv;
    db: Db;
    photos: R2Bucket;
    realtime: Realtime;
    /** Typed, non-blocking fan-out to club / user rooms (ADR 064); the database stays the truth. */
    publish: Publish;
    /** The per-request CSP nonce every <script> carries. */
    nonce: string;
    /** Round-trip tracing of this request's database calls (DB_TRACE=on, local stack only; ADR 034). */
    dbTrace: DbTrace | null;
    /** This request's id in the structured error log (and the X-Request-Id header). */
    requestId: string;
    /** Set by entry.server's handleError when a loader or action failed unexpectedly (ADR 047). */
    failure: FailureKind | null;
    /** The session lookup of this request, shared by its root and route loaders (session.server.ts). */
    sessionLookups: Map<string, Promise<unknown>>;
  }
}

/**
 * A database client per request (ADR 011). Under workerd a client shared across requests makes
 * one request wait on another's I/O (the libSQL HTTP client queues requests behind a concurrency
 * limit), which the runtime cancels as "hung": signed-in pages failed with 500 under load (ADR 011).
 * An HTTP client holds no connection, so a new one per request costs next to nothing.
 *
 * The one exception is a `file:` URL, which only Vite dev (Node) can open: there a client is a pool
 * of native file handles, Node has no per-request I/O rule, and one per URL avoids leaking handles.
 */
const nodeFileDatabases = new Map<string, Db>();

export function databaseFor(env: Pick<AppEnv, "DATABASE_URL" | "DATABASE_AUTH_TOKEN">, trace: DbTrace | null = null): Db {
  const config = { url: env.DATABASE_URL, authToken: env.DATABASE_AUTH_TOKEN, fetch: trace?.fetch };
  if (!env.DATABASE_URL.startsWith("file:")) return createDb(config);
  let db = nodeFileDatabases.get(env.DATABASE_URL);
  if (!db) {
    db = createDb(config);
    nodeFileDatabases.set(env.DATABASE_URL, db);
  }
  return db;
}

export function getLoadContext({
  context,
  nonce = createNonce(),
}: {
  request: Request;
  context: { cloudflare: Cloudflare };
  nonce?: string;
}): AppLoadContext {
  const env = parseEnv(context.cloudflare.env);
  const realtime = createRealtime(context.cloudflare.env, env.REALTIME_SECRET);
  const dbTrace = env.dbTrace && !env.DATABASE_URL.startsWith("file:") ? createDbTrace() : null;
  const db = databaseFor(env, dbTrace);
  return {
    cloudflare: context.cloudflare,
    env,
    db,
    photos: context.cloudflare.env.PHOTOS,
    realtime,
    // Blocks are read from this request's database before a person's words fan out (ADR 069).
    publish: createPublish(realtime, (promise) => context.cloudflare.ctx.waitUntil(promise), blockedAudience(db)),
    nonce,
    dbTrace,
    requestId: crypto.randomUUID(),
    failure: null,
    sessionLookups: new Map(),
  };
}
