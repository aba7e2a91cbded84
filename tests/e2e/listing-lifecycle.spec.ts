import { eq } from "drizzle-orm";
import { clubMembers, clubs, listingClubs, listings, userRoles } from "../../db/schema";
import { E2E_BASE_URL } from "../setup/e2e-env";
import { createUser, e2eDb, expect, signInAs, test } from "./fixtures";

async function fillRequired(page: import("@playwright/test").Page, title: string) {
  const form = page.locator("#listing-form");
  await form.getByLabel("Title").fill(title);
  await form.getByLabel("Price ($)").fill("45.50");
  await form.getByLabel("Sport").selectOption("soccer");
  await form.getByLabel("Condition").selectOption("like-new");
  await form.getByLabel("ZIP Code").fill("10001");
}

test("signed out, the listing form sends you to sign in with 'Authentication Required'", async ({ page }) => {
  await page.goto("/list-item");
  await expect(page).toHaveURL(/\/auth\?redirectTo=%2Flist-item/);
  await expect(page.getByText("Authentication Required")).toBeVisible();
  await expect(page.getByText("Please sign in to list an item")).toBeVisible();
});

for (const javaScriptEnabled of [true, false]) {
  test.describe(`with JavaScript ${javaScriptEnabled ? "on" : "off"}`, () => {
    test.use({ javaScriptEnabled });

    test("create → detail → edit → status changes → remove", async ({ page, context }) => {
      test.setTimeout(90_000); // a long journey of full page loads
      const seller = await createUser({ firstName: "Sally", lastName: "Seller" });
      await signInAs(context, seller.id);
      await page.goto("/list-item");
      await expect(page.getByRole("heading", { name: "List Your Sports Equipment" })).toBeVisible();

      // Missing required fields: the spec's message plus inline errors.
      await page.getByRole("button", { name: "Create Listing" }).click();
      await expect(page.getByText("Missing Information").first()).toBeVisible();
      await expect(page.getByText("Please fill in all required fields").first()).toBeVisible();
      await expect(page.getByText("Title is required")).toBeVisible();

      const title = `Adidas match ball ${javaScriptEnabled ? "js" : "nojs"} ${Date.now()}`;
      await fillRequired(page, title);
      if (!javaScriptEnabled) await page.getByRole("button", { name: "Update options" }).click();
      const form = page.locator("#listing-form");
      await form.getByLabel("Equipment Type").selectOption({ index: 1 });
      await form.getByLabel("City").fill("New York");
      await form.getByLabel("State").selectOption("NY");
      await form.getByLabel("Pickup Instructions").fill("Lobby desk after 6pm");
      await page.getByRole("button", { name: "Create Listing" }).click();

      await expect(page).toHaveURL(/\/listing\/[0-9a-f-]{36}$/);
      await expect(page.getByText("Listing Created!")).toBeVisible();
      await expect(page.getByRole("heading", { name: title })).toBeVisible();
      await expect(page.getByTestId("listing-price")).toHaveText("$45.50");
      await expect(page.getByText("Lobby desk after 6pm")).toBeVisible();
      await expect(page.getByText("This is your listing")).toBeVisible();
      const listingUrl = page.url();
      const listingId = listingUrl.split("/").pop()!;
      const [row] = await e2eDb().select().from(listings).where(eq(listings.id, listingId));
      expect(row.priceCents).toBe(4550);

      // Edit.
      await page.getByRole("link", { name: "Edit" }).click();
      await expect(page.getByRole("heading", { name: "Edit Your Listing" })).toBeVisible();
      await expect(page.locator("#listing-form").getByLabel("Title")).toHaveValue(title);
      await page.locator("#listing-form").getByLabel("Price ($)").fill("30");
      await page.getByRole("button", { name: "Update Listing" }).click();
      await expect(page).toHaveURL(listingUrl);
      await expect(page.getByText("Listing Updated!")).toBeVisible();
      await expect(page.getByTestId("listing-price")).toHaveText("$30");

      // Status: the current one is disabled.
      await expect(page.getByRole("button", { name: "Active", exact: true })).toBeDisabled();
      await page.getByRole("button", { name: "Pending Pickup" }).click();
      await expect(page.getByText("Marked as pending pickup")).toBeVisible();
      await expect(page.getByRole("button", { name: "Pending Pickup" })).toBeDisabled();
      await page.getByRole("button", { name: "Sold" }).click();
      await expect(page.getByText("Marked as sold")).toBeVisible();
      await page.getByRole("button", { name: "Active", exact: true }).click();
      await expect(page.getByText("Listing is now active")).toBeVisible();

      // Remove, with a confirmation step.
      await page.getByRole("link", { name: "Remove" }).click();
      await expect(page.getByText("Delete Listing")).toBeVisible();
      await page.getByRole("button", { name: "Yes, delete" }).click();
      await expect(page).toHaveURL(/\/in-play$/);
      await expect(page.getByText("Listing removed")).toBeVisible();
      await expect(page.getByRole("heading", { name: "In Play" })).toBeVisible();
      await expect(page.getByText(title)).toHaveCount(0);
      const response = await page.goto(listingUrl);
      expect(response?.status()).toBe(404);
      await expect(page.getByText("Listing not found")).toBeVisible();
      await expect(page.getByRole("link", { name: "Back to Home" })).toBeVisible();
    });

    test("In Play lists own listings with their status and deletes after confirming", async ({ page, context }) => {
      const seller = await createUser();
      await signInAs(context, seller.id);
      await page.goto("/in-play");
      await expect(page.getByRole("link", { name: "Create Your First Listing" })).toBeVisible();
      const [listing] = await e2eDb()
        .insert(listings)
        .values({
          userId: seller.id,
          title: "Old cleats",
          priceCents: 1200,
          sport: "soccer",
          condition: "well-worn",
          zipCode: "10001",
          city: "New York",
          state: "NY",
          status: "pending_pickup",
        })
        .returning();
      await page.goto("/in-play");
      await expect(page.getByText("Your active listings")).toBeVisible();
      const card = page.getByTestId("in-play-listing").filter({ hasText: "Old cleats" });
      await expect(card.getByTestId("status-label")).toHaveText("Pending Pickup");
      await card.hover();
      await card.getByRole("link", { name: "Delete Old cleats" }).click();
      await expect(card.getByText("Delete Listing")).toBeVisible();
      await card.getByRole("button", { name: "Delete" }).click();
      await expect(page.getByText("Listing removed")).toBeVisible();
      await expect(page.getByTestId("in-play-listing")).toHaveCount(0);
      expect(await e2eDb().select().from(listings).where(eq(listings.id, listing.id))).toEqual([]);
    });
  });
}

test("a site admin sees the Admin View with the delete action only, and deletes the listing", async ({ browser }) => {
  const seller = await createUser();
  const admin = await createUser();
  await e2eDb().insert(userRoles).values({ userId: admin.id, role: "admin" });
  const [listing] = await e2eDb()
    .insert(listings)
    .values({
      userId: seller.id,
      title: "Hockey stick",
      priceCents: 2500,
      sport: "hockey",
      condition: "gently-used",
      zipCode: "10001",
      city: "New York",
      state: "NY",
    })
    .returning();
  const context = await browser.newContext();
  await signInAs(context, admin.id);
  const page = await context.newPage();
  await page.goto(`/listing/${listing.id}`);
  await expect(page.getByText("Admin View")).toBeVisible();
  await expect(page.getByRole("link", { name: "Edit" })).toHaveCount(0);
  await expect(page.getByRole("button", { name: "Sold" })).toHaveCount(0);
  await page.getByRole("link", { name: "Delete Listing (Admin)" }).click();
  await page.getByRole("button", { name: "Yes, delete" }).click();
  await expect(page.getByText("Listing removed")).toBeVisible();
  expect(await e2eDb().select().from(listings).where(eq(listings.id, listing.id))).toEqual([]);
  await context.close();
});

test("signed-out visitors see 'Join to see price' and no price in the page", async ({ page }) => {
  const seller = await createUser();
  const [listing] = await e2eDb()
    .insert(listings)
    .values({
      userId: seller.id,
      title: "Golf clubs",
      priceCents: 98765,
      sport: "golf",
      condition: "new",
      zipCode: "10001",
      city: "New York",
      state: "NY",
    })
    .returning();
  const response = await page.goto(`/listing/${listing.id}`);
  await expect(page.getByText("Join to see price")).toBeVisible();
  await expect(page.getByRole("link", { name: "Sign in to contact the seller" })).toBeVisible();
  const html = (await response?.text()) ?? "";
  expect(html).not.toContain("98765");
  expect(html).not.toContain("987.65");
});

test("listing into a club: preselected with 'Posting to', unknown slugs and non-member clubs refused", async ({ page, context }) => {
  const seller = await createUser();
  const stamp = Date.now();
  const [mine] = await e2eDb()
    .insert(clubs)
    .values({ slug: `mine-${stamp}`, name: "My Tennis Club" })
    .returning();
  const [notMine] = await e2eDb()
    .insert(clubs)
    .values({ slug: `other-${stamp}`, name: "Other Club" })
    .returning();
  await e2eDb().insert(clubMembers).values({ clubId: mine.id, userId: seller.id, status: "active" });
  await e2eDb().insert(clubMembers).values({ clubId: notMine.id, userId: seller.id, status: "pending" });
  await signInAs(context, seller.id);

  await page.goto("/club/no-such-club/list");
  await expect(page).toHaveURL(/\/list-item$/);
  await expect(page.getByText("Club not found")).toBeVisible();
  await expect(page.getByText("The club link is invalid. You can still list your item without a club.")).toBeVisible();

  await page.goto(`/club/${mine.slug}/list`);
  await expect(page.getByText("Posting to: My Tennis Club")).toBeVisible();
  await expect(page.getByRole("checkbox", { name: "My Tennis Club" })).toBeChecked();
  await expect(page.getByRole("checkbox", { name: "Other Club" })).toHaveCount(0);
  await fillRequired(page, "Club racquet");
  await page.locator("#listing-form").getByLabel("City").fill("New York");
  await page.locator("#listing-form").getByLabel("State").selectOption("NY");
  await page.getByRole("button", { name: "Create Listing" }).click();
  await expect(page.getByText("Listing Created!")).toBeVisible();
  const listingId = page.url().split("/").pop()!;
  expect(await e2eDb().select({ clubId: listingClubs.clubId }).from(listingClubs).where(eq(listingClubs.listingId, listingId))).toEqual([
    { clubId: mine.id },
  ]);

  // A club where the seller is only pending, posted directly: refused by the server.
  const response = await context.request.post("/list-item", {
    multipart: {
      intent: "save",
      title: "Sneaky",
      price: "1",
      sport: "golf",
      condition: "new",
      zipCode: "10001",
      city: "New York",
      state: "NY",
      clubIds: notMine.id,
    },
    headers: { Origin: E2E_BASE_URL },
    maxRedirects: 0,
  });
  expect(response.status()).toBe(400);
  expect(await e2eDb().select().from(listings).where(eq(listings.title, "Sneaky"))).toEqual([]);
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });
  test("'Update options' re-renders for a new sport, clearing type and brand and keeping the rest", async ({ page, context }) => {
    const seller = await createUser();
    await signInAs(context, seller.id);
    await page.goto("/list-item");
    const form = page.locator("#listing-form");
    await form.getByLabel("Title").fill("Keep me");
    await form.getByLabel("Sport").selectOption("tennis");
    await form.getByRole("button", { name: "Update options" }).click();
    await form.getByLabel("Sub-category").selectOption("pickleball");
    await form.getByRole("button", { name: "Update options" }).click();
    await form.getByLabel("Equipment Type").selectOption("Paddles");
    await form.getByRole("button", { name: "Update options" }).click();
    await form.getByLabel("Brand", { exact: true }).selectOption("Selkirk");
    await form.getByLabel("Sport").selectOption("golf");
    await form.getByRole("button", { name: "Update options" }).click();
    await expect(form.getByLabel("Title")).toHaveValue("Keep me");
    await expect(form.getByLabel("Sport")).toHaveValue("golf");
    await expect(form.getByLabel("Sub-category")).toHaveCount(0);
    await expect(form.getByLabel("Equipment Type")).toHaveValue("");
    await expect(form.getByLabel("Brand", { exact: true })).toHaveValue("");
  });
});
