import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { listings } from "#db/schema";
import { createTestDb, type TestDb } from "../../../tests/setup/test-db";
import { addTestMember, createTestClub, createTestListing, createTestUser, type TestUser } from "../../../tests/factories";
import { proposeDeal } from "./deals.server";
import { acceptDeal } from "./deal-transitions.server";
import { listingOffersFor } from "./listing-deals.server";

// Who sees which offer controls on a listing page (ADR 068; spec 02 §2 listing detail), and that
// the page offers exactly what proposeDeal accepts.
let t: TestDb;
beforeAll(async () => {
  t = await createTestDb();
});
afterAll(() => t.cleanup());

const cash = (listingId: string, dollars: number) => ({
  listingId,
  offeredListingIds: [] as string[],
  cashCents: dollars * 100,
  cashFrom: "proposer" as const,
  message: null,
});
const facts = (id: string, userId: string, priceCents: number | null = 2500, status = "active") => ({ id, userId, status, priceCents });

describe("the offer card on a public listing", () => {
  test("signed out: 'Sign in to make an offer', and no price in any default", async () => {
    const seller = await createTestUser(t.db);
    const id = await createTestListing(t.db, seller, { priceCents: 4200 });
    const offers = await listingOffersFor(t.db, null, facts(id, seller.id, 4200));
    expect(offers).toEqual({ kind: "signIn" });
    expect(JSON.stringify(offers)).not.toContain("42");
  });

  test("a buyer may make an offer, prefilled with the asking price; no swap outside a shared club", async () => {
    const seller = await createTestUser(t.db);
    const buyer = await createTestUser(t.db);
    const id = await createTestListing(t.db, seller, { priceCents: 4250 });
    expect(await listingOffersFor(t.db, buyer, facts(id, seller.id, 4250))).toEqual({
      kind: "make",
      defaultCash: "42.50",
      swapListings: null,
    });
  });

  test("a price the page did not receive (hidden) never becomes the default", async () => {
    const seller = await createTestUser(t.db);
    const buyer = await createTestUser(t.db);
    const id = await createTestListing(t.db, seller, { priceCents: 4250 });
    expect(await listingOffersFor(t.db, buyer, facts(id, seller.id, null))).toEqual({
      kind: "make",
      defaultCash: null,
      swapListings: null,
    });
  });

  test("the seller sees the open offers instead: first name, terms, whose turn, on hold", async () => {
    const seller = await createTestUser(t.db);
    const alice = await createTestUser(t.db, { firstName: "Alice", lastName: "Private" });
    const bob = await createTestUser(t.db, { firstName: "Bob" });
    const id = await createTestListing(t.db, seller, { priceCents: 5000 });
    const a = await proposeDeal(t.db, alice, cash(id, 40));
    const b = await proposeDeal(t.db, bob, cash(id, 45));
    if (!a.ok || !b.ok) throw new Error("offers");
    expect(await listingOffersFor(t.db, seller, facts(id, seller.id))).toMatchObject({
      kind: "seller",
      offers: [
        { dealId: b.deal.id, proposerName: "Bob", state: "proposed", turn: "owner", cashCents: 4500, cashFrom: "proposer", onHold: false },
        { dealId: a.deal.id, proposerName: "Alice", state: "proposed", turn: "owner", cashCents: 4000, onHold: false },
      ],
    });
    // Never the last name.
    expect(JSON.stringify(await listingOffersFor(t.db, seller, facts(id, seller.id)))).not.toContain("Private");

    expect(await acceptDeal(t.db, seller, b.deal.id, 1)).toMatchObject({ ok: true });
    const after = await listingOffersFor(t.db, seller, facts(id, seller.id, 5000, "pending_pickup"));
    expect(after).toMatchObject({
      kind: "seller",
      offers: [
        { dealId: b.deal.id, state: "accepted", onHold: false },
        { dealId: a.deal.id, state: "proposed", onHold: true },
      ],
    });
  });

  test("a buyer with an open offer sees 'View your offer'; a listing no longer active takes no new ones", async () => {
    const seller = await createTestUser(t.db);
    const buyer = await createTestUser(t.db);
    const late = await createTestUser(t.db);
    const id = await createTestListing(t.db, seller);
    const made = await proposeDeal(t.db, buyer, cash(id, 20));
    if (!made.ok) throw new Error("offer");
    expect(await listingOffersFor(t.db, buyer, facts(id, seller.id))).toEqual({ kind: "yours", dealId: made.deal.id });
    expect(await acceptDeal(t.db, seller, made.deal.id, 1)).toMatchObject({ ok: true });
    expect(await listingOffersFor(t.db, buyer, facts(id, seller.id, 2500, "pending_pickup"))).toEqual({
      kind: "yours",
      dealId: made.deal.id,
    });
    expect(await listingOffersFor(t.db, late, facts(id, seller.id, 2500, "pending_pickup"))).toEqual({ kind: "none" });
  });
});

describe("a listing posted to a club", () => {
  async function clubWorld(opts: { audience: "clubs" | "publicToo" }) {
    const seller = await createTestUser(t.db);
    const member = await createTestUser(t.db);
    const outsider = await createTestUser(t.db);
    const club = await createTestClub(t.db, seller, { visibility: "public" });
    await addTestMember(t.db, club, member);
    const id = await createTestListing(t.db, seller, { clubs: [club], priceCents: 3000 });
    if (opts.audience === "publicToo") {
      // A public listing that is also in the club: everyone may offer, members may swap.
      await t.db.update(listings).set({ audience: "public" }).where(eq(listings.id, id));
    }
    return { seller, member, outsider, club, id };
  }

  test("a fellow member sees 'Swap' with their own active, unlocked listings", async () => {
    const { seller, member, club, id } = await clubWorld({ audience: "clubs" });
    const glove = await createTestListing(t.db, member, { title: "My glove", priceCents: 1500 });
    const bat = await createTestListing(t.db, member, { title: "My bat", clubs: [club] });
    const sold = await createTestListing(t.db, member, { title: "Sold bat" });
    await t.db.update(listings).set({ status: "sold" }).where(eq(listings.id, sold));
    // Locked in an accepted deal elsewhere: not offered.
    const other = await createTestUser(t.db);
    const locked = await createTestListing(t.db, member, { title: "Locked helmet" });
    const taken = await proposeDeal(t.db, other, cash(locked, 10));
    if (!taken.ok) throw new Error("offer");
    await acceptDeal(t.db, member, taken.deal.id, 1);

    const offers = await listingOffersFor(t.db, member, facts(id, seller.id, 3000));
    expect(offers.kind).toBe("make");
    if (offers.kind !== "make") return;
    expect(offers.defaultCash).toBe("30.00");
    expect(offers.swapListings?.map((l) => l.id).sort()).toEqual([glove, bat].sort());
    expect(offers.swapListings?.find((l) => l.id === glove)).toEqual({ id: glove, title: "My glove", priceCents: 1500 });

    const swapped = await proposeDeal(t.db, member, { ...cash(id, 0), offeredListingIds: [glove] });
    expect(swapped).toMatchObject({ ok: true, deal: { kind: "swap" } });
  });

  test("a non-member of a clubs-only listing sees nothing, and proposeDeal refuses it as not found", async () => {
    const { seller, outsider, id } = await clubWorld({ audience: "clubs" });
    expect(await listingOffersFor(t.db, outsider, facts(id, seller.id))).toEqual({ kind: "none" });
    expect(await proposeDeal(t.db, outsider, cash(id, 25))).toEqual({ ok: false, error: "notFound" });
  });

  test("a public listing also posted to a club: everyone may offer, only members may swap", async () => {
    const { seller, member, outsider, id } = await clubWorld({ audience: "publicToo" });
    await createTestListing(t.db, outsider, { title: "Outsider's ball" });
    expect(await listingOffersFor(t.db, outsider, facts(id, seller.id))).toMatchObject({ kind: "make", swapListings: null });
    expect(await listingOffersFor(t.db, member, facts(id, seller.id))).toMatchObject({ kind: "make", swapListings: [] });
  });

  test("a site admin who is not a member: no offer on a clubs-only listing (seeing is not offering)", async () => {
    const { seller, id } = await clubWorld({ audience: "clubs" });
    const admin: TestUser = await createTestUser(t.db, { admin: true });
    expect(await listingOffersFor(t.db, admin, facts(id, seller.id))).toEqual({ kind: "none" });
  });
});
