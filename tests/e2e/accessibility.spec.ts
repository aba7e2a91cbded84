import { randomBytes } from "node:crypto";
import AxeBuilder from "@axe-core/playwright";
import type { Locator, Page } from "@playwright/test";
import { listings, zipCodes } from "../../db/schema";
import { createUser, e2eDb, expect, signInAs, test } from "./fixtures";

// Axe finds no WCAG 2.1 A/AA violation on any page type, signed out and signed in,
// with every menu, dialog and suggestion list open — the open states are where text was invisible
// (white on white in the hero's suggestions, on the sport page's Search button).

// Each test runs axe over several pages and open states: CPU-heavy on a 2-core machine, so more time
// (same assertions).
test.describe.configure({ timeout: 120_000 });

// WCAG 2.1 A/AA and axe's best practices (heading order, landmarks), as Lighthouse counts them.
const AXE_TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "best-practice"];
const PHONE = { width: 360, height: 780 };
const DESKTOP = { width: 1280, height: 900 };

/** Fails with one readable line per offending element. */
async function expectNoAxeViolations(page: Page, what: string) {
  const { violations } = await new AxeBuilder({ page }).withTags(AXE_TAGS).analyze();
  const found = violations.flatMap((violation) =>
    violation.nodes.map(
      (node) => `${violation.id} (${violation.impact}) ${node.target.join(" ")}: ${node.failureSummary?.replace(/\s+/g, " ")}`,
    ),
  );
  expect(found, `axe violations on ${what}`).toEqual([]);
}

const token = () => `ax${randomBytes(4).toString("hex")}`;

/** A listing of someone else's, titled with a unique word so the suggestion list finds it. */
async function someoneElsesListing(word: string) {
  const seller = await createUser({ firstName: "Sally" });
  const [row] = await e2eDb()
    .insert(listings)
    .values({
      userId: seller.id,
      title: `Shin guards ${word}`,
      description: "Barely worn youth shin guards, size M, with ankle straps.",
      priceCents: 1500,
      sport: "soccer",
      condition: "gently-used",
      zipCode: "02139",
      city: "Cambridge",
      state: "MA",
    })
    .returning();
  return row;
}

async function signedIn(page: Page) {
  const user = await createUser({ firstName: "Alex", zipCode: "02139" });
  await signInAs(page.context(), user.id);
  return user;
}

/**
 * Types into a suggestion box until its list shows `option`. Typing before the page has hydrated
 * fills the plain input without asking for suggestions, so the typing is retried until it does.
 */
async function openSuggestions(page: Page, box: string, text: string, option: string | RegExp) {
  const input = page.getByRole("combobox", { name: box }).first();
  const row = page.getByRole("option", { name: option }).first();
  await expect(async () => {
    await input.fill("");
    await input.fill(text);
    await expect(row).toBeVisible({ timeout: 2_000 });
  }).toPass();
}

async function expectBodyTextColour(text: Locator) {
  const colour = (element: Element) => getComputedStyle(element).color;
  expect(await text.evaluate(colour)).toBe(await text.page().locator("body").evaluate(colour));
}

/** Opens a header <details> menu by its summary's accessible name. */
async function openMenu(page: Page, name: string) {
  const toggle = page.getByLabel(name, { exact: true });
  await toggle.click();
  await expect(toggle.locator("xpath=..")).toHaveAttribute("open", "");
}

for (const [size, viewport] of [
  ["phone", PHONE],
  ["desktop", DESKTOP],
] as const) {
  test.describe(`every page type at ${viewport.width} px`, () => {
    test.use({ viewport });

    test(`signed out (${size}): home, sport, listing, both sign-in tabs and the 404 pages`, async ({ page }) => {
      test.slow(); // seven pages, each loaded and scanned
      const row = await someoneElsesListing(token());
      for (const [path, heading] of [
        ["/", "Buy, Sell & Swap Sports Equipment Locally"],
        ["/sport/soccer", "Soccer Equipment Near You"],
        [`/listing/${row.id}`, row.title],
        ["/auth", "Sports marketplace"],
        ["/auth?tab=signup", "Sports marketplace"],
        ["/no-such-page", "Page not found"],
        ["/listing/does-not-exist", "Listing not found"],
      ] as const) {
        await page.goto(path);
        await expect(page.getByRole("heading", { level: 1 }).first()).toContainText(heading, { ignoreCase: true });
        await expectNoAxeViolations(page, `${path} signed out at ${viewport.width} px`);
      }
    });

    test(`signed in (${size}): home, sport, listing, list-item, on-deck, in-play and the 404 page`, async ({ page }) => {
      test.slow(); // seven pages, each loaded and scanned
      const row = await someoneElsesListing(token());
      await signedIn(page);
      for (const [path, heading] of [
        ["/", "Buy, Sell & Swap Sports Equipment Locally"],
        ["/sport/soccer", "Soccer Equipment Near You"],
        [`/listing/${row.id}`, row.title],
        ["/list-item", "List Your Sports Equipment"],
        ["/on-deck", "On Deck"],
        ["/in-play", "In Play"],
        ["/no-such-page", "Page not found"],
      ] as const) {
        await page.goto(path);
        await expect(page.getByRole("heading", { level: 1 }).first()).toContainText(heading, { ignoreCase: true });
        await expectNoAxeViolations(page, `${path} signed in at ${viewport.width} px`);
      }
    });

    test(`signed in (${size}): the location dialog, notifications and account menu open`, async ({ page }) => {
      test.slow();
      await signedIn(page);
      for (const summary of ["Your ZIP: 02139. Update your location", "Notifications (0)", "Account menu for Alex"]) {
        await page.goto("/");
        await openMenu(page, summary);
        await expectNoAxeViolations(page, `/ with "${summary}" open at ${viewport.width} px`);
      }
    });

    test(`(${size}) the home search's keyword and town suggestions, Filters and the Sports drawer open`, async ({ page }) => {
      test.slow(); // four page loads, each scanned
      const word = token();
      await someoneElsesListing(word);
      await e2eDb()
        .insert(zipCodes)
        .values({ zip: "02139", city: "Cambridge", state: "MA", latitude: 42.3647, longitude: -71.1042 })
        .onConflictDoNothing();
      await page.goto("/");
      await openSuggestions(page, "Keyword", word, new RegExp(`Shin guards ${word}`));
      // The rows are readable: the page's dark text on the white list, not the hero's white.
      await expectBodyTextColour(
        page
          .getByRole("option", { name: new RegExp(`Shin guards ${word}`) })
          .locator("span")
          .first(),
      );
      await expectNoAxeViolations(page, "/ with keyword suggestions open");

      await page.goto("/");
      await openSuggestions(page, "Location", "Cambrid", /Cambridge/);
      await expectBodyTextColour(
        page
          .getByRole("option", { name: /Cambridge/ })
          .first()
          .locator("span")
          .first(),
      );
      await expectNoAxeViolations(page, "/ with town suggestions open");

      await page.goto("/");
      await page.locator("summary", { hasText: "Filters" }).click();
      await expect(page.getByText("Advanced Filters")).toBeVisible();
      await expectNoAxeViolations(page, "/ with Advanced Filters open");

      await page.goto("/");
      await page.locator("summary", { hasText: /^Sports/ }).click();
      await expect(page.getByRole("group", { name: "Sports" })).toBeVisible();
      await expectNoAxeViolations(page, "/ with the Sports drawer open");
    });

    test(`(${size}) the sport page's Search button is readable and its Filters open without violations`, async ({ page }) => {
      await page.goto("/sport/soccer");
      const search = page.getByRole("search").getByRole("button", { name: "Search" });
      // Dark green on white (it was white on white: an undefined colour step inherited the hero's).
      await expect(search).toHaveCSS("color", "rgb(6, 78, 59)");
      await expect(search).toHaveCSS("background-color", "rgb(255, 255, 255)");
      await expect(page.getByRole("searchbox", { name: "Search Soccer" })).toHaveCSS("background-color", "rgb(255, 255, 255)");
      if (viewport.width < 1024) {
        await page.locator("label[for=filters-toggle]").first().click();
        await expect(page.getByRole("complementary", { name: "Filters" })).toBeVisible();
      }
      await expectNoAxeViolations(page, `/sport/soccer with filters shown at ${viewport.width} px`);
    });
  });
}

test.describe("menus of the header", () => {
  test("the phone menu open, signed out and signed in, at 360 px", async ({ page }) => {
    await page.setViewportSize(PHONE);
    await page.goto("/");
    await page.getByLabel("Open menu").click();
    await expect(page.getByRole("link", { name: "Find a Club" }).last()).toBeVisible();
    await expectNoAxeViolations(page, "the phone menu, signed out");

    await signedIn(page);
    await page.goto("/");
    await page.getByLabel("Open menu").click();
    await expect(page.getByRole("link", { name: "Find a Club" }).last()).toBeVisible();
    await expectNoAxeViolations(page, "the phone menu, signed in");
  });

  test("the desktop Browse by Sport menu open, signed out and signed in", async ({ page }) => {
    await page.setViewportSize(DESKTOP);
    await page.goto("/");
    await page.locator("summary", { hasText: "Browse by Sport" }).click();
    await expect(page.getByRole("link", { name: "Soccer" }).first()).toBeVisible();
    await expectNoAxeViolations(page, "Browse by Sport, signed out");

    await signedIn(page);
    await page.goto("/sport/soccer");
    await page.locator("summary", { hasText: "Browse by Sport" }).click();
    await expect(page.getByRole("link", { name: "Baseball" }).first()).toBeVisible();
    await expectNoAxeViolations(page, "Browse by Sport, signed in");
  });
});
