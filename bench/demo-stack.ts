/**
 * A private LockerSwap stack for the page benches (first-load JavaScript, Lighthouse): the app
 * built into its own snapshot like the e2e server (ADR 008; build/ and a running `npm start` are
 * left alone), a scratch database with the demo community, wrangler dev on a free port. With the
 * production settings that change what a page ships (testing mode off). Signs demo users in by
 * inserting a session row the way the app does, like the e2e fixtures.
 */
import { createHash, randomBytes } from "node:crypto";
import { mkdirSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { join, resolve } from "node:path";
import { and, eq } from "drizzle-orm";
import { createDb } from "../db/client";
import { clubMembers, clubs, listings, sessions, users } from "../db/schema";
import { buildSnapshot, run, startStack } from "../scripts/stack";
import { E2E_VARS } from "../tests/setup/e2e-env";

/** Contract with app/features/accounts/session.server.ts (as in tests/e2e/fixtures.ts). */
export const SESSION_COOKIE = "ls_session";

function isFree(port: number) {
  return new Promise<boolean>((done) => {
    const server = createServer();
    server.once("error", () => done(false));
    server.listen(port, "127.0.0.1", () => server.close(() => done(true)));
  });
}

/**
 * A port above Linux's ephemeral range (32768–60999) and outside the e2e stacks' pid-derived
 * 20000–39999, so a bench never takes the port a test run is about to bind.
 */
async function freePort() {
  for (let port = 61000 + (process.pid % 4000), tries = 0; tries < 200; port = 61000 + ((port - 61000 + 1) % 4000), tries++) {
    if (await isFree(port)) return port;
  }
  throw new Error("No free port between 61000 and 64999");
}

export async function startDemoStack(opts: { by: string; build: boolean; photos: boolean; runtime?: "workerd" | "wrangler" }) {
  const dir = resolve(".cache", `bench-${process.pid}`);
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  const config = opts.build ? await buildSnapshot(dir, opts.by) : undefined;
  const clientDir = opts.build ? join(dir, "build", "client") : resolve("build", "client");
  const dbFile = join(dir, "bench.db");
  const dbUrl = `file:${dbFile}`;
  const persistTo = join(dir, "wrangler");
  await run("node", ["--import", "tsx", "scripts/migrate.ts"], { env: { DATABASE_URL: dbUrl }, quiet: true });
  await run("node", ["--import", "tsx", "db/seed/index.ts", ...(opts.photos ? [] : ["--no-photos"])], {
    env: { DATABASE_URL: dbUrl, PASSWORD_PEPPER: E2E_VARS.PASSWORD_PEPPER, SEED_PERSIST_TO: persistTo },
    quiet: true,
  });
  const port = await freePort();
  // Production's settings where they change what a page ships: testing mode is off there
  // (wrangler.toml), so its banner and switch are not part of any visitor's page.
  const vars = { ...E2E_VARS, APP_ORIGIN: `http://127.0.0.1:${port}`, TESTING_MODE: "off", DB_TRACE: "off" };
  const stack = await startStack({ dbFile, port, vars, persistTo, config, quiet: true, runtime: opts.runtime });
  const db = createDb({ url: dbUrl });

  const userId = async (email: string) => {
    const [user] = await db.select({ id: users.id }).from(users).where(eq(users.email, email));
    if (!user) throw new Error(`No demo user ${email}: the seed did not run`);
    return user.id;
  };
  const ownerId = await userId("owner@lockerswap.test");
  const [ownClub] = await db
    .select({ slug: clubs.slug })
    .from(clubs)
    .innerJoin(clubMembers, eq(clubMembers.clubId, clubs.id))
    .where(and(eq(clubMembers.userId, ownerId), eq(clubMembers.role, "owner"), eq(clubs.visibility, "public")))
    .limit(1);
  const [ownListing] = await db
    .select({ id: listings.id })
    .from(listings)
    .where(and(eq(listings.userId, ownerId), eq(listings.status, "active"), eq(listings.audience, "public")))
    .limit(1);
  if (!ownClub || !ownListing) throw new Error("The demo owner has no public club or no active listing");

  return {
    url: stack.url,
    clientDir,
    /** A public club the demo owner runs, and an active public listing of theirs (everyone may open both). */
    demo: { clubSlug: ownClub.slug, listingId: ownListing.id },
    /** A session cookie for a demo account (owner@…, admin@…), as the app would set it. */
    async sessionCookie(email: string) {
      const token = randomBytes(32).toString("base64url");
      await db.insert(sessions).values({
        tokenHash: createHash("sha256").update(token).digest("hex"),
        userId: await userId(email),
        expiresAt: new Date(Date.now() + 24 * 3600 * 1000),
      });
      return { name: SESSION_COOKIE, value: token, url: stack.url, httpOnly: true, sameSite: "Lax" as const };
    },
    async stop() {
      await stack.stop();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
