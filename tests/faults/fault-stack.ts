/**
 * The fault tests' own stack (ADR 047): they stop its database and break its R2
 * and rooms, so they never touch the shared e2e stack other tests are using. It is started from the
 * build snapshot the e2e webServer already made (ADR 008; no second build) with startStack, over a
 * fresh migrated database of its own, on a free port, with `--test-scheduled` so the photo
 * cleanup's cron handler can be run on demand (GET /__scheduled).
 */
import { createHash, randomBytes } from "node:crypto";
import { existsSync, mkdirSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { join, resolve } from "node:path";
import type { BrowserContext } from "@playwright/test";
import { createDb } from "../../db/client";
import { migrateDatabase } from "../../db/migrate";
import { sessions } from "../../db/schema";
import { buildSnapshot, startStack } from "../../scripts/stack";
import { E2E_STATE_DIR, E2E_VARS } from "../setup/e2e-env";

/** Contract with app/features/accounts/session.server.ts (as in tests/e2e/fixtures.ts). */
const SESSION_COOKIE = "ls_session";

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

export type FaultStack = Awaited<ReturnType<typeof startFaultStack>>;

export async function startFaultStack() {
  const started = performance.now();
  const dir = resolve(".cache", `faults-${process.pid}`);
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  // The e2e webServer's snapshot is complete before any test runs; build one only if it is missing.
  const snapshot = join(E2E_STATE_DIR, "wrangler.toml");
  const config = existsSync(snapshot) ? snapshot : await buildSnapshot(dir, "tests/faults/fault-stack.ts");
  const dbFile = join(dir, "faults.db");
  await migrateDatabase(`file:${dbFile}`);
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const stack = await startStack({
    dbFile,
    port,
    vars: { ...E2E_VARS, APP_ORIGIN: url },
    persistTo: join(dir, "wrangler"),
    config,
    quiet: true,
    testScheduled: true,
    // The cleanup reports with console.log, which wrangler's default "warn" level would drop.
    logLevel: "log",
  });
  const db = createDb({ url: `file:${dbFile}` });
  const startupMs = performance.now() - started;

  return {
    ...stack,
    db,
    startupMs,
    /** Turns a fault of the Worker's dev-only switch on or off (app/web/faults.server.ts). */
    async setFault(fault: "r2-put" | "r2-delete" | "rooms", state: "on" | "off") {
      const response = await fetch(`${url}/dev/faults`, { method: "POST", body: new URLSearchParams({ fault, state }) });
      if (!response.ok) throw new Error(`fault switch: ${response.status} ${await response.text()}`);
    },
    /** Runs the Worker's cron handler (the photo cleanup) once and returns the report it logged. */
    async runCleanup() {
      const before = stack.log().length;
      const response = await fetch(`${url}/__scheduled`);
      if (!response.ok) throw new Error(`/__scheduled: ${response.status}`);
      // The handler logs its report as one JSON line (worker.ts scheduled()).
      const deadline = Date.now() + 10_000;
      for (;;) {
        const line = stack
          .log()
          .slice(before)
          .split("\n")
          .find((l) => l.includes('"event":"photo_cleanup"'));
        if (line)
          return JSON.parse(line.slice(line.indexOf("{"), line.lastIndexOf("}") + 1)) as { deletedObjects: number; failedDeletes: number };
        if (Date.now() > deadline) throw new Error(`no photo_cleanup report in the log:\n${stack.log().slice(before)}`);
        await new Promise((r) => setTimeout(r, 50));
      }
    },
    /** A session for `userId` on this stack, as a cookie in `context` (as signInAs does for the e2e stack). */
    async signIn(context: BrowserContext, userId: string) {
      const token = randomBytes(32).toString("base64url");
      await db.insert(sessions).values({
        tokenHash: createHash("sha256").update(token).digest("hex"),
        userId,
        expiresAt: new Date(Date.now() + 3600 * 1000),
      });
      await context.addCookies([{ name: SESSION_COOKIE, value: token, url, httpOnly: true, sameSite: "Lax" }]);
    },
    async dispose() {
      db.$client.close();
      await stack.stop();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
