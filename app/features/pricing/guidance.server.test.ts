// Price guidance (ADR 086): the ranges, the widening, the five-sale guard, and that no hidden price
// counts — a members-only sale only for that club's members, asked inside that club.
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { eq } from "drizzle-orm";
import { deals, saleClubs, sales, zipCodes } from "#db/schema";
import { createTestDb, type TestDb } from "../../../tests/setup/test-db";
import { addTestMember, createTestClub, createTestListing, createTestUser, type TestClub, type TestUser } from "../../../tests/factories";
import { advanceDeal, saleDeal } from "../../../tests/deal-fixtures";
import { proposeDeal } from "../trade/deals.server";
import { cancelDeal } from "../trade/deal-transitions.server";
import { MIN_SALES, nearbyConditions, priceGuidance, type GuidanceAsk } from "./guidance.server";

let t: TestDb;
let asker: TestUser;
let member: TestUser;
let club: TestClub;
const now = new Date("2026-11-01T12:00:00Z");
const daysAgo = (days: number) => new Date(now.getTime() - days * 86_400_000);

type SaleFacts = {
  sport?: string;
  type?: string;
  brand?: string | null;
  condition?: "new" | "like-new" | "gently-used" | "well-worn";
  zip?: string;
  state?: string;
  cents: number;
  at?: Date;
  clubId?: string;
};
/** A sale as a completed deal leaves it (sales.server.ts writes these from the real steps; tested below). */
async function sale(f: SaleFacts) {
  const id = crypto.randomUUID();
  await t.db.insert(deals).values({ id, kind: "sale", state: "completed", lastRevisionAt: f.at ?? daysAgo(10), transitionId: id });
  await t.db.insert(sales).values({
    dealId: id,
    sport: (f.sport ?? "hockey") as "hockey",
    equipmentType: f.type ?? "Skates",
    brand: f.brand ?? null,
    condition: f.condition ?? "gently-used",
    zipCode: f.zip ?? "02139",
    state: f.state ?? "MA",
    priceCents: f.cents,
    isPublic: !f.clubId,
    completedAt: f.at ?? daysAgo(10),
  });
  if (f.clubId) await t.db.insert(saleClubs).values({ dealId: id, clubId: f.clubId });
}
const ask = (over: Partial<GuidanceAsk> = {}): GuidanceAsk => ({
  sport: "hockey",
  equipmentType: "Skates",
  condition: "gently-used",
  zipCode: "02139",
  ...over,
});

beforeAll(async () => {
  t = await createTestDb();
  // Cambridge and Pittsfield, MA (about 110 miles apart), Denver and San Francisco.
  await t.db.insert(zipCodes).values([
    { zip: "02139", city: "Cambridge", state: "MA", latitude: 42.3656, longitude: -71.104 },
    { zip: "01201", city: "Pittsfield", state: "MA", latitude: 42.4506, longitude: -73.26 },
    { zip: "80202", city: "Denver", state: "CO", latitude: 39.753, longitude: -104.9994 },
    { zip: "94103", city: "San Francisco", state: "CA", latitude: 37.7725, longitude: -122.4147 },
  ]);
  asker = await createTestUser(t.db, { firstName: "Asker" });
  member = await createTestUser(t.db, { firstName: "Member" });
  club = await createTestClub(t.db, member, { visibility: "private", name: "Rink Rats" });
});
afterAll(() => t.cleanup());

describe("similar items", () => {
  test("a condition counts with its neighbours on the scale", () => {
    expect(nearbyConditions("new")).toEqual(["new", "like-new"]);
    expect(nearbyConditions("gently-used")).toEqual(["like-new", "gently-used", "well-worn"]);
    expect(nearbyConditions("well-worn")).toEqual(["gently-used", "well-worn"]);
  });
});

describe("the figures", () => {
  test("the interquartile range and the median of the sales near the ZIP", async () => {
    // Eight sales in Cambridge of lacrosse sticks, $20 … $90.
    for (const dollars of [20, 30, 40, 50, 60, 70, 80, 90]) await sale({ sport: "lacrosse", type: "Sticks", cents: dollars * 100 });
    const g = await priceGuidance(t.db, asker, ask({ sport: "lacrosse", equipmentType: "Sticks" }), now);
    // Ranks 0…7: Q1 at 1.75 → $37.50, median at 3.5 → $55, Q3 at 5.25 → $72.50.
    expect(g).toEqual({ low: 3750, median: 5500, high: 7250, count: 8, scope: "near", sameBrand: false, region: null });
  });

  test("another condition more than one step away, another type, or a sale older than 12 months does not count", async () => {
    for (let i = 0; i < 5; i++) await sale({ sport: "golf", type: "Putters", condition: "new", cents: 1000 });
    for (let i = 0; i < 5; i++) await sale({ sport: "golf", type: "Drivers", condition: "well-worn", cents: 2000 });
    for (let i = 0; i < 5; i++) await sale({ sport: "golf", type: "Drivers", condition: "gently-used", cents: 3000, at: daysAgo(400) });
    expect(await priceGuidance(t.db, asker, ask({ sport: "golf", equipmentType: "Drivers", condition: "new" }), now)).toBeNull();
    expect(await priceGuidance(t.db, asker, ask({ sport: "golf", equipmentType: "Drivers", condition: "like-new" }), now)).toBeNull();
    expect(
      (await priceGuidance(t.db, asker, ask({ sport: "golf", equipmentType: "Drivers", condition: "gently-used" }), now))?.median,
    ).toBe(2000);
  });
});

describe("the five-sale guard", () => {
  test("four sales give nothing, anywhere; the fifth gives the figures", async () => {
    for (const dollars of [10, 20, 30, 40])
      await sale({ sport: "tennis", type: "Rackets", cents: dollars * 100, zip: "94103", state: "CA" });
    expect(MIN_SALES).toBe(5);
    expect(await priceGuidance(t.db, asker, ask({ sport: "tennis", equipmentType: "Rackets" }), now)).toBeNull();
    expect(await priceGuidance(t.db, asker, ask({ sport: "tennis", equipmentType: "Rackets", zipCode: null }), now)).toBeNull();
    await sale({ sport: "tennis", type: "Rackets", cents: 5000, zip: "94103", state: "CA" });
    expect(await priceGuidance(t.db, asker, ask({ sport: "tennis", equipmentType: "Rackets" }), now)).toMatchObject({
      count: 5,
      median: 3000,
      scope: "everywhere",
    });
  });
});

describe("widening", () => {
  test("near → the state → everywhere, the same brand first when it alone has five", async () => {
    // Five Bauer near Cambridge, five more in Massachusetts out of the radius (Pittsfield), and five in Colorado.
    for (let i = 0; i < 4; i++) await sale({ type: "Helmets", brand: "Bauer", cents: 6000 });
    const near = ask({ equipmentType: "Helmets", brand: "Bauer" });
    expect(await priceGuidance(t.db, asker, near, now)).toBeNull();
    for (let i = 0; i < 5; i++) await sale({ type: "Helmets", brand: "CCM", zip: "01201", state: "MA", cents: 4000 });
    expect(await priceGuidance(t.db, asker, near, now)).toMatchObject({ scope: "region", region: "MA", sameBrand: false, count: 9 });
    await sale({ type: "Helmets", brand: "bauer", cents: 7000 });
    expect(await priceGuidance(t.db, asker, near, now)).toMatchObject({ scope: "near", sameBrand: true, count: 5, median: 6000 });
    // Denver: nothing near, nothing in Colorado, everywhere has 15.
    expect(await priceGuidance(t.db, asker, { ...near, brand: "Warrior", zipCode: "80202" }, now)).toMatchObject({
      scope: "everywhere",
      sameBrand: false,
      count: 10,
    });
  });
});

describe("no hidden price counts", () => {
  test("a club's sales count only inside the club, and only for its members", async () => {
    for (let i = 0; i < 5; i++) await sale({ sport: "baseball", type: "Gloves", cents: 9900, clubId: club.id });
    const inClub = ask({ sport: "baseball", equipmentType: "Gloves", clubIds: [club.id] });
    // Outside the club (a public listing's form, or no club named): none of them counts.
    expect(await priceGuidance(t.db, member, { ...inClub, clubIds: [] }, now)).toBeNull();
    // Naming the club is not enough: the asker is no member.
    expect(await priceGuidance(t.db, asker, inClub, now)).toBeNull();
    // Its member, inside it: they count.
    expect(await priceGuidance(t.db, member, inClub, now)).toMatchObject({ count: 5, median: 9900, scope: "near" });
    // A pending request does not make a member.
    await addTestMember(t.db, club, asker, { status: "pending" });
    expect(await priceGuidance(t.db, asker, inClub, now)).toBeNull();
  });

  test("four club sales beside public ones: the club's count for members only", async () => {
    for (let i = 0; i < 4; i++) await sale({ sport: "baseball", type: "Bats", cents: 100_00, clubId: club.id });
    for (let i = 0; i < 4; i++) await sale({ sport: "baseball", type: "Bats", cents: 20_00 });
    const bats = ask({ sport: "baseball", equipmentType: "Bats", clubIds: [club.id] });
    expect(await priceGuidance(t.db, asker, bats, now)).toBeNull();
    expect(await priceGuidance(t.db, member, bats, now)).toMatchObject({ count: 8 });
  });
});

describe("the sales a deal leaves", () => {
  test("a completed sale records its cash; a swap its listed price; a cancelled deal nothing", async () => {
    const seller = await createTestUser(t.db, { firstName: "Seller" });
    const sold = await saleDeal(t.db, "completed", { seller, cents: 3300 });
    const [row] = await t.db.select().from(sales).where(eq(sales.dealId, sold.dealId));
    // The fixture's listing has no type: a sale without a type is no guide.
    expect(row).toBeUndefined();

    const buyer = await createTestUser(t.db, { firstName: "Buyer" });
    const typed = await createTestListing(t.db, seller, { sport: "hockey", equipmentType: "Sticks", priceCents: 5000, brand: "CCM" });
    const offer = await proposeDeal(
      t.db,
      buyer,
      { listingId: typed, offeredListingIds: [], cashCents: 4200, cashFrom: "proposer", message: null },
      now,
    );
    if (!offer.ok) throw new Error(offer.error);
    await advanceDeal(t.db, { dealId: offer.deal.id, seller, buyer }, "proposed", "completed", now);
    const [cash] = await t.db.select().from(sales).where(eq(sales.dealId, offer.deal.id));
    expect(cash).toMatchObject({ sport: "hockey", equipmentType: "Sticks", brand: "CCM", priceCents: 4200, isPublic: true });

    // Swaps are between members of a club: the sale is the club's (sale_clubs), not public.
    await addTestMember(t.db, club, seller);
    await addTestMember(t.db, club, buyer);
    const mine = await createTestListing(t.db, buyer, { sport: "hockey", equipmentType: "Sticks", priceCents: 1000, clubs: [club] });
    const theirs = await createTestListing(t.db, seller, { sport: "hockey", equipmentType: "Gloves", priceCents: 2500, clubs: [club] });
    const swap = await proposeDeal(
      t.db,
      buyer,
      { listingId: theirs, offeredListingIds: [mine], cashCents: 0, cashFrom: "proposer", message: null },
      now,
    );
    if (!swap.ok) throw new Error(swap.error);
    await advanceDeal(t.db, { dealId: swap.deal.id, seller, buyer }, "proposed", "completed", now);
    const [swapped] = await t.db.select().from(sales).where(eq(sales.dealId, swap.deal.id));
    expect(swapped).toMatchObject({ equipmentType: "Gloves", priceCents: 2500, isPublic: false });
    expect(await t.db.select().from(saleClubs).where(eq(saleClubs.dealId, swap.deal.id))).toEqual([
      { dealId: swap.deal.id, clubId: club.id },
    ]);

    const other = await createTestListing(t.db, seller, { sport: "hockey", equipmentType: "Sticks", priceCents: 9000 });
    const cancelled = await proposeDeal(
      t.db,
      buyer,
      { listingId: other, offeredListingIds: [], cashCents: 100, cashFrom: "proposer", message: null },
      now,
    );
    if (!cancelled.ok) throw new Error(cancelled.error);
    await advanceDeal(t.db, { dealId: cancelled.deal.id, seller, buyer }, "proposed", "accepted", now);
    await cancelDeal(t.db, seller, cancelled.deal.id, "changed my mind", now);
    expect(await t.db.select().from(sales).where(eq(sales.dealId, cancelled.deal.id))).toEqual([]);
  });
});
