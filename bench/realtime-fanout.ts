/**
 * Realtime fan-out (issue 12 Proof): N members connected to one club room with real tokens from
 * /api/rooms/token; messages posted through an action; prints p50 / p95 / max from the POST to each
 * socket's receipt, and `lost` / `duplicated` counts. Prints; asserts nothing.
 *
 *   node --import tsx bench/realtime-fanout.ts [--sockets 500] [--messages 20] [--url http://127.0.0.1:8806]
 *   node --import tsx bench/realtime-fanout.ts --soak [--sockets 50]   200 senders × 50 messages at once
 *
 * The action: the club chat action is not on this branch yet, so messages go through the dev-only
 * publisher on /dev/realtime (intent=club: an active member publishes `club.message.created` to
 * their club through context.publish, the chat action's path, without storing a row). Swap in the
 * chat action's URL when it lands; the soak's "exactly 10,000 rows" needs it.
 *
 * Without --url it builds the current code into a snapshot and starts its own stack on a scratch
 * database (like the e2e stack). With --url, the target must share the database file given by
 * --db (members and sessions are inserted into it) and have dev routes on.
 */
import { spawnSync } from "node:child_process";
import { createHash, randomBytes } from "node:crypto";
import { mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { join, resolve } from "node:path";

// Node 20 has WebSocket behind a flag: re-run with it rather than add a dependency.
if (typeof WebSocket === "undefined") {
  const child = spawnSync(process.execPath, ["--experimental-websocket", ...process.execArgv, ...process.argv.slice(1)], { stdio: "inherit" });
  process.exit(child.status ?? 1);
}

const { createDb } = await import("../db/client");
const { sessions } = await import("../db/schema");
const { buildSnapshot, run, startStack } = await import("../scripts/stack");
const { E2E_VARS } = await import("../tests/setup/e2e-env");
const { addTestMember, createTestClub, createTestUser } = await import("../tests/factories");

const args = process.argv.slice(2);
const option = (name: string, fallback: string) => {
  const i = args.indexOf(name);
  return i >= 0 && args[i + 1] ? args[i + 1]! : fallback;
};
const soak = args.includes("--soak");
const socketCount = Number(option("--sockets", soak ? "50" : "500"));
const senders = soak ? Number(option("--senders", "200")) : 1;
const perSender = soak ? Number(option("--per-sender", "50")) : Number(option("--messages", "20"));
const members = Math.max(socketCount, senders);

let base = option("--url", "");
let dbFile = option("--db", "");
let cleanup = async () => {};
if (!base) {
  mkdirSync(resolve(".cache"), { recursive: true });
  // Inside the project (git-ignored .cache/), like the e2e snapshot, so its bundle resolves node_modules.
  const dir = mkdtempSync(join(resolve(".cache"), "bench-fanout-"));
  dbFile = join(dir, "bench.db");
  await run("node", ["--import", "tsx", "scripts/migrate.ts"], { env: { DATABASE_URL: `file:${dbFile}` }, quiet: true });
  console.log("Building a snapshot of the current code…");
  const config = await buildSnapshot(dir, "bench-fanout");
  const stack = await startStack({ dbFile, port: 8000 + Math.floor(Math.random() * 900), vars: E2E_VARS, persistTo: join(dir, "wrangler"), config, quiet: true });
  base = stack.url;
  cleanup = async () => {
    await stack.stop();
    rmSync(dir, { recursive: true, force: true });
  };
} else if (!dbFile) {
  throw new Error("--url needs --db <file> (the database the target serves) to create members and sessions");
}

const db = createDb({ url: `file:${dbFile}` });

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

try {
  console.log(`Setting up: ${members} members of one club, sessions, tokens…`);
  const owner = await createTestUser(db, { firstName: "Bench", lastName: "Owner" });
  const club = await createTestClub(db, owner, { name: `Fan-out ${randomBytes(3).toString("hex")}`, joinMode: "open" });
  const users = [owner, ...(await pool(Array.from({ length: members - 1 }), 8, async (_, i) => {
    const user = await createTestUser(db, { firstName: `Member${i}` });
    await addTestMember(db, club, user);
    return user;
  }))];
  const cookies = await pool(users, 8, async (user) => {
    const token = randomBytes(32).toString("base64url");
    await db.insert(sessions).values({ tokenHash: createHash("sha256").update(token).digest("hex"), userId: user.id, expiresAt: new Date(Date.now() + 3600_000) });
    return `ls_session=${token}`;
  });

  // Every socket with a real token from the endpoint, as useRoom gets one.
  const received: Map<string, number>[] = [];
  const order: string[][] = [];
  let duplicated = 0;
  const sockets = await pool(cookies.slice(0, socketCount), 20, async (cookie, index) => {
    const response = await fetch(`${base}/api/rooms/token?kind=club&id=${club.id}`, { headers: { cookie } });
    if (!response.ok) throw new Error(`token: ${response.status}`);
    const access = (await response.json()) as { party: string; room: string; token: string };
    const ws = new WebSocket(`${base.replace(/^http/, "ws")}/parties/${access.party}/${access.room}?token=${encodeURIComponent(access.token)}`);
    received[index] = new Map();
    order[index] = [];
    ws.addEventListener("message", (message) => {
      const at = performance.now();
      const event = JSON.parse(String(message.data)) as { type: string; message?: { id: string } };
      if (event.type !== "club.message.created" || !event.message) return;
      if (received[index]!.has(event.message.id)) duplicated++;
      else received[index]!.set(event.message.id, at);
      order[index]!.push(event.message.id);
    });
    await new Promise<void>((ok, fail) => {
      ws.addEventListener("open", () => ok(), { once: true });
      ws.addEventListener("error", () => fail(new Error("socket error")), { once: true });
    });
    return ws;
  });
  console.log(`${sockets.length} sockets open in club:${club.id}`);

  const sentAt = new Map<string, number>();
  const failedPosts: number[] = [];
  const postTimes: number[] = [];
  const unanswered = new Set<string>();
  async function post(senderIndex: number, seq: number) {
    const id = `s${senderIndex}-${String(seq).padStart(4, "0")}`;
    const body = new URLSearchParams({ intent: "club", clubId: club.id, id, content: `message ${id}` });
    sentAt.set(id, performance.now());
    try {
      const response = await fetch(`${base}/dev/realtime.data`, { method: "POST", body, headers: { cookie: cookies[senderIndex]! } });
      await response.arrayBuffer();
      if (!response.ok) failedPosts.push(response.status);
      postTimes.push(performance.now() - sentAt.get(id)!);
    } catch {
      // Refused or reset before an answer (the local dev server under 200 at once): counted, not retried —
      // this publisher has no client id to de-duplicate a retry; it may or may not have been delivered.
      failedPosts.push(0);
      unanswered.add(id);
    }
  }

  const started = performance.now();
  // One sender: messages one after another. Soak: every sender at once, each in order.
  await Promise.all(Array.from({ length: senders }, async (_, s) => {
    for (let seq = 0; seq < perSender; seq++) await post(s, seq);
  }));
  const expected = (sentAt.size - unanswered.size) * sockets.length;
  // Wait (on a condition) until every socket has every message, or nothing new arrives for 5 s.
  let last = -1;
  let quietSince = performance.now();
  for (;;) {
    const all = received.reduce((sum, m) => sum + m.size, 0);
    if (all >= sentAt.size * sockets.length) break;
    if (all !== last) {
      last = all;
      quietSince = performance.now();
    } else if (performance.now() - quietSince > 5000) break;
    await new Promise((r) => setTimeout(r, 50));
  }
  const elapsed = performance.now() - started;

  const latencies: number[] = [];
  let got = 0;
  for (const map of received) {
    for (const [id, at] of map) {
      if (unanswered.has(id)) continue;
      latencies.push(at - sentAt.get(id)!);
      got++;
    }
  }
  latencies.sort((a, b) => a - b);
  // Per-sender order: on every socket, each sender's messages arrive in the order they were sent.
  let outOfOrder = 0;
  for (const list of order) {
    const lastSeq = new Map<string, string>();
    for (const id of list) {
      const [sender] = id.split("-");
      const prev = lastSeq.get(sender!);
      if (prev !== undefined && prev > id) outOfOrder++;
      lastSeq.set(sender!, id);
    }
  }

  console.log(`\nRealtime fan-out${soak ? " soak" : ""}: ${sockets.length} sockets, ${senders} sender(s) × ${perSender} messages via /dev/realtime (intent=club)`);
  console.log(`  deliveries  ${got} of ${expected} in ${(elapsed / 1000).toFixed(1)} s`);
  console.log(`  POST → receipt  p50 ${quantile(latencies, 0.5).toFixed(1)} ms · p95 ${quantile(latencies, 0.95).toFixed(1)} ms · max ${(latencies.at(-1) ?? 0).toFixed(1)} ms`);
  postTimes.sort((a, b) => a - b);
  // The action's own time (session, membership check) is in every receipt figure; shown apart here.
  console.log(`  POST response   p50 ${quantile(postTimes, 0.5).toFixed(1)} ms · p95 ${quantile(postTimes, 0.95).toFixed(1)} ms`);
  console.log(`  lost ${expected - got} · duplicated ${duplicated} · out of per-sender order ${outOfOrder} · failed POSTs ${failedPosts.length} (${unanswered.size} without an answer, not counted as lost)`);
  for (const ws of sockets) ws.close();
} finally {
  db.$client.close();
  await cleanup();
}
