/**
 * Sign-up response time for a registered address and for a new one (ADR 048: the time must not
 * say who has an account). Interleaved tries; prints both distributions. Asserts nothing.
 *
 *   node --import tsx bench/signup-timing.ts [--url http://127.0.0.1:8787] [--tries 12]
 *
 * Without --url it starts the stack itself on a scratch seeded database (build first: npm run build).
 * Against a running stack the per-e-mail limit applies (5 per 10 minutes unless AUTH_LIMIT_PER_EMAIL
 * is raised), so keep --tries at 5 there.
 */
import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { DEMO_ACCOUNTS } from "../db/seed/demo-accounts";
import { run, startStack } from "../scripts/stack";
import { E2E_VARS } from "../tests/setup/e2e-env";
import { option } from "./cli";

const tries = Number(option("--tries", "12"));

let base = option("--url", "");
let cleanup = async () => {};
if (!base) {
  const dir = mkdtempSync(join(tmpdir(), "lockerswap-bench-signup-"));
  const dbFile = join(dir, "bench.db");
  await run("node", ["--import", "tsx", "scripts/migrate.ts"], { env: { DATABASE_URL: `file:${dbFile}` }, quiet: true });
  await run("node", ["--import", "tsx", "db/seed/index.ts", "--no-photos"], {
    env: { DATABASE_URL: `file:${dbFile}`, PASSWORD_PEPPER: E2E_VARS.PASSWORD_PEPPER },
    quiet: true,
  });
  const vars = { ...E2E_VARS, AUTH_LIMIT_PER_EMAIL: "1000" };
  const stack = await startStack({
    dbFile,
    port: 8000 + Math.floor(Math.random() * 900),
    vars,
    persistTo: join(dir, "wrangler"),
    quiet: true,
  });
  base = stack.url;
  cleanup = async () => {
    await stack.stop();
    rmSync(dir, { recursive: true, force: true });
  };
}

async function signUpTime(email: string) {
  const body = new URLSearchParams({
    intent: "signup",
    firstName: "Bench",
    lastName: "Mark",
    email,
    password: "bench-pass",
    zipCode: "02139",
    city: "Cambridge",
    state: "MA",
  });
  const started = performance.now();
  const response = await fetch(`${base}/auth`, { method: "POST", body, redirect: "manual" });
  await response.arrayBuffer();
  const ms = performance.now() - started;
  if (response.status !== 302) throw new Error(`sign-up answered ${response.status}`);
  return ms;
}

const summary = (times: number[]) => {
  const sorted = [...times].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;
  return `min ${at(0).toFixed(1)}  p50 ${at(0.5).toFixed(1)}  max ${sorted.at(-1)!.toFixed(1)} ms   [${sorted.map((t) => t.toFixed(0)).join(", ")}]`;
};

try {
  const registered = DEMO_ACCOUNTS.find((a) => a.key === "user")!.email;
  await signUpTime(`warmup-${randomBytes(4).toString("hex")}@bench.test`);
  const known: number[] = [];
  const fresh: number[] = [];
  for (let i = 0; i < tries; i++) {
    known.push(await signUpTime(registered));
    fresh.push(await signUpTime(`new-${randomBytes(5).toString("hex")}@bench.test`));
  }
  console.log(`Sign-up response time, ${tries} interleaved tries each, against ${base}\n`);
  console.log(`registered address  ${summary(known)}`);
  console.log(`new address         ${summary(fresh)}`);
} finally {
  await cleanup();
}
