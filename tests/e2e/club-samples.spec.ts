import { randomBytes } from "node:crypto";
import { createTestClub, createTestUser } from "../factories";
import { e2eDb, expect, test } from "./fixtures";

// 02 §2 In Play: "In testing mode with no listings, sample listings for the sport are shown."
test("testing mode shows sample listings for the sport of an empty club, as cards that are not links", async ({ page }) => {
  const owner = await createTestUser(e2eDb());
  const club = await createTestClub(e2eDb(), owner, { name: `Sample Hoops ${randomBytes(4).toString("hex")}`, sport: "basketball" });
  await page.goto(`/club/${club.slug}`);
  await expect(page.getByText("No items yet")).toBeVisible();

  await page.getByRole("button", { name: "Enable testing mode" }).click();
  await expect(page).toHaveURL(new RegExp(`/club/${club.slug}$`));
  await expect(page.getByRole("heading", { name: "Sample listings (testing mode)" })).toBeVisible();
  const cards = page.getByTestId("club-listing-card");
  await expect(cards).toHaveCount(3);
  await expect(cards.first()).toContainText("Sample: Basketball");
  await expect(cards.getByRole("link")).toHaveCount(0);

  await page.getByRole("button", { name: "Disable testing mode" }).click();
  await expect(page.getByText("No items yet")).toBeVisible();
});
