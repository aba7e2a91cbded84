/** Playwright's webServer: the built Worker under wrangler dev over a fresh temporary database. */
import { mkdirSync, rmSync } from "node:fs";
import { join } from "node:path";
import { E2E_DB_FILE, E2E_PORT, E2E_STATE_DIR, E2E_VARS } from "../tests/setup/e2e-env";
import { run, startStack } from "./stack";

rmSync(E2E_STATE_DIR, { recursive: true, force: true });
mkdirSync(E2E_STATE_DIR, { recursive: true });
const dbUrl = `file:${E2E_DB_FILE}`;
await run("node", ["--import", "tsx", "scripts/migrate.ts"], { env: { DATABASE_URL: dbUrl }, quiet: true });
await run("node", ["--import", "tsx", "db/seed/index.ts"], { env: { DATABASE_URL: dbUrl, SEED_PERSIST_TO: join(E2E_STATE_DIR, "wrangler") }, quiet: true });
const stack = await startStack({
  dbFile: E2E_DB_FILE,
  port: E2E_PORT,
  vars: E2E_VARS,
  persistTo: join(E2E_STATE_DIR, "wrangler"),
  quiet: !process.env.E2E_VERBOSE,
});
console.log(`e2e stack ready at ${stack.url}`);
for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.on(signal, async () => {
    await stack.stop();
    rmSync(E2E_STATE_DIR, { recursive: true, force: true });
    process.exit(0);
  });
}
