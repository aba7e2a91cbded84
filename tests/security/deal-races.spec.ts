// Races through the real actions (ADR 068): many requests at once against the e2e
// stack — the Worker, the local libSQL server, one HTTP request per step — and the database's
// answer read back. Nothing here calls the feature functions for a step; setup makes people,
// listings and clubs directly, then every offer and every step is a form POST like a browser's.
import { randomBytes } from "node:crypto";
import { expect, request as playwrightRequest, test, type APIRequestContext, type APIResponse } from "@playwright/test";
import { and, eq, inArray } from "drizzle-orm";
import { dealRevisions, deals, listingLocks, listings, sessions } from "../../db/schema";
import { addTestMember, createTestClub, createTestListing, createTestUser, type TestUser } from "../factories";
import { e2eDb, hashSessionToken, sessionStateCookie } from "../e2e/fixtures";
import { E2E_BASE_URL } from "../setup/e2e-env";
import { recordFigures } from "./figures";

const db = () => e2eDb();
const contexts: APIRequestContext[] = [];

test.afterAll(async () => {
  // A worker may run this file's tests in more than one group, each ending with this hook, and a
  // context made inside a test may already have been disposed by Playwright at that test's end
  // (as in hostile-input.spec.ts): each is disposed once, and only "already closed" is let through.
  for (const context of contexts.splice(0)) {
    await context.dispose().catch((error: Error) => {
      if (!/has been closed/.test(error.message)) throw error;
    });
  }
});

async function as(user: TestUser): Promise<APIRequestContext> {
  const token = randomBytes(32).toString("base64url");
  await db()
    .insert(sessions)
    .values({ tokenHash: hashSessionToken(token), userId: user.id, expiresAt: new Date(Date.now() + 24 * 3600 * 1000) });
  const context = await playwrightRequest.newContext({
    baseURL: E2E_BASE_URL,
    storageState: {
      cookies: [sessionStateCookie(token)],
      origins: [],
    },
    extraHTTPHeaders: { Origin: E2E_BASE_URL },
  });
  contexts.push(context);
  return context;
}

const post = (context: APIRequestContext, path: string, form: Record<string, string>) => context.post(path, { form, maxRedirects: 0 });

/** The deal a POST landed on: the redirect to /deals/{id}. */
function dealIdFrom(response: APIResponse): string {
  const location = response.headers().location ?? "";
  const match = /\/deals\/([0-9a-f-]{36})/.exec(location);
  if (!match) throw new Error(`expected a redirect to a deal, got ${response.status()} ${location}`);
  return match[1]!;
}

const percentile = (values: number[], p: number) =>
  [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.ceil((p / 100) * values.length) - 1)]!;

test("10 buyers' offers on one listing, accepted by 10 requests at once: exactly one deal accepted, the listing pending pickup once", async () => {
  const seller = await createTestUser(db(), { zipCode: "02139" });
  const listingId = await createTestListing(db(), seller, { title: `Race skates ${randomBytes(3).toString("hex")}` });
  const buyers = await Promise.all(Array.from({ length: 10 }, () => createTestUser(db(), { zipCode: "02139" })));
  const dealIds: string[] = [];
  for (const buyer of buyers) {
    const response = await post(await as(buyer), `/listing/${listingId}`, { intent: "propose", cash: "20", cashFrom: "proposer" });
    dealIds.push(dealIdFrom(response));
  }
  const sellerHttp = await as(seller);
  const times: number[] = [];
  const answers = await Promise.all(
    dealIds.map(async (id) => {
      const started = performance.now();
      const response = await post(sellerHttp, `/deals/${id}`, { intent: "accept", revision: "1" });
      times.push(performance.now() - started);
      return response;
    }),
  );
  expect(answers.map((a) => a.status()).filter((s) => s >= 500)).toEqual([]);

  const rows = await db().select().from(deals).where(inArray(deals.id, dealIds));
  expect(rows.filter((d) => d.state === "accepted")).toHaveLength(1);
  expect(rows.filter((d) => d.state === "proposed")).toHaveLength(9);
  expect(await db().select().from(listingLocks).where(eq(listingLocks.listingId, listingId))).toHaveLength(1);
  const [listing] = await db().select({ status: listings.status }).from(listings).where(eq(listings.id, listingId));
  expect(listing!.status).toBe("pending_pickup");
  // Each loser was told: its page says another offer was accepted first.
  const winner = rows.find((d) => d.state === "accepted")!;
  const loser = rows.find((d) => d.state === "proposed")!;
  const page = await (await sellerHttp.get(`/deals/${loser.id}`)).text();
  expect(page).toContain("On hold — another offer was accepted");
  recordFigures("deal-races", [
    `acceptance race: 10 concurrent accepts on one listing → ${rows.filter((d) => d.state === "accepted").length} winner (deal ${winner.id.slice(0, 8)}), p50 ${percentile(times, 50).toFixed(0)} ms, p95 ${percentile(times, 95).toFixed(0)} ms`,
  ]);
});

test("a swap of two listings racing a sale of one of them: exactly one wins, nothing half-locked", async () => {
  for (let round = 0; round < 3; round++) {
    const owner = await createTestUser(db());
    const swapper = await createTestUser(db());
    const buyer = await createTestUser(db());
    const club = await createTestClub(db(), owner);
    await addTestMember(db(), club, swapper);
    await addTestMember(db(), club, buyer);
    const wanted = await createTestListing(db(), owner, { clubs: [club] });
    const offered = await createTestListing(db(), swapper, { clubs: [club] });
    const swapperHttp = await as(swapper);
    const swapId = dealIdFrom(
      await post(swapperHttp, `/listing/${wanted}`, { intent: "propose", cash: "0", cashFrom: "proposer", offered }),
    );
    const saleId = dealIdFrom(await post(await as(buyer), `/listing/${offered}`, { intent: "propose", cash: "15", cashFrom: "proposer" }));

    const [swapAnswer, saleAnswer] = await Promise.all([
      post(await as(owner), `/deals/${swapId}`, { intent: "accept", revision: "1" }),
      post(swapperHttp, `/deals/${saleId}`, { intent: "accept", revision: "1" }),
    ]);
    expect([swapAnswer.status(), saleAnswer.status()].filter((s) => s >= 500)).toEqual([]);
    const [swap, sale] = await Promise.all(
      [swapId, saleId].map(async (id) => (await db().select().from(deals).where(eq(deals.id, id)))[0]!),
    );
    expect([swap!.state, sale!.state].filter((s) => s === "accepted")).toHaveLength(1);
    const locks = await db()
      .select()
      .from(listingLocks)
      .where(inArray(listingLocks.listingId, [wanted, offered]));
    if (swap!.state === "accepted") expect(locks.map((l) => l.dealId).sort()).toEqual([swapId, swapId]);
    else expect(locks.map((l) => [l.listingId, l.dealId])).toEqual([[offered, saleId]]);
  }
});

test("withdraw and accept at the same moment: one end state, and both are told", async () => {
  for (let round = 0; round < 5; round++) {
    const seller = await createTestUser(db());
    const buyer = await createTestUser(db());
    const listingId = await createTestListing(db(), seller);
    const buyerHttp = await as(buyer);
    const id = dealIdFrom(await post(buyerHttp, `/listing/${listingId}`, { intent: "propose", cash: "25", cashFrom: "proposer" }));
    const [withdrawn, accepted] = await Promise.all([
      post(buyerHttp, `/deals/${id}`, { intent: "withdraw" }),
      post(await as(seller), `/deals/${id}`, { intent: "accept", revision: "1" }),
    ]);
    expect([withdrawn.status(), accepted.status()].filter((s) => s >= 500)).toEqual([]);
    const [row] = await db().select().from(deals).where(eq(deals.id, id));
    expect(["withdrawn", "accepted"]).toContain(row!.state);
    // The loser's answer is a refusal in words (a page with the message), not a redirect with a success toast.
    const loser = row!.state === "withdrawn" ? accepted : withdrawn;
    expect(loser.status()).toBe(409);
    expect(await loser.text()).toMatch(row!.state === "withdrawn" ? /This offer was withdrawn/ : /already accepted/);
  }
});

test("a double-submitted offer is stored once", async () => {
  const seller = await createTestUser(db());
  const buyer = await createTestUser(db());
  const listingId = await createTestListing(db(), seller);
  const buyerHttp = await as(buyer);
  const answers = await Promise.all(
    Array.from({ length: 5 }, () =>
      post(buyerHttp, `/listing/${listingId}`, { intent: "propose", cash: "30", cashFrom: "proposer", message: "Cash today?" }),
    ),
  );
  expect(answers.map((a) => a.status()).filter((s) => s >= 500)).toEqual([]);
  const rows = await db()
    .select()
    .from(deals)
    .where(and(eq(deals.listingId, listingId), eq(deals.proposerId, buyer.id)));
  expect(rows).toHaveLength(1);
  expect(await db().select().from(dealRevisions).where(eq(dealRevisions.dealId, rows[0]!.id))).toHaveLength(1);
  // Every answer leads to that one deal.
  expect(new Set(answers.map(dealIdFrom))).toEqual(new Set([rows[0]!.id]));
});
