import { randomUUID } from "node:crypto";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { clubDirectMessages, deals, listingLocks, listingMessages, listings, userBlocks } from "#db/schema";
import { createTestDb, type TestDb } from "../../../tests/setup/test-db";
import { addTestMember, createTestClub, createTestListing, createTestUser, type TestUser } from "../../../tests/factories";
import { saleDeal } from "../../../tests/deal-fixtures";
import { getClubAccess } from "../clubs/club-access.server";
import { sendDirectMessage } from "../messaging/direct-messages.server";
import { sendListingMessage } from "../messaging/listing-questions.server";
import { dealPageFor } from "../../web/pages/deal-page.server";
import { proposeDeal } from "../trade/deals.server";
import { acceptDeal, counterDeal } from "../trade/deal-transitions.server";
import { blockedPeopleOf, blockTargetFor, blockUser, unblockUser } from "./block-actions.server";
import { isBlockedBetween } from "../safety/blocks.server";

let t: TestDb;
beforeAll(async () => {
  t = await createTestDb();
});
afterAll(() => t.cleanup());

const cash = (dollars: number) => ({ cashCents: dollars * 100, cashFrom: "proposer" as const, message: null });
const dealOf = async (id: string) => (await t.db.select().from(deals).where(eq(deals.id, id)))[0]!;
const statusOf = async (id: string) => (await t.db.select({ s: listings.status }).from(listings).where(eq(listings.id, id)))[0]!.s;
const blockRows = (a: TestUser, b: TestUser) =>
  t.db
    .select()
    .from(userBlocks)
    .where(and(eq(userBlocks.blockerId, a.id), eq(userBlocks.blockedId, b.id)));
/** A block row alone, as if it landed between a step's read and its write (no deals closed). */
const rawBlock = (a: TestUser, b: TestUser) => t.db.insert(userBlocks).values({ blockerId: a.id, blockedId: b.id });

describe("blocking a person (ADR 069)", () => {
  test("one row however often it is posted; unblock deletes it", async () => {
    const me = await createTestUser(t.db);
    const them = await createTestUser(t.db, { firstName: "Theo" });
    expect(await blockUser(t.db, me, them.id)).toMatchObject({ ok: true, created: true });
    expect(await blockUser(t.db, me, them.id)).toMatchObject({ ok: true, created: false });
    expect(await blockRows(me, them)).toHaveLength(1);
    expect(await blockTargetFor(t.db, me, them.id)).toEqual({ id: them.id, name: "Theo", blocked: true });
    expect(await blockedPeopleOf(t.db, me)).toEqual([{ id: them.id, name: "Theo", since: expect.any(Date) }]);
    // The other side sees no block of their own (they may block too), but the block holds both ways.
    expect(await blockTargetFor(t.db, them, me.id)).toMatchObject({ blocked: false });
    expect(await isBlockedBetween(t.db, them.id, me.id)).toBe(true);

    expect(await unblockUser(t.db, me, them.id)).toEqual({ ok: true, removed: true });
    expect(await unblockUser(t.db, me, them.id)).toEqual({ ok: true, removed: false });
    expect(await blockRows(me, them)).toHaveLength(0);
    expect(await blockedPeopleOf(t.db, me)).toEqual([]);
  });

  test("yourself, nobody and a malformed id are refused; nothing is stored", async () => {
    const me = await createTestUser(t.db);
    expect(await blockUser(t.db, me, me.id)).toEqual({ ok: false, error: "self" });
    expect(await blockUser(t.db, me, randomUUID())).toEqual({ ok: false, error: "notFound" });
    expect(await blockUser(t.db, me, "not-a-user")).toEqual({ ok: false, error: "notFound" });
    expect(await blockTargetFor(t.db, me, randomUUID())).toBeNull();
    expect(await blockTargetFor(t.db, me, "x")).toBeNull();
    expect(await t.db.select().from(userBlocks).where(eq(userBlocks.blockerId, me.id))).toHaveLength(0);
  });

  test("the deals between them close with the block — pending voided, accepted cancelled, listings back — and no others", async () => {
    const seller = await createTestUser(t.db, { firstName: "Sally" });
    const buyer = await createTestUser(t.db, { firstName: "Barry" });
    const bystander = await createTestUser(t.db);
    const pending = await saleDeal(t.db, "proposed", { seller, buyer });
    const accepted = await saleDeal(t.db, "meetupAgreed", { seller, buyer });
    // The other way round: the buyer's own listing, the seller's offer on it.
    const reverse = await saleDeal(t.db, "proposed", { seller: buyer, buyer: seller });
    const untouched = await saleDeal(t.db, "accepted", { seller, buyer: bystander });
    expect(await statusOf(accepted.listingId)).toBe("pending_pickup");

    const result = await blockUser(t.db, buyer, seller.id);
    if (!result.ok) throw new Error(result.error);
    expect(result.closedDeals.map((d) => [d.dealId, d.state]).sort()).toEqual(
      [
        [pending.dealId, "voided"],
        [accepted.dealId, "cancelled"],
        [reverse.dealId, "voided"],
      ].sort(),
    );
    for (const id of [pending.dealId, accepted.dealId, reverse.dealId])
      expect(await dealOf(id)).toMatchObject({ closeReason: "blocked", closedBy: "system", turn: null });
    expect(await statusOf(accepted.listingId)).toBe("active");
    expect(await t.db.select().from(listingLocks).where(eq(listingLocks.listingId, accepted.listingId))).toHaveLength(0);

    // Each side is told only 'This deal was closed' — not that there was a block.
    for (const party of [buyer, seller]) {
      const page = await dealPageFor(t.db, party, accepted.dealId);
      expect(page?.deal).toMatchObject({ state: "cancelled", closeReason: null, closedNotice: "This deal was closed" });
    }

    expect(await dealOf(untouched.dealId)).toMatchObject({ state: "accepted", closeReason: null });
    expect(await statusOf(untouched.listingId)).toBe("pending_pickup");

    // A retry closes nothing more.
    expect(await blockUser(t.db, buyer, seller.id)).toMatchObject({ ok: true, created: false, closedDeals: [] });
  });
});

describe("every write between two people is refused across a block, either way", () => {
  test("an offer: not found (the listing is hidden), nothing stored; after unblocking it goes through", async () => {
    const seller = await createTestUser(t.db);
    const buyer = await createTestUser(t.db);
    const listingId = await createTestListing(t.db, seller);
    await blockUser(t.db, seller, buyer.id);
    expect(await proposeDeal(t.db, buyer, { listingId, offeredListingIds: [], ...cash(10) })).toEqual({ ok: false, error: "notFound" });
    expect(await t.db.select().from(deals).where(eq(deals.listingId, listingId))).toHaveLength(0);
    await unblockUser(t.db, seller, buyer.id);
    expect(await proposeDeal(t.db, buyer, { listingId, offeredListingIds: [], ...cash(10) })).toMatchObject({ ok: true });
  });

  test("a counter-offer and an acceptance: refused by the step's own UPDATE, the deal unchanged", async () => {
    const { dealId, seller, buyer } = await saleDeal(t.db, "proposed");
    await rawBlock(buyer, seller);
    const before = await dealOf(dealId);
    expect(await counterDeal(t.db, seller, dealId, 1, cash(45))).toMatchObject({ ok: false, error: "blocked" });
    expect(await acceptDeal(t.db, seller, dealId, 1)).toMatchObject({ ok: false, error: "blocked" });
    expect(await dealOf(dealId)).toEqual(before);
  });

  test("after a block closed the deal, a late counter or accept is told 'blocked', not the closed state", async () => {
    const { dealId, seller, buyer } = await saleDeal(t.db, "proposed");
    await blockUser(t.db, seller, buyer.id);
    expect(await counterDeal(t.db, buyer, dealId, 1, cash(45))).toMatchObject({ ok: false, error: "blocked" });
    expect(await acceptDeal(t.db, seller, dealId, 1)).toMatchObject({ ok: false, error: "blocked" });
  });

  test("a listing question and the seller's reply", async () => {
    const seller = await createTestUser(t.db);
    const buyer = await createTestUser(t.db);
    const listingId = await createTestListing(t.db, seller);
    expect(await sendListingMessage(t.db, buyer, { listingId, content: "Still there?" })).toMatchObject({ ok: true });
    await rawBlock(buyer, seller);
    // The buyer no longer sees the listing at all; the seller's reply is refused by the insert.
    expect((await sendListingMessage(t.db, buyer, { listingId, content: "Hello?" })).ok).toBe(false);
    expect(await sendListingMessage(t.db, seller, { listingId, content: "Yes", buyerId: buyer.id })).toEqual({
      ok: false,
      reason: "blocked",
    });
    expect(await t.db.select().from(listingMessages).where(eq(listingMessages.listingId, listingId))).toHaveLength(1);
  });

  test("a club direct message", async () => {
    const owner = await createTestUser(t.db);
    const club = await createTestClub(t.db, owner);
    const ann = await createTestUser(t.db);
    const ben = await createTestUser(t.db);
    for (const u of [ann, ben]) await addTestMember(t.db, club, u);
    const dm = async (from: TestUser, to: TestUser) =>
      sendDirectMessage(t.db, (await getClubAccess(t.db, from, club.slug))!, { recipientId: to.id, content: "hi", clientId: randomUUID() });
    expect(await dm(ann, ben)).toMatchObject({ ok: true });
    await blockUser(t.db, ben, ann.id);
    expect(await dm(ann, ben)).toEqual({ ok: false, reason: "blocked" });
    expect(await dm(ben, ann)).toEqual({ ok: false, reason: "blocked" });
    expect(await t.db.select().from(clubDirectMessages).where(eq(clubDirectMessages.clubId, club.id))).toHaveLength(1);
    await unblockUser(t.db, ben, ann.id);
    expect(await dm(ben, ann)).toMatchObject({ ok: true });
  });
});
