/**
 * Playwright's webServer: the Worker under wrangler dev over a fresh temporary database.
 * It builds into a private snapshot (.cache/e2e-<pid>/build) with its own wrangler config, so a
 * test run always tests the code as it was when the run started, whatever else rebuilds build/.
 */
import { mkdirSync, rmSync } from "node:fs";
import { join } from "node:path";
import { E2E_DB_FILE, E2E_GOOGLE_CLIENT, E2E_OIDC_PORT, E2E_PORT, E2E_PUSH_PORT, E2E_STATE_DIR, E2E_VARS } from "../tests/setup/e2e-env";
import { DEMO_CHOOSER_ACCOUNTS, startOidcProvider } from "./oidc-provider";
import { startPushService } from "./push-service";
import { buildSnapshot, run, startStack } from "./stack";

rmSync(E2E_STATE_DIR, { recursive: true, force: true });
mkdirSync(E2E_STATE_DIR, { recursive: true });
const config = await buildSnapshot(E2E_STATE_DIR, "scripts/e2e-server.ts");

const dbUrl = `file:${E2E_DB_FILE}`;
await run("node", ["--import", "tsx", "scripts/migrate.ts"], { env: { DATABASE_URL: dbUrl }, quiet: true });
await run("node", ["--import", "tsx", "db/seed/index.ts", "--no-photos"], {
  env: { DATABASE_URL: dbUrl, PASSWORD_PEPPER: E2E_VARS.PASSWORD_PEPPER, SEED_PERSIST_TO: join(E2E_STATE_DIR, "wrangler") },
  quiet: true,
});
// Google sign-in goes to this local OIDC provider (E2E_VARS' GOOGLE_* point at it).
const oidc = await startOidcProvider({ ...E2E_GOOGLE_CLIENT, port: E2E_OIDC_PORT, accounts: DEMO_CHOOSER_ACCOUNTS, testHooks: true });
// Web Push goes to this local push service (E2E_VARS' PUSH_SERVICE_TEST_ORIGIN names it; ADR 087).
const push = await startPushService({ port: E2E_PUSH_PORT, quiet: true });
const stack = await startStack({
  dbFile: E2E_DB_FILE,
  port: E2E_PORT,
  vars: E2E_VARS,
  persistTo: join(E2E_STATE_DIR, "wrangler"),
  config,
  quiet: !process.env.E2E_VERBOSE,
});
console.log(`e2e stack ready at ${stack.url}`);
// If the test runner disappears without a signal, do not leave wrangler behind.
const parent = process.ppid;
setInterval(() => {
  try {
    process.kill(parent, 0);
  } catch {
    void Promise.all([stack.stop(), oidc.stop(), push.stop()]).finally(() => {
      rmSync(E2E_STATE_DIR, { recursive: true, force: true });
      process.exit(0);
    });
  }
}, 2000).unref();
process.on("uncaughtException", (error) => {
  console.error("e2e stack: uncaught exception", error);
  void Promise.all([stack.stop(), oidc.stop(), push.stop()]).finally(() => process.exit(1));
});
for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.on(signal, async () => {
    await Promise.all([stack.stop(), oidc.stop(), push.stop()]);
    rmSync(E2E_STATE_DIR, { recursive: true, force: true });
    process.exit(0);
  });
}
