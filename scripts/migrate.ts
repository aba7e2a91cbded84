// `npm run db:migrate`: applies db/migrations to DATABASE_URL (default: the local dev file).
import { mkdirSync } from "node:fs";
import { dirname, resolve } from "node:path";
import { migrateDatabase } from "../db/migrate";

const DEFAULT_URL = "file:.data/lockerswap.db";

async function main() {
  const url = process.env.DATABASE_URL || DEFAULT_URL;
  const authToken = process.env.DATABASE_AUTH_TOKEN || undefined;

  if (url.startsWith("file:")) {
    const path = url.slice("file:".length).replace(/\?.*$/, "");
    if (path !== ":memory:") mkdirSync(dirname(resolve(path)), { recursive: true });
  }

  const { applied } = await migrateDatabase(url, authToken);
  console.log(`db:migrate: ${applied} migration(s) applied, ${redact(url)} is up to date`);
}

/** Never print credentials that may sit in the URL. */
function redact(url: string) {
  return url.replace(/([?&]authToken=)[^&]+/, "$1***").replace(/\/\/[^/@]*@/, "//***@");
}

main().catch((error: unknown) => {
  console.error("db:migrate failed:", error instanceof Error ? error.message : error);
  process.exit(1);
});
