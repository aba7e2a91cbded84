/**
 * Signed-in load (ADR 011): many sessions at once, and many requests at once on one
 * session, mixing pages, `.data` revalidations and real writes (a question to a seller, a
 * favorite). Counts responses by status and compares the writes the app acknowledged with the
 * rows the database holds. Shared by bench/http-load.ts --signed-in (full size) and
 * tests/e2e/concurrency.spec.ts (small size, in `npm test`). Measures; the callers decide.
 */
import { createHash, randomBytes } from "node:crypto";
import { request as httpRequest } from "node:http";
import { and, inArray, like } from "drizzle-orm";
import { decode } from "turbo-stream";
import type { Db } from "../../db/client";
import { favorites, listingMessages, listings, profiles, sessions, users } from "../../db/schema";

/** Contract with app/features/accounts/session.server.ts (cookie name outside production, SHA-256 of the token). */
const SESSION_COOKIE = "ls_session";

type Step = { kind: "page" | "data" | "send" | "favorite"; path: string; body?: URLSearchParams };
type Outcome = { step: Step; status: number; ms: number; acknowledged: boolean; content?: string; body?: string };

export type SignedInLoadOptions = {
  base: string;
  db: Db;
  /** Scenario 1: this many sessions, each firing its mix at the same moment as all the others. */
  sessions: number;
  /** Scenario 2: this many requests at once on one session. */
  burst: number;
};

export type ScenarioReport = {
  name: string;
  requests: number;
  byStatus: Record<number, number>;
  byKind: Record<Step["kind"], Record<number, number>>;
  p50: number;
  p95: number;
  sends: { acknowledged: number; stored: number; storedTwice: number; storedUnacknowledged: number };
  favorites: { acknowledged: number; stored: number };
  /** The body of the first 5xx, to say what failed. */
  first5xx?: string;
};

async function createAccount(db: Db, tag: string, name: string) {
  const email = `${tag}-${name}-${randomBytes(4).toString("hex")}@load.test`;
  const [user] = await db.insert(users).values({ email, emailVerifiedAt: new Date() }).returning();
  await db.insert(profiles).values({ userId: user!.id, email, firstName: "Load", lastName: name });
  return user!;
}

async function signIn(db: Db, userId: string) {
  const token = randomBytes(32).toString("base64url");
  await db.insert(sessions).values({
    tokenHash: createHash("sha256").update(token).digest("hex"),
    userId,
    expiresAt: new Date(Date.now() + 24 * 3600 * 1000),
  });
  return `${SESSION_COOKIE}=${token}`;
}

/** What one tab of a busy user does: pages, their `.data` revalidations, a question, a favorite. */
function mix(tag: string, who: string, listingIds: string[], sends: number, favoriteIndex: number): Step[] {
  const listingId = listingIds[0]!;
  const steps: Step[] = [
    { kind: "page", path: "/" },
    { kind: "page", path: `/listing/${listingId}` },
    { kind: "page", path: "/on-deck" },
    { kind: "data", path: "/_root.data" },
    { kind: "data", path: `/listing/${listingId}.data` },
    { kind: "data", path: "/on-deck.data" },
    {
      kind: "favorite",
      path: "/favorites",
      body: new URLSearchParams({ listingId: listingIds[favoriteIndex % listingIds.length]!, intent: "add", mode: "fetch" }),
    },
  ];
  for (let i = 0; i < sends; i++) {
    const content = `${tag} ${who} question ${i}`;
    // As the question box's fetcher sends it: to the route's `.data` URL, answered in turbo-stream.
    steps.push({
      kind: "send",
      path: `/listing/${listingId}.data`,
      body: new URLSearchParams({ intent: "message", via: "fetcher", content }),
    });
  }
  return steps;
}

/** The `ok` the app answered a write with: JSON from /favorites, Remix single-fetch data from a `.data` action. */
async function acknowledgement(step: Step, text: string) {
  if (!step.path.endsWith(".data")) return (JSON.parse(text) as { ok?: boolean }).ok;
  const decoded = await decode(new Blob([text]).stream());
  await decoded.done;
  return (decoded.value as { data?: { ok?: boolean } }).data?.ok;
}

/**
 * One request on its own connection (`agent: false`): a pooled keep-alive socket that the server
 * closed while the previous scenario ran would fail as ECONNRESET before reaching the app, which
 * measures the load generator, not the app.
 */
function send(url: string, init: { method: string; headers: Record<string, string>; body?: string }) {
  return new Promise<{ status: number; text: string }>((resolve, reject) => {
    const request = httpRequest(url, { method: init.method, headers: init.headers, agent: false }, (response) => {
      const chunks: Buffer[] = [];
      response.on("data", (chunk: Buffer) => chunks.push(chunk));
      response.on("end", () => resolve({ status: response.statusCode ?? 0, text: Buffer.concat(chunks).toString("utf8") }));
      response.on("error", reject);
    });
    request.on("error", reject);
    request.end(init.body);
  });
}

async function fire(base: string, cookie: string, step: Step): Promise<Outcome> {
  const started = performance.now();
  const url = `${base}${step.path}`;
  const content = step.body?.get("content") ?? undefined;
  try {
    const response = await send(url, {
      method: step.body ? "POST" : "GET",
      headers: { Cookie: cookie, ...(step.body ? { Origin: base, "Content-Type": "application/x-www-form-urlencoded" } : {}) },
      body: step.body?.toString(),
    });
    let acknowledged = false;
    if (step.body && response.status === 200) {
      try {
        acknowledged = (await acknowledgement(step, response.text)) === true;
      } catch {
        acknowledged = false;
      }
    }
    const body = response.status >= 500 ? response.text.slice(0, 200) : undefined;
    return { step, status: response.status, ms: performance.now() - started, acknowledged, content, body };
  } catch (error) {
    // A connection the server dropped counts as a failure the client saw (status 0).
    return { step, status: 0, ms: performance.now() - started, acknowledged: false, content, body: String(error) };
  }
}

function percentile(sorted: number[], p: number) {
  return sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))]! : 0;
}

async function report(
  db: Db,
  name: string,
  tag: string,
  buyerIds: string[],
  listingIds: string[],
  outcomes: Outcome[],
): Promise<ScenarioReport> {
  const byStatus: Record<number, number> = {};
  const byKind = { page: {}, data: {}, send: {}, favorite: {} } as ScenarioReport["byKind"];
  for (const { status, step } of outcomes) {
    byStatus[status] = (byStatus[status] ?? 0) + 1;
    byKind[step.kind][status] = (byKind[step.kind][status] ?? 0) + 1;
  }
  const times = outcomes.map((o) => o.ms).sort((a, b) => a - b);

  const acknowledgedSends = outcomes.filter((o) => o.step.kind === "send" && o.acknowledged).map((o) => o.content!);
  const stored = await db
    .select({ content: listingMessages.content })
    .from(listingMessages)
    .where(and(inArray(listingMessages.senderId, buyerIds), like(listingMessages.content, `${tag} %`)));
  const storedCount = new Map<string, number>();
  for (const row of stored) storedCount.set(row.content, (storedCount.get(row.content) ?? 0) + 1);
  const acknowledgedSet = new Set(acknowledgedSends);

  const storedFavorites = await db
    .select({ userId: favorites.userId })
    .from(favorites)
    .where(and(inArray(favorites.userId, buyerIds), inArray(favorites.listingId, listingIds)));

  return {
    name,
    requests: outcomes.length,
    byStatus,
    byKind,
    p50: percentile(times, 0.5),
    p95: percentile(times, 0.95),
    first5xx: outcomes.find((o) => o.body)?.body,
    sends: {
      acknowledged: acknowledgedSends.length,
      stored: stored.length,
      storedTwice: [...storedCount.values()].filter((n) => n > 1).length,
      storedUnacknowledged: [...storedCount.keys()].filter((content) => !acknowledgedSet.has(content)).length,
    },
    // One favorite per (user, listing): the acknowledged (user, listing) pairs against the rows.
    favorites: {
      acknowledged: outcomes.filter((o) => o.step.kind === "favorite" && o.acknowledged).length,
      stored: storedFavorites.length,
    },
  };
}

/** Runs both scenarios one after the other and returns a report for each. */
export async function runSignedInLoad(opts: SignedInLoadOptions): Promise<ScenarioReport[]> {
  const { base, db } = opts;
  const tag = `load-${randomBytes(4).toString("hex")}`;
  const seller = await createAccount(db, tag, "seller");
  const listingRows = await db
    .insert(listings)
    .values(
      Array.from({ length: 5 }, (_, i) => ({
        userId: seller.id,
        title: `${tag} lacrosse stick ${i}`,
        priceCents: 1500,
        sport: "lacrosse" as const,
        condition: "gently-used" as const,
        zipCode: "10001",
        city: "New York",
        state: "NY",
      })),
    )
    .returning({ id: listings.id });
  const listingIds = listingRows.map((row) => row.id);
  const reports: ScenarioReport[] = [];

  // Scenario 1: many sessions at once, each with one tab's mix (one question, one favorite).
  {
    const buyers = await Promise.all(Array.from({ length: opts.sessions }, (_, i) => createAccount(db, tag, `buyer${i}`)));
    const cookies = await Promise.all(buyers.map((buyer) => signIn(db, buyer.id)));
    const steps = buyers.flatMap((_, i) => mix(tag, `s${i}`, listingIds, 1, i).map((step) => ({ cookie: cookies[i]!, step })));
    const outcomes = await Promise.all(steps.map(({ cookie, step }) => fire(base, cookie, step)));
    reports.push(
      await report(
        db,
        `${opts.sessions} sessions at once`,
        tag,
        buyers.map((b) => b.id),
        listingIds,
        outcomes,
      ),
    );
  }

  // Scenario 2: one session, `burst` requests at once: several tabs' pages and revalidations, and
  // a burst of questions (kept under the per-sender message limit) and favorites.
  {
    const buyer = await createAccount(db, tag, "burst");
    const cookie = await signIn(db, buyer.id);
    const reads = mix(tag, "burst", listingIds, 0, 0).filter((step) => step.kind === "page" || step.kind === "data");
    const sends = Math.min(15, Math.floor(opts.burst / 3));
    const favoritesCount = Math.min(listingIds.length, Math.floor(opts.burst / 10) || 1);
    const steps: Step[] = [
      ...mix(tag, "burst", listingIds, sends, 0).filter((step) => step.kind === "send"),
      ...listingIds.slice(0, favoritesCount).map((listingId) => ({
        kind: "favorite" as const,
        path: "/favorites",
        body: new URLSearchParams({ listingId, intent: "add", mode: "fetch" }),
      })),
    ];
    for (let i = 0; steps.length < opts.burst; i++) steps.push(reads[i % reads.length]!);
    const outcomes = await Promise.all(steps.map((step) => fire(base, cookie, step)));
    reports.push(await report(db, `${opts.burst} requests at once on one session`, tag, [buyer.id], listingIds, outcomes));
  }
  return reports;
}

/** A printable table: requests by status (overall and per kind), p50/p95, writes acknowledged vs stored. */
export function formatSignedInReport(reports: ScenarioReport[]) {
  const lines: string[] = [];
  for (const r of reports) {
    const statuses = (counts: Record<number, number>) =>
      Object.entries(counts)
        .map(([status, n]) => `${n} × ${status === "0" ? "no response" : status}`)
        .join(", ") || "—";
    lines.push(`${r.name}: ${r.requests} requests, p50 ${r.p50.toFixed(0)} ms, p95 ${r.p95.toFixed(0)} ms`);
    lines.push(`  all        ${statuses(r.byStatus)}`);
    for (const kind of ["page", "data", "send", "favorite"] as const) lines.push(`  ${kind.padEnd(10)} ${statuses(r.byKind[kind])}`);
    lines.push(
      `  questions  acknowledged ${r.sends.acknowledged}, stored ${r.sends.stored}, stored twice ${r.sends.storedTwice}, stored but reported failed ${r.sends.storedUnacknowledged}`,
    );
    lines.push(`  favorites  acknowledged ${r.favorites.acknowledged}, stored ${r.favorites.stored}`);
    if (r.first5xx) lines.push(`  first 5xx: ${r.first5xx.replace(/\s+/g, " ")}`);
  }
  return lines.join("\n");
}

export const count5xx = (r: ScenarioReport) =>
  Object.entries(r.byStatus).reduce((sum, [status, n]) => sum + (Number(status) >= 500 || Number(status) === 0 ? n : 0), 0);
