import { randomBytes } from "node:crypto";
import { clubs, listingClubs, listings, type NewListing } from "../../db/schema";
import { createUser, e2eDb, expect, signInAs, test } from "./fixtures";

// Favorites (spec 01 §6): the heart on cards, On Deck, sign-in required, visibility.

const word = () => `zq${randomBytes(5).toString("hex")}`;

async function listing(userId: string, values: Partial<NewListing> & { title: string }) {
  const [row] = await e2eDb()
    .insert(listings)
    .values({ userId, priceCents: 2000, sport: "golf", condition: "like-new", zipCode: "02139", city: "Cambridge", state: "MA", ...values })
    .returning();
  return row;
}

test("a signed-in member favorites from a card, sees it On Deck, and removes it", async ({ page, context }) => {
  const token = word();
  const seller = await createUser();
  await listing(seller.id, { title: `Putter ${token}` });
  const buyer = await createUser();
  await signInAs(context, buyer.id);

  await page.goto(`/sport/golf?q=${token}`);
  const heart = page.getByTestId("listing-card").getByRole("button", { name: "Add to favorites" });
  await heart.click();
  await expect(page.getByText("Added to favorites")).toBeVisible();
  await expect(page.getByTestId("listing-card").getByRole("button", { name: "Remove from favorites" })).toHaveAttribute(
    "aria-pressed",
    "true",
  );

  await page.goto("/on-deck");
  await expect(page.getByRole("heading", { name: "On Deck" })).toBeVisible();
  await expect(page.getByText("Your favorited items")).toBeVisible();
  await expect(page.getByRole("link", { name: `Putter ${token}` })).toBeVisible();
  await page.getByRole("button", { name: "Remove from favorites" }).click();
  await expect(page.getByText("Removed from favorites")).toBeVisible();
  await expect(page.getByRole("link", { name: "Browse Listings" })).toHaveAttribute("href", "/");
});

test("On Deck without favorites shows the empty state", async ({ page, context }) => {
  const user = await createUser();
  await signInAs(context, user.id);
  await page.goto("/on-deck");
  await expect(page.getByText("Your favorited items")).toBeVisible();
  await page.getByRole("link", { name: "Browse Listings" }).click();
  await expect(page).toHaveURL(/\/$/);
});

test("On Deck needs sign-in", async ({ page }) => {
  await page.goto("/on-deck");
  await expect(page).toHaveURL(/\/auth\?redirectTo=%2Fon-deck/);
});

test("signed out there is no heart, and the action answers 'Sign in required'", async ({ page, request }) => {
  const token = word();
  const seller = await createUser();
  const row = await listing(seller.id, { title: `Golf bag ${token}` });
  await page.goto(`/sport/golf?q=${token}`);
  await expect(page.getByRole("link", { name: `Golf bag ${token}` })).toBeVisible();
  await expect(page.getByRole("button", { name: "Add to favorites" })).toHaveCount(0);

  const response = await request.post("/favorites", { form: { listingId: row.id, intent: "add", mode: "fetch" } });
  expect(response.status()).toBe(401);
  expect(await response.json()).toEqual({ ok: false, reason: "signin" });
});

test("a listing the member may not see cannot be favorited", async ({ page, context }) => {
  const seller = await createUser();
  const [club] = await e2eDb()
    .insert(clubs)
    .values({ slug: `club-${randomBytes(4).toString("hex")}`, name: "Closed Club", visibility: "members_only" })
    .returning();
  const row = await listing(seller.id, { title: `Hidden driver ${word()}` });
  await e2eDb().insert(listingClubs).values({ listingId: row.id, clubId: club.id, isPrimary: true });
  const stranger = await createUser();
  await signInAs(context, stranger.id);
  const response = await page.request.post("/favorites", { form: { listingId: row.id, intent: "add", mode: "fetch" } });
  expect(response.status()).toBe(404);
  expect(await response.json()).toEqual({ ok: false, reason: "error" });
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the heart is a form: the server adds, flashes a toast and returns to the page", async ({ page, context }) => {
    const token = word();
    const seller = await createUser();
    await listing(seller.id, { title: `Irons ${token}` });
    const buyer = await createUser();
    await signInAs(context, buyer.id);

    await page.goto(`/sport/golf?q=${token}`);
    await page.getByRole("button", { name: "Add to favorites" }).click();
    await expect(page).toHaveURL(new RegExp(`/sport/golf\\?q=${token}$`));
    await expect(page.getByText("Added to favorites")).toBeVisible();
    await expect(page.getByRole("button", { name: "Remove from favorites" })).toBeVisible();

    await page.goto("/on-deck");
    await expect(page.getByRole("link", { name: `Irons ${token}` })).toBeVisible();
    await page.getByRole("button", { name: "Remove from favorites" }).click();
    await expect(page.getByText("Removed from favorites")).toBeVisible();
    await expect(page.getByRole("link", { name: `Irons ${token}` })).toHaveCount(0);
  });
});
