/**
 * Sequential database round trips per page type, signed out and signed in (issue 10 item 6; goal
 * ≤ 2 for any GET). Builds a private snapshot, seeds the demo community into a scratch database,
 * starts the stack with DB_TRACE=on and asks the local libSQL server how each page view's requests
 * chained (ADR 034: the Worker labels each request with its place in the chain). Background writes
 * after the response (waitUntil) are listed apart. Prints figures; asserts nothing.
 *
 *   node --import tsx bench/round-trips.ts [--port 8802] [--no-build]
 */
import { createHash, randomBytes } from "node:crypto";
import { mkdirSync, rmSync } from "node:fs";
import { join, resolve } from "node:path";
import { eq, sql } from "drizzle-orm";
import { createDb } from "../db/client";
import { sessions, users } from "../db/schema";
import type { TraceSummary } from "../db/local-server/server";
import { buildSnapshot, run, startStack } from "../scripts/stack";
import { E2E_VARS } from "../tests/setup/e2e-env";

const args = process.argv.slice(2);
const option = (name: string, fallback: string) => {
  const i = args.indexOf(name);
  return i >= 0 && args[i + 1] ? args[i + 1]! : fallback;
};
const port = Number(option("--port", "8802"));
const build = !args.includes("--no-build");

const dir = resolve(".cache", `bench-rt-${process.pid}`);
rmSync(dir, { recursive: true, force: true });
mkdirSync(dir, { recursive: true });
const config = build ? await buildSnapshot(dir, "bench/round-trips.ts") : undefined;
const dbFile = join(dir, "bench.db");
const dbUrl = `file:${dbFile}`;
await run("node", ["--import", "tsx", "scripts/migrate.ts"], { env: { DATABASE_URL: dbUrl }, quiet: true });
await run("node", ["--import", "tsx", "db/seed/index.ts", "--no-photos"], {
  env: { DATABASE_URL: dbUrl, PASSWORD_PEPPER: E2E_VARS.PASSWORD_PEPPER, SEED_PERSIST_TO: join(dir, "wrangler") },
  quiet: true,
});
const stack = await startStack({ dbFile, port, vars: { ...E2E_VARS, APP_ORIGIN: `http://127.0.0.1:${port}`, DB_TRACE: "on" }, persistTo: join(dir, "wrangler"), config, quiet: true });

try {
  const db = createDb({ url: dbUrl });
  // The club member: a profile ZIP (radius search), club memberships (notifications), favorites.
  // (GET /favorites only redirects to /on-deck, the favorites page.)
  const [member] = await db.select().from(users).where(eq(users.email, "member@lockerswap.test"));
  const token = randomBytes(32).toString("base64url");
  await db.insert(sessions).values({
    tokenHash: createHash("sha256").update(token).digest("hex"),
    userId: member.id,
    expiresAt: new Date(Date.now() + 24 * 3600 * 1000),
  });
  const [listing] = await db.all<{ id: string }>(sql`select id from listings where status = 'active' order by created_at desc limit 1`);
  const [club] = await db.all<{ slug: string }>(sql`select slug from clubs where visibility = 'public' order by created_at limit 1`);
  db.$client.close();

  const pages = ["/", "/sport/soccer", `/listing/${listing.id}`, "/clubs", `/club/${club.slug}`, "/team-hub", "/favorites", "/on-deck", "/list-item"];
  const measure = async (path: string, cookie: string | null) => {
    const response = await fetch(`${stack.url}${path}`, { redirect: "manual", headers: cookie ? { Cookie: cookie } : {} });
    await response.arrayBuffer();
    const id = response.headers.get("X-DB-Trace");
    if (!id) throw new Error(`${path}: no X-DB-Trace header (is DB_TRACE on?)`);
    // Background writes may still be on their way: the count on the path is final already.
    const trace = (await (await fetch(`${stack.databaseUrl}/_trace/${id}`)).json()) as TraceSummary;
    return { status: response.status, ...trace };
  };
  const rows: string[] = [];
  for (const [who, cookie] of [["signed out", null], ["signed in", `ls_session=${token}`]] as const) {
    for (const path of pages) {
      await measure(path, cookie); // warm the isolate
      const result = await measure(path, cookie);
      const shown = path.replace(listing.id, "{id}").replace(club.slug, "{slug}");
      rows.push(`| ${shown} | ${who} | ${result.status} | ${result.sequential} | ${result.pipelines} | ${result.maxInFlight} | ${result.background} |`);
    }
  }
  console.log("\nDatabase round trips per GET (demo community; sequential = the page's critical path)\n");
  console.log("| page | visitor | status | sequential | requests | most in flight | after response |");
  console.log("|---|---|---|---|---|---|---|");
  for (const row of rows) console.log(row);
} finally {
  await stack.stop();
  rmSync(dir, { recursive: true, force: true });
}
