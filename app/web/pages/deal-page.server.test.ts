import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { eq } from "drizzle-orm";
import { users } from "#db/schema";
import { createTestDb, type TestDb } from "../../../tests/setup/test-db";
import { addTestMember, createTestClub, createTestListing, createTestUser } from "../../../tests/factories";
import { dealPageFor } from "./deal-page.server";
import { proposeDeal } from "~/features/trade/deals.server";
import { acceptDeal, counterDeal } from "~/features/trade/deal-transitions.server";

let t: TestDb;
beforeAll(async () => {
  t = await createTestDb();
});
afterAll(() => t.cleanup());

const cash = (dollars: number) => ({ cashCents: dollars * 100, cashFrom: "proposer" as const, message: null });

async function offer(opts: { sellerName?: string; buyerName?: string } = {}) {
  const seller = await createTestUser(t.db, { firstName: opts.sellerName ?? "Sam", lastName: "Sellerson" });
  const buyer = await createTestUser(t.db, { firstName: opts.buyerName ?? "Bea", lastName: "Buyerly" });
  const listingId = await createTestListing(t.db, seller, { title: "Hockey skates", priceCents: 5000, state: "MA" });
  const made = await proposeDeal(t.db, buyer, { listingId, offeredListingIds: [], ...cash(40), message: "Cash today?" });
  if (!made.ok) throw new Error(`offer: ${made.error}`);
  return { seller, buyer, listingId, dealId: made.deal.id };
}

describe("the deal page model", () => {
  test("a party sees the deal, its revisions, the listing with a link and whose turn it is", async () => {
    const { seller, buyer, listingId, dealId } = await offer();
    await counterDeal(t.db, seller, dealId, 1, cash(45));

    const page = await dealPageFor(t.db, buyer, dealId);
    expect(page).not.toBeNull();
    expect(page!.party).toBe("proposer");
    expect(page!.deal).toMatchObject({ state: "proposed", revision: 2, kind: "sale" });
    expect(page!.revisions.map((r) => [r.number, r.author, r.cashCents, r.message])).toEqual([
      [1, "proposer", 4000, "Cash today?"],
      [2, "owner", 4500, null],
    ]);
    expect(page!.listings.owner).toEqual([{ title: "Hockey skates", priceCents: 5000, href: `/listing/${listingId}` }]);
    expect(page!.listings.proposer).toEqual([]);
    expect(page!.waitingOn).toBe("proposer");
    expect(page!.steps).toEqual(expect.arrayContaining(["counter", "accept", "decline", "withdraw"]));
    expect(page!.onHold).toBe(false);

    const sellersPage = await dealPageFor(t.db, seller, dealId);
    expect(sellersPage!.party).toBe("owner");
    expect(sellersPage!.steps).toEqual([]);
  });

  test("a stranger gets null; a site admin sees it but may take no step", async () => {
    const { dealId } = await offer();
    const stranger = await createTestUser(t.db);
    expect(await dealPageFor(t.db, stranger, dealId)).toBeNull();
    expect(await dealPageFor(t.db, stranger, "no-such-deal")).toBeNull();
    const admin = await createTestUser(t.db, { admin: true });
    const page = await dealPageFor(t.db, admin, dealId);
    expect(page!.party).toBeNull();
    expect(page!.steps).toEqual([]);
  });

  test("the other party appears by first name only; a deleted account is 'Former member'", async () => {
    const { seller, buyer, dealId } = await offer({ sellerName: "Olivia", buyerName: "Marcus" });
    const page = await dealPageFor(t.db, buyer, dealId);
    expect(page!.names).toEqual({ proposer: "Marcus", owner: "Olivia" });
    expect(JSON.stringify(page)).not.toContain("Sellerson");
    expect(JSON.stringify(page)).not.toContain(seller.email);

    await t.db.delete(users).where(eq(users.id, seller.id));
    const after = await dealPageFor(t.db, buyer, dealId);
    expect(after!.names.owner).toBe("Former member");
    // The listing went with its owner: its title stays (a snapshot), without a link.
    expect(after!.listings.owner).toEqual([{ title: "Hockey skates", priceCents: 5000, href: null }]);
  });

  test("an offer whose listing another accepted deal holds is on hold, and cannot be accepted from the page", async () => {
    const { seller, listingId, dealId } = await offer();
    const rival = await createTestUser(t.db);
    const other = await proposeDeal(t.db, rival, { listingId, offeredListingIds: [], ...cash(50) });
    if (!other.ok) throw new Error("rival offer");
    expect(await acceptDeal(t.db, seller, other.deal.id, 1)).toMatchObject({ ok: true });

    const page = await dealPageFor(t.db, seller, dealId);
    expect(page!.onHold).toBe(true);
    expect(page!.steps).not.toContain("accept");
    expect(page!.steps).toContain("decline");
    const accepted = await dealPageFor(t.db, seller, other.deal.id);
    expect(accepted!.onHold).toBe(false);
    expect(accepted!.steps).toEqual(expect.arrayContaining(["proposeMeetup", "cancel"]));
  });

  test("meeting place suggestions: the metro's safe spots, then the home fields of clubs both parties belong to", async () => {
    const seller = await createTestUser(t.db, { firstName: "Sam" });
    const buyer = await createTestUser(t.db, { firstName: "Bea" });
    const shared = await createTestClub(t.db, seller, { name: "Riverside FC", city: "Cambridge", state: "MA", zip: "02139" });
    await addTestMember(t.db, shared, buyer);
    const sellersOnly = await createTestClub(t.db, seller, { name: "Sellers Only SC", city: "Boston", state: "MA" });
    const pending = await createTestClub(t.db, seller, { name: "Pending Club", joinMode: "approval" });
    await addTestMember(t.db, pending, buyer, { status: "pending" });
    const listingId = await createTestListing(t.db, seller, { state: "MA" });
    const made = await proposeDeal(t.db, buyer, { listingId, offeredListingIds: [], ...cash(20) });
    if (!made.ok) throw new Error("offer");

    const page = await dealPageFor(t.db, buyer, made.deal.id);
    const names = page!.suggestions.map((s) => s.name);
    expect(names).toContain("Boston Public Library, Central Library");
    expect(page!.suggestions).toContainEqual({
      id: `club:${shared.id}`,
      kind: "clubField",
      name: "Riverside FC home field",
      address: "Cambridge, MA",
    });
    expect(names).not.toContain(`${sellersOnly.name} home field`);
    expect(names).not.toContain("Pending Club home field");
    expect(page!.suggestions.at(-1)!.kind).toBe("clubField");
  });
});
