// TEMPORARY: screenshots for a person to look at (issue 19). Delete when done.
import { appendFileSync, mkdirSync, readFileSync } from "node:fs";
import { randomBytes } from "node:crypto";
import type { Page } from "@playwright/test";
import { listingMessages, clubDirectMessages, clubMessages } from "../../db/schema";
import { addTestMember, createTestClub, createTestListing, createTestUser } from "../factories";
import { e2eDb, expect, signInAs, test } from "./fixtures";

test.describe.configure({ timeout: 240_000 });
const word = () => randomBytes(4).toString("hex");
const db = () => e2eDb();
const JPEG = readFileSync("tests/fixtures/photo.jpg");
const PNG = readFileSync("tests/fixtures/photo.png");
const SIX = Array.from({ length: 6 }, (_, i) =>
  i % 2 ? { name: `photo-${i + 1}.png`, mimeType: "image/png", buffer: PNG } : { name: `photo-${i + 1}.jpg`, mimeType: "image/jpeg", buffer: JPEG },
);
mkdirSync("/tmp/look", { recursive: true });

async function shot(page: Page, name: string, fullPage = true) {
  const w = page.viewportSize()!.width;
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  appendFileSync("/tmp/look/overflow.txt", `${name} ${w}: ${overflow}\n`);
  await page.waitForFunction(() => Array.from(document.images).every((i) => i.complete || i.loading === "lazy"));
  await page.screenshot({ path: `/tmp/look/${name}-${w}.png`, fullPage });
}

async function world() {
  const owner = await createTestUser(db(), { firstName: "Olivia", lastName: "Owner" });
  const seller = await createTestUser(db(), { firstName: "Sam", lastName: "Seller" });
  const buyer = await createTestUser(db(), { firstName: "Bea", lastName: "Buyer" });
  const club = await createTestClub(db(), owner, { name: `Riverside Youth Soccer ${word()}`, showListingCount: false, description: "Saturday games for ages 6 to 14." });
  await addTestMember(db(), club, seller);
  await addTestMember(db(), club, buyer);
  for (let i = 0; i < 5; i++) await createTestListing(db(), seller, { title: `Adidas cleats size ${i + 4}`, clubs: [club] });
  const listingId = await createTestListing(db(), seller, { title: "Goalkeeper gloves, youth M, hardly used at all", sport: "soccer" });
  await db().insert(listingMessages).values({ listingId, senderId: buyer.id, receiverId: seller.id, content: "Are these size 9? Could I pick them up Saturday morning near the field?" });
  await db().insert(listingMessages).values({ listingId, senderId: seller.id, receiverId: buyer.id, content: "Yes, size 9. Saturday works." });
  await db().insert(clubMessages).values({ clubId: club.id, userId: buyer.id, content: "Anyone have spare shin guards?" });
  await db().insert(clubDirectMessages).values({ clubId: club.id, senderId: buyer.id, receiverId: seller.id, content: "Hi Sam, still selling those cleats?" });
  return { owner, seller, buyer, club, listingId };
}

for (const width of [360, 1280]) {
  test.describe(`${width}`, () => {
    test.use({ viewport: { width, height: width === 360 ? 780 : 900 } });

    test("signed out pages", async ({ page }) => {
      const { club } = await world();
      await page.goto("/");
      await shot(page, "home");
      await page.goto("/sport/soccer");
      await shot(page, "sport-soccer");
      await page.goto(`/club/${club.slug}`);
      await shot(page, "club-visitor");
      await page.goto("/auth");
      await shot(page, "auth");
      const pw = await page.getByLabel("Password", { exact: true }).boundingBox();
      const show = await page.getByRole("button", { name: "Show password" }).boundingBox();
      appendFileSync("/tmp/look/overflow.txt", `auth pw ${JSON.stringify(pw)} show ${JSON.stringify(show)}\n`);
      for (let i = 0; i < 4; i++) await page.keyboard.press("Tab");
      await shot(page, "auth-tab4", false);
      for (let i = 0; i < 2; i++) await page.keyboard.press("Tab");
      await shot(page, "auth-tab6", false);
    });

    test("signed in pages", async ({ page, context }) => {
      const { owner, seller, club } = await world();
      await signInAs(context, seller.id);
      await page.goto("/messages");
      await shot(page, "messages");
      await expect(page.locator("[data-user-room=open]")).toBeAttached();
      await page.getByTestId("conversation").filter({ hasText: "Goalkeeper" }).getByRole("link").click();
      await expect(page.getByRole("dialog")).toBeVisible();
      await expect(page.getByRole("dialog").getByRole("listitem").first()).toBeVisible();
      await shot(page, "messages-dialog", false);

      await page.goto("/list-item");
      await expect(page.locator("#listing-form").getByRole("button", { name: "Update options" })).toHaveCount(0);
      await page.locator("#listing-form").getByLabel("Add photos").setInputFiles(SIX);
      await expect(page.getByRole("alert").filter({ hasText: "You can add up to 5 photos" })).toBeVisible();
      await shot(page, "list-item-6photos");

      await page.goto("/player-profile");
      await shot(page, "player-profile");
      await page.getByRole("button", { name: "Delete my account" }).click();
      await expect(page.getByRole("dialog")).toBeVisible();
      await shot(page, "confirm-delete-account", false);

      await page.goto("/in-play");
      const card = page.getByTestId("in-play-listing").first();
      await card.hover();
      await card.getByRole("link", { name: /^Delete / }).click();
      await shot(page, "in-play-delete");

      await page.goto(`/club/${club.slug}?tab=messages`);
      await page.waitForTimeout(1500);
      await shot(page, "club-messages-chat");
      await page.goto(`/club/${club.slug}?tab=messages&sub=dm`);
      await page.waitForTimeout(1000);
      await shot(page, "club-messages-dm-list");
      await page.getByRole("navigation", { name: "Members" }).getByRole("link").first().click();
      await page.waitForTimeout(1500);
      await shot(page, "club-messages-dm");

      await signInAs(context, owner.id);
      await page.goto(`/club/${club.slug}/manage`);
      await shot(page, "club-manage");
    });
  });
}

test.describe("no js", () => {
  test.use({ javaScriptEnabled: false, viewport: { width: 360, height: 780 } });
  test("list-item 6 photos banner", async ({ page, context }) => {
    const seller = await createTestUser(db(), { firstName: "Sam", lastName: "Seller" });
    await signInAs(context, seller.id);
    await page.goto("/list-item");
    const form = page.locator("#listing-form");
    await form.getByLabel("Add photos").setInputFiles(SIX);
    await form.getByLabel("Title").fill("Six photo shin guards");
    await form.getByLabel("Price ($)").fill("30");
    await form.getByLabel("Sport").selectOption("soccer");
    await form.getByLabel("Condition").selectOption("gently-used");
    await form.getByLabel("ZIP Code").fill("10001");
    await form.getByLabel("City").fill("New York");
    await form.getByLabel("State").selectOption("NY");
    await page.getByRole("button", { name: "Create Listing" }).click();
    await expect(page.getByRole("alert").filter({ hasText: "You can add up to 5 photos" }).first()).toBeVisible();
    await shot(page, "nojs-list-item-banner");
    await page.setViewportSize({ width: 1280, height: 900 });
    await shot(page, "nojs-list-item-banner");
  });
});
