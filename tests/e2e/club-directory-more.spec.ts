import { randomBytes } from "node:crypto";
import type { Page } from "@playwright/test";
import { clubs } from "../../db/schema";
import { createTestClub, createTestUser } from "../factories";
import { e2eDb, expect, test } from "./fixtures";

// Spec 02 §2 Clubs directory, §9 (20 per page, +20 per Load More); ADR 028: with JavaScript, Load
// More appends the next page through a fetcher — the grid stays, the page does not jump to the top,
// focus goes to the first new card — and without JavaScript it is a plain ?limit= link.

const word = () => randomBytes(4).toString("hex");
const cards = (page: Page) => page.getByTestId("club-card");

test("Load More appends the next 20 in place: no navigation, no jump to the top, focus on the first new club", async ({ page }) => {
  test.slow();
  const w = word();
  // One multi-row insert (45 clubs through the domain are slow on a loaded machine): 01 is the oldest.
  const start = Date.now() - 3600_000;
  await e2eDb()
    .insert(clubs)
    .values(
      Array.from({ length: 45 }, (_, i) => ({
        slug: `append-${w}-${i + 1}`,
        name: `Append ${w} ${String(i + 1).padStart(2, "0")}`,
        createdAt: new Date(start + i * 1000),
      })),
    );

  await page.setViewportSize({ width: 1280, height: 700 });
  await page.goto(`/clubs?q=${encodeURIComponent(`append ${w}`)}`);
  await expect(cards(page)).toHaveCount(20);
  // A marker on the grid: a full page render would not keep it.
  await page.getByRole("list", { name: "Clubs" }).evaluate((list) => list.setAttribute("data-kept", "yes"));
  const more = page.getByRole("link", { name: "Load More" });
  await expect(more).toHaveAttribute("href", new RegExp("limit=40"));
  // Hydrated: the link is taken over by the fetcher (before, it is the plain link).
  await expect(more).toHaveAttribute("data-enhanced", "true");
  await more.scrollIntoViewIfNeeded();
  const before = await page.evaluate(() => window.scrollY);
  expect(before).toBeGreaterThan(0);

  await more.click();
  await expect(cards(page)).toHaveCount(40);
  await expect(cards(page).nth(20)).toContainText(`Append ${w} 25`);
  await expect(cards(page).nth(20).getByRole("link")).toBeFocused();
  await expect(page.getByRole("list", { name: "Clubs" })).toHaveAttribute("data-kept", "yes");
  await expect(page).not.toHaveURL(/limit=|offset=/);
  expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(0);
  await expect(page.getByRole("status").filter({ hasText: "Showing 40 clubs" })).toBeAttached();

  await page.getByRole("link", { name: "Load More" }).click();
  await expect(cards(page)).toHaveCount(45);
  await expect(cards(page).last()).toContainText(`Append ${w} 01`);
  await expect(page.getByRole("link", { name: "Load More" })).toHaveCount(0);
  // Every club once.
  const names = await cards(page).locator("h2").allTextContents();
  expect(new Set(names).size).toBe(45);
});

test("a new search after Load More starts again from the first page", async ({ page }) => {
  const w = word();
  const owner = await createTestUser(e2eDb());
  for (let i = 1; i <= 21; i++) await createTestClub(e2eDb(), owner, { name: `Reset ${w} ${String(i).padStart(2, "0")}` });
  await page.goto(`/clubs?q=${encodeURIComponent(`reset ${w}`)}`);
  await expect(page.getByRole("link", { name: "Load More" })).toHaveAttribute("data-enhanced", "true");
  await page.getByRole("link", { name: "Load More" }).click();
  await expect(cards(page)).toHaveCount(21);
  await page.getByLabel("Search clubs by name").fill(`reset ${w} 0`);
  await page.getByRole("button", { name: "Search" }).click();
  await expect(page).toHaveURL(/q=reset/);
  await expect(cards(page)).toHaveCount(9);
});
