import { afterAll, beforeAll, expect, test } from "vitest";
import { listings, reviews, users } from "#db/schema";
import { createTestDb, type TestDb } from "../../../tests/setup/test-db";
import { sellerRating } from "./reviews.server";

let t: TestDb;
beforeAll(async () => {
  t = await createTestDb();
});
afterAll(() => t.cleanup());

const user = async () =>
  (
    await t.db
      .insert(users)
      .values({ email: `${crypto.randomUUID().slice(0, 8)}@t.dev` })
      .returning()
  )[0];

test("the seller rating is the average of reviews rounded to 1 decimal, with the count", async () => {
  const seller = await user();
  expect(await sellerRating(t.db, seller.id)).toEqual({ average: null, count: 0 });
  for (const rating of [5, 4, 4]) {
    const reviewer = await user();
    const [listing] = await t.db
      .insert(listings)
      .values({ userId: seller.id, title: "x", priceCents: 1, sport: "golf", condition: "new", zipCode: "10001", city: "NY", state: "NY" })
      .returning();
    await t.db.insert(reviews).values({ reviewerId: reviewer.id, revieweeId: seller.id, listingId: listing.id, rating });
  }
  expect(await sellerRating(t.db, seller.id)).toEqual({ average: 4.3, count: 3 });
});
