import { randomBytes } from "node:crypto";
import { readFileSync } from "node:fs";
import { and, eq } from "drizzle-orm";
import type { BrowserContext, Page } from "@playwright/test";
import { adminAuditLog, listingMessages, listingPhotos, listings, reports } from "../../db/schema";
import type { ReportReason, ReportTargetType } from "../../db/schema/enums";
import { suspendedMessage } from "../../app/shared/copy/safety";
import { createTestListing, createTestUser, type TestUser } from "../factories";
import { E2E_BASE_URL } from "../setup/e2e-env";
import { e2eDb, expect, signInAs, test } from "./fixtures";
import { axeOn } from "./axe";

// The site moderation queue, suspensions, warnings and the audit log (ADR 069). Reports are
// inserted as rows (the /report form is tested in reports.spec.ts).

const db = () => e2eDb();
const word = () => randomBytes(4).toString("hex");
const JPEG = { name: "cleats.jpg", mimeType: "image/jpeg", buffer: readFileSync("tests/fixtures/photo.jpg") };

async function report(type: ReportTargetType, id: string, targetUserId: string, reason: ReportReason = "scam") {
  const reporter = await createTestUser(db());
  await db()
    .insert(reports)
    .values({ reporterId: reporter.id, targetType: type, targetId: id, targetUserId, reason, details: reason === "other" ? "Odd" : null });
}

async function newPage(
  browser: import("@playwright/test").Browser,
  userId: string,
  javaScriptEnabled = true,
): Promise<[BrowserContext, Page]> {
  const context = await browser.newContext({ javaScriptEnabled });
  await signInAs(context, userId);
  return [context, await context.newPage()];
}

const group = (page: Page, heading: string | RegExp) =>
  page.getByTestId("report-group").filter({ has: page.getByRole("heading", { name: heading }) });

test("reports on a listing are one group with their count; removing it takes it down for everyone, with its photo, and a retry is 'Already handled'", async ({
  page,
  context,
  browser,
}) => {
  test.setTimeout(90_000);
  const tag = word();
  const title = `Counterfeit cleats ${tag}`;
  const seller = await createTestUser(db());
  const [sellerContext, sellerPage] = await newPage(browser, seller.id);
  await sellerPage.goto("/list-item");
  const form = sellerPage.locator("#listing-form");
  await form.getByLabel("Add photos").setInputFiles([JPEG]);
  await form.getByLabel("Title").fill(title);
  await form.getByLabel("Price ($)").fill("40");
  await form.getByLabel("Sport").selectOption("soccer");
  await form.getByLabel("Condition").selectOption("gently-used");
  await form.getByLabel("ZIP Code").fill("10001");
  await sellerPage.getByRole("button", { name: "Create Listing" }).click();
  await expect(sellerPage.getByText("Listing Created!")).toBeVisible();
  const listingId = sellerPage.url().split("/").pop()!;
  const [photo] = await db().select().from(listingPhotos).where(eq(listingPhotos.listingId, listingId));
  expect((await page.request.get(`/photos/${photo.r2Key}`)).status()).toBe(200);

  await report("listing", listingId, seller.id);
  await report("listing", listingId, seller.id, "prohibited");
  await report("listing", listingId, seller.id);

  const admin = await createTestUser(db(), { admin: true });
  await signInAs(context, admin.id);
  await page.goto("/admin");
  await page.getByRole("link", { name: "Reports" }).click();
  await expect(page).toHaveURL(/\/admin\/reports$/);
  const card = group(page, `Listing: ${title}`);
  await expect(card.getByTestId("report-count")).toHaveText("3 reports");
  await expect(card.getByRole("list", { name: "Reasons" })).toContainText("Scam or fraud × 2");
  await expect(card.getByRole("link", { name: title })).toBeVisible();
  await expect(card.getByText(seller.email).first()).toBeVisible();
  expect((await axeOn(page).analyze()).violations).toEqual([]);

  await card.getByRole("button", { name: "Remove" }).click();
  await expect(page.getByRole("dialog")).toBeVisible();
  await page.getByRole("dialog").getByRole("button", { name: "Remove" }).click();
  await expect(page.getByText("Listing removed")).toBeVisible();
  await expect(group(page, `Listing: ${title}`)).toHaveCount(0);

  // Gone for everyone: search, the page, the photo.
  await sellerPage.goto(`/?q=${encodeURIComponent(tag)}`);
  await expect(sellerPage.getByRole("link", { name: title })).toHaveCount(0);
  expect((await sellerPage.request.get(`/listing/${listingId}`)).status()).toBe(404);
  expect((await sellerPage.request.get(`/photos/${photo.r2Key}`)).status()).toBe(404);
  await sellerContext.close();

  // A retry (the same POST again) stores nothing and is told so.
  const again = await context.request.post("/admin/reports", {
    form: { intent: "remove", targetType: "listing", targetId: listingId },
    headers: { Origin: E2E_BASE_URL },
    maxRedirects: 0,
  });
  expect([302, 303]).toContain(again.status());
  await page.goto("/admin/reports");
  await expect(page.getByText("Already handled")).toBeVisible();
  expect(await db().select().from(adminAuditLog).where(eq(adminAuditLog.targetId, listingId))).toEqual([
    expect.objectContaining({ action: "delete_listing", actorId: admin.id, reason: "scam" }),
  ]);
  expect((await db().select().from(reports).where(eq(reports.targetId, listingId))).map((r) => r.outcome)).toEqual([
    "removed",
    "removed",
    "removed",
  ]);

  // The audit log view shows it, and its filters narrow it.
  await page.goto(`/admin?tab=audit&actor=${encodeURIComponent(admin.email)}`);
  await expect(page.getByRole("row", { name: new RegExp(`Deleted listing.*${title}`) })).toBeVisible();
  await page.getByLabel("Action").selectOption("warn_user");
  await page.getByRole("button", { name: "Filter" }).click();
  await expect(page.getByText("No admin actions match.")).toBeVisible();
});

test("a suspended person signs in and reads, sees the banner, and cannot post until the suspension is lifted; the audit log shows both", async ({
  page,
  context,
  browser,
}) => {
  test.setTimeout(90_000);
  const person = await createTestUser(db(), { firstName: "Sam", lastName: "Spammer" });
  const seller = await createTestUser(db());
  const listingId = await createTestListing(db(), seller, { title: `Goalie gloves ${word()}` });
  await report("user", person.id, person.id, "harassment");

  const admin = await createTestUser(db(), { admin: true });
  await signInAs(context, admin.id);
  await page.goto("/admin/reports");
  const card = group(page, "Person: Sam Spammer");
  await expect(card.getByTestId("report-count")).toHaveText("1 report");
  await card.getByLabel("Suspension reason").selectOption("harassment");
  await card.getByLabel("Suspend for").selectOption("7");
  await card.getByRole("button", { name: "Suspend" }).click();
  await expect(page.getByText("Account suspended")).toBeVisible();
  const until = suspendedMessage(new Date(Date.now() + 7 * 86_400_000));

  const [personContext, personPage] = await newPage(browser, person.id);
  await personPage.goto(`/listing/${listingId}`);
  await expect(personPage.getByTestId("suspension-banner")).toContainText(`${until}.`);
  await expect(personPage.getByTestId("suspension-banner")).toContainText("Reason: Harassment.");
  // Posting is refused with the date (the listing form: a plain form navigation).
  const title = `Banned bat ${word()}`;
  await personPage.goto("/list-item");
  const form = personPage.locator("#listing-form");
  await form.getByLabel("Title").fill(title);
  await form.getByLabel("Price ($)").fill("5");
  await form.getByLabel("Sport").selectOption("baseball");
  await form.getByLabel("Condition").selectOption("gently-used");
  await form.getByLabel("ZIP Code").fill("10001");
  await personPage.getByRole("button", { name: "Create Listing" }).click();
  await expect(personPage.getByText(until, { exact: true })).toBeVisible();
  expect(await db().select().from(listings).where(eq(listings.title, title))).toEqual([]);
  const questions = () =>
    db()
      .select()
      .from(listingMessages)
      .where(and(eq(listingMessages.listingId, listingId), eq(listingMessages.senderId, person.id)));
  expect(await questions()).toEqual([]);

  // Lifted: the banner goes and posting works again.
  await page.goto("/admin/reports");
  const row = page.getByTestId("suspension").filter({ hasText: person.email });
  await row.getByRole("button", { name: /Lift/ }).click();
  await page.getByRole("dialog").getByRole("button", { name: "Lift suspension" }).click();
  await expect(page.getByText("Suspension lifted")).toBeVisible();
  await personPage.goto(`/listing/${listingId}`);
  await expect(personPage.getByTestId("suspension-banner")).toHaveCount(0);
  await personPage.getByLabel("Your question").fill("Still available?");
  await personPage.getByRole("button", { name: "Send Message" }).click();
  await expect(personPage.getByRole("list", { name: "Conversation with the seller" }).getByRole("listitem")).toHaveText([
    "You: Still available?",
  ]);
  // The thread shows the message at once (optimistic); the row is there once the send settles.
  await expect.poll(async () => (await questions()).length).toBe(1);
  await personContext.close();

  await page.goto(`/admin?tab=audit&targetId=${person.id}`);
  await expect(page.getByRole("row", { name: /Suspended user/ })).toBeVisible();
  await expect(page.getByRole("row", { name: /Lifted suspension/ })).toBeVisible();
  await page.getByLabel("Action").selectOption("lift_suspension");
  await page.getByRole("button", { name: "Filter" }).click();
  await expect(page).toHaveURL(/action=lift_suspension/);
  await expect(page.getByRole("row", { name: /Lifted suspension/ })).toBeVisible();
  await expect(page.getByRole("row", { name: /Suspended user/ })).toHaveCount(0);
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("a warning is sent from the queue and its person dismisses the banner", async ({ page, context, browser }) => {
    const person = await createTestUser(db(), { firstName: "Wes", lastName: "Warned" });
    await report("user", person.id, person.id, "inappropriate");
    const admin: TestUser = await createTestUser(db(), { admin: true });
    await signInAs(context, admin.id);
    await page.goto("/admin/reports");
    const card = group(page, "Person: Wes Warned");
    await card.getByLabel("Warning reason").selectOption("inappropriate");
    await card.getByRole("button", { name: "Warn" }).click();
    await expect(page.getByText("Warning sent")).toBeVisible();
    await expect(group(page, "Person: Wes Warned")).toHaveCount(0);

    const [personContext, personPage] = await newPage(browser, person.id, false);
    await personPage.goto("/messages");
    await expect(personPage.getByTestId("warning-banner")).toContainText("A moderator warned you about inappropriate content.");
    await personPage.getByTestId("warning-banner").getByRole("button", { name: "Dismiss" }).click();
    await expect(personPage).toHaveURL(/\/messages$/);
    await expect(personPage.getByTestId("warning-banner")).toHaveCount(0);
    await personContext.close();

    await page.goto(`/admin?tab=audit&targetId=${person.id}`);
    await expect(page.getByRole("row", { name: /Warned user/ })).toBeVisible();
  });
});
