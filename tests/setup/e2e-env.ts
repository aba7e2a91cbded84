/**
 * The end-to-end stack's fixed test configuration, shared by the server the tests start
 * (scripts/e2e-server.ts) and the tests themselves (which mint room tokens and read the database).
 */
import { join, resolve } from "node:path";

// Set once by the first process (Playwright's runner); its webServer and workers inherit them.
// The port is derived from the runner's pid so parallel runs on one machine do not collide.
// Even ports 20000–31998 (the OIDC stand-in takes the next one): below Linux's ephemeral range
// (32768–60999), where the stack's own helpers (the libSQL server, inspectors) get their ports.
process.env.E2E_PORT ??= String(20000 + (process.pid % 6000) * 2);
export const E2E_PORT = Number(process.env.E2E_PORT);
export const E2E_BASE_URL = `http://127.0.0.1:${E2E_PORT}`;
// Inside the project (git-ignored .cache/) so the snapshot's bundle resolves our node_modules.
process.env.E2E_STATE_DIR ??= resolve(".cache", `e2e-${process.pid}`);
export const E2E_STATE_DIR = process.env.E2E_STATE_DIR;
export const E2E_DB_FILE = join(E2E_STATE_DIR, "e2e.db");

// The local OIDC provider standing in for Google (scripts/oidc-provider.ts), next to the app.
export const E2E_OIDC_PORT = E2E_PORT + 1;
export const E2E_OIDC_URL = `http://127.0.0.1:${E2E_OIDC_PORT}`;
export const E2E_GOOGLE_CLIENT = { clientId: "e2e-google-client", clientSecret: "e2e-google-client-secret" };

// The local push service stand-in (scripts/push-service.ts, ADR 087): 14000–19999, one per runner
// like the app's port, below the app's range and Linux's ephemeral one.
export const E2E_PUSH_PORT = 14000 + (E2E_PORT - 20000) / 2;
export const E2E_PUSH_ORIGIN = `http://127.0.0.1:${E2E_PUSH_PORT}`;

export const E2E_VARS = {
  APP_ENV: "test",
  // Links in mails and the Google redirect_uri are built from this, never from the Host header.
  APP_ORIGIN: E2E_BASE_URL,
  SESSION_SECRET: "e2e-session-secret-0123456789abcdef0123456789",
  REALTIME_SECRET: "e2e-realtime-secret-0123456789abcdef012345678",
  PASSWORD_PEPPER: "e2e-password-pepper-0123456789abcdef01234567",
  TESTING_MODE: "on",
  DEV_ROUTES: "on",
  GOOGLE_CLIENT_ID: E2E_GOOGLE_CLIENT.clientId,
  GOOGLE_CLIENT_SECRET: E2E_GOOGLE_CLIENT.clientSecret,
  GOOGLE_AUTHORIZATION_URL: `${E2E_OIDC_URL}/authorize`,
  GOOGLE_TOKEN_URL: `${E2E_OIDC_URL}/token`,
  GOOGLE_JWKS_URL: `${E2E_OIDC_URL}/jwks`,
  GOOGLE_ISSUER: E2E_OIDC_URL,
  // Every e2e request comes from one address: the per-IP limit is proved by unit tests instead.
  AUTH_LIMIT_PER_IP: "10000",
  // Each page view's database requests are labelled, so tests can count its round trips (ADR 034).
  DB_TRACE: "on",
  // Web Push (ADR 087): a test-only VAPID pair, and the stand-in as the one endpoint origin allowed
  // besides the real push services — by this configuration, never by what a browser posts.
  VAPID_PUBLIC_KEY: "BBCs3eOVZ4lz_-ze3eevO2cHwnbIVJ-wIIsFOTXMeGCXxo50kmR8RR5AxwTCZj-AGKE4kvQrvVmSsT7ALaLuWbQ",
  VAPID_PRIVATE_KEY: "eA64M6aYZ31m71qasYUmcqu5VX5XiSF3zGye845k1Xg",
  VAPID_SUBJECT: "mailto:push@lockerswap.test",
  PUSH_SERVICE_TEST_ORIGIN: E2E_PUSH_ORIGIN,
  // Where a signed-out visitor is taken to be: the edge gives no location locally (ADR 035).
  DEFAULT_VISITOR_ZIP: "02139",
};
