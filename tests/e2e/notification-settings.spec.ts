import { eq } from "drizzle-orm";
import type { Page } from "@playwright/test";
import { notificationSettings } from "../../db/schema";
import { DEFAULT_MODES } from "../../app/features/notifications/settings.server";
import { MODE_LABELS, NOTIFICATION_SETTINGS_SAVED, choiceNotOffered } from "../../app/shared/copy/notification-settings";
import { E2E_BASE_URL } from "../setup/e2e-env";
import { createTestUser } from "../factories";
import { e2eDb, expect, signInAs, test } from "./fixtures";
import { axeOn } from "./axe";

// ADR 073: 'Notifications' on /player-profile — per kind, in the app only, e-mail right away or
// an e-mail digest; one save writes every kind; a tampered body is refused with nothing written.
// A plain form: it runs with JavaScript on and off.

const db = () => e2eDb();
const rowsOf = async (userId: string) =>
  Object.fromEntries(
    (await db().select().from(notificationSettings).where(eq(notificationSettings.userId, userId))).map((row) => [row.kind, row.mode]),
  );
const group = (page: Page, legend: string) => page.getByRole("group", { name: legend, exact: true });
const option = (page: Page, legend: string, mode: keyof typeof MODE_LABELS) =>
  group(page, legend).getByRole("radio", { name: MODE_LABELS[mode], exact: true });

for (const javaScriptEnabled of [true, false]) {
  test.describe(`with JavaScript ${javaScriptEnabled ? "on" : "off"}`, () => {
    test.use({ javaScriptEnabled });

    test("the defaults are shown; two kinds changed are saved, shown after a reload and stored for every kind", async ({
      page,
      context,
    }) => {
      const me = await createTestUser(db(), { firstName: "Nora" });
      await signInAs(context, me.id);
      await page.goto("/player-profile");
      await expect(page.getByRole("heading", { name: "Notifications", level: 2 })).toBeVisible();
      // What a person has before choosing (DEFAULT_MODES): mail for what waits on them, matches as a digest.
      expect(DEFAULT_MODES).toMatchObject({ messages: "email_now", deals: "email_now", matches: "email_digest", clubs: "in_app" });
      await expect(option(page, "Messages", "email_now")).toBeChecked();
      await expect(option(page, "Deals", "email_now")).toBeChecked();
      await expect(option(page, "Clubs", "in_app")).toBeChecked();
      await expect(option(page, "Matches", "email_digest")).toBeChecked();
      await expect(option(page, "Club announcements", "in_app")).toBeChecked();
      // ADR 086: a favourite that got cheaper, told an hour after the drop.
      await expect(option(page, "Price drops", "email_digest")).toBeChecked();
      await expect(option(page, "Price drops", "email_now")).toHaveAccessibleDescription(/an hour after the price is lowered/);
      await expect(option(page, "Messages", "email_now")).toHaveAccessibleDescription(/no LockerSwap tab has been open for 10 minutes/);
      if (javaScriptEnabled) {
        const { violations } = await axeOn(page)
          .include("#notifications")
          .withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "best-practice"])
          .analyze();
        expect(violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`)).toEqual([]);
      }

      await option(page, "Deals", "in_app").check();
      await option(page, "Club announcements", "email_digest").check();
      await option(page, "Price drops", "email_now").check();
      await page.getByRole("button", { name: "Save notification settings" }).click();
      await expect(page.getByText(NOTIFICATION_SETTINGS_SAVED)).toBeVisible();
      expect(new URL(page.url()).hash).toBe("#notifications");

      await page.reload();
      await expect(option(page, "Deals", "in_app")).toBeChecked();
      await expect(option(page, "Club announcements", "email_digest")).toBeChecked();
      await expect(option(page, "Messages", "email_now")).toBeChecked();
      await expect(option(page, "Price drops", "email_now")).toBeChecked();
      expect(await rowsOf(me.id)).toEqual({ ...DEFAULT_MODES, deals: "in_app", announcements: "email_digest", price_drops: "email_now" });
    });
  });
}

test.describe("with JavaScript off", () => {
  test.use({ javaScriptEnabled: false });

  test("a tampered mode is refused: the choice is named, the entered values come back, nothing is written, a posted userId is ignored", async ({
    page,
    context,
  }) => {
    const me = await createTestUser(db(), { firstName: "Tam" });
    const other = await createTestUser(db(), { firstName: "Otto" });
    await signInAs(context, me.id);
    await page.goto("/player-profile");
    // The form as a browser with its values edited sends it.
    await option(page, "Clubs", "email_now").check();
    await option(page, "Messages", "email_digest").evaluate((radio: HTMLInputElement) => (radio.value = "email_weekly"));
    await option(page, "Messages", "email_digest").check();
    await page.getByRole("button", { name: "Save notification settings" }).click();
    await expect(group(page, "Messages").getByText(choiceNotOffered("messages"))).toBeVisible();
    await expect(page.getByText(`Notification settings not saved: ${choiceNotOffered("messages")}`)).toBeVisible();
    await expect(option(page, "Clubs", "email_now")).toBeChecked();
    expect(await rowsOf(me.id)).toEqual({});

    // By request: an unknown mode is a 400, never a 500; a valid body with someone else's id stores the sender's own.
    const post = (form: Record<string, string>) =>
      page.request.post("/player-profile", { form, headers: { Origin: E2E_BASE_URL }, maxRedirects: 0 });
    const fields = (modes: Record<string, string>) =>
      Object.fromEntries(Object.entries(modes).map(([kind, mode]) => [`modes.${kind}`, mode]));
    const valid = { intent: "notifications", ...fields(DEFAULT_MODES), userId: other.id };
    expect((await post({ ...valid, "modes.deals": "<script>" })).status()).toBe(400);
    expect(await rowsOf(me.id)).toEqual({});
    const saved = await post({ ...valid, "modes.clubs": "email_now" });
    expect(saved.status()).toBe(302);
    expect(saved.headers().location).toBe("/player-profile#notifications");
    expect(await rowsOf(me.id)).toEqual({ ...DEFAULT_MODES, clubs: "email_now" });
    expect(await rowsOf(other.id)).toEqual({});
  });
});
