import type { Page } from "@playwright/test";
import { SPORTS_BY_NAME } from "../../app/shared/catalog/sport-names";
import { listings } from "../../db/schema";
import { createUser, e2eDb, expect, signInAs, test } from "./fixtures";

// The site on a 360 px phone. The slide-out menu was clipped to the 64 px header (a
// backdrop-filter made the header the containing block of the `fixed` drawer), so a signed-out
// visitor could reach none of its entries.

test.use({ viewport: { width: 360, height: 780 } });

const menuToggle = (page: Page) => page.getByLabel("Open menu");
/** The drawer: the <details> around the hamburger. */
const drawer = (page: Page) => page.locator("details", { has: menuToggle(page) });

async function openPhoneMenu(page: Page) {
  await page.goto("/");
  await menuToggle(page).click();
  await expect(drawer(page)).toHaveAttribute("open", "");
}

test("at 360 px the menu opens below the header and a signed-out visitor follows each entry", async ({ page }) => {
  test.slow(); // every sport's entry is scrolled to and checked
  const sports = SPORTS_BY_NAME.map(({ key, name }): [string, RegExp] => [name, new RegExp(`/sport/${key}$`)]);
  const followed: [name: string, url: RegExp][] = [
    ["Sign In", /\/auth$/],
    // Listing needs an account: the visitor lands on sign-in, sent back to the form afterwards.
    ["List an Item", /\/auth\?redirectTo=%2Flist-item$/],
    ["Find a Club", /\/clubs$/],
    // The first and the last sport are followed; every sport in between is reached and checked below.
    sports[0],
    sports[sports.length - 1],
  ];
  await openPhoneMenu(page);
  // The whole drawer is on screen, not 64 px of it: its last sport is reachable by scrolling it.
  const box = await drawer(page).locator("div").first().boundingBox();
  expect(box?.height).toBeGreaterThan(600);
  await expect(drawer(page).getByText("Browse by Sport")).toBeInViewport();
  // Every sport entry can be scrolled into view and leads to its sport page.
  for (const [name, url] of sports) {
    const link = drawer(page).getByRole("link", { name, exact: true });
    await link.scrollIntoViewIfNeeded();
    await expect(link).toBeInViewport();
    expect(new URL((await link.getAttribute("href"))!, page.url()).href).toMatch(url);
  }

  for (const [name, url] of followed) {
    await openPhoneMenu(page);
    const link = drawer(page).getByRole("link", { name, exact: true });
    await link.scrollIntoViewIfNeeded();
    await expect(link).toBeInViewport();
    await link.click();
    await expect(page).toHaveURL(url);
  }
});

/** Controls smaller than 44 × 44 px (the header's, and the buttons, menus, fields and selects of the page). */
async function smallTargets(page: Page) {
  return page.evaluate(() => {
    const selectors = [
      "header a, header summary, header button",
      "main button, main summary, main select, main label[for=filters-toggle]",
      "main input:not([type=hidden]):not([type=checkbox]):not([type=radio]):not([type=file]):not(.sr-only)",
    ];
    return [...document.querySelectorAll<HTMLElement>(selectors.join(","))]
      .filter((element) => element.getClientRects().length > 0 && getComputedStyle(element).visibility !== "hidden")
      .filter((element) => !element.closest("details:not([open]) > :not(summary)"))
      .map((element) => ({ element, box: element.getBoundingClientRect() }))
      .filter(({ box }) => box.height < 44 || (box.width < 44 && box.width > 0))
      .map(
        ({ element, box }) =>
          `${element.tagName.toLowerCase()} "${(element.getAttribute("aria-label") ?? element.textContent ?? "").trim().slice(0, 40)}" ${Math.round(box.width)}×${Math.round(box.height)}`,
      );
  });
}

async function someoneElsesListingId() {
  const seller = await createUser({ firstName: "Sally" });
  const [row] = await e2eDb()
    .insert(listings)
    .values({
      userId: seller.id,
      title: "Youth shin guards",
      description: "Size M.",
      priceCents: 1500,
      sport: "soccer",
      condition: "gently-used",
      zipCode: "02139",
      city: "Cambridge",
      state: "MA",
    })
    .returning();
  return row.id;
}

test("at 360 px no page is wider than the screen and its controls are at least 44 px, signed out and signed in", async ({ page }) => {
  test.slow();
  const id = await someoneElsesListingId();
  const signedOut = ["/", "/sport/soccer", `/listing/${id}`, "/auth", "/auth?tab=signup", "/no-such-page"];
  const signedIn = ["/", "/sport/soccer", `/listing/${id}`, "/list-item", "/on-deck", "/in-play", "/no-such-page"];
  const problems: string[] = [];
  const check = async (path: string, who: string) => {
    await page.goto(path);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    if (overflow > 0) problems.push(`${who} ${path}: ${overflow} px wider than the screen`);
    for (const target of await smallTargets(page)) problems.push(`${who} ${path}: ${target}`);
  };
  for (const path of signedOut) await check(path, "signed out");
  const user = await createUser({ firstName: "Alex", zipCode: "02139" });
  await signInAs(page.context(), user.id);
  for (const path of signedIn) await check(path, "signed in");
  expect(problems).toEqual([]);
});

test("at 360 px the sport page's Filters control is a button that opens the filters", async ({ page }) => {
  await page.goto("/sport/soccer");
  const filters = page.locator("label[for=filters-toggle]").first();
  // Drawn as a button: a border, a white face and a 44 px target (it was text beside the results).
  await expect(filters).toHaveCSS("border-top-style", "solid");
  await expect(filters).toHaveCSS("background-color", "rgb(255, 255, 255)");
  expect((await filters.boundingBox())?.height).toBeGreaterThanOrEqual(44);
  await filters.click();
  await expect(page.getByRole("complementary", { name: "Filters" })).toBeInViewport();
});
