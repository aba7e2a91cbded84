import type { AppLoadContext } from "@remix-run/cloudflare";
import { createDb, type Db } from "./db/client";
import { parseEnv, type AppEnv, type Bindings } from "./app/lib/env.server";
import { createRealtime, type Realtime } from "./app/lib/realtime.server";
import { createNonce } from "./app/lib/security.server";

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
    /** The per-request CSP nonce every <script> carries. */
    nonce: string;
  }
}

// One database client per isolate and URL: connections are reused across requests.
const databases = new Map<string, Db>();

function databaseFor(env: AppEnv) {
  let db = databases.get(env.DATABASE_URL);
  if (!db) {
    db = createDb({ url: env.DATABASE_URL, authToken: env.DATABASE_AUTH_TOKEN });
    databases.set(env.DATABASE_URL, db);
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
  return {
    cloudflare: context.cloudflare,
    env,
    db: databaseFor(env),
    photos: context.cloudflare.env.PHOTOS,
    realtime: createRealtime(context.cloudflare.env, env.REALTIME_SECRET),
    nonce,
  };
}
