import { randomBytes } from "node:crypto";
import { listings, zipCodes, type NewListing } from "../../db/schema";
import { makePng } from "../fixtures/make-png";
import { createUser, e2eDb, expect, signInAs, test } from "./fixtures";

// ADR 031: controls that misbehave. Each test makes its own listings with a unique word.

const word = () => `zq${randomBytes(5).toString("hex")}`;

// Real coordinates: Cambridge MA and Northampton MA (~80 mi apart).
const ZIPS = [
  { zip: "02139", city: "Cambridge", state: "MA", latitude: 42.3647, longitude: -71.1042 },
  { zip: "01060", city: "Northampton", state: "MA", latitude: 42.3251, longitude: -72.6412 },
];

async function listing(values: Partial<NewListing> & { title: string }) {
  const seller = await createUser({ firstName: "Sally" });
  const [row] = await e2eDb()
    .insert(listings)
    .values({
      userId: seller.id,
      priceCents: 1500,
      sport: "soccer",
      condition: "gently-used",
      zipCode: "02139",
      city: "Cambridge",
      state: "MA",
      ...values,
    })
    .returning();
  return row;
}

test("the keyword suggestion list closes when Enter submits the search", async ({ page }) => {
  const token = word();
  await listing({ title: `Goalie gloves ${token}`, sport: "hockey" });
  await page.goto("/");
  const keyword = page.getByRole("combobox", { name: "Keyword" });
  await keyword.fill(token);
  await expect(page.getByRole("option", { name: new RegExp(`Goalie gloves ${token}`) })).toBeVisible();
  await keyword.press("Enter");
  await expect(page).toHaveURL(new RegExp(`[?&]q=${token}`));
  await expect(page.getByRole("heading", { name: "Search Results" })).toBeVisible();
  await expect(page.getByRole("listbox", { name: "Keyword suggestions" })).toBeHidden();
  await expect(keyword).toHaveAttribute("aria-expanded", "false");
});

test("'soccer cleats' opens the soccer page still searching for cleats", async ({ page }) => {
  await page.goto("/?q=soccer+cleats");
  await expect(page).toHaveURL(/\/sport\/soccer\?q=cleats$/);
  await expect(page.getByRole("searchbox", { name: "Search Soccer" })).toHaveValue("cleats");
  await expect(page.getByRole("link", { name: "Remove filter Search: cleats" })).toBeVisible();
});

test("a filtered sport page with no match says no listing matches, with Clear All", async ({ page }) => {
  await page.goto(`/sport/basketball?q=${word()}`);
  await expect(page.getByText("No listings match your filters")).toBeVisible();
  await expect(page.getByText(/No Basketball listings/)).toHaveCount(0);
  await page.getByRole("link", { name: "Clear All" }).last().click();
  await expect(page).toHaveURL(/\/sport\/basketball$/);
});

test.describe("menus and drawers close on Escape, a click outside and navigation", () => {
  test.use({ viewport: { width: 1280, height: 800 } });

  test("Browse by Sport: Escape returns focus to it, a click outside closes it, following a link closes it", async ({ page }) => {
    // Several page loads and menu round trips; slow on a loaded 2-core machine (same assertions).
    test.slow();
    await page.goto("/clubs");
    // Escape and a click outside close menus once the page's script listens for them (right after hydration).
    await expect(page.locator("html[data-menus-ready]")).toBeAttached();
    const summary = page.getByText("Browse by Sport ▾");
    const menu = summary.locator("xpath=..");
    await summary.click();
    await expect(menu).toHaveAttribute("open", "");
    await page.keyboard.press("Escape");
    await expect(menu).not.toHaveAttribute("open", "");
    await expect(summary).toBeFocused();

    await summary.click();
    await expect(menu).toHaveAttribute("open", "");
    // A click outside: the page's right margin, well away from the open menu (which may cover the heading).
    await page.mouse.click(1272, 600);
    await expect(menu).not.toHaveAttribute("open", "");

    await summary.click();
    await menu.getByRole("link", { name: /Soccer/ }).click();
    await expect(page).toHaveURL(/\/sport\/soccer/);
    await expect(menu).not.toHaveAttribute("open", "");
  });

  test("the home Sports drawer closes after Apply Filters", async ({ page }) => {
    await page.goto("/");
    const drawer = page.locator("details", { has: page.locator("summary", { hasText: /^Sports/ }) });
    await drawer.locator("summary").click();
    await drawer.getByLabel("Baseball").check();
    await drawer.getByRole("button", { name: "Apply Filters" }).click();
    await expect(page).toHaveURL(/sports=baseball/);
    await expect(drawer).not.toHaveAttribute("open", "");
    await expect(drawer.locator("summary")).toHaveText("Sports (1)");
  });

  test("at 360 px the sport page's filter sheet closes on Escape", async ({ page }) => {
    await page.setViewportSize({ width: 360, height: 740 });
    await page.goto("/sport/soccer");
    await expect(page.locator("html[data-menus-ready]")).toBeAttached();
    await page.getByText("Filters", { exact: true }).first().click();
    const sheet = page.getByRole("complementary", { name: "Filters" });
    await expect(sheet).toBeVisible();
    await page.keyboard.press("Escape");
    await expect(sheet).toBeHidden();
  });
});

test("signed in, the radius from the profile ZIP shows as a chip that can be removed", async ({ page, context }) => {
  await e2eDb().insert(zipCodes).values(ZIPS).onConflictDoNothing();
  const token = word();
  await listing({ title: `Near ball ${token}`, zipCode: "02139" });
  await listing({ title: `Far ball ${token}`, zipCode: "01060", city: "Northampton" });
  const viewer = await createUser({ zipCode: "02139" });
  await signInAs(context, viewer.id);

  await page.goto(`/sport/soccer?q=${token}`);
  await expect(page.getByText(`Near ball ${token}`)).toBeVisible();
  await expect(page.getByText(`Far ball ${token}`)).toHaveCount(0);
  // Signed in, each card's heart is a lazy chunk: let the page finish loading it before the click. A
  // navigation that lands while a card is still dehydrated makes React re-render that card on the
  // client and report it (error #421, once in CI); the page works either way.
  await page.waitForLoadState("networkidle");
  await page.getByRole("link", { name: "Remove filter Within 25 mi of 02139" }).click();
  await expect(page).toHaveURL(/anywhere=1/);
  await expect(page.getByText(`Far ball ${token}`)).toBeVisible();
  await expect(page.getByText(`Near ball ${token}`)).toBeVisible();
  await expect(page.getByRole("link", { name: /Remove filter Within/ })).toHaveCount(0);
});

test("after 'Missing Information', a created listing shows 'Listing Created!' alone", async ({ page, context }) => {
  const seller = await createUser();
  await signInAs(context, seller.id);
  await page.goto("/list-item");
  await page.getByRole("button", { name: "Create Listing" }).click();
  const toasts = page.getByRole("region", { name: "Notifications" });
  await expect(toasts.getByText("Missing Information")).toBeVisible();

  const form = page.locator("#listing-form");
  await form.getByLabel("Title").fill(`Match ball ${word()}`);
  await form.getByLabel("Price ($)").fill("12");
  await form.getByLabel("Sport").selectOption("soccer");
  await form.getByLabel("Condition").selectOption("like-new");
  await form.getByLabel("ZIP Code").fill("10001");
  await form.getByLabel("Equipment Type").selectOption({ index: 1 });
  await form.getByLabel("City").fill("New York");
  await form.getByLabel("State").selectOption("NY");
  await page.getByRole("button", { name: "Create Listing" }).click();

  await expect(page).toHaveURL(/\/listing\/[0-9a-f-]{36}$/);
  await expect(toasts.getByText("Listing Created!")).toBeVisible();
  await expect(toasts.getByText("Missing Information")).toHaveCount(0);
});

test("at 360 px the photo viewer keeps Previous and Next on screen, even for a wide photo", async ({ page, context }) => {
  test.setTimeout(60_000);
  await page.setViewportSize({ width: 360, height: 740 });
  const seller = await createUser();
  await signInAs(context, seller.id);
  await page.goto("/list-item");
  const form = page.locator("#listing-form");
  const wide = (name: string) => ({ name, mimeType: "image/png", buffer: makePng(1600, 400) });
  await form.getByLabel("Add photos").setInputFiles([wide("a.png"), wide("b.png")]);
  await form.getByLabel("Title").fill(`Panorama ${word()}`);
  await form.getByLabel("Price ($)").fill("12");
  await form.getByLabel("Sport").selectOption("soccer");
  await form.getByLabel("Condition").selectOption("like-new");
  await form.getByLabel("ZIP Code").fill("10001");
  await form.getByLabel("City").fill("New York");
  await form.getByLabel("State").selectOption("NY");
  await page.getByRole("button", { name: "Create Listing" }).click();
  await expect(page.getByText("Listing Created!")).toBeVisible();

  await page.getByRole("link", { name: "Open photo 1 of 2" }).click();
  for (const name of ["Previous photo", "Next photo", "Close photo viewer"]) {
    const box = (await page.getByRole("link", { name }).boundingBox())!;
    expect(box.x, name).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width, name).toBeLessThanOrEqual(360);
  }
  await page.getByRole("link", { name: "Next photo" }).click();
  await expect(page.getByTestId("photo-counter")).toHaveText("Photo 2 of 2");
});

test("at 360 px 'Load more' keeps the cards shown and the scroll position while the next page loads", async ({ page }) => {
  await page.setViewportSize({ width: 360, height: 740 });
  const token = word();
  const seller = await createUser();
  await e2eDb()
    .insert(listings)
    .values(
      Array.from({ length: 25 }, (_, i): NewListing => ({
        userId: seller.id,
        priceCents: 1000 + i,
        sport: "soccer",
        condition: "gently-used",
        zipCode: "02139",
        city: "Cambridge",
        state: "MA",
        title: `Shin guards ${token} ${i}`,
      })),
    );
  await page.goto(`/sport/soccer?q=${token}`);
  const cards = page.getByRole("link", { name: new RegExp(`Shin guards ${token}`) });
  await expect(cards).toHaveCount(24);

  // Hold the next page until the in-between state has been checked.
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(/page=2/, async (route) => {
    await held;
    await route.continue();
  });
  const loadMore = page.getByRole("link", { name: "Load more" });
  await loadMore.scrollIntoViewIfNeeded();
  const scrolled = await page.evaluate(() => window.scrollY);
  expect(scrolled).toBeGreaterThan(1000);
  await loadMore.click();
  await expect(page.getByRole("link", { name: "Loading..." })).toBeVisible();
  await expect(cards).toHaveCount(24);
  release();
  await expect(cards).toHaveCount(25);
  expect(await page.evaluate(() => window.scrollY)).toBeGreaterThanOrEqual(scrolled - 50);
});

test("the listing form fills city and state from the ZIP it pre-fills from the profile", async ({ page, context }) => {
  await e2eDb().insert(zipCodes).values(ZIPS).onConflictDoNothing();
  const seller = await createUser({ zipCode: "02139" });
  await signInAs(context, seller.id);
  await page.goto("/list-item");
  const form = page.locator("#listing-form");
  await expect(form.getByLabel("ZIP Code")).toHaveValue("02139");
  await expect(form.getByLabel("City")).toHaveValue("Cambridge");
  await expect(form.getByLabel("State")).toHaveValue("MA");
});

test("at 360 px the home Sports drawer fits the screen with every label whole", async ({ page }) => {
  await page.setViewportSize({ width: 360, height: 740 });
  await page.goto("/?q=zz");
  const drawer = page.locator("details", { has: page.locator("summary", { hasText: /^Sports/ }) });
  await drawer.locator("summary").click();
  const panel = drawer.locator("fieldset");
  await panel.getByRole("button", { name: "Apply Filters" }).scrollIntoViewIfNeeded();
  await expect(panel.getByRole("button", { name: "Apply Filters" })).toBeInViewport();
  const box = (await panel.boundingBox())!;
  expect(box.x).toBeGreaterThanOrEqual(0);
  expect(box.x + box.width).toBeLessThanOrEqual(360);
  for (const label of await panel.locator("label").all()) {
    const fits = await label.evaluate((element) => element.scrollWidth <= element.clientWidth);
    expect(fits, await label.innerText()).toBe(true);
  }
});

test("the photo counter counts the files just picked", async ({ page, context }) => {
  const seller = await createUser();
  await signInAs(context, seller.id);
  await page.goto("/list-item");
  const form = page.locator("#listing-form");
  await expect(form.getByLabel("Add photos (5 left)")).toBeVisible();
  const png = (name: string) => ({ name, mimeType: "image/png", buffer: makePng(40, 30) });
  await form.getByLabel("Add photos").setInputFiles([png("a.png"), png("b.png")]);
  await expect(form.getByLabel("Add photos (3 left)")).toBeVisible();
  await expect(form.getByRole("img", { name: /New photo preview/ })).toHaveCount(2);
});
