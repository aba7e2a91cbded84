import { mkdirSync } from "node:fs";
import { randomBytes } from "node:crypto";
import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";
import { addTestMember, createTestClub, createTestListing, createTestUser } from "../factories";
import { e2eDb, expect, saveScreenshot, signInAs, test } from "./fixtures";

// Every club page has no WCAG 2.1 A/AA violation (axe), signed out and signed
// in, with its dialogs and menus open, at 360 px and at 1280 px, and nothing wider than a phone.
// With SCREENSHOTS=1 each page is also saved as a full-page screenshot under .cache/screenshots/
// (not committed) for a human to look at.

test.describe.configure({ timeout: 180_000 });

// WCAG 2.1 A/AA and axe's best practices (heading order, landmarks), as Lighthouse counts them.
const AXE_TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "best-practice"];
const SIZES = { phone: { width: 360, height: 780 }, desktop: { width: 1280, height: 900 } } as const;
const SHOTS = ".cache/screenshots";
const word = () => randomBytes(4).toString("hex");
const db = () => e2eDb();

/** The open modal sits in the middle of the window (Tailwind's reset drops the UA's `margin: auto`). */
async function expectCentred(page: Page) {
  const box = (await page.getByRole("dialog").boundingBox())!;
  const { width, height } = page.viewportSize()!;
  expect(Math.abs(box.x + box.width / 2 - width / 2), "dialog centred horizontally").toBeLessThanOrEqual(2);
  expect(Math.abs(box.y + box.height / 2 - height / 2), "dialog centred vertically").toBeLessThanOrEqual(2);
}

async function check(page: Page, name: string) {
  const width = page.viewportSize()!.width;
  const { violations } = await new AxeBuilder({ page }).withTags(AXE_TAGS).analyze();
  const found = violations.flatMap((v) =>
    v.nodes.map((n) => `${v.id} (${v.impact}) ${n.target.join(" ")}: ${n.failureSummary?.replace(/\s+/g, " ")}`),
  );
  expect(found, `axe violations on ${name} at ${width} px`).toEqual([]);
  // No sideways scrolling on a phone (or anywhere).
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow, `horizontal overflow on ${name} at ${width} px`).toBeLessThanOrEqual(0);
  mkdirSync(SHOTS, { recursive: true });
  await saveScreenshot(page, `${SHOTS}/${name.replace(/[^a-z0-9]+/gi, "-")}-${width}.png`);
}

/** A club with a listing, an active member, a pending request and an unseen approval for `member`. */
async function community() {
  const owner = await createTestUser(db(), { firstName: "Olivia", lastName: "Owner" });
  const club = await createTestClub(db(), owner, {
    name: `Riverside Youth Soccer ${word()}`,
    joinMode: "approval",
    description: "Saturday games for ages 6 to 14. Cleats, shin guards and goalie gloves change hands every season.",
    city: "Cambridge",
    state: "MA",
    zip: "02139",
  });
  const codeClub = await createTestClub(db(), owner, {
    name: `Harbor Hockey ${word()}`,
    joinMode: "code",
    inviteCode: "PUCK42",
    sport: "hockey",
  });
  const member = await createTestUser(db(), { firstName: "Mateo", lastName: "Member" });
  await addTestMember(db(), club, member, { approvalNotified: false });
  const pending = await createTestUser(db(), { firstName: "Priya", lastName: "Pending" });
  await addTestMember(db(), club, pending, { status: "pending" });
  await createTestListing(db(), member, { title: "Adidas size 5 cleats, barely used", clubs: [club] });
  await createTestListing(db(), owner, { title: "Goalie gloves (youth M)", clubs: [club] });
  return { owner, club, codeClub, member };
}

const TABS = ["in-play", "team-info", "roster"] as const;

for (const [size, viewport] of Object.entries(SIZES)) {
  test.describe(`${size} (${viewport.width} px)`, () => {
    test.use({ viewport });

    test("signed out: directory, create, club page tabs", async ({ page }) => {
      test.slow();
      const { club } = await community();
      await page.goto("/clubs");
      await check(page, "clubs signed-out");
      await page.goto("/clubs/new");
      await expect(page.getByRole("heading", { name: "Sign In Required" })).toBeVisible();
      await check(page, "clubs-new signed-out");
      for (const tab of TABS) {
        await page.goto(`/club/${club.slug}?tab=${tab}`);
        await check(page, `club ${tab} signed-out`);
      }
      // Every tab is in sight (the strip wraps, it does not scroll) and a 44 px touch target.
      const nav = page.getByRole("navigation", { name: "Club sections" });
      const navBox = (await nav.boundingBox())!;
      for (const link of await nav.getByRole("link").all()) {
        const box = (await link.boundingBox())!;
        expect(box.height, `height of tab ${await link.textContent()}`).toBeGreaterThanOrEqual(44);
        expect(box.x + box.width, `tab ${await link.textContent()} inside the page`).toBeLessThanOrEqual(navBox.x + navBox.width + 0.5);
      }
    });

    test("owner: create form with errors, club tabs, manage, Team Hub, notifications open", async ({ page, context }) => {
      test.slow();
      const { owner, club } = await community();
      await signInAs(context, owner.id);
      await page.goto("/clubs");
      await check(page, "clubs owner");
      await page.goto("/clubs/new");
      await page.getByRole("main").getByLabel("Join mode").selectOption("code");
      await page.getByRole("button", { name: "Create Club" }).click();
      await expect(page.getByText("Name is required")).toBeVisible();
      await check(page, "clubs-new errors");
      for (const tab of [...TABS, "radar", "messages"]) {
        await page.goto(`/club/${club.slug}?tab=${tab}`);
        await check(page, `club ${tab} owner`);
      }
      await page.goto(`/club/${club.slug}/manage`);
      await expect(page.getByRole("heading", { name: `Manage ${club.name}` })).toBeVisible();
      await check(page, "manage");
      await page.goto("/team-hub");
      await check(page, "team-hub");
      await page.getByLabel("Notifications (1)").click();
      await expect(page.getByRole("link", { name: `${club.name} 1 request` })).toBeVisible();
      await check(page, "team-hub notifications-open");
    });

    test("member and stranger: approval in the bell, Leave Group and Enter Invite Code dialogs open", async ({ page, context }) => {
      test.slow();
      const { member, club, codeClub } = await community();
      await signInAs(context, member.id);
      await page.goto(`/club/${club.slug}`);
      await page.getByLabel("Notifications (1)").click();
      await expect(page.getByRole("button", { name: `View Club ${club.name}` })).toBeVisible();
      await check(page, "club member notifications-open");
      await page.goto(`/club/${club.slug}`);
      await page.getByRole("button", { name: "Leave Group" }).click();
      await expect(page.getByRole("dialog")).toBeVisible();
      await expectCentred(page);
      await check(page, "club leave-dialog");

      await page.goto(`/club/${codeClub.slug}`);
      await page.getByRole("button", { name: "Enter Invite Code" }).click();
      await expect(page.getByRole("dialog")).toBeVisible();
      await expectCentred(page);
      await check(page, "club invite-code-dialog");
      await page.goto("/team-hub");
      await check(page, "team-hub member");
    });
  });
}
