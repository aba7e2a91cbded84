// The bell's deals waiting for you (ADR 068), against the real database: each kind shows for the
// party whose move it is and for nobody else, and an expired offer waits for no one.
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { reviews } from "#db/schema";
import { createTestDb, type TestDb } from "../../../tests/setup/test-db";
import { createTestUser } from "../../../tests/factories";
import { saleDeal } from "../../../tests/deal-fixtures";
import { counterDeal } from "./deal-transitions.server";
import { dealsWaitingFor, WAITING_LIST_LIMIT } from "./deals-waiting.server";
import { OFFER_TTL_MS, REVIEW_BLIND_MS } from "./deal-machine";
import type { Viewer } from "../permissions/viewer";

let t: TestDb;
beforeAll(async () => {
  t = await createTestDb();
});
afterAll(() => t.cleanup());

const waiting = (viewer: Viewer) => dealsWaitingFor(t.db, viewer);

describe("deals waiting for you", () => {
  test("a fresh offer waits for the listing's owner, named by the buyer's first name — not for the buyer or a stranger", async () => {
    const deal = await saleDeal(t.db, "proposed", { title: "Size 5 ball" });
    expect(await waiting(deal.seller)).toEqual({
      count: 1,
      deals: [{ dealId: deal.dealId, kind: "offer", title: "Size 5 ball", otherName: "Barry" }],
    });
    expect(await waiting(deal.buyer)).toEqual({ count: 0, deals: [] });
    expect(await waiting(await createTestUser(t.db))).toEqual({ count: 0, deals: [] });
  });

  test("a counter-offer waits for the buyer ('Your turn'), no longer for the seller", async () => {
    const deal = await saleDeal(t.db, "proposed");
    expect(await counterDeal(t.db, deal.seller, deal.dealId, 1, { cashCents: 4500, cashFrom: "proposer", message: null })).toMatchObject({
      ok: true,
    });
    expect((await waiting(deal.buyer)).deals).toEqual([expect.objectContaining({ dealId: deal.dealId, kind: "turn", otherName: "Sally" })]);
    expect((await waiting(deal.seller)).count).toBe(0);
  });

  test("an offer unanswered for 48 hours waits for no one, even before the clock has run", async () => {
    const deal = await saleDeal(t.db, "proposed", { at: new Date(Date.now() - OFFER_TTL_MS - 60_000) });
    expect((await waiting(deal.seller)).count).toBe(0);
    expect((await waiting(deal.buyer)).count).toBe(0);
  });

  test("a meeting place the seller proposed waits for the buyer to confirm", async () => {
    const deal = await saleDeal(t.db, "meetupProposed");
    expect((await waiting(deal.buyer)).deals).toEqual([expect.objectContaining({ dealId: deal.dealId, kind: "meetup" })]);
    expect((await waiting(deal.seller)).count).toBe(0);
  });

  test("a deal the buyer marked handed over waits for the seller's hand-over", async () => {
    const deal = await saleDeal(t.db, "handedOver");
    expect((await waiting(deal.seller)).deals).toEqual([expect.objectContaining({ dealId: deal.dealId, kind: "handoff" })]);
    expect((await waiting(deal.buyer)).count).toBe(0);
  });

  test("a completed deal waits for each party's review until they wrote it, and only within the 14-day window", async () => {
    const deal = await saleDeal(t.db, "completed");
    expect((await waiting(deal.seller)).deals).toEqual([expect.objectContaining({ dealId: deal.dealId, kind: "review" })]);
    expect((await waiting(deal.buyer)).deals).toEqual([expect.objectContaining({ dealId: deal.dealId, kind: "review" })]);
    await t.db
      .insert(reviews)
      .values({ dealId: deal.dealId, reviewerRole: "proposer", reviewerId: deal.buyer.id, revieweeId: deal.seller.id, rating: 5 });
    expect((await waiting(deal.buyer)).count).toBe(0);
    expect((await waiting(deal.seller)).count).toBe(1);

    const old = await saleDeal(t.db, "completed", { at: new Date(Date.now() - REVIEW_BLIND_MS - 60_000) });
    expect((await waiting(old.seller)).count).toBe(0);
  });

  test("one person's several waits are all counted, newest first", async () => {
    const seller = await createTestUser(t.db, { firstName: "Sally" });
    const first = await saleDeal(t.db, "proposed", { seller, at: new Date(Date.now() - 60_000) });
    const second = await saleDeal(t.db, "handedOver", { seller });
    const list = await waiting(seller);
    expect(list.count).toBe(2);
    expect(list.deals.map((d) => [d.dealId, d.kind])).toEqual([
      [second.dealId, "handoff"],
      [first.dealId, "offer"],
    ]);
  });

  test("the list stops at the newest few; the count is of them all", async () => {
    const seller = await createTestUser(t.db);
    for (let i = 0; i <= WAITING_LIST_LIMIT; i++) await saleDeal(t.db, "proposed", { seller });
    const list = await waiting(seller);
    expect(list.count).toBe(WAITING_LIST_LIMIT + 1);
    expect(list.deals).toHaveLength(WAITING_LIST_LIMIT);
  });
});
