import { randomBytes } from "node:crypto";
import { eq } from "drizzle-orm";
import { dealListings, deals, reviews, users } from "../../db/schema";
import { addTestMember, createTestClub, createTestListing, createTestUser, type TestUser } from "../factories";
import { e2eDb, expect, signInAs, test } from "./fixtures";
import { axeOn } from "./axe";

// ADR 068: the seller card's rating comes from published reviews of completed deals, and beside it
// the trust a buyer can check — shared clubs, a verified e-mail, member since, completed deals — with
// the latest reviews in the hover rating card (spec 02 §2: opens after 700 ms).

const word = () => randomBytes(4).toString("hex");

/** A completed sale from `seller` to `buyer`, and the buyer's review of it (null: still hidden, double-blind). */
async function reviewedDeal(seller: TestUser, buyer: TestUser, rating: number, comment: string, publishedAt: Date | null) {
  const db = e2eDb();
  const listingId = await createTestListing(db, seller, { title: `Sold ${word()}`, priceCents: 2000 });
  const completedAt = new Date(Date.now() - 20 * 86_400_000);
  const [deal] = await db
    .insert(deals)
    .values({
      proposerId: buyer.id,
      ownerId: seller.id,
      listingId,
      kind: "sale",
      state: "completed",
      lastRevisionAt: completedAt,
      completedAt,
      transitionId: crypto.randomUUID(),
    })
    .returning();
  await db.insert(dealListings).values({ dealId: deal!.id, listingId, side: "owner", listingVersion: 1, title: "Sold", priceCents: 2000 });
  await db
    .insert(reviews)
    .values({ dealId: deal!.id, reviewerRole: "proposer", reviewerId: buyer.id, revieweeId: seller.id, rating, comment, publishedAt });
}

async function sellerWithHistory() {
  const db = e2eDb();
  const seller = await createTestUser(db, { firstName: "Sam", lastName: `Seller${word()}` });
  await db
    .update(users)
    .set({ createdAt: new Date("2025-03-10T12:00:00Z") })
    .where(eq(users.id, seller.id));
  const club = await createTestClub(db, seller, { name: `Trust Club ${word()}` });
  await reviewedDeal(
    seller,
    await createTestUser(db, { firstName: "Ann" }),
    5,
    `Great cleats ${word()}`,
    new Date(Date.now() - 3 * 86_400_000),
  );
  const gone = await createTestUser(db, { firstName: "Gone" });
  await reviewedDeal(seller, gone, 4, "Smooth handoff", new Date(Date.now() - 5 * 86_400_000));
  await db.delete(users).where(eq(users.id, gone.id));
  await reviewedDeal(seller, await createTestUser(db), 1, "Hidden until both reviewed", null);
  const title = `Goalie gloves ${word()}`;
  const listingId = await createTestListing(db, seller, { title, priceCents: 1500 });
  return { seller, club, listingId, title };
}

test("a club mate sees the shared club, a verified e-mail, member since and completed deals; hovering shows the latest published reviews", async ({
  page,
  context,
}) => {
  const { club, listingId } = await sellerWithHistory();
  const viewer = await createTestUser(e2eDb(), { firstName: "Vic" });
  await addTestMember(e2eDb(), club, viewer);
  await signInAs(context, viewer.id);
  await page.goto(`/listing/${listingId}`);

  // The hidden review counts for nothing yet: two published reviews, 5 and 4.
  await expect(page.getByTestId("seller-rating")).toHaveText("★ 4.5 (2 reviews)");
  const trust = page.getByRole("list", { name: "About the seller" });
  await expect(trust.getByRole("listitem")).toHaveText([
    `Member of ${club.name}`,
    "Verified e-mail",
    "Member since March 2025",
    "3 completed deals",
  ]);
  await expect(trust.getByRole("link", { name: club.name })).toHaveAttribute("href", `/club/${club.slug}`);

  const card = page.getByRole("tooltip");
  await expect(card).toBeHidden();
  await page
    .getByText(/^Sam Seller/)
    .first()
    .hover();
  await expect(card).toBeVisible();
  await expect(card).toContainText("4.5 out of 5");
  const latest = card.getByRole("list", { name: "Latest reviews" }).getByRole("listitem");
  await expect(latest).toHaveCount(2);
  await expect(latest.first()).toContainText("Ann,");
  await expect(latest.first().getByRole("img", { name: "5 out of 5 stars" })).toBeVisible();
  await expect(latest.nth(1)).toContainText("Smooth handoff");
  await expect(latest.nth(1)).toContainText("Former member,");
  await expect(card).not.toContainText("Hidden until both reviewed");

  const { violations } = await axeOn(page).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "best-practice"]).analyze();
  expect(violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`)).toEqual([]);

  await page.mouse.move(0, 0);
  await expect(card).toBeHidden();
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("a signed-out visitor sees the rating and trust but no shared club, and the hover card still opens (it is CSS)", async ({
    page,
  }) => {
    const { listingId } = await sellerWithHistory();
    await page.goto(`/listing/${listingId}`);
    await expect(page.getByTestId("seller-rating")).toHaveText("★ 4.5 (2 reviews)");
    await expect(page.getByRole("list", { name: "About the seller" }).getByRole("listitem")).toHaveText([
      "Verified e-mail",
      "Member since March 2025",
      "3 completed deals",
    ]);
    await page
      .getByText(/^Sam Seller/)
      .first()
      .hover();
    await expect(page.getByRole("tooltip")).toContainText("Former member");
  });
});
