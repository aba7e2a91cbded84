import { randomBytes } from "node:crypto";
import { eq } from "drizzle-orm";
import type { Page } from "@playwright/test";
import { savedSearches } from "../../db/schema";
import { saveSearch } from "../../app/features/matching/saved-searches.server";
import { E2E_BASE_URL } from "../setup/e2e-env";
import { createTestListing, createTestUser } from "../factories";
import { e2eDb, expect, signInAs, test } from "./fixtures";
import { axeOn } from "./axe";

// ADR 071: 'Save this search' on the home results and the sport pages, and /saved-searches —
// Run now, rename, pause / resume, delete, at most 25, and the new matches the matcher finds.
// Every flow runs with JavaScript on and off: the forms are real forms.

const db = () => e2eDb();
const word = () => randomBytes(4).toString("hex");
const savedRows = (userId: string) => db().select().from(savedSearches).where(eq(savedSearches.userId, userId));
/** The saved search's card on /saved-searches, by its name. */
const card = (page: Page, name: string) =>
  page.getByTestId("saved-search").filter({ has: page.getByRole("heading", { name, exact: true }) });

test("a signed-out visitor sees no 'Save this search', and /saved-searches asks them to sign in", async ({ page }) => {
  await page.goto("/sport/hockey?q=goalie+pads");
  await expect(page.getByRole("heading", { name: /items? found/ })).toBeVisible();
  await expect(page.getByRole("button", { name: "Save this search" })).toHaveCount(0);
  await page.goto("/saved-searches");
  await expect(page).toHaveURL(/\/auth\?redirectTo=%2Fsaved-searches$/);
});

for (const javaScriptEnabled of [true, false]) {
  test.describe(`with JavaScript ${javaScriptEnabled ? "on" : "off"}`, () => {
    test.use({ javaScriptEnabled });

    test("a parent saves a filtered sport search, finds it under its readable name, and Run now opens the same search", async ({
      page,
      context,
    }) => {
      const parent = await createTestUser(db(), { firstName: "Sam" });
      await signInAs(context, parent.id);
      const search = "/sport/hockey?q=goalie+pads&zip=02139&radius=10";
      await page.goto(search);
      await page.getByRole("button", { name: "Save this search" }).click();
      await expect(page.getByText("Search saved")).toBeVisible();
      // Back on the same search.
      const back = new URL(page.url());
      expect(back.pathname).toBe("/sport/hockey");
      expect(Object.fromEntries(back.searchParams)).toEqual({ q: "goalie pads", zip: "02139", radius: "10" });

      // Saving it again is the same saved search.
      await page.getByRole("button", { name: "Save this search" }).click();
      await expect(page.getByText("Search saved")).toBeVisible();
      await expect.poll(async () => (await savedRows(parent.id)).length).toBe(1);

      // The profile links to them, with the count.
      await page.goto("/player-profile");
      await page.getByRole("link", { name: "Saved searches (1)" }).click();
      await expect(page).toHaveURL(/\/saved-searches$/);
      await expect(page.getByRole("heading", { name: "Saved searches", level: 1 })).toBeVisible();
      await expect(page.getByText("1 of 25")).toBeVisible();
      const saved = card(page, "Goalie pads · Hockey · within 10 mi of 02139");
      await expect(saved).toContainText("0 new matches");
      await expect(saved).toContainText("0 matches so far");

      await saved.getByRole("link", { name: /Run now/ }).click();
      await expect(page).toHaveURL((url) => url.pathname === "/sport/hockey");
      expect(Object.fromEntries(new URL(page.url()).searchParams)).toEqual({ q: "goalie pads", zip: "02139", radius: "10" });
      await expect(page.getByRole("searchbox", { name: "Search Hockey" })).toHaveValue("goalie pads");
    });

    test("a saved search is renamed (a name of only spaces is refused and kept), paused, resumed and deleted after a confirmation", async ({
      page,
      context,
    }) => {
      const parent = await createTestUser(db(), { firstName: "Rita" });
      const token = word();
      const saved = await saveSearch(db(), parent, { path: "/", query: `q=cleats+${token}` });
      expect(saved.ok).toBe(true);
      await signInAs(context, parent.id);
      await page.goto("/saved-searches");

      // Rename: only spaces is refused with a message, the entered text stays.
      let row = card(page, `Cleats ${token}`);
      await row.getByText("Rename").click();
      const name = row.getByRole("textbox", { name: "Name" });
      await expect(name).toHaveValue(`Cleats ${token}`);
      await name.fill("   ");
      await row.getByRole("button", { name: "Save name" }).click();
      row = page.getByTestId("saved-search");
      await expect(row.getByText("Please enter a name for this search")).toBeVisible();
      await expect(row.getByRole("textbox", { name: "Name" })).toHaveValue("   ");
      await expect.poll(async () => (await savedRows(parent.id))[0].name).toBe(`Cleats ${token}`);

      await row.getByRole("textbox", { name: "Name" }).fill("Cleats for Sam");
      await row.getByRole("button", { name: "Save name" }).click();
      await expect(page.getByText("Search renamed")).toBeVisible();
      row = card(page, "Cleats for Sam");
      await expect(row).toBeVisible();

      // Pause, then resume.
      await row.getByRole("button", { name: "Pause" }).click();
      await expect(page.getByText("Search paused")).toBeVisible();
      await expect(row.getByText("Paused", { exact: true })).toBeVisible();
      expect((await savedRows(parent.id))[0].paused).toBe(true);
      await row.getByRole("button", { name: "Resume" }).click();
      await expect(page.getByText("Search resumed")).toBeVisible();
      await expect(row.getByText("Paused", { exact: true })).toHaveCount(0);
      expect((await savedRows(parent.id))[0].paused).toBe(false);

      // Delete asks first.
      await row.getByText("Delete", { exact: true }).click();
      await expect(page.getByRole("heading", { name: "Delete this saved search?" })).toBeVisible();
      if (javaScriptEnabled) expect((await axeOn(page).analyze()).violations).toEqual([]);
      await page.getByRole("button", { name: "Yes, delete" }).click();
      await expect(page.getByText("Search deleted")).toBeVisible();
      await expect(page.getByTestId("saved-searches-empty")).toContainText("Save this search");
      await expect(page.getByText("0 of 25")).toBeVisible();
      expect(await savedRows(parent.id)).toEqual([]);
    });

    test("past 25 saved searches the 26th is refused with a clear message", async ({ page, context }) => {
      const parent = await createTestUser(db(), { firstName: "Max" });
      const token = word();
      for (let i = 0; i < 25; i++) expect((await saveSearch(db(), parent, { path: "/", query: `q=item${i}+${token}` })).ok).toBe(true);
      await signInAs(context, parent.id);
      await page.goto(`/sport/soccer?q=shin+guards+${token}`);
      await page.getByRole("button", { name: "Save this search" }).click();
      await expect(page.getByText("You can save up to 25 searches")).toBeVisible();
      await expect(page.getByText("Delete one on Saved searches to save this one.")).toBeVisible();
      expect(await savedRows(parent.id)).toHaveLength(25);
      await page.goto("/saved-searches");
      await expect(page.getByText("25 of 25")).toBeVisible();
    });

    test("a search saved from the home results shows '1 new match' once another person lists a matching item", async ({
      page,
      context,
    }) => {
      const parent = await createTestUser(db(), { firstName: "Nia" });
      const seller = await createTestUser(db(), { firstName: "Sol" });
      const token = word();
      await signInAs(context, parent.id);
      await page.goto(`/?q=${token}`);
      await page.getByRole("button", { name: "Save this search" }).click();
      await expect(page.getByText("Search saved")).toBeVisible();
      await expect(page).toHaveURL(`/?q=${token}`);

      await createTestListing(db(), seller, { title: `Batting helmet ${token}` });
      const matcher = await page.request.post("/dev/matcher", { headers: { Origin: E2E_BASE_URL } });
      expect(matcher.status()).toBe(200);

      await page.goto("/saved-searches");
      const saved = card(page, token.charAt(0).toUpperCase() + token.slice(1));
      await expect(saved).toContainText("1 new match");
      await expect(saved).toContainText("1 match so far");
      if (javaScriptEnabled) expect((await axeOn(page).analyze()).violations).toEqual([]);
    });
  });
}
