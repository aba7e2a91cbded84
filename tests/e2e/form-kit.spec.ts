import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures";

// The form kit (ADR 023) on its dev page /dev/kit: every control posts real values, JavaScript or not.

async function hydrated(page: Page) {
  // The combobox replaces the native select once React runs.
  await expect(page.getByRole("combobox", { name: "Color" })).toHaveAttribute("aria-autocomplete", "list");
}

for (const javaScriptEnabled of [true, false]) {
  test.describe(`with JavaScript ${javaScriptEnabled ? "on" : "off"}`, () => {
    test.use({ javaScriptEnabled });

    test("a field shows its constraints and description; switch, checkbox and select post real values", async ({ page }) => {
      await page.goto("/dev/kit");
      if (javaScriptEnabled) await hydrated(page);
      const nickname = page.getByLabel("Nickname");
      // The schema's constraints are HTML attributes, so the browser checks them before JavaScript.
      await expect(nickname).toHaveAttribute("required", "");
      await expect(nickname).toHaveAttribute("maxlength", "20");
      await expect(nickname).toHaveAccessibleDescription("Shown beside your listings.");
      await nickname.fill("Slugger");
      if (javaScriptEnabled) {
        await page.getByRole("combobox", { name: "Color" }).fill("gre");
        await page.getByRole("option", { name: "Green" }).click();
      } else {
        await page.getByLabel("Color").selectOption("green");
      }
      await page.getByRole("switch", { name: "Email alerts" }).check();
      await page.getByRole("checkbox", { name: "I accept the terms" }).check();
      await page.getByRole("button", { name: "Save" }).click();
      await expect(page.getByTestId("echo")).toHaveText(
        JSON.stringify({ nickname: "Slugger", color: "green", alerts: "on", terms: "yes" }),
      );
    });

    test("an empty required field is refused with its message wired to the input", async ({ page }) => {
      await page.goto("/dev/kit");
      if (javaScriptEnabled) await hydrated(page);
      // Forms keep conform's noValidate: the schema's message answers, from the server without JavaScript.
      await page.getByRole("button", { name: "Save" }).click();
      await expect(page.getByLabel("Nickname")).toHaveAttribute("aria-invalid", "true");
      await expect(page.getByLabel("Nickname")).toHaveAccessibleDescription(/Nickname is required/);
      await expect(page.getByTestId("echo")).toHaveCount(0);
    });
  });
}

test("with JavaScript, ConfirmDialog is a modal <dialog>: Escape closes it and focus returns to the trigger; confirming posts", async ({
  page,
}) => {
  await page.goto("/dev/kit");
  await hydrated(page);
  const trigger = page.getByRole("button", { name: "Delete everything" });
  await trigger.click();
  const dialog = page.getByRole("dialog", { name: "Delete everything?" });
  await expect(dialog).toBeVisible();
  await expect(dialog).toHaveAccessibleDescription("This is a demo; nothing is deleted.");
  await page.keyboard.press("Escape");
  await expect(dialog).toBeHidden();
  await expect(trigger).toBeFocused();
  await trigger.click();
  await dialog.getByRole("button", { name: "Cancel" }).click();
  await expect(dialog).toBeHidden();
  await trigger.click();
  await dialog.getByRole("button", { name: "Yes, delete" }).click();
  await expect(page.getByTestId("echo")).toHaveText("Confirmed: delete");
  await expect(dialog).toBeHidden();
});

test.describe("with JavaScript off", () => {
  test.use({ javaScriptEnabled: false });
  test("ConfirmDialog opens in place and its confirmation is a plain form POST", async ({ page }) => {
    await page.goto("/dev/kit");
    await page.getByText("Delete everything", { exact: true }).click();
    await page.getByRole("button", { name: "Yes, delete" }).click();
    await expect(page.getByTestId("echo")).toHaveText("Confirmed: delete");
  });
});
