import type { Page } from "@playwright/test";
import { eq } from "drizzle-orm";
import { reports } from "../../db/schema";
import { createTestClub, createTestListing, createTestUser } from "../factories";
import { E2E_BASE_URL } from "../setup/e2e-env";
import { e2eDb, expect, signInAs, test } from "./fixtures";
import { axeOn } from "./axe";

// Reports (ADR 069): 'Report' beside a listing opens /report, a page of its own that works with
// and without JavaScript. A reason (and details for 'Other') → 'Report sent' and back to the listing;
// a second report of the same thing says it was already reported; your own listing cannot be reported.

const AXE_TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "best-practice"];
const toast = (page: Page, title: string) => page.getByRole("region", { name: "Notifications" }).getByText(title, { exact: true });
const reportsOn = (listingId: string) => e2eDb().select().from(reports).where(eq(reports.targetId, listingId));

for (const javaScriptEnabled of [true, false]) {
  test.describe(javaScriptEnabled ? "with JavaScript" : "without JavaScript", () => {
    test.use({ javaScriptEnabled });

    test("report a listing from its page: 'Report sent', back on the listing, one open report with the reason", async ({
      page,
      context,
    }) => {
      const db = e2eDb();
      const seller = await createTestUser(db, { firstName: "Sally" });
      const reporter = await createTestUser(db, { firstName: "Rita" });
      const listingId = await createTestListing(db, seller, { title: "Too-good-to-be-true cleats" });
      await signInAs(context, reporter.id);
      await page.goto(`/listing/${listingId}`);
      await page.getByRole("link", { name: "Report this listing" }).click();
      await expect(page).toHaveURL(`/report?type=listing&id=${listingId}`);
      await expect(page.getByRole("heading", { name: "Report a listing" })).toBeVisible();
      await expect(page.getByTestId("report-excerpt")).toHaveText("Too-good-to-be-true cleats");
      await page.getByRole("radio", { name: "Scam or fraud" }).check();
      await page.getByLabel("Details").fill("Asks for payment by gift card");
      await page.getByRole("button", { name: "Send report" }).click();

      await expect(page).toHaveURL(`/listing/${listingId}`);
      await expect(toast(page, "Report sent")).toBeVisible();
      const rows = await reportsOn(listingId);
      expect(rows).toHaveLength(1);
      expect(rows[0]).toMatchObject({
        reporterId: reporter.id,
        targetType: "listing",
        targetUserId: seller.id,
        reason: "scam",
        details: "Asks for payment by gift card",
        status: "open",
        excerpt: "Too-good-to-be-true cleats",
      });
    });

    test("'Other' without details: the reason stays chosen and the page says what is missing; then sent", async ({ page, context }) => {
      const db = e2eDb();
      const seller = await createTestUser(db);
      const reporter = await createTestUser(db);
      const listingId = await createTestListing(db, seller);
      await signInAs(context, reporter.id);
      await page.goto(`/report?type=listing&id=${listingId}`);
      await page.getByRole("radio", { name: "Other" }).check();
      await page.getByRole("button", { name: "Send report" }).click();
      await expect(page.getByText("Please tell us what is wrong")).toBeVisible();
      await expect(page.getByRole("radio", { name: "Other" })).toBeChecked();
      expect(await reportsOn(listingId)).toEqual([]);

      // axe runs in the page: only where the page runs scripts.
      if (javaScriptEnabled) {
        const { violations } = await axeOn(page).withTags(AXE_TAGS).analyze();
        const found = violations.flatMap((v) => v.nodes.map((n) => `${v.id} (${v.impact}) ${n.target.join(" ")}: ${n.failureSummary}`));
        expect(found, "axe violations on the report page with an error").toEqual([]);
      }

      await page.getByLabel("Details").fill("The photos are of a different item");
      await page.getByRole("button", { name: "Send report" }).click();
      await expect(toast(page, "Report sent")).toBeVisible();
      expect(await reportsOn(listingId)).toMatchObject([{ reason: "other", details: "The photos are of a different item" }]);
    });

    test("a second report of the same listing says it was already reported, and nothing more is stored", async ({ page, context }) => {
      const db = e2eDb();
      const seller = await createTestUser(db);
      const reporter = await createTestUser(db);
      const listingId = await createTestListing(db, seller);
      await signInAs(context, reporter.id);
      for (const reason of ["Prohibited item", "Inappropriate content"]) {
        await page.goto(`/report?type=listing&id=${listingId}`);
        await page.getByRole("radio", { name: reason }).check();
        await page.getByRole("button", { name: "Send report" }).click();
        await expect(page).toHaveURL(`/listing/${listingId}`);
      }
      await expect(toast(page, "You have already reported this. A moderator will look at it.")).toBeVisible();
      expect(await reportsOn(listingId)).toMatchObject([{ reporterId: reporter.id, reason: "prohibited" }]);
    });

    test("your own listing: no Report link, the report page refuses, and a forged post stores nothing", async ({ page, context }) => {
      const db = e2eDb();
      const seller = await createTestUser(db);
      const listingId = await createTestListing(db, seller, { title: "My own bat" });
      await signInAs(context, seller.id);
      await page.goto(`/listing/${listingId}`);
      await expect(page.getByRole("heading", { name: "My own bat" })).toBeVisible();
      await expect(page.getByRole("link", { name: "Report this listing" })).toHaveCount(0);

      await page.goto(`/report?type=listing&id=${listingId}`);
      await expect(page.getByText("You can't report your own content.")).toBeVisible();
      await expect(page.getByRole("button", { name: "Send report" })).toHaveCount(0);

      const forged = await page.request.post("/report", {
        form: { type: "listing", id: listingId, reason: "scam" },
        headers: { Origin: E2E_BASE_URL },
        maxRedirects: 0,
      });
      expect(forged.status()).toBe(303);
      expect(forged.headers()["location"]).toBe(`/listing/${listingId}`);
      expect(await reportsOn(listingId)).toEqual([]);
    });
  });
}

test("signed out: Report leads to sign-in and back to the report page", async ({ page }) => {
  const db = e2eDb();
  const seller = await createTestUser(db);
  const listingId = await createTestListing(db, seller);
  await page.goto(`/listing/${listingId}`);
  await page.getByRole("link", { name: "Report this listing" }).click();
  await expect(page).toHaveURL(`/auth?${new URLSearchParams({ redirectTo: `/report?type=listing&id=${listingId}` })}`);
});

test("a listing the reporter may not see, or an unknown id, is a 404 that says there is nothing to report", async ({ page, context }) => {
  const db = e2eDb();
  const owner = await createTestUser(db);
  const club = await createTestClub(db, owner, { visibility: "private" });
  const hidden = await createTestListing(db, owner, { clubs: [club] });
  const reporter = await createTestUser(db);
  await signInAs(context, reporter.id);
  for (const url of [
    `/report?type=listing&id=${hidden}`,
    `/report?type=listing&id=${crypto.randomUUID()}`,
    "/report?type=listing&id=nope",
    "/report?type=planet&id=x",
  ]) {
    const response = await page.goto(url);
    expect(response?.status(), url).toBe(404);
    await expect(page.getByRole("heading", { name: "Nothing to report" })).toBeVisible();
  }
  const post = await page.request.post("/report", {
    form: { type: "listing", id: hidden, reason: "scam" },
    headers: { Origin: E2E_BASE_URL },
    maxRedirects: 0,
  });
  expect(post.status()).toBe(404);
  expect(await db.select().from(reports).where(eq(reports.reporterId, reporter.id))).toEqual([]);
});
