// TEMPORARY (UI kit slice): screenshots for a human look; deleted after use.
import { test } from "@playwright/test";
import { signInAs } from "./fixtures";

for (const width of [360, 1280]) {
  test(`kit shots at ${width}`, async ({ page, context }) => {
    await page.setViewportSize({ width, height: 900 });
    await page.goto("/");
    await page.screenshot({ path: `/tmp/kitb/shots/home-${width}.png`, fullPage: true });
    await page.goto("/sport/soccer");
    await page.screenshot({ path: `/tmp/kitb/shots/sport-${width}.png`, fullPage: false });
    await page.goto("/auth");
    await page.screenshot({ path: `/tmp/kitb/shots/auth-${width}.png`, fullPage: false });
    await signInAs(context, "owner@lockerswap.test");
    await page.goto("/list-item");
    await page.screenshot({ path: `/tmp/kitb/shots/list-item-${width}.png`, fullPage: true });
    await page.goto("/clubs");
    await page.screenshot({ path: `/tmp/kitb/shots/clubs-${width}.png`, fullPage: false });
  });
}
