import { randomBytes } from "node:crypto";
import { eq } from "drizzle-orm";
import { clubMembers, clubs, listingMessages, listings, type NewListing } from "../../db/schema";
import { NASTY_REDIRECTS } from "../setup/nasty-redirects";
import { createUser, e2eDb, expect, signInAs, test } from "./fixtures";

// Security defects found from outside, each shown as an attacker would try it on the pages: hidden
// prices, the sign-in page's redirect, club names, favourites (ADRs 013 and 014). The ones that need no
// page (a forged Host, redirects of form posts, the club search) are in
// tests/security/security-web-http.spec.ts (ADR 085).

const word = () => `zq${randomBytes(5).toString("hex")}`;

async function listing(userId: string, values: Partial<NewListing> & { title: string }) {
  const [row] = await e2eDb()
    .insert(listings)
    .values({ userId, priceCents: 2000, sport: "golf", condition: "like-new", zipCode: "02139", city: "Cambridge", state: "MA", ...values })
    .returning();
  return row;
}

async function club(visibility: "public" | "members_only" | "private") {
  const [row] = await e2eDb()
    .insert(clubs)
    .values({ slug: `sec-${randomBytes(4).toString("hex")}`, name: `Club ${word()}`, visibility })
    .returning();
  return row;
}

const cardTitles = (page: import("@playwright/test").Page) => page.getByTestId("listing-card").getByRole("heading").allTextContents();

test.describe("hidden prices cannot be recovered", () => {
  test("signed out, bisecting priceMin/priceMax returns the same results as no price filter", async ({ page }) => {
    const token = word();
    const seller = await createUser();
    await listing(seller.id, { title: `Driver ${token}`, priceCents: 4200 });
    await listing(seller.id, { title: `Wedge ${token}`, priceCents: 900 });

    await page.goto(`/sport/golf?q=${token}`);
    const all = await cardTitles(page);
    expect(all).toHaveLength(2);
    for (const range of ["priceMin=42&priceMax=42", "priceMin=41", "priceMax=10", "priceMin=400"]) {
      await page.goto(`/sport/golf?q=${token}&${range}`);
      await expect(page.getByRole("heading", { name: "2 items found" })).toBeVisible();
      expect(await cardTitles(page)).toEqual(all);
    }
    // The page says why, instead of offering sliders that would do nothing.
    await expect(page.getByRole("link", { name: "Sign in to filter and sort by price" }).first()).toBeVisible();
    await expect(page.getByLabel("Min ($)")).toHaveCount(0);
    await expect(page.getByRole("combobox", { name: "Sort by" })).toHaveCount(0);
  });

  test("signed out, a price sort is ignored (newest first); signed in it applies", async ({ page, context }) => {
    const token = word();
    const seller = await createUser();
    await listing(seller.id, { title: `Cheap old ${token}`, priceCents: 100, createdAt: new Date(Date.now() - 60_000) });
    await listing(seller.id, { title: `Dear new ${token}`, priceCents: 9900 });

    await page.goto(`/sport/golf?q=${token}&sort=price_asc`);
    await expect(page.getByTestId("listing-card")).toHaveCount(2);
    expect(await cardTitles(page)).toEqual([`Dear new ${token}`, `Cheap old ${token}`]);

    await signInAs(context, (await createUser()).id);
    await page.goto(`/sport/golf?q=${token}&sort=price_asc`);
    await expect(page.getByRole("combobox", { name: "Sort by" })).toHaveValue("price_asc");
    expect(await cardTitles(page)).toEqual([`Cheap old ${token}`, `Dear new ${token}`]);
    await expect(page.getByLabel("Min ($)")).toBeVisible();
  });
});

test.describe("redirect targets stay on the site", () => {
  test("/auth keeps only a same-site redirectTo; a CR/LF gives the page, not a 500", async ({ page }) => {
    for (const redirectTo of NASTY_REDIRECTS) {
      const response = await page.goto(`/auth?${new URLSearchParams({ redirectTo })}`);
      expect(response?.status(), redirectTo).toBe(200);
      // Nothing of it is kept for after sign-in: not in the sign-in form, not through Google.
      await expect(page.locator('form:has(input[name="intent"][value="signin"]) input[name="redirectTo"]')).toHaveCount(0);
      await expect(page.locator('a[href^="/auth/google"]')).toHaveAttribute("href", "/auth/google");
    }
    await page.goto(`/auth?${new URLSearchParams({ redirectTo: "/on-deck" })}`);
    await expect(page.locator('form:has(input[name="intent"][value="signin"]) input[name="redirectTo"]')).toHaveValue("/on-deck");
    await expect(page.locator('a[href^="/auth/google"]')).toHaveAttribute("href", "/auth/google?redirectTo=%2Fon-deck");
  });
});

test.describe("clubs a visitor may not know about stay unnamed", () => {
  test("/?club=<private slug> is 'Club not found' for outsiders and names the club only to its members", async ({ page, context }) => {
    const secret = await club("private");
    await page.goto(`/?club=${secret.slug}`);
    await expect(page.getByText("Club not found")).toBeVisible();
    await expect(page.getByText(secret.name)).toHaveCount(0);

    const member = await createUser();
    await e2eDb().insert(clubMembers).values({ clubId: secret.id, userId: member.id, status: "active" });
    await signInAs(context, member.id);
    await page.goto(`/?club=${secret.slug}`);
    await expect(page.getByText("Club not found")).toHaveCount(0);
    await expect(page.getByRole("main")).toContainText(secret.name);
  });
});

test("a sold listing a viewer can no longer open cannot be favourited (404) and leaves their On Deck", async ({ page, context }) => {
  const seller = await createUser();
  const row = await listing(seller.id, { title: `Irons ${word()}` });
  const buyer = await createUser();
  await signInAs(context, buyer.id);
  const add = () => page.request.post("/favorites", { form: { listingId: row.id, intent: "add", mode: "fetch" } });
  expect((await add()).status()).toBe(200);
  await page.goto("/on-deck");
  await expect(page.getByRole("link", { name: row.title })).toBeVisible();

  await e2eDb().update(listings).set({ status: "sold" }).where(eq(listings.id, row.id));
  await page.goto("/on-deck");
  await expect(page.getByText("No favorites yet")).toBeVisible();
  await expect(page.getByRole("link", { name: row.title })).toHaveCount(0);
  const again = await add();
  expect(again.status()).toBe(404);
  expect(await again.json()).toEqual({ ok: false, reason: "error" });

  // Someone who may still open it (a buyer who wrote about it) keeps it on deck.
  const writer = await createUser();
  await e2eDb()
    .insert(listingMessages)
    .values({ listingId: row.id, senderId: writer.id, receiverId: seller.id, content: "Is it still there?" });
  await signInAs(context, writer.id);
  expect((await add()).status()).toBe(200);
  await page.goto("/on-deck");
  await expect(page.getByRole("link", { name: row.title })).toBeVisible();
});
