import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { eq } from "drizzle-orm";
import { dealListings, deals, listings, reviews, users, type DealParty } from "#db/schema";
import { createTestDb, type TestDb } from "../../../tests/setup/test-db";
import { addTestMember, createTestClub, createTestListing, createTestUser, type TestUser } from "../../../tests/factories";
import { listingPageFor } from "../../web/pages/listing-page.server";
import { sellerTrust, toSellerCardView, userRating } from "./ratings.server";

let t: TestDb;
beforeAll(async () => {
  t = await createTestDb();
});
afterAll(() => t.cleanup());

const DAY = 86_400_000;

/** A completed sale of one of the owner's listings to the proposer, as the deal machine leaves it. */
async function completedDeal(proposer: TestUser, owner: TestUser, opts: { listingId?: string; completedDaysAgo?: number } = {}) {
  const listingId = opts.listingId ?? (await createTestListing(t.db, owner, { priceCents: 2500 }));
  const completedAt = new Date(Date.now() - (opts.completedDaysAgo ?? 1) * DAY);
  const [deal] = await t.db
    .insert(deals)
    .values({
      proposerId: proposer.id,
      ownerId: owner.id,
      listingId,
      kind: "sale",
      state: "completed",
      lastRevisionAt: completedAt,
      completedAt,
      transitionId: crypto.randomUUID(),
    })
    .returning();
  await t.db
    .insert(dealListings)
    .values({ dealId: deal!.id, listingId, side: "owner", listingVersion: 1, title: "Cleats", priceCents: 2500 });
  await t.db.update(listings).set({ status: "sold" }).where(eq(listings.id, listingId));
  return { dealId: deal!.id, listingId, completedAt };
}

/** The review `by` (a party of the deal) wrote; published `publishedDaysAgo` days ago, or hidden (null). */
async function review(
  dealId: string,
  by: { role: DealParty; reviewer: TestUser; reviewee: TestUser },
  rating: number,
  opts: { comment?: string; publishedDaysAgo?: number | null } = {},
) {
  const days = opts.publishedDaysAgo === undefined ? 0 : opts.publishedDaysAgo;
  await t.db.insert(reviews).values({
    dealId,
    reviewerRole: by.role,
    reviewerId: by.reviewer.id,
    revieweeId: by.reviewee.id,
    rating,
    comment: opts.comment ?? null,
    publishedAt: days === null ? null : new Date(Date.now() - days * DAY),
  });
}

describe("a rating is the average of the published reviews someone received, to one decimal, with their count", () => {
  test("hidden reviews do not count; published ones do, whichever side of the deal wrote them", async () => {
    const seller = await createTestUser(t.db);
    expect(await userRating(t.db, seller.id)).toEqual({ average: null, count: 0 });

    const buyers = [await createTestUser(t.db), await createTestUser(t.db), await createTestUser(t.db)];
    for (const [i, rating] of [5, 4, 4].entries()) {
      const { dealId } = await completedDeal(buyers[i]!, seller);
      await review(dealId, { role: "proposer", reviewer: buyers[i]!, reviewee: seller }, rating);
    }
    expect(await userRating(t.db, seller.id)).toEqual({ average: 4.3, count: 3 });

    // Double-blind: a review waiting for the other party is nobody's rating yet.
    const { dealId } = await completedDeal(buyers[0]!, seller);
    await review(dealId, { role: "proposer", reviewer: buyers[0]!, reviewee: seller }, 1, { publishedDaysAgo: null });
    expect(await userRating(t.db, seller.id)).toEqual({ average: 4.3, count: 3 });

    // The seller's review of the buyer is the buyer's rating, not the seller's.
    await review(dealId, { role: "owner", reviewer: seller, reviewee: buyers[0]! }, 2);
    expect(await userRating(t.db, buyers[0]!.id)).toEqual({ average: 2, count: 1 });
    expect(await userRating(t.db, seller.id)).toEqual({ average: 4.3, count: 3 });
  });

  test("a deleted listing keeps its deals' reviews, and so the rating", async () => {
    const seller = await createTestUser(t.db);
    const buyer = await createTestUser(t.db);
    const { dealId, listingId } = await completedDeal(buyer, seller);
    await review(dealId, { role: "proposer", reviewer: buyer, reviewee: seller }, 5, { comment: "Great cleats" });
    await t.db.delete(listings).where(eq(listings.id, listingId));
    expect(await userRating(t.db, seller.id)).toEqual({ average: 5, count: 1 });
    const [deal] = await t.db.select().from(deals).where(eq(deals.id, dealId));
    expect(deal).toMatchObject({ state: "completed", listingId: null });
    expect((await sellerTrust(t.db, null, seller.id)).recentReviews).toMatchObject([{ rating: 5, comment: "Great cleats" }]);
  });
});

describe("the seller card's trust", () => {
  test("a deleted reviewer's review stays, signed 'Former member'", async () => {
    const seller = await createTestUser(t.db);
    const buyer = await createTestUser(t.db, { firstName: "Gone" });
    const { dealId } = await completedDeal(buyer, seller);
    await review(dealId, { role: "proposer", reviewer: buyer, reviewee: seller }, 4, { comment: "Smooth handoff" });
    await t.db.delete(users).where(eq(users.id, buyer.id));
    const trust = await sellerTrust(t.db, null, seller.id);
    expect(trust.rating).toEqual({ average: 4, count: 1 });
    expect(trust.recentReviews).toMatchObject([{ rating: 4, comment: "Smooth handoff", reviewerName: "Former member" }]);
  });

  test("verified e-mail, member since, completed deals as either party, and the last 3 published reviews, newest first", async () => {
    const seller = await createTestUser(t.db, { firstName: "Sam" });
    await t.db
      .update(users)
      .set({ createdAt: new Date("2025-03-10T12:00:00Z") })
      .where(eq(users.id, seller.id));
    const names = ["Ann", "Ben", "Cat", "Dan"];
    for (const [i, firstName] of names.entries()) {
      const buyer = await createTestUser(t.db, { firstName });
      const { dealId } = await completedDeal(buyer, seller);
      await review(dealId, { role: "proposer", reviewer: buyer, reviewee: seller }, 5 - i, { publishedDaysAgo: 10 - i });
    }
    // The seller bought once too: a completed deal of theirs as the proposer.
    await completedDeal(seller, await createTestUser(t.db));
    // An unfinished deal is not a completed one.
    const other = await createTestUser(t.db);
    await t.db.insert(deals).values({
      proposerId: other.id,
      ownerId: seller.id,
      listingId: await createTestListing(t.db, seller),
      kind: "sale",
      state: "accepted",
      lastRevisionAt: new Date(),
      transitionId: crypto.randomUUID(),
    });

    const trust = await sellerTrust(t.db, null, seller.id);
    expect(trust).toMatchObject({ verifiedEmail: true, completedDeals: 5, sharedClubs: [], rating: { average: 3.5, count: 4 } });
    expect(trust.recentReviews.map((r) => [r.reviewerName, r.rating])).toEqual([
      ["Dan", 2],
      ["Cat", 3],
      ["Ben", 4],
    ]);
    expect(toSellerCardView(trust).memberSince).toBe("March 2025");

    await t.db.update(users).set({ emailVerifiedAt: null }).where(eq(users.id, seller.id));
    expect((await sellerTrust(t.db, null, seller.id)).verifiedEmail).toBe(false);
  });

  test("'Member of' names only the clubs the seller and the viewer are both active members of", async () => {
    const seller = await createTestUser(t.db);
    const viewer = await createTestUser(t.db);
    const shared = await createTestClub(t.db, seller, { name: `Shared ${crypto.randomUUID().slice(0, 6)}` });
    await addTestMember(t.db, shared, viewer);
    const privateShared = await createTestClub(t.db, await createTestUser(t.db), { visibility: "private" });
    await addTestMember(t.db, privateShared, seller);
    await addTestMember(t.db, privateShared, viewer);
    await createTestClub(t.db, seller); // the seller's alone
    const pending = await createTestClub(t.db, seller, { joinMode: "approval" });
    await addTestMember(t.db, pending, viewer, { status: "pending" });

    const names = (await sellerTrust(t.db, viewer, seller.id)).sharedClubs.map((c) => c.name).sort();
    expect(names).toEqual([shared.name, privateShared.name].sort());
    expect((await sellerTrust(t.db, null, seller.id)).sharedClubs).toEqual([]);
    expect((await sellerTrust(t.db, await createTestUser(t.db), seller.id)).sharedClubs).toEqual([]);
  });

  test("the listing page carries it in its one batch, and nothing of it for a listing the viewer may not open", async () => {
    const seller = await createTestUser(t.db);
    const member = await createTestUser(t.db);
    const club = await createTestClub(t.db, seller, { visibility: "private" });
    await addTestMember(t.db, club, member);
    const listingId = await createTestListing(t.db, seller, { clubs: [club] });
    const buyer = await createTestUser(t.db);
    const { dealId } = await completedDeal(buyer, seller);
    await review(dealId, { role: "proposer", reviewer: buyer, reviewee: seller }, 5);

    const page = await listingPageFor(t.db, member, listingId);
    expect(page?.trust).toMatchObject({ rating: { average: 5, count: 1 }, completedDeals: 1, sharedClubs: [{ slug: club.slug }] });
    expect(await listingPageFor(t.db, null, listingId)).toBeNull();
    expect(await listingPageFor(t.db, await createTestUser(t.db), listingId)).toBeNull();
  });
});
