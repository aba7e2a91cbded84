/**
 * `npm start`: build, migrate the embedded database, seed demo data when it is empty, then run
 * the local libSQL server and the Worker under `wrangler dev`. Ctrl-C stops everything.
 */
import { mkdirSync } from "node:fs";
import { ensureDevVars, run, startStack } from "./stack";

const port = Number(process.env.PORT ?? 8787);
const dbFile = ".data/lockerswap.db";
const dbUrl = `file:${dbFile}`;

mkdirSync(".data", { recursive: true });
const vars = ensureDevVars();

console.log("› building");
await run("npx", ["remix", "vite:build"], { quiet: true });
console.log("› migrating", dbFile);
await run("node", ["--import", "tsx", "scripts/migrate.ts"], { env: { DATABASE_URL: dbUrl } });
console.log("› seeding demo data (skipped when the database already has users)");
await run("node", ["--import", "tsx", "db/seed/index.ts", "--if-empty"], { env: { DATABASE_URL: dbUrl } });

const { DATABASE_URL: _file, ...workerVars } = vars;
// Links in mails point where this run serves, unless .dev.vars names another origin (ADR 013).
const stack = await startStack({ dbFile, port, vars: { APP_ORIGIN: `http://127.0.0.1:${port}`, ...workerVars }, persistTo: ".wrangler/state" });

console.log(`\nLockerSwap is running at ${stack.url}\n`);
const { DEMO_ACCOUNTS } = await import("../db/seed/demo-accounts");
console.log("Demo accounts (local only):");
for (const account of DEMO_ACCOUNTS) console.log(`  ${account.label.padEnd(12)} ${account.email}  /  ${account.password}`);
console.log("\nPress Ctrl-C to stop.");

let stopping = false;
for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.on(signal, async () => {
    if (stopping) return;
    stopping = true;
    await stack.stop();
    process.exit(0);
  });
}
