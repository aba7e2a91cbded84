/**
 * Realtime fan-out (issue 12 Proof): N members connected to one club room with real tokens from
 * /api/rooms/token; messages sent through the real club chat action (a member's own session POSTs
 * the Group Chat composer's form to /club/{slug}/messages, as the browser's fetcher does); prints
 * p50 / p95 / max from the start of the POST to each socket's receipt, and `lost` / `duplicated`
 * counts. Prints; asserts nothing.
 *
 *   node --import tsx bench/realtime-fanout.ts [--sockets 500] [--messages 20] [--url http://127.0.0.1:8806 --db file]
 *   node --import tsx bench/realtime-fanout.ts --soak [--sockets 50]   200 senders × 50 messages at once
 *
 * Sending is rate-limited per user (CLUB_SEND_RATE_LIMIT, 60 a minute; no env var changes it): the
 * soak's 50 per sender stays under it, and a longer single-sender run waits out a 429 and retries.
 * Every message carries its client-made id, so a retry after a reset connection is stored once —
 * the soak then checks the table holds exactly senders × messages rows.
 *
 * Without --url it builds the current code into a snapshot and starts its own stack on a scratch
 * database (like the e2e stack). With --url, the target must share the database file given by
 * --db (members and sessions are inserted into it). */
import { spawnSync } from "node:child_process";
import { createHash, randomBytes, randomUUID } from "node:crypto";
import { mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { join, resolve } from "node:path";

// Node 20 has WebSocket behind a flag: re-run with it rather than add a dependency.
if (typeof WebSocket === "undefined") {
  const child = spawnSync(process.execPath, ["--experimental-websocket", ...process.execArgv, ...process.argv.slice(1)], {
    stdio: "inherit",
  });
  process.exit(child.status ?? 1);
}

const { createDb } = await import("../db/client");
const { sessions } = await import("../db/schema");
const { sql } = await import("drizzle-orm");
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
const paced = !soak && !args.includes("--back-to-back");

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
  const stack = await startStack({
    dbFile,
    port: 8000 + Math.floor(Math.random() * 900),
    vars: E2E_VARS,
    persistTo: join(dir, "wrangler"),
    config,
    quiet: true,
    dbInOwnProcess: true,
  });
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
  const users = [
    owner,
    ...(await pool(Array.from({ length: members - 1 }), 8, async (_, i) => {
      const user = await createTestUser(db, { firstName: `Member${i}` });
      await addTestMember(db, club, user);
      return user;
    })),
  ];
  const cookies = await pool(users, 8, async (user) => {
    const token = randomBytes(32).toString("base64url");
    await db
      .insert(sessions)
      .values({ tokenHash: createHash("sha256").update(token).digest("hex"), userId: user.id, expiresAt: new Date(Date.now() + 3600_000) });
    return `ls_session=${token}`;
  });

  // Every socket with a real token from the endpoint, as useRoom gets one; when the room closes it
  // (the token's 10 minutes are up, ADR 039) it rejoins with a fresh token, like useRoom.
  const received: Map<string, number>[] = [];
  const order: string[][] = [];
  const reconnects: number[] = [];
  let duplicated = 0;
  let closing = false;
  async function join(cookie: string, index: number): Promise<WebSocket> {
    const response = await fetch(`${base}/api/rooms/token?kind=club&id=${club.id}`, { headers: { cookie } });
    if (!response.ok) throw new Error(`token: ${response.status}`);
    const access = (await response.json()) as { party: string; room: string; token: string };
    const ws = new WebSocket(
      `${base.replace(/^http/, "ws")}/parties/${access.party}/${access.room}?token=${encodeURIComponent(access.token)}`,
    );
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
    ws.addEventListener("close", () => {
      if (closing) return;
      reconnects[index]!++;
      join(cookie, index)
        .then((next) => (sockets[index] = next))
        .catch((error) => console.error(`socket ${index} could not rejoin: ${String(error)}`));
    });
    return ws;
  }
  const sockets = await pool(cookies.slice(0, socketCount), 20, async (cookie, index) => {
    received[index] = new Map();
    order[index] = [];
    reconnects[index] = 0;
    return join(cookie, index);
  });
  console.log(`${sockets.length} sockets open in club:${club.id}`);

  const sentAt = new Map<string, number>();
  /** Message id (the client-made id) → who sent it and its place in their sequence. */
  const sentBy = new Map<string, { sender: number; seq: number }>();
  const failedPosts: string[] = [];
  const postTimes: number[] = [];
  let retries = 0;
  // The composer's fetcher: POST to the chat form's action, the single-fetch `.data` URL, respond=json.
  const chatAction = `${base}/club/${club.slug}/messages.data`;
  async function post(senderIndex: number, seq: number) {
    const id = randomUUID();
    const body = new URLSearchParams({
      intent: "post",
      kind: "chat",
      content: `message s${senderIndex}-${seq}`,
      clientId: id,
      respond: "json",
    });
    sentAt.set(id, performance.now());
    sentBy.set(id, { sender: senderIndex, seq });
    for (let attempt = 0; ; attempt++) {
      let status = 0;
      try {
        const response = await fetch(chatAction, { method: "POST", body, headers: { cookie: cookies[senderIndex]!, origin: base } });
        await response.arrayBuffer();
        status = response.status;
      } catch {
        // Refused or reset before an answer (the local stack under 200 at once): retried with the
        // same client-made id, so it is stored once whatever happened the first time.
      }
      if (status === 200) {
        postTimes.push(performance.now() - sentAt.get(id)!);
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
  const warmupCount = paced ? Number(option("--warmup", "5")) : 0;
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
  // socket (a latency figure: how long one message takes to reach 500 people), or with
  // --back-to-back each as soon as the one before was answered (fan-outs overlap; a load figure).
  // Soak: every sender at once, each in order.
  await Promise.all(
    Array.from({ length: senders }, async (_, s) => {
      for (let seq = 0; seq < perSender; seq++) {
        const id = await post(s, seq);
        if (paced && id) await delivered(id);
      }
    }),
  );
  const stored = new Set((await db.all<{ id: string }>(sql`select id from club_messages where club_id = ${club.id}`)).map((row) => row.id));
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
  latencies.sort((a, b) => a - b);
  // Per message: when the first socket had it, and how long until the last one did (the fan-out itself).
  const firsts: number[] = [];
  const spreads: number[] = [];
  for (const id of stored) {
    const times = received.map((map) => map.get(id)).filter((at): at is number => at !== undefined);
    if (!times.length || !sentAt.has(id) || warmup.has(id)) continue;
    const first = Math.min(...times);
    firsts.push(first - sentAt.get(id)!);
    if (process.env.FANOUT_DEBUG)
      console.log(
        `  ${id.slice(0, 8)} first ${(first - sentAt.get(id)!).toFixed(1)} last ${(Math.max(...times) - sentAt.get(id)!).toFixed(1)}`,
      );
    spreads.push(Math.max(...times) - first);
  }
  firsts.sort((a, b) => a - b);
  spreads.sort((a, b) => a - b);
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

  const sent = senders * perSender + warmup.size;
  const pace = soak ? "all senders at once" : paced ? "each sent once the one before reached every socket" : "back to back";
  console.log(
    `\nRealtime fan-out${soak ? " soak" : ""}: ${sockets.length} sockets, ${senders} sender(s) × ${perSender} messages via the club chat action (POST /club/{slug}/messages), ${pace}${warmup.size ? ` (after ${warmup.size} warm-up messages, delivered but not timed)` : ""}`,
  );
  console.log(`  rows stored ${stored.size} of ${sent} sent${stored.size === sent ? " (exactly)" : ""}`);
  console.log(`  deliveries  ${got} of ${expected} in ${(elapsed / 1000).toFixed(1)} s`);
  console.log(
    `  POST → receipt  p50 ${quantile(latencies, 0.5).toFixed(1)} ms · p95 ${quantile(latencies, 0.95).toFixed(1)} ms · max ${(latencies.at(-1) ?? 0).toFixed(1)} ms`,
  );
  postTimes.sort((a, b) => a - b);
  // The action's own time (session, membership, rate limit, insert) is in every receipt figure; shown apart here.
  console.log(
    `  POST → first socket p50 ${quantile(firsts, 0.5).toFixed(1)} ms · first → last socket p50 ${quantile(spreads, 0.5).toFixed(1)} ms, max ${(spreads.at(-1) ?? 0).toFixed(1)} ms`,
  );
  console.log(`  POST response   p50 ${quantile(postTimes, 0.5).toFixed(1)} ms · p95 ${quantile(postTimes, 0.95).toFixed(1)} ms`);
  console.log(
    `  lost ${lost} · duplicated ${duplicated} · out of per-sender order ${outOfOrder} · reconnects ${reconnects.reduce((a, b) => a + b, 0)} (caught up from the database ${caughtUp}) · retried POSTs ${retries} · failed POSTs ${failedPosts.length}`,
  );
  if (failedPosts.length) console.log(`  failed: ${failedPosts.slice(0, 5).join(", ")}${failedPosts.length > 5 ? " …" : ""}`);
  closing = true;
  for (const ws of sockets) ws.close();
} finally {
  db.$client.close();
  await cleanup();
}
