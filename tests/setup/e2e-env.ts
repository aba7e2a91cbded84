/**
 * The end-to-end stack's fixed test configuration, shared by the server the tests start
 * (scripts/e2e-server.ts) and the tests themselves (which mint room tokens and read the database).
 */
import { tmpdir } from "node:os";
import { join } from "node:path";

export const E2E_PORT = Number(process.env.E2E_PORT ?? 8799);
export const E2E_BASE_URL = `http://127.0.0.1:${E2E_PORT}`;
// Set once by the first process (Playwright's runner); its webServer and workers inherit it.
process.env.E2E_STATE_DIR ??= join(tmpdir(), `lockerswap-e2e-${process.pid}`);
export const E2E_STATE_DIR = process.env.E2E_STATE_DIR;
export const E2E_DB_FILE = join(E2E_STATE_DIR, "e2e.db");

export const E2E_VARS = {
  APP_ENV: "test",
  SESSION_SECRET: "e2e-session-secret-0123456789abcdef0123456789",
  REALTIME_SECRET: "e2e-realtime-secret-0123456789abcdef012345678",
  PASSWORD_PEPPER: "e2e-password-pepper-0123456789abcdef01234567",
  TESTING_MODE: "on",
  DEV_ROUTES: "on",
};
