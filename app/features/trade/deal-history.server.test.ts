// The Player Profile's deal history (ADR 068), against the real database.
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { eq } from "drizzle-orm";
import { users } from "#db/schema";
import { createTestDb, type TestDb } from "../../../tests/setup/test-db";
import { addTestMember, createTestClub, createTestListing, createTestUser } from "../../../tests/factories";
import { advanceDeal, saleDeal } from "../../../tests/deal-fixtures";
import { proposeDeal } from "./deals.server";
import { withdrawDeal } from "./deal-transitions.server";
import { dealHistoryFor } from "./deal-history.server";

let t: TestDb;
beforeAll(async () => {
  t = await createTestDb();
});
afterAll(() => t.cleanup());

describe("deal history", () => {
  test("a completed sale is Bought for the buyer and Sold for the seller; an open deal is in progress for both", async () => {
    const sale = await saleDeal(t.db, "completed", { title: "Goalie gloves", cents: 2550 });
    const open = await saleDeal(t.db, "accepted", { seller: sale.seller, buyer: sale.buyer, title: "Shin guards" });

    const buyer = await dealHistoryFor(t.db, sale.buyer.id);
    expect(buyer.bought).toEqual([
      expect.objectContaining({
        id: sale.dealId,
        title: "Goalie gloves",
        otherName: "Sally",
        cashCents: 2550,
        cashFrom: "you",
        kind: "sale",
      }),
    ]);
    expect(buyer.sold).toEqual([]);
    expect(buyer.swapped).toEqual([]);
    expect(buyer.open).toEqual([expect.objectContaining({ id: open.dealId, title: "Shin guards", state: "accepted" })]);

    const seller = await dealHistoryFor(t.db, sale.seller.id);
    expect(seller.sold).toEqual([expect.objectContaining({ id: sale.dealId, otherName: "Barry", cashCents: 2550, cashFrom: "them" })]);
    expect(seller.bought).toEqual([]);
    expect(seller.open.map((d) => d.id)).toEqual([open.dealId]);
    expect(seller.sold[0]!.at).toBeInstanceOf(Date);
  });

  test("a completed swap is Swapped for both sides", async () => {
    const owner = await createTestUser(t.db, { firstName: "Olive" });
    const proposer = await createTestUser(t.db, { firstName: "Pat" });
    const club = await createTestClub(t.db, owner);
    await addTestMember(t.db, club, proposer);
    const listingId = await createTestListing(t.db, owner, { title: "Catcher's mitt", clubs: [club] });
    const mine = await createTestListing(t.db, proposer, { title: "Batting helmet" });
    const made = await proposeDeal(t.db, proposer, {
      listingId,
      offeredListingIds: [mine],
      cashCents: 0,
      cashFrom: "proposer",
      message: null,
    });
    if (!made.ok) throw new Error(made.error);
    await advanceDeal(t.db, { dealId: made.deal.id, seller: owner, buyer: proposer }, "proposed", "completed");

    for (const [person, other] of [
      [proposer, "Olive"],
      [owner, "Pat"],
    ] as const) {
      const history = await dealHistoryFor(t.db, person.id);
      expect(history.swapped).toEqual([
        expect.objectContaining({
          id: made.deal.id,
          kind: "swap",
          title: "Catcher's mitt",
          otherName: other,
          cashCents: 0,
          cashFrom: null,
        }),
      ]);
      expect([...history.bought, ...history.sold, ...history.open]).toEqual([]);
    }
  });

  test("a deleted counterparty shows as 'Former member', and the deal keeps its title after the listing is gone", async () => {
    const sale = await saleDeal(t.db, "completed", { title: "Hockey stick" });
    await t.db.delete(users).where(eq(users.id, sale.seller.id));
    const history = await dealHistoryFor(t.db, sale.buyer.id);
    expect(history.bought).toEqual([expect.objectContaining({ id: sale.dealId, title: "Hockey stick", otherName: "Former member" })]);
  });

  test("ended deals that never completed are not history; a stranger has none", async () => {
    const sale = await saleDeal(t.db, "proposed");
    expect(await withdrawDeal(t.db, sale.buyer, sale.dealId)).toMatchObject({ ok: true });
    expect(await dealHistoryFor(t.db, sale.buyer.id)).toEqual({ bought: [], sold: [], swapped: [], open: [] });
    expect(await dealHistoryFor(t.db, (await createTestUser(t.db)).id)).toEqual({ bought: [], sold: [], swapped: [], open: [] });
  });
});
