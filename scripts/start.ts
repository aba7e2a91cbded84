/**
 * `npm start`: build, migrate the embedded database, seed demo data when it is empty, then run
 * the local libSQL server, the local Google stand-in (scripts/oidc-provider.ts, ADR 019) and the
 * Worker under `wrangler dev`. Ctrl-C stops everything.
 */
import { randomBytes } from "node:crypto";
import { mkdirSync } from "node:fs";
import { DEAL_CLOCK_CRON } from "../app/features/notifications/deal-clock-job.server";
import { MATCHER_CRON } from "../app/features/matching/matcher.server";
import { DIGEST_CRON } from "../app/features/notifications/match-digest.server";
import { DEMO_CHOOSER_ACCOUNTS, googleVarsFor, startOidcProvider } from "./oidc-provider";
import { startPushService } from "./push-service";
import { ensureDevVars, run, startStack } from "./stack";

const port = Number(process.env.PORT ?? 8787);
/** The Google stand-in listens next to the app (OIDC_PORT changes it). */
const oidcPort = Number(process.env.OIDC_PORT ?? port + 1);
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
// 'Continue with Google' offline: a local OIDC provider with an account chooser, unless .dev.vars
// holds real Google credentials. Never with APP_ENV=production (deploys never run this script).
const localGoogle =
  !vars.GOOGLE_CLIENT_ID && vars.APP_ENV !== "production"
    ? await startOidcProvider({
        clientId: "lockerswap-local-demo",
        clientSecret: randomBytes(24).toString("hex"),
        port: oidcPort,
        accounts: DEMO_CHOOSER_ACCOUNTS,
      })
    : null;
const googleVars = localGoogle ? googleVarsFor(localGoogle) : {};
// Web Push offline (ADR 087): a local push service the Worker may send to because this names it.
// Browsers subscribe at their own push service, so what a browser subscribes here is sent there;
// the stand-in is for subscriptions made with POST /subscriptions on it (its page lists what arrived).
const pushPort = Number(process.env.PUSH_PORT ?? port + 2);
const localPush = vars.APP_ENV !== "production" ? await startPushService({ port: pushPort }) : null;
const pushVars: Record<string, string> = localPush ? { PUSH_SERVICE_TEST_ORIGIN: localPush.origin } : {};
let stack: Awaited<ReturnType<typeof startStack>>;
try {
  stack = await startStack({
    dbFile,
    port,
    vars: { APP_ORIGIN: `http://127.0.0.1:${port}`, ...workerVars, ...googleVars, ...pushVars },
    persistTo: ".wrangler/state",
    // GET /__scheduled runs the Worker's cron handler: the scheduler below drives the deal clock with it.
    testScheduled: true,
    // wrangler dev for people: its request log and DevTools (the tests and benches run workerd bare; ADR 072).
    runtime: "wrangler",
  });
} catch (error) {
  await Promise.all([localGoogle?.stop(), localPush?.stop()]);
  throw error;
}

console.log(`\nLockerSwap is running at ${stack.url}\n`);
const { DEMO_ACCOUNTS } = await import("../db/seed/demo-accounts");
console.log("Demo accounts (local only):");
for (const account of DEMO_ACCOUNTS) console.log(`  ${account.label.padEnd(12)} ${account.email}  /  ${account.password}`);
if (localGoogle)
  console.log(
    `\nContinue with Google goes to a local stand-in at ${localGoogle.issuer} (not Google): pick a demo account or type any e-mail.`,
  );
if (localPush) console.log(`A local push service stand-in listens at ${localPush.origin} (not a real push service; ADR 087).`);
console.log("\nPress Ctrl-C to stop.");

// The scheduler (ADRs 068 and 071): wrangler dev fires no cron triggers, so every minute this asks the
// Worker to run its own scheduled() handler for the deal clock's and the matcher's crons — the code
// path production's triggers take, with the Worker's rooms and mail, rather than a copy of the jobs
// running here in Node.
const runCron = (job: string, cron: string) =>
  fetch(`${stack.url}/__scheduled?cron=${encodeURIComponent(cron)}`)
    .then((response) => {
      if (!response.ok) console.error(`${job}: /__scheduled answered ${response.status}`);
    })
    .catch((error: unknown) => console.error(`${job}:`, error instanceof Error ? error.message : error));
let minutes = 0;
const dealClock = setInterval(() => {
  void runCron("deal clock", DEAL_CLOCK_CRON);
  // The matcher's cron also runs the e-mail when away (ADR 073): every minute here.
  void runCron("matcher", MATCHER_CRON);
  // The daily match digest, hourly here: a demo sees one without waiting a day.
  if (++minutes % 60 === 0) void runCron("match digest", DIGEST_CRON);
}, 60_000);

let stopping = false;
for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.on(signal, async () => {
    if (stopping) return;
    stopping = true;
    clearInterval(dealClock);
    await Promise.all([stack.stop(), localGoogle?.stop(), localPush?.stop()]);
    process.exit(0);
  });
}
