/**
 * Realtime fan-out against its floor (ADR 052, ADR 075). N members connected to one club
 * room with real tokens from /api/rooms/token; messages sent through the real club chat action (a
 * member's own session POSTs the Group Chat composer's form to /club/{slug}/messages, as the
 * browser's fetcher does). In the same run, the same N sockets on a bare partyserver room
 * (bench/floor-room: broadcasts what it is POSTed; no token, no database) served the same way: the
 * floor. For both it prints p50 / p95 / max from the start of the POST to each socket's receipt, the
 * first socket, `lost` / `duplicated`; then our overhead over the floor and the goals. Prints;
 * asserts nothing.
 *
 *   node --import tsx bench/realtime-fanout.ts [--sockets 500] [--messages 20] [--runtime workerd|wrangler|both]
 *   node --import tsx bench/realtime-fanout.ts --rooms 10 [--sockets 500]   memory: R rooms × N sockets, workerd's RSS
 *   node --import tsx bench/realtime-fanout.ts --soak [--sockets 50]       200 senders × 50 messages at once (no floor)
 *   node --import tsx bench/realtime-fanout.ts --url http://127.0.0.1:8806 --db file   an existing stack (no floor)
 *
 * --runtime (default both, one after the other, each on a fresh stack): "workerd" serves the bundle on
 * workerd through Miniflare's API with nothing in front (as production has nothing in front; ADR 072),
 * "wrangler" through `wrangler dev` and its proxy (`npm start`). The floor runs on the same runtime.
 *
 * Sending is rate-limited per user (CLUB_SEND_RATE_LIMIT, 60 a minute; no env var changes it): the
 * soak's 50 per sender stays under it, and a longer single-sender run waits out a 429 and retries.
 * Every message carries its client-made id, so a retry after a reset connection is stored once —
 * the bench checks the table holds exactly the rows sent.
 *
 * Without --url it builds the current code into a snapshot once and starts a stack per runtime on a
 * scratch database (like the e2e stack), with fresh members each time. With --url, the target must
 * share the database file given by --db (members and sessions are inserted into it). */
import { spawnSync } from "node:child_process";
import { createHash, randomBytes, randomUUID } from "node:crypto";
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { loadavg } from "node:os";
import { join, resolve } from "node:path";
import { args, option } from "./cli";

// Node 20 has WebSocket behind a flag: re-run with it rather than add a dependency.
if (typeof WebSocket === "undefined") {
  const child = spawnSync(process.execPath, ["--experimental-websocket", ...process.execArgv, ...process.argv.slice(1)], {
    stdio: "inherit",
  });
  process.exit(child.status ?? 1);
}

const { createDb } = await import("../db/client");
const { clubMembers, sessions } = await import("../db/schema");
const { sql } = await import("drizzle-orm");
const { buildSnapshot, run, startStack } = await import("../scripts/stack");
const { E2E_VARS } = await import("../tests/setup/e2e-env");
const { addTestMember, createTestClub, createTestUser } = await import("../tests/factories");

type Db = ReturnType<typeof createDb>;
type Runtime = "workerd" | "wrangler";

const soak = args.includes("--soak");
const roomCount = Number(option("--rooms", "0"));
const socketCount = Number(option("--sockets", soak ? "50" : "500"));
const senders = soak ? Number(option("--senders", "200")) : 1;
const perSender = soak ? Number(option("--per-sender", "50")) : Number(option("--messages", "20"));
const paced = !soak && !args.includes("--back-to-back");
const runtimeOption = option("--runtime", roomCount ? "workerd" : "both");
if (!["workerd", "wrangler", "both"].includes(runtimeOption)) throw new Error("--runtime is workerd, wrangler or both");
const runtimes: Runtime[] = runtimeOption === "both" ? ["workerd", "wrangler"] : [runtimeOption as Runtime];
const targetUrl = option("--url", "");
const targetDb = option("--db", "");
if (targetUrl && !targetDb) throw new Error("--url needs --db <file> (the database the target serves) to create members and sessions");

/** Runs `task` over `items` with at most `limit` at once. */
async function pool<T, R>(items: T[], limit: number, task: (item: T, index: number) => Promise<R>): Promise<R[]> {
  const results: R[] = new Array(items.length);
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(limit, items.length) }, async () => {
      while (next < items.length) {
        const i = next++;
        results[i] = await task(items[i]!, i);
      }
    }),
  );
  return results;
}

const quantile = (sorted: number[], q: number) => sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * q))] ?? 0;
const ms = (value: number) => `${value.toFixed(1)} ms`;
const load = () =>
  loadavg()
    .map((l) => l.toFixed(2))
    .join(" / ");

function openSocket(url: string, onMessage: (data: string, at: number) => void) {
  const ws = new WebSocket(url);
  ws.addEventListener("message", (message) => onMessage(String(message.data), performance.now()));
  return new Promise<WebSocket>((ok, fail) => {
    ws.addEventListener("open", () => ok(ws), { once: true });
    ws.addEventListener("error", () => fail(new Error(`socket error: ${url.replace(/\?.*/, "")}`)), { once: true });
  });
}

// ---------------------------------------------------------------------------------------------
// What is measured: a room of sockets and a way to post to it. Ours and the floor differ only here.

type Target = {
  /** Opens socket `index` (ours: with a fresh room token, also when it rejoins). */
  open(index: number, onMessage: (data: string, at: number) => void): Promise<WebSocket>;
  /** The id a frame carries when it is one of the messages sent, else null. */
  idOf(data: string): string | null;
  /** POSTs message `id` as `sender`; the HTTP status, 0 when refused or reset before an answer. */
  post(id: string, sender: number, seq: number): Promise<number>;
  /** The ids the server kept (ours: rows in club_messages; the floor: the ids it answered 2xx to). */
  stored(accepted: Set<string>): Promise<Set<string>>;
  /** What a POST is, for the printout. */
  describe: string;
};

type Stack = { url: string; stop(): Promise<void> };

async function createMembers(db: Db, count: number, clubCount: number) {
  const owner = await createTestUser(db, { firstName: "Bench", lastName: "Owner" });
  const clubs = await pool(Array.from({ length: clubCount }), 4, () =>
    createTestClub(db, owner, { name: `Fan-out ${randomBytes(3).toString("hex")}`, joinMode: "open" }),
  );
  const users = [
    owner,
    ...(await pool(Array.from({ length: count - 1 }), 8, async (_, i) => {
      const user = await createTestUser(db, { firstName: `Member${i}` });
      // The first club through the domain's join; the others (--rooms) get the row joinClub writes in
      // an open club, in one insert each: thousands of joins one by one took minutes.
      if (clubs[0]) await addTestMember(db, clubs[0], user);
      return user;
    })),
  ];
  for (const club of clubs.slice(1))
    await db.insert(clubMembers).values(
      users.slice(1).map((user) => ({
        clubId: club.id,
        userId: user.id,
        role: "member" as const,
        status: "active" as const,
        approvalNotified: true,
      })),
    );
  const cookies = await pool(users, 8, async (user) => {
    const token = randomBytes(32).toString("base64url");
    await db
      .insert(sessions)
      .values({ tokenHash: createHash("sha256").update(token).digest("hex"), userId: user.id, expiresAt: new Date(Date.now() + 3600_000) });
    return `ls_session=${token}`;
  });
  return { clubs, cookies };
}

/** Our club room: joined with real tokens, posted to through the club chat action. */
function clubTarget(base: string, db: Db, club: { id: string; slug: string }, cookies: string[]): Target {
  // The composer's fetcher: POST to the chat form's action, the single-fetch `.data` URL, respond=json.
  const chatAction = `${base}/club/${club.slug}/messages.data`;
  return {
    describe: "the club chat action (POST /club/{slug}/messages)",
    async open(index, onMessage) {
      const cookie = cookies[index % cookies.length]!;
      const response = await fetch(`${base}/api/rooms/token?kind=club&id=${club.id}`, { headers: { cookie } });
      if (!response.ok) throw new Error(`token: ${response.status}`);
      const access = (await response.json()) as { party: string; room: string; token: string };
      return openSocket(
        `${base.replace(/^http/, "ws")}/parties/${access.party}/${access.room}?token=${encodeURIComponent(access.token)}`,
        onMessage,
      );
    },
    idOf(data) {
      const event = JSON.parse(data) as { type: string; message?: { id: string } };
      return event.type === "club.message.created" && event.message ? event.message.id : null;
    },
    async post(id, sender, seq) {
      const body = new URLSearchParams({
        intent: "post",
        kind: "chat",
        content: `message s${sender}-${seq}`,
        clientId: id,
        respond: "json",
      });
      const response = await fetch(chatAction, { method: "POST", body, headers: { cookie: cookies[sender]!, origin: base } });
      await response.arrayBuffer();
      return response.status;
    },
    async stored() {
      const rows = await db.all<{ id: string }>(sql`select id from club_messages where club_id = ${club.id}`);
      return new Set(rows.map((row) => row.id));
    },
  };
}

/** The floor: a bare partyserver room (bench/floor-room/worker.ts), posted to directly. */
function floorTarget(base: string, room: string): Target {
  const url = `${base}/parties/floor-room/${room}`;
  return {
    describe: "a POST to the bare room (bench/floor-room)",
    open: (_index, onMessage) => openSocket(url.replace(/^http/, "ws"), onMessage),
    idOf: (data) => (JSON.parse(data) as { id?: string }).id ?? null,
    async post(id, sender, seq) {
      // A body like ours (an event of about the same size), so the frames weigh the same.
      const body = JSON.stringify({ type: "floor.message", id, sender, seq, content: `message s${sender}-${seq}`.padEnd(200) });
      const response = await fetch(url, { method: "POST", body });
      await response.arrayBuffer();
      return response.status;
    },
    stored: async (accepted) => accepted,
  };
}

// ---------------------------------------------------------------------------------------------
// The measurement, the same for ours and the floor.

type Result = {
  sockets: number;
  sent: number;
  stored: number;
  got: number;
  expected: number;
  elapsed: number;
  warmup: number;
  latencies: number[];
  firsts: number[];
  spreads: number[];
  postTimes: number[];
  lost: number;
  duplicated: number;
  outOfOrder: number;
  reconnects: number;
  caughtUp: number;
  retries: number;
  failedPosts: string[];
};

async function measure(target: Target, opts: { sockets: number; senders: number; perSender: number; paced: boolean }): Promise<Result> {
  const received: Map<string, number>[] = [];
  const order: string[][] = [];
  const reconnects: number[] = [];
  let duplicated = 0;
  let closing = false;
  const sockets: WebSocket[] = [];
  async function join(index: number): Promise<WebSocket> {
    const ws = await target.open(index, (data, at) => {
      const id = target.idOf(data);
      if (!id) return;
      if (received[index]!.has(id)) duplicated++;
      else received[index]!.set(id, at);
      order[index]!.push(id);
    });
    // When the room closes a socket (ours: its token's 10 minutes are up, ADR 039) it rejoins, like useRoom.
    ws.addEventListener("close", () => {
      if (closing) return;
      reconnects[index]!++;
      join(index)
        .then((next) => (sockets[index] = next))
        .catch((error) => console.error(`socket ${index} could not rejoin: ${String(error)}`));
    });
    return ws;
  }
  await pool(Array.from({ length: opts.sockets }), 20, async (_, index) => {
    received[index] = new Map();
    order[index] = [];
    reconnects[index] = 0;
    sockets[index] = await join(index);
  });

  const sentAt = new Map<string, number>();
  /** Message id (the client-made id) → who sent it and its place in their sequence. */
  const sentBy = new Map<string, { sender: number; seq: number }>();
  const accepted = new Set<string>();
  const failedPosts: string[] = [];
  const postTimes: number[] = [];
  let retries = 0;
  async function post(sender: number, seq: number) {
    const id = randomUUID();
    sentAt.set(id, performance.now());
    sentBy.set(id, { sender, seq });
    for (let attempt = 0; ; attempt++) {
      let status = 0;
      try {
        status = await target.post(id, sender, seq);
      } catch {
        // Refused or reset before an answer (the local stack under 200 at once): retried with the
        // same client-made id, so it is stored once whatever happened the first time.
      }
      if (status >= 200 && status < 300) {
        postTimes.push(performance.now() - sentAt.get(id)!);
        accepted.add(id);
        return id;
      }
      if (attempt >= 20) {
        failedPosts.push(`${id}: ${status}`);
        return null;
      }
      retries++;
      // 429: the per-user limit; wait out part of its minute. Otherwise a short pause.
      await new Promise((r) => setTimeout(r, status === 429 ? 5000 : 200 * (attempt + 1)));
    }
  }

  /** Resolves once every socket holds message `id` (or after 5 s: the count of lost ones says so). */
  async function delivered(id: string) {
    const deadline = performance.now() + 5000;
    while (performance.now() < deadline && received.some((map) => !map.has(id))) await new Promise((r) => setTimeout(r, 1));
  }

  // Warm-up (latency run only): the first messages pay for compiling the route and the room's code
  // in workerd; they are delivered and checked like the rest but left out of the timings.
  const warmup = new Set<string>();
  const warmupCount = opts.paced ? Number(option("--warmup", "5")) : 0;
  for (let i = 0; i < warmupCount; i++) {
    const id = await post(0, i - warmupCount);
    if (id) {
      warmup.add(id);
      await delivered(id);
    }
  }
  postTimes.length = 0;

  const started = performance.now();
  // One sender: messages one after another — by default each once the one before has reached every
  // socket (a latency figure: how long one message takes to reach N people), or with
  // --back-to-back each as soon as the one before was answered (fan-outs overlap; a load figure).
  // Soak: every sender at once, each in order.
  await Promise.all(
    Array.from({ length: opts.senders }, async (_, s) => {
      for (let seq = 0; seq < opts.perSender; seq++) {
        const id = await post(s, seq);
        if (opts.paced && id) await delivered(id);
      }
    }),
  );
  const stored = await target.stored(accepted);
  const expected = stored.size * sockets.length;
  // Wait (on a condition) until every socket has every stored message, or nothing new arrives for 5 s.
  let last = -1;
  let quietSince = performance.now();
  for (;;) {
    const all = received.reduce((sum, m) => sum + m.size, 0);
    if (all >= expected) break;
    if (all !== last) {
      last = all;
      quietSince = performance.now();
    } else if (performance.now() - quietSince > 5000) break;
    await new Promise((r) => setTimeout(r, 50));
  }
  const elapsed = performance.now() - started;
  closing = true;
  for (const ws of sockets) ws.close();

  const latencies: number[] = [];
  let got = 0;
  let caughtUp = 0;
  let lost = 0;
  received.forEach((map, index) => {
    for (const [id, at] of map) {
      if (!stored.has(id)) continue;
      got++;
      if (!warmup.has(id)) latencies.push(at - sentAt.get(id)!);
    }
    // A socket that rejoined would catch up from the database, as the page does after a reconnect.
    const missing = [...stored].filter((id) => !map.has(id)).length;
    if (reconnects[index]! > 0) caughtUp += missing;
    else lost += missing;
  });
  // Per message: when the first socket had it, and how long until the last one did (the fan-out itself).
  const firsts: number[] = [];
  const spreads: number[] = [];
  for (const id of stored) {
    const times = received.map((map) => map.get(id)).filter((at): at is number => at !== undefined);
    if (!times.length || !sentAt.has(id) || warmup.has(id)) continue;
    const first = Math.min(...times);
    firsts.push(first - sentAt.get(id)!);
    spreads.push(Math.max(...times) - first);
  }
  // Per-sender order: on every socket, each sender's messages arrive in the order they were sent.
  let outOfOrder = 0;
  for (const list of order) {
    const lastSeq = new Map<number, number>();
    for (const id of list) {
      const from = sentBy.get(id);
      if (!from) continue;
      const prev = lastSeq.get(from.sender);
      if (prev !== undefined && prev > from.seq) outOfOrder++;
      lastSeq.set(from.sender, from.seq);
    }
  }
  const byNumber = (a: number, b: number) => a - b;
  return {
    sockets: sockets.length,
    sent: opts.senders * opts.perSender + warmup.size,
    stored: stored.size,
    got,
    expected,
    elapsed,
    warmup: warmup.size,
    latencies: latencies.sort(byNumber),
    firsts: firsts.sort(byNumber),
    spreads: spreads.sort(byNumber),
    postTimes: postTimes.sort(byNumber),
    lost,
    duplicated,
    outOfOrder,
    reconnects: reconnects.reduce((a, b) => a + b, 0),
    caughtUp,
    retries,
    failedPosts,
  };
}

function printResult(title: string, target: Target, r: Result) {
  const pace = soak ? "all senders at once" : paced ? "each sent once the one before reached every socket" : "back to back";
  console.log(
    `\n${title}: ${r.sockets} sockets, ${senders} sender(s) × ${perSender} messages via ${target.describe}, ${pace}${r.warmup ? ` (after ${r.warmup} warm-up messages, delivered but not timed)` : ""}`,
  );
  console.log(`  stored ${r.stored} of ${r.sent} sent${r.stored === r.sent ? " (exactly)" : ""}`);
  console.log(`  deliveries  ${r.got} of ${r.expected} in ${(r.elapsed / 1000).toFixed(1)} s`);
  console.log(
    `  POST → receipt  p50 ${ms(quantile(r.latencies, 0.5))} · p95 ${ms(quantile(r.latencies, 0.95))} · max ${ms(r.latencies.at(-1) ?? 0)}`,
  );
  // The POST's own time (for ours: session, membership, rate limit, insert) is in every receipt figure; shown apart here.
  console.log(
    `  POST → first socket p50 ${ms(quantile(r.firsts, 0.5))} · p95 ${ms(quantile(r.firsts, 0.95))} · first → last socket p50 ${ms(quantile(r.spreads, 0.5))}, max ${ms(r.spreads.at(-1) ?? 0)}`,
  );
  console.log(`  POST response   p50 ${ms(quantile(r.postTimes, 0.5))} · p95 ${ms(quantile(r.postTimes, 0.95))}`);
  console.log(
    `  lost ${r.lost} · duplicated ${r.duplicated} · out of per-sender order ${r.outOfOrder} · reconnects ${r.reconnects} (caught up from the database ${r.caughtUp}) · retried POSTs ${r.retries} · failed POSTs ${r.failedPosts.length}`,
  );
  if (r.failedPosts.length) console.log(`  failed: ${r.failedPosts.slice(0, 5).join(", ")}${r.failedPosts.length > 5 ? " …" : ""}`);
  console.log(`  load average (1 / 5 / 15 min) ${load()}`);
}

/** Ours beside the floor on one runtime, with the goals of ADR 075. */
function printComparison(runtime: Runtime, ours: Result, floor: Result) {
  const row = (name: string, r: Result) =>
    `  ${name.padEnd(6)} p50 ${ms(quantile(r.latencies, 0.5)).padStart(9)} · p95 ${ms(quantile(r.latencies, 0.95)).padStart(9)} · max ${ms(r.latencies.at(-1) ?? 0).padStart(9)} · first socket p50 ${ms(quantile(r.firsts, 0.5)).padStart(8)} · lost ${r.lost} · duplicated ${r.duplicated}`;
  const at = (r: Result, q: number) => quantile(r.latencies, q);
  const overhead50 = at(ours, 0.5) - at(floor, 0.5);
  const overhead95 = at(ours, 0.95) - at(floor, 0.95);
  const first50 = quantile(ours.firsts, 0.5);
  const first95 = quantile(ours.firsts, 0.95);
  const mark = (met: boolean) => (met ? "met" : "NOT met");
  console.log(
    `\n== ${runtime}${runtime === "wrangler" ? " (wrangler dev, its proxy in the path)" : " (Miniflare, nothing in front)"}: ${ours.sockets} sockets, POST → receipt ==`,
  );
  console.log(row("ours", ours));
  console.log(row("floor", floor));
  console.log(
    `  overhead (ours − floor) p50 ${ms(overhead50)} · p95 ${ms(overhead95)}; ratio p50 ${(at(ours, 0.5) / at(floor, 0.5)).toFixed(2)} · p95 ${(at(ours, 0.95) / at(floor, 0.95)).toFixed(2)}`,
  );
  console.log(`  goal overhead at p95 ≤ 15 ms: ${mark(overhead95 <= 15)} (${ms(overhead95)})`);
  console.log(
    `  goal first socket ≤ 20 ms after the POST: p50 ${mark(first50 <= 20)} (${ms(first50)}), p95 ${mark(first95 <= 20)} (${ms(first95)})`,
  );
  console.log(`  goal lost 0, duplicated 0: ${mark(ours.lost === 0 && ours.duplicated === 0)} (${ours.lost} / ${ours.duplicated})`);
  if (runtime === "workerd") {
    const floor95 = at(floor, 0.95);
    console.log(
      floor95 > 50
        ? `  goal p95 ≤ 50 ms at ${ours.sockets} sockets: out of reach here — the floor alone is p95 ${ms(floor95)}`
        : `  goal p95 ≤ 50 ms at ${ours.sockets} sockets (the floor allows it: p95 ${ms(floor95)}): ${mark(at(ours, 0.95) <= 50)} (${ms(at(ours, 0.95))})`,
    );
  }
  console.log(`  load average (1 / 5 / 15 min) ${load()} — 2 cores`);
}

// ---------------------------------------------------------------------------------------------
// Memory (--rooms R): R rooms × N hibernating sockets, the Worker process's resident memory.

/** The workerd processes below this one (a stack's Worker; under wrangler dev also its proxy's). */
function workerdProcesses() {
  const parents = new Map<number, number>();
  const names = new Map<number, string>();
  for (const entry of readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, "utf8");
      // pid (comm) state ppid …: comm may hold spaces, so read after its closing parenthesis.
      parents.set(Number(entry), Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[1]));
      names.set(Number(entry), stat.slice(stat.indexOf("(") + 1, stat.lastIndexOf(")")));
    } catch {
      // gone meanwhile
    }
  }
  const below = (pid: number): boolean => {
    for (let p = parents.get(pid); p !== undefined && p > 1; p = parents.get(p)) if (p === process.pid) return true;
    return false;
  };
  return [...names].filter(([pid, name]) => name === "workerd" && below(pid)).map(([pid]) => pid);
}

/** Resident memory of the stack's workerd process(es), in MB (VmRSS of /proc/<pid>/status). */
function workerdRss() {
  const kb = workerdProcesses().reduce((sum, pid) => {
    const found = /^VmRSS:\s+(\d+) kB/m.exec(readFileSync(`/proc/${pid}/status`, "utf8"));
    return sum + Number(found?.[1] ?? 0);
  }, 0);
  return kb / 1024;
}

async function measureMemory(label: string, targets: Target[]) {
  const settle = () => new Promise((r) => setTimeout(r, 2000));
  let received = 0;
  const count = (target: Target) => (data: string) => {
    if (target.idOf(data)) received++;
  };
  // Every room awake with its code loaded (one socket each) before the baseline, so the figure is sockets.
  const sockets = await Promise.all(targets.map((target) => target.open(0, count(target))));
  await settle();
  const before = workerdRss();
  const startedAt = performance.now();
  for (const target of targets) {
    sockets.push(...(await pool(Array.from({ length: socketCount - 1 }), 20, (_, i) => target.open(i + 1, count(target)))));
  }
  const openSeconds = (performance.now() - startedAt) / 1000;
  await settle();
  const connected = workerdRss();
  // One message per room, to every socket: hibernation kept them all.
  for (const target of targets) await target.post(randomUUID(), 0, 0);
  const deadline = performance.now() + 10_000;
  while (received < sockets.length && performance.now() < deadline) await new Promise((r) => setTimeout(r, 20));
  await settle();
  const afterMessage = workerdRss();
  for (const ws of sockets) ws.close();
  // Per socket opened after the baseline (the first socket of each room is in it).
  const perSocket = (mb: number) => `${((mb * 1024) / (sockets.length - targets.length)).toFixed(1)} KB`;
  console.log(
    `\n${label}: ${targets.length} rooms × ${socketCount} sockets (${sockets.length}, opened in ${openSeconds.toFixed(1)} s), workerd RSS (pids ${workerdProcesses().join(", ")})`,
  );
  console.log(
    `  before ${before.toFixed(1)} MB · connected ${connected.toFixed(1)} MB · after one message per room ${afterMessage.toFixed(1)} MB`,
  );
  console.log(`  per socket ${perSocket(connected - before)} connected, ${perSocket(afterMessage - before)} after a message`);
  console.log(`  one message per room reached ${received} of ${sockets.length} sockets · load average ${load()}`);
}

// ---------------------------------------------------------------------------------------------

let cleanup = async () => {};
try {
  if (targetUrl) {
    const db = createDb({ url: `file:${targetDb}` });
    try {
      console.log(`Setting up: ${Math.max(socketCount, senders)} members of one club, sessions, tokens…`);
      const { clubs, cookies } = await createMembers(db, Math.max(socketCount, senders), 1);
      const target = clubTarget(targetUrl, db, clubs[0]!, cookies);
      printResult(
        `Realtime fan-out${soak ? " soak" : ""} at ${targetUrl}`,
        target,
        await measure(target, { sockets: socketCount, senders, perSender, paced }),
      );
    } finally {
      db.$client.close();
    }
  } else {
    mkdirSync(resolve(".cache"), { recursive: true });
    // Inside the project (git-ignored .cache/), like the e2e snapshot, so its bundle resolves node_modules.
    const dir = mkdtempSync(join(resolve(".cache"), "bench-fanout-"));
    cleanup = async () => rmSync(dir, { recursive: true, force: true });
    const dbFile = join(dir, "bench.db");
    await run("node", ["--import", "tsx", "scripts/migrate.ts"], { env: { DATABASE_URL: `file:${dbFile}` }, quiet: true });
    console.log("Building a snapshot of the current code…");
    const config = await buildSnapshot(dir, "bench-fanout");
    const floorConfig = resolve("bench/floor-room/wrangler.toml");
    let stackCount = 0;
    /** A fresh stack (its own Durable Object storage) for `config` on `runtime`. */
    async function withStack<T>(runtime: Runtime, which: string, task: (stack: Stack) => Promise<T>): Promise<T> {
      const n = stackCount++;
      const stack = await startStack({
        dbFile,
        port: 8000 + Math.floor(Math.random() * 900),
        vars: E2E_VARS,
        persistTo: join(dir, `state-${n}`),
        config: which === "floor" ? floorConfig : config,
        quiet: true,
        // The floor uses no database; ours has the libSQL server in its own process, as Turso would be.
        dbInOwnProcess: which !== "floor",
        runtime,
      });
      try {
        return await task(stack);
      } finally {
        await stack.stop();
      }
    }
    const db = createDb({ url: `file:${dbFile}` });
    const floorRooms = (base: string, count: number) => Array.from({ length: count }, (_, i) => floorTarget(base, `floor-${i}`));
    try {
      console.log(`Load average (1 / 5 / 15 min) at the start: ${load()} on 2 cores`);
      const results: { runtime: Runtime; ours: Result; floor?: Result }[] = [];
      for (const runtime of runtimes) {
        if (roomCount) {
          console.log(`\n[${runtime}] Setting up: ${socketCount} members of ${roomCount} clubs, sessions…`);
          const { clubs, cookies } = await createMembers(db, socketCount, roomCount);
          await withStack(runtime, "ours", async (stack) => {
            const targets = clubs.map((club) => clubTarget(stack.url, db, club, cookies));
            await measureMemory(`[${runtime}] ours (club rooms)`, targets);
          });
          await withStack(runtime, "floor", (stack) => measureMemory(`[${runtime}] floor (bare rooms)`, floorRooms(stack.url, roomCount)));
          continue;
        }
        const members = Math.max(socketCount, senders);
        console.log(`\n[${runtime}] Setting up: ${members} members of one club, sessions…`);
        const { clubs, cookies } = await createMembers(db, members, 1);
        const options = { sockets: socketCount, senders, perSender, paced };
        const ours = await withStack(runtime, "ours", async (stack) => {
          const target = clubTarget(stack.url, db, clubs[0]!, cookies);
          const result = await measure(target, options);
          printResult(`[${runtime}] Realtime fan-out${soak ? " soak" : ""}, ours`, target, result);
          return result;
        });
        // The floor is a latency comparison: one sender, the same pace; the soak has none.
        const floor = soak
          ? undefined
          : await withStack(runtime, "floor", async (stack) => {
              const [target] = floorRooms(stack.url, 1);
              const result = await measure(target!, options);
              printResult(`[${runtime}] Realtime fan-out, floor`, target!, result);
              return result;
            });
        results.push({ runtime, ours, floor });
      }
      for (const { runtime, ours, floor } of results) if (floor) printComparison(runtime, ours, floor);
    } finally {
      db.$client.close();
    }
  }
} finally {
  await cleanup();
}
