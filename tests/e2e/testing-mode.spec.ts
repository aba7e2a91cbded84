import { expect, test } from "./fixtures";

test("testing mode signs the browser into the demo account and back out", async ({ page }) => {
  await page.goto("/");
  await expect(page.getByText("Test Mode: Auth disabled. Data may reset.")).toHaveCount(0);
  await page.getByRole("button", { name: "Enable testing mode" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Testing mode enabled" })).toContainText("You can now test without signing in");
  await expect(page.getByText("Test Mode: Auth disabled. Data may reset.")).toBeVisible();
  // A real account: the demo 'user' (Priya).
  await expect(page.getByLabel("Account menu for Priya")).toBeVisible();

  await page.getByRole("button", { name: "Disable testing mode" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Testing mode disabled" })).toContainText("Authentication is now required");
  await expect(page.getByText("Test Mode: Auth disabled. Data may reset.")).toHaveCount(0);
  await expect(page.getByRole("link", { name: "Sign In" }).first()).toBeVisible();
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("testing mode toggles on and off", async ({ page }) => {
    await page.goto("/");
    await page.getByRole("button", { name: "Enable testing mode" }).click();
    await expect(page.getByText("Test Mode: Auth disabled. Data may reset.")).toBeVisible();
    await expect(page.getByText("Testing mode enabled")).toBeVisible();
    await page.getByRole("button", { name: "Disable testing mode" }).click();
    await expect(page.getByText("Testing mode disabled")).toBeVisible();
    await expect(page.getByText("Test Mode: Auth disabled. Data may reset.")).toHaveCount(0);
  });
});

test("testing mode has no page to GET", async ({ request }) => {
  expect((await request.get("/testing-mode")).status()).toBe(404);
});
