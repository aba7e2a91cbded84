/**
 * Sequential database round trips per page type, signed out and signed in (ADR 034; goal
 * ≤ 2 for any GET). Builds a private snapshot, seeds the demo community into a scratch database,
 * starts the stack with DB_TRACE=on and asks the local libSQL server how each page view's requests
 * chained (ADR 034: the Worker labels each request with its place in the chain). Background writes
 * after the response (waitUntil) are listed apart. Prints figures; asserts nothing.
 *
 *   node --import tsx bench/round-trips.ts [--port 8802] [--no-build] [--views 3] [--detail]
 *
 * `--detail` lists each view's trips with the start of every statement they sent.
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
import { args, option } from "./cli";

const port = Number(option("--port", "8802"));
const build = !args.includes("--no-build");
const detail = args.includes("--detail");
const viewsPerPage = Number(option("--views", "3"));

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
const stack = await startStack({
  dbFile,
  port,
  vars: { ...E2E_VARS, APP_ORIGIN: `http://127.0.0.1:${port}`, DB_TRACE: "on" },
  persistTo: join(dir, "wrangler"),
  config,
  quiet: true,
});

try {
  const db = createDb({ url: dbUrl });
  const signIn = async (email: string) => {
    const [user] = await db.select().from(users).where(eq(users.email, email));
    const token = randomBytes(32).toString("base64url");
    await db.insert(sessions).values({
      tokenHash: createHash("sha256").update(token).digest("hex"),
      userId: user.id,
      expiresAt: new Date(Date.now() + 24 * 3600 * 1000),
    });
    return { id: user.id, cookie: `ls_session=${token}` };
  };
  // The club member: a profile ZIP (radius search), club memberships (notifications, the Messages
  // tab), favorites, listings of their own. The owner manages clubs; the admin opens /admin.
  const member = await signIn("member@lockerswap.test");
  const owner = await signIn("owner@lockerswap.test");
  const admin = await signIn("admin@lockerswap.test");
  const first = async <T>(query: ReturnType<typeof sql>) => (await db.all<T>(query))[0]!;
  const listing = await first<{ id: string }>(
    sql`select id from listings where status = 'active' and not exists (select 1 from listing_clubs lc where lc.listing_id = listings.id) order by created_at desc limit 1`,
  );
  const club = await first<{ slug: string }>(sql`select slug from clubs where visibility = 'public' order by created_at limit 1`);
  const memberClub = await first<{ slug: string }>(
    sql`select c.slug from clubs c join club_members m on m.club_id = c.id where m.user_id = ${member.id} and m.status = 'active' order by c.created_at limit 1`,
  );
  const ownedClub = await first<{ slug: string }>(
    sql`select c.slug from clubs c join club_members m on m.club_id = c.id where m.user_id = ${owner.id} and m.role = 'owner' order by c.created_at limit 1`,
  );
  const ownListing = await first<{ id: string }>(
    sql`select id from listings where user_id = ${member.id} order by created_at desc limit 1`,
  );
  db.$client.close();

  type Visit = { path: string; shown: string; who: "visitor" | "member" | "owner" | "admin" };
  const cookies = { visitor: null, member: member.cookie, owner: owner.cookie, admin: admin.cookie } as const;
  const name = (path: string) =>
    path
      .replace(listing.id, "{id}")
      .replace(ownListing.id, "{own id}")
      .replace(`/club/${memberClub.slug}`, "/club/{slug}")
      .replace(`/club/${ownedClub.slug}`, "/club/{slug}")
      .replace(`/club/${club.slug}`, "/club/{slug}")
      .replace(member.id, "{user}");
  // Every GET page type (ADR 034): the visitor's pages, then each signed-in page as the
  // person who can open it. Signed-out views of signed-in pages are redirects (0 trips or 1).
  const visitorPages = [
    "/",
    "/sport/soccer",
    `/listing/${listing.id}`,
    "/clubs",
    `/club/${club.slug}`,
    "/auth",
    "/clubs/new",
    "/team-hub",
    "/on-deck",
    "/list-item",
    "/messages",
    "/player-profile",
    "/in-play",
    "/admin",
  ];
  const memberPages = [
    "/",
    "/sport/soccer",
    "/sport/soccer?zip=02139&radius=50&q=ball",
    `/listing/${listing.id}`,
    `/listing/${ownListing.id}`,
    `/listing/${ownListing.id}/edit`,
    "/clubs",
    `/club/${club.slug}`,
    `/club/${memberClub.slug}`,
    `/club/${memberClub.slug}?tab=messages`,
    `/club/${memberClub.slug}?tab=messages&sub=announcements`,
    `/club/${memberClub.slug}?tab=messages&sub=dm`,
    `/club/${memberClub.slug}?tab=radar`,
    `/club/${memberClub.slug}/list`,
    `/club/${memberClub.slug}/requests/new`,
    "/clubs/new",
    "/team-hub",
    "/on-deck",
    "/in-play",
    "/list-item",
    "/messages",
    "/player-profile",
    "/account/location",
  ];
  const visits: Visit[] = [
    ...visitorPages.map((path) => ({ path, shown: name(path), who: "visitor" as const })),
    ...memberPages.map((path) => ({ path, shown: name(path), who: "member" as const })),
    { path: `/club/${ownedClub.slug}/manage`, shown: "/club/{slug}/manage", who: "owner" },
    { path: `/player-profile?user=${member.id}`, shown: "/player-profile?user={member}", who: "admin" },
    { path: "/admin", shown: "/admin", who: "admin" },
    { path: "/admin?tab=listings", shown: "/admin?tab=listings", who: "admin" },
  ];

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
  const details: string[] = [];
  for (const visit of visits) {
    await measure(visit.path, cookies[visit.who]); // warm the isolate
    // Requests sent side by side are labelled so only if each goes out before another is answered;
    // a busy machine can make them look chained. The page's chain is the shortest of the views.
    const views = [];
    for (let i = 0; i < viewsPerPage; i++) views.push(await measure(visit.path, cookies[visit.who]));
    const sequential = views.map((v) => v.sequential);
    const best = views.reduce((a, b) => (b.sequential < a.sequential ? b : a));
    const range =
      Math.min(...sequential) === Math.max(...sequential)
        ? `${best.sequential}`
        : `${Math.min(...sequential)} (${Math.max(...sequential)})`;
    rows.push(
      `| ${visit.shown} | ${visit.who} | ${best.status} | ${range} | ${best.pipelines} | ${best.maxInFlight} | ${best.background} |`,
    );
    if (detail) {
      details.push(`${visit.shown} (${visit.who}, ${best.status})`);
      for (const trip of [...best.trips].sort((a, b) => a.depth - b.depth))
        details.push(`  ${trip.phase === "after" ? "after" : `trip ${trip.depth}`}: ${trip.sql.join(" ‖ ")}`);
    }
  }
  console.log(
    `\nDatabase round trips per GET (demo community; sequential = the page's critical path, shortest of ${viewsPerPage} views, the longest in brackets when they differ)\n`,
  );
  console.log("| page | visitor | status | sequential | requests | most in flight | after response |");
  console.log("|---|---|---|---|---|---|---|");
  for (const row of rows) console.log(row);
  if (detail) console.log(`\n${details.join("\n")}`);
} finally {
  await stack.stop();
  rmSync(dir, { recursive: true, force: true });
}
