/**
 * Rows read and written per page type, as Turso bills them (ADR 075, docs/capacity.md). Runs the real
 * Worker over a bench database (bench/seed-bench.ts), records every statement the local libSQL server
 * executes for each view (SQL and arguments), then replays each view's statements, in order, on a copy of
 * the same database taken before the views, inside workerd's SQLite through Miniflare's D1: that SQLite
 * carries libSQL's row counters (LIBSQL_STMTSTATUS_ROWS_READ / _WRITTEN, D1's `meta.rows_read`), the
 * counters Turso bills. Also prints each page's HTML bytes (raw and gzip), the statements per view and the
 * Worker's CPU per view (workerd's user + system time over --cpu-repeats more views; 10 ms ticks).
 * Prints figures; asserts nothing.
 *
 *   node --import tsx bench/seed-bench.ts --listings 100000 --file /tmp/rr/bench.db
 *   node --import tsx bench/rows-read.ts --db /tmp/rr/bench.db [--port 8831] [--no-build] [--chat 30] [--detail POST]
 *
 * Below the table: each view's heaviest statement with its plan from libSQL itself (EXPLAIN QUERY PLAN on
 * the same copy), so a count that differs because workerd's SQLite planned differently would show.
 */
import { createHash, randomBytes, randomUUID } from "node:crypto";
import { copyFileSync, existsSync, mkdirSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { createRequire } from "node:module";
import { loadavg } from "node:os";
import { join, resolve } from "node:path";
import { gzipSync } from "node:zlib";
import Database from "libsql";
import { Miniflare } from "miniflare";
import { buildSnapshot, startStack } from "../scripts/stack";
import { E2E_VARS } from "../tests/setup/e2e-env";
import { args, option } from "./cli";

const source = resolve(option("--db", "/tmp/rr/bench.db"));
const port = Number(option("--port", "8831"));
const build = !args.includes("--no-build");
const chatPosts = Number(option("--chat", "30"));
// Views whose name contains this are listed statement by statement (rows read / written each).
const detail = option("--detail", "POST");
if (!existsSync(source)) throw new Error(`${source}: run bench/seed-bench.ts --file ${source} first`);

type Value = null | bigint | number | string | Buffer;
type Recorded = { sql: string; params: Value[] };

// --- 1. Record what the local libSQL server runs: it lives in this process (startStack's default). ---
let recording: Recorded[] | null = null;
const internal = /^\s*(BEGIN|COMMIT|ROLLBACK|END|SELECT (total_changes|last_insert_rowid)\(\))/i;
const proto = Database.prototype as unknown as { prepare(sql: string): object };
const originalPrepare = proto.prepare;
proto.prepare = function (this: unknown, sql: string) {
  const statement = originalPrepare.call(this, sql) as Record<string, (...a: unknown[]) => unknown>;
  for (const method of ["all", "run", "get"] as const) {
    const original = statement[method]!;
    statement[method] = function (this: unknown, ...bind: unknown[]) {
      if (recording && !internal.test(sql)) {
        const params = bind.length === 1 && Array.isArray(bind[0]) ? (bind[0] as Value[]) : (bind as Value[]);
        recording.push({ sql, params });
      }
      return original.apply(this, bind);
    };
  }
  return statement;
};

const dir = resolve(".cache", `bench-rows-${process.pid}`);
rmSync(dir, { recursive: true, force: true });
mkdirSync(dir, { recursive: true });
const dbFile = join(dir, "bench.db");
// A checkpointed single-file copy: one for the stack, one (identical) for the replay.
{
  const db = new Database(source);
  db.exec(`VACUUM INTO '${dbFile}'`);
  db.close();
}

const sessionFor = (db: Database.Database, email: string) => {
  const user = db.prepare("select id from users where email = ?").get(email) as { id: string };
  const token = randomBytes(32).toString("base64url");
  const now = Date.now(); // timestamp_ms columns
  db.prepare("insert into sessions (id, token_hash, user_id, created_at, last_seen_at, expires_at) values (?, ?, ?, ?, ?, ?)").run(
    randomUUID(),
    createHash("sha256").update(token).digest("hex"),
    user.id,
    now,
    now,
    now + 86_400_000,
  );
  return { id: user.id, cookie: `ls_session=${token}` };
};

const setup = new Database(dbFile);
const member = sessionFor(setup, "member@lockerswap.test");
const owner = sessionFor(setup, "owner@lockerswap.test");
const admin = sessionFor(setup, "admin@lockerswap.test");
const one = <T>(sql: string, ...p: unknown[]) => setup.prepare(sql).get(...p) as T;
const listing = one<{ id: string }>(
  "select id from listings where status = 'active' and audience = 'public' order by created_at desc limit 1 offset 20",
);
const publicClub = one<{ slug: string }>(
  "select c.slug from clubs c where c.visibility = 'public' order by (select count(*) from club_members m where m.club_id = c.id) desc limit 1",
);
const memberClub = one<{ id: string; slug: string; members: number }>(
  `select c.id, c.slug, (select count(*) from club_members x where x.club_id = c.id and x.status = 'active') members
     from clubs c join club_members m on m.club_id = c.id
    where m.user_id = ? and m.status = 'active' order by members desc limit 1`,
  member.id,
);
const ownedClub = one<{ slug: string }>(
  "select c.slug from clubs c join club_members m on m.club_id = c.id where m.user_id = ? and m.role = 'owner' limit 1",
  owner.id,
);
const ownListing = one<{ id: string } | undefined>("select id from listings where user_id = ? order by created_at desc limit 1", member.id);
setup.close();
const replayFile = join(dir, "replay.db");
copyFileSync(dbFile, replayFile);

const config = build ? await buildSnapshot(dir, "bench/rows-read.ts") : undefined;
const stack = await startStack({
  dbFile,
  port,
  vars: { ...E2E_VARS, APP_ORIGIN: `http://127.0.0.1:${port}` },
  persistTo: join(dir, "wrangler"),
  config,
  quiet: true,
});

type View = { name: string; who: string; status: number; bytes: number; gzip: number; cpuMs: number; statements: Recorded[] };

// The Worker's CPU per request: user + system time of the stack's workerd processes (descendants of this
// one; the libSQL server runs here, not there) over `cpuRepeats` more requests of the same view.
const cpuRepeats = Number(option("--cpu-repeats", "20"));
const TICK_MS = 10; // USER_HZ = 100 on Linux
function workerdCpuMs() {
  const procs = readdirSync("/proc").filter((d) => /^\d+$/.test(d));
  const info = new Map<number, { ppid: number; comm: string; ticks: number }>();
  for (const pid of procs) {
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
      const comm = stat.slice(stat.indexOf("(") + 1, stat.lastIndexOf(")"));
      const rest = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
      info.set(Number(pid), { ppid: Number(rest[1]), comm, ticks: Number(rest[11]) + Number(rest[12]) });
    } catch {
      // the process ended while we looked
    }
  }
  const descends = (pid: number): boolean => {
    for (let p = info.get(pid)?.ppid; p && p > 1; p = info.get(p)?.ppid) if (p === process.pid) return true;
    return false;
  };
  let ticks = 0;
  for (const [pid, p] of info) if (p.comm.startsWith("workerd") && descends(pid)) ticks += p.ticks;
  return ticks * TICK_MS;
}
const views: View[] = [];
const settle = () => new Promise((r) => setTimeout(r, 400)); // background writes (waitUntil) land
const cookies: Record<string, string | null> = { visitor: null, member: member.cookie, owner: owner.cookie, admin: admin.cookie };

async function view(name: string, who: string, path: string, init: RequestInit = {}, keep = true) {
  const cookie = cookies[who];
  const headers = { ...(cookie ? { cookie } : {}), origin: stack.url, ...(init.headers as Record<string, string>) };
  // Warm first, unrecorded (compiles the route; the first view of a session may touch it).
  if (keep && init.method !== "POST") await (await fetch(stack.url + path, { redirect: "manual", headers })).arrayBuffer();
  await settle();
  recording = [];
  const response = await fetch(stack.url + path, { ...init, redirect: "manual", headers });
  const body = Buffer.from(await response.arrayBuffer());
  await settle();
  const statements = recording;
  recording = null;
  let cpuMs = NaN;
  if (keep && init.method !== "POST") {
    const before = workerdCpuMs();
    for (let i = 0; i < cpuRepeats; i++) await (await fetch(stack.url + path, { redirect: "manual", headers })).arrayBuffer();
    cpuMs = (workerdCpuMs() - before) / cpuRepeats;
  }
  if (keep) views.push({ name, who, status: response.status, bytes: body.length, gzip: gzipSync(body).length, cpuMs, statements });
  return response;
}

try {
  const chatBody = (n: number) =>
    new URLSearchParams({
      intent: "post",
      kind: "chat",
      content: `Practice moved to 6pm, bring pinnies ${n}`,
      clientId: randomUUID(),
      respond: "json",
    });
  // Some chat history first, so the Messages tab reads what a live club shows.
  for (let n = 0; n < chatPosts; n++)
    await view("chat", "member", `/club/${memberClub.slug}/messages.data`, { method: "POST", body: chatBody(n) }, false);

  const pages: [string, string, string][] = [
    ["/", "visitor", "/"],
    ["/sport/soccer", "visitor", "/sport/soccer"],
    ["/sport/soccer?zip=02139&radius=50", "visitor", "/sport/soccer?zip=02139&radius=50"],
    ["/?q=goalie", "visitor", "/?q=goalie"],
    ["/listing/{id}", "visitor", `/listing/${listing.id}`],
    ["/clubs", "visitor", "/clubs"],
    ["/club/{slug}", "visitor", `/club/${publicClub.slug}`],
    ["/", "member", "/"],
    ["/sport/soccer", "member", "/sport/soccer"],
    ["/sport/soccer?zip=02139&radius=50&q=ball", "member", "/sport/soccer?zip=02139&radius=50&q=ball"],
    ["/listing/{id}", "member", `/listing/${listing.id}`],
    ...(ownListing ? ([["/listing/{own id}", "member", `/listing/${ownListing.id}`]] as [string, string, string][]) : []),
    ["/clubs", "member", "/clubs"],
    ["/club/{slug} (member)", "member", `/club/${memberClub.slug}`],
    ["/club/{slug}?tab=messages", "member", `/club/${memberClub.slug}?tab=messages`],
    ["/club/{slug}?tab=radar", "member", `/club/${memberClub.slug}?tab=radar`],
    ["/messages", "member", "/messages"],
    ["/on-deck", "member", "/on-deck"],
    ["/team-hub", "member", "/team-hub"],
    ["/player-profile", "member", "/player-profile"],
    ["/list-item", "member", "/list-item"],
    ["/club/{slug}/manage", "owner", `/club/${ownedClub.slug}/manage`],
    ["/admin", "admin", "/admin"],
    ["/api/rooms/token?kind=club", "member", `/api/rooms/token?kind=club&id=${memberClub.id}`],
    ["/api/rooms/token?kind=user", "member", `/api/rooms/token?kind=user&id=${member.id}`],
  ];
  for (const [name, who, path] of pages) await view(name, who, path);
  for (let n = 0; n < 3; n++)
    await view("POST /club/{slug}/messages (chat)", "member", `/club/${memberClub.slug}/messages.data`, {
      method: "POST",
      body: chatBody(1000 + n),
    });
} finally {
  await stack.stop();
}

// --- 2. Replay each view's statements in workerd's SQLite (D1 under Miniflare) and read its row counters. ---
const d1Persist = join(dir, "d1");
const miniflare = () =>
  new Miniflare({ modules: true, script: "export default { fetch() { return new Response('') } }", d1Databases: ["DB"], d1Persist });
let mf = miniflare();
await (await mf.getD1Database("DB")).prepare("select 1").all(); // creates the object's file
await mf.dispose();
const objectDir = join(d1Persist, "miniflare-D1DatabaseObject");
const file = readdirSync(objectDir).find((f) => f.endsWith(".sqlite") && f !== "metadata.sqlite")!;
for (const suffix of ["-wal", "-shm"]) rmSync(join(objectDir, file + suffix), { force: true });
copyFileSync(replayFile, join(objectDir, file));
mf = miniflare();
const d1 = await mf.getD1Database("DB");
const toD1 = (v: Value) => (typeof v === "bigint" ? Number(v) : Buffer.isBuffer(v) ? new Uint8Array(v) : v);

console.log(
  `\nRows read / written per view (Turso's counters, replayed in workerd's SQLite), ${new Date().toISOString()}, load ${loadavg()
    .map((l) => l.toFixed(1))
    .join(" ")}`,
);
console.log(
  `database: ${source} (copy); member's club ${memberClub.slug}: ${memberClub.members} active members, ${chatPosts} chat posts before the views\n`,
);
const planner = new Database(replayFile);
// D1 refuses sqlite_version(): name the runtime's release instead.
const versions = `counters from workerd ${createRequire(import.meta.url)("workerd/package.json").version} (Miniflare's D1); plans from libSQL's SQLite ${
  (planner.prepare("select sqlite_version() v").get() as { v: string }).v
}`;
console.log(`${versions}\n`);
const notes: string[] = [];
console.log(
  "| view | who | status | statements | rows read | rows written | HTML bytes | gzip | Worker CPU ms (workerd, this machine) | heaviest statement (rows read) |",
);
console.log("|---|---|---|---|---|---|---|---|---|---|");
for (const v of views) {
  let read = 0;
  let written = 0;
  let heaviest: { rows: number; sql: string; params: Value[] } = { rows: 0, sql: "", params: [] };
  const errors: string[] = [];
  for (const s of v.statements) {
    try {
      const r = await d1
        .prepare(s.sql)
        .bind(...s.params.map(toD1))
        .all();
      const rr = Number(r.meta.rows_read ?? 0);
      read += rr;
      written += Number(r.meta.rows_written ?? 0);
      if (rr > heaviest.rows) heaviest = { rows: rr, sql: s.sql, params: s.params };
      if (detail && v.name.includes(detail))
        notes.push(`${v.name}: read ${rr}, written ${r.meta.rows_written}: ${s.sql.replace(/\s+/g, " ").slice(0, 110)}`);
    } catch (error) {
      errors.push(`${(error as Error).message.slice(0, 80)} ← ${s.sql.slice(0, 60)}`);
    }
  }
  const head = heaviest.sql.replace(/\s+/g, " ").slice(0, 70);
  console.log(
    `| ${v.name} | ${v.who} | ${v.status} | ${v.statements.length} | ${read.toLocaleString("en-US")} | ${written} | ${v.bytes.toLocaleString("en-US")} | ${v.gzip.toLocaleString("en-US")} | ${Number.isNaN(v.cpuMs) ? "—" : v.cpuMs.toFixed(1)} | ${heaviest.rows.toLocaleString("en-US")}: \`${head}\` |`,
  );
  for (const e of errors) console.log(`  replay error: ${e}`);
  if (heaviest.rows >= 1000) {
    try {
      const plan = planner.prepare(`EXPLAIN QUERY PLAN ${heaviest.sql}`).all(heaviest.params) as { detail: string }[];
      notes.push(`${v.name} (${v.who}), ${heaviest.rows.toLocaleString("en-US")} rows: ${plan.map((p) => p.detail).join(" · ")}`);
    } catch (error) {
      notes.push(`${v.name}: no plan (${(error as Error).message})`);
    }
  }
}
console.log(`\n${notes.join("\n")}`);
planner.close();
await mf.dispose();
rmSync(dir, { recursive: true, force: true });
