import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { eq } from "drizzle-orm";
import { dealRevisions, deals, listingLocks, listings } from "#db/schema";
import { createTestDb, type TestDb } from "../../../tests/setup/test-db";
import { addTestMember, createTestClub, createTestListing, createTestUser, type TestUser } from "../../../tests/factories";
import { proposeDeal } from "./deals.server";
import { acceptDeal, cancelDeal, confirmMeetup, counterDeal, markHandedOver, proposeMeetup, withdrawDeal } from "./deal-transitions.server";
import { runDealClock } from "./deal-clock.server";

let t: TestDb;
beforeAll(async () => {
  t = await createTestDb();
});
afterAll(() => t.cleanup());

const cash = (dollars: number) => ({ cashCents: dollars * 100, cashFrom: "proposer" as const, message: null });
const statusOf = async (id: string) => (await t.db.select({ s: listings.status }).from(listings).where(eq(listings.id, id)))[0]!.s;
const locksOf = async (id: string) => t.db.select().from(listingLocks).where(eq(listingLocks.listingId, id));

describe("an offer's life", () => {
  test("offer → counter → accept → meetup → both hand over: completed, the listing sold", async () => {
    const seller = await createTestUser(t.db);
    const buyer = await createTestUser(t.db);
    const listingId = await createTestListing(t.db, seller, { priceCents: 5000 });
    const made = await proposeDeal(t.db, buyer, { listingId, offeredListingIds: [], ...cash(40) });
    expect(made.ok).toBe(true);
    if (!made.ok) return;
    const id = made.deal.id;
    expect(made.deal).toMatchObject({ state: "proposed", turn: "owner", revision: 1 });

    const countered = await counterDeal(t.db, seller, id, 1, cash(45));
    expect(countered).toMatchObject({ ok: true, deal: { state: "proposed", turn: "proposer", revision: 2 } });
    const revisions = await t.db.select().from(dealRevisions).where(eq(dealRevisions.dealId, id));
    expect(revisions.map((r) => [r.number, r.author, r.cashCents])).toEqual([
      [1, "proposer", 4000],
      [2, "owner", 4500],
    ]);

    expect(await acceptDeal(t.db, seller, id, 2)).toMatchObject({ ok: false, error: "notYourTurn" });
    expect(await acceptDeal(t.db, buyer, id, 1)).toMatchObject({ ok: false, error: "staleRevision" });
    expect(await acceptDeal(t.db, buyer, id, 2)).toMatchObject({ ok: true, deal: { state: "accepted" } });
    expect(await statusOf(listingId)).toBe("pending_pickup");
    expect(await locksOf(listingId)).toHaveLength(1);

    const at = new Date(Date.now() + 86_400_000);
    expect(await proposeMeetup(t.db, seller, id, { spotId: null, place: "Cambridge Public Library", at })).toMatchObject({ ok: true });
    expect(await confirmMeetup(t.db, seller, id)).toMatchObject({ ok: false, error: "noMeetupToConfirm" });
    expect(await confirmMeetup(t.db, buyer, id)).toMatchObject({ ok: true, deal: { state: "meetup_agreed" } });
    expect(await markHandedOver(t.db, buyer, id)).toMatchObject({ ok: true, deal: { state: "handed_over" } });
    expect(await markHandedOver(t.db, buyer, id)).toMatchObject({ ok: false, error: "alreadyHandedOver" });
    expect(await markHandedOver(t.db, seller, id)).toMatchObject({ ok: true, deal: { state: "completed" } });
    expect(await statusOf(listingId)).toBe("sold");
    expect(await locksOf(listingId)).toHaveLength(0);
    // The buyer still opens the sold listing (it is in their history); a stranger does not.
    const { getListingForViewer } = await import("../listings/listing-reads.server");
    expect(await getListingForViewer(t.db, buyer, listingId)).not.toBeNull();
    expect(await getListingForViewer(t.db, await createTestUser(t.db), listingId)).toBeNull();
  });

  test("a stranger cannot see or act on a deal: notFound", async () => {
    const seller = await createTestUser(t.db);
    const buyer = await createTestUser(t.db);
    const stranger = await createTestUser(t.db);
    const listingId = await createTestListing(t.db, seller);
    const made = await proposeDeal(t.db, buyer, { listingId, offeredListingIds: [], ...cash(10) });
    if (!made.ok) throw new Error("offer");
    expect(await acceptDeal(t.db, stranger, made.deal.id, 1)).toEqual({ ok: false, error: "notFound" });
    expect(await withdrawDeal(t.db, stranger, made.deal.id)).toEqual({ ok: false, error: "notFound" });
  });

  test("a seller cannot offer on their own listing; a second offer shows the open one", async () => {
    const seller = await createTestUser(t.db);
    const buyer = await createTestUser(t.db);
    const listingId = await createTestListing(t.db, seller);
    expect(await proposeDeal(t.db, seller, { listingId, offeredListingIds: [], ...cash(10) })).toEqual({ ok: false, error: "ownListing" });
    const first = await proposeDeal(t.db, buyer, { listingId, offeredListingIds: [], ...cash(10) });
    const second = await proposeDeal(t.db, buyer, { listingId, offeredListingIds: [], ...cash(12) });
    expect(second).toEqual({ ok: false, error: "openDealExists", dealId: first.ok ? first.deal.id : "?" });
  });
});

describe("races: the database decides", () => {
  test("10 buyers' offers on one listing, 10 acceptances at once: exactly one accepted, the listing locked once", async () => {
    const seller = await createTestUser(t.db);
    const listingId = await createTestListing(t.db, seller);
    const buyers: TestUser[] = await Promise.all(Array.from({ length: 10 }, () => createTestUser(t.db)));
    const offers = [];
    for (const buyer of buyers) {
      const made = await proposeDeal(t.db, buyer, { listingId, offeredListingIds: [], ...cash(20) });
      if (!made.ok) throw new Error(made.error);
      offers.push(made.deal.id);
    }
    const results = await Promise.all(offers.map((id) => acceptDeal(t.db, seller, id, 1)));
    expect(results.filter((r) => r.ok)).toHaveLength(1);
    expect(results.filter((r) => !r.ok).map((r) => !r.ok && r.error)).toEqual(Array(9).fill("onHold"));
    expect(await locksOf(listingId)).toHaveLength(1);
    expect(await statusOf(listingId)).toBe("pending_pickup");
    const accepted = await t.db.select().from(deals).where(eq(deals.state, "accepted"));
    expect(accepted.filter((d) => d.listingId === listingId)).toHaveLength(1);

    // Cancelled: the others can be accepted again.
    const winner = results.find((r) => r.ok)!;
    if (!winner.ok) throw new Error();
    expect(await cancelDeal(t.db, seller, winner.deal.id, "changed_my_mind")).toMatchObject({ ok: true, deal: { state: "cancelled" } });
    expect(await statusOf(listingId)).toBe("active");
    const next = offers.find((id) => id !== winner.deal.id)!;
    expect(await acceptDeal(t.db, seller, next, 1)).toMatchObject({ ok: true });
  });

  test("withdraw and accept at the same moment end in exactly one of them", async () => {
    for (let i = 0; i < 5; i++) {
      const seller = await createTestUser(t.db);
      const buyer = await createTestUser(t.db);
      const listingId = await createTestListing(t.db, seller);
      const made = await proposeDeal(t.db, buyer, { listingId, offeredListingIds: [], ...cash(20) });
      if (!made.ok) throw new Error();
      const [w, a] = await Promise.all([withdrawDeal(t.db, buyer, made.deal.id), acceptDeal(t.db, seller, made.deal.id, 1)]);
      expect([w.ok, a.ok].filter(Boolean)).toHaveLength(1);
      const [row] = await t.db.select().from(deals).where(eq(deals.id, made.deal.id));
      expect(row!.state).toBe(w.ok ? "withdrawn" : "accepted");
      expect(await statusOf(listingId)).toBe(w.ok ? "active" : "pending_pickup");
    }
  });

  test("a swap of two listings racing a sale of one of them: exactly one wins, nothing half-locked", async () => {
    const owner = await createTestUser(t.db);
    const club = await createTestClub(t.db, owner);
    const swapper = await createTestUser(t.db);
    await addTestMember(t.db, club, swapper);
    const buyer = await createTestUser(t.db);
    const wanted = await createTestListing(t.db, owner, { clubs: [club] });
    const mine = await createTestListing(t.db, swapper, { clubs: [club] });
    const swap = await proposeDeal(t.db, swapper, {
      listingId: wanted,
      offeredListingIds: [mine],
      cashCents: 0,
      cashFrom: "proposer",
      message: null,
    });
    if (!swap.ok) throw new Error(swap.error);
    await addTestMember(t.db, club, buyer);
    const sale = await proposeDeal(t.db, buyer, { listingId: mine, offeredListingIds: [], ...cash(30) });
    if (!sale.ok) throw new Error(sale.error);
    const [s, b] = await Promise.all([acceptDeal(t.db, owner, swap.deal.id, 1), acceptDeal(t.db, swapper, sale.deal.id, 1)]);
    expect([s.ok, b.ok].filter(Boolean)).toHaveLength(1);
    const locks = [...(await locksOf(wanted)), ...(await locksOf(mine))];
    expect(locks.map((l) => l.dealId)).toEqual(s.ok ? [swap.deal.id, swap.deal.id] : [sale.deal.id]);
    expect(await statusOf(wanted)).toBe(s.ok ? "pending_pickup" : "active");
  });
});

describe("the clock", () => {
  test("an offer unanswered 24 h is reminded once, at 48 h it expires; a one-sided hand-over completes after 72 h", async () => {
    const seller = await createTestUser(t.db);
    const buyer = await createTestUser(t.db);
    const listingId = await createTestListing(t.db, seller);
    const start = new Date();
    const made = await proposeDeal(t.db, buyer, { listingId, offeredListingIds: [], ...cash(20) }, start);
    if (!made.ok) throw new Error();
    const h = (n: number) => new Date(start.getTime() + n * 3_600_000);
    expect((await runDealClock(t.db, h(23))).reminded).toHaveLength(0);
    expect((await runDealClock(t.db, h(25))).reminded.map((d) => d.id)).toContain(made.deal.id);
    expect((await runDealClock(t.db, h(26))).reminded.map((d) => d.id)).not.toContain(made.deal.id);
    expect(await acceptDeal(t.db, seller, made.deal.id, 1, h(49))).toMatchObject({ ok: false, error: "expired" });
    expect((await runDealClock(t.db, h(49))).expired.map((d) => d.id)).toContain(made.deal.id);

    const listing2 = await createTestListing(t.db, seller);
    const d2 = await proposeDeal(t.db, buyer, { listingId: listing2, offeredListingIds: [], ...cash(20) }, start);
    if (!d2.ok) throw new Error();
    await acceptDeal(t.db, seller, d2.deal.id, 1, h(1));
    await proposeMeetup(t.db, buyer, d2.deal.id, { spotId: null, place: "Library", at: h(20) }, h(2));
    await confirmMeetup(t.db, seller, d2.deal.id, h(3));
    await markHandedOver(t.db, seller, d2.deal.id, h(21));
    expect((await runDealClock(t.db, h(21 + 71))).completed.map((d) => d.id)).not.toContain(d2.deal.id);
    expect((await runDealClock(t.db, h(21 + 72))).completed.map((d) => d.id)).toContain(d2.deal.id);
    expect(await statusOf(listing2)).toBe("sold");
  });
});

describe("an account that goes", () => {
  test("its open deals end (proposed voided, accepted cancelled), the other side's swap listing is released, the deals stay", async () => {
    const { deleteUserAccount } = await import("../admin/admin-deletions.server");
    const owner = await createTestUser(t.db);
    const club = await createTestClub(t.db, owner);
    const swapper = await createTestUser(t.db);
    await addTestMember(t.db, club, swapper);
    const wanted = await createTestListing(t.db, owner, { clubs: [club] });
    const other = await createTestListing(t.db, owner, { clubs: [club] });
    const mine = await createTestListing(t.db, swapper, { clubs: [club] });
    const swap = await proposeDeal(t.db, swapper, {
      listingId: wanted,
      offeredListingIds: [mine],
      cashCents: 0,
      cashFrom: "proposer",
      message: null,
    });
    const offer = await proposeDeal(t.db, swapper, { listingId: other, offeredListingIds: [], ...cash(5) });
    if (!swap.ok || !offer.ok) throw new Error();
    expect(await acceptDeal(t.db, owner, swap.deal.id, 1)).toMatchObject({ ok: true });
    expect(await statusOf(mine)).toBe("pending_pickup");

    expect(await deleteUserAccount(t.db, owner, owner.id, "self")).toMatchObject({ ok: true });
    const rows = await t.db.select().from(deals).where(eq(deals.proposerId, swapper.id));
    expect(Object.fromEntries(rows.map((d) => [d.id, [d.state, d.closeReason, d.ownerId]]))).toEqual({
      [swap.deal.id]: ["cancelled", "account_deleted", null],
      [offer.deal.id]: ["voided", "account_deleted", null],
    });
    expect(await statusOf(mine)).toBe("active");
    expect(await locksOf(mine)).toHaveLength(0);
  });
});
