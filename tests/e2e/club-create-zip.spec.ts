import { randomBytes } from "node:crypto";
import type { Page } from "@playwright/test";
import { eq } from "drizzle-orm";
import { clubs, zipCodes } from "../../db/schema";
import { createTestUser } from "../factories";
import { e2eDb, expect, signInAs, test } from "./fixtures";

// Spec 02 §2 Create club: "A 5-digit ZIP auto-fills city and state" — as the user types with
// JavaScript, and on the server when the form is sent without it.

const word = () => randomBytes(4).toString("hex");
// The header has a location dialog with its own ZIP field: the form is in <main>.
const main = (page: Page) => page.getByRole("main");

test.beforeAll(async () => {
  await e2eDb()
    .insert(zipCodes)
    .values({ zip: "02139", city: "Cambridge", state: "MA", latitude: 42.36, longitude: -71.1 })
    .onConflictDoNothing();
});

test("with JavaScript, typing a 5-digit ZIP fills city and state (non-digits are stripped)", async ({ page, context }) => {
  await signInAs(context, (await createTestUser(e2eDb())).id);
  await page.goto("/clubs/new");
  // Hydrated: the invite code field hides until join mode is 'code'.
  await expect(main(page).getByLabel("Invite code")).toHaveCount(0);
  const looked = page.waitForResponse((r) => r.url().endsWith("/api/zip/02139"));
  await main(page).getByLabel("ZIP code").pressSequentially("02-139");
  await expect(main(page).getByLabel("ZIP code")).toHaveValue("02139");
  // A loaded machine can take longer than an assertion's wait to answer; wait for the answer itself.
  expect((await looked).ok()).toBe(true);
  await expect(main(page).getByLabel("City")).toHaveValue("Cambridge");
  await expect(main(page).getByLabel("State")).toHaveValue("MA");
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the server fills city and state from the ZIP; a city typed by the user is kept", async ({ page, context }) => {
    await signInAs(context, (await createTestUser(e2eDb())).id);
    const name = `Zip Filled ${word()}`;
    await page.goto("/clubs/new");
    await main(page).getByLabel("Name").fill(name);
    await main(page).getByLabel("ZIP code").fill("02139");
    await page.getByRole("button", { name: "Create Club" }).click();
    await expect(page.getByText("Club created!")).toBeVisible();
    const [created] = await e2eDb().select().from(clubs).where(eq(clubs.name, name));
    expect(created).toMatchObject({ zip: "02139", city: "Cambridge", state: "MA" });
    await expect(page.getByText("Cambridge, MA").first()).toBeVisible();

    const typed = `Zip Typed ${word()}`;
    await page.goto("/clubs/new");
    await main(page).getByLabel("Name").fill(typed);
    await main(page).getByLabel("ZIP code").fill("02139");
    await main(page).getByLabel("City").fill("Somerville");
    await page.getByRole("button", { name: "Create Club" }).click();
    await expect(page.getByText("Club created!")).toBeVisible();
    const [kept] = await e2eDb().select().from(clubs).where(eq(clubs.name, typed));
    expect(kept).toMatchObject({ city: "Somerville", state: "MA" });
  });
});
