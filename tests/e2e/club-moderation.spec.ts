import { randomBytes, randomUUID } from "node:crypto";
import { and, eq } from "drizzle-orm";
import type { Browser, Page } from "@playwright/test";
import { adminAuditLog, clubMembers, clubMessages, reports } from "../../db/schema";
import { addTestMember, createTestClub, createTestUser, type TestClub, type TestUser } from "../factories";
import { E2E_BASE_URL } from "../setup/e2e-env";
import { e2eDb, expect, signInAs, test } from "./fixtures";
import { axeOn } from "./axe";

// ADR 069 club moderators: reports about a club's chat messages, announcements and item requests
// go to its owner and admins in the 'Reports' section of /club/{slug}/manage. Report rows are
// inserted as /report stores them (club content carries club_id).

const word = () => randomBytes(4).toString("hex");
const db = () => e2eDb();

type World = { c: TestClub; admin: TestUser; mia: TestUser; noah: TestUser; rae: TestUser; messageId: string; reportId: string };

/** A club with an admin and three members; Mia has posted to the chat and Rae reported it. */
async function world(content = `You are all useless ${word()}`): Promise<World> {
  const owner = await createTestUser(db(), { firstName: "Olive", lastName: `Owner${word()}` });
  const c = await createTestClub(db(), owner, { name: `Harbor Kickers ${word()}`, joinMode: "approval" });
  const member = async (firstName: string, role?: "admin") => {
    const user = await createTestUser(db(), { firstName, lastName: `Member${word()}` });
    await addTestMember(db(), c, user, { role });
    return user;
  };
  const admin = await member("Ada", "admin");
  const mia = await member("Mia");
  const noah = await member("Noah");
  const rae = await member("Rae");
  const messageId = randomUUID();
  await db().insert(clubMessages).values({ id: messageId, clubId: c.id, userId: mia.id, content, messageType: "chat" });
  const [report] = await db()
    .insert(reports)
    .values({
      reporterId: rae.id,
      targetType: "club_message",
      targetId: messageId,
      targetUserId: mia.id,
      clubId: c.id,
      reason: "harassment",
      excerpt: content,
    })
    .returning();
  return { c, admin, mia, noah, rae, messageId, reportId: report.id };
}

async function personPage(browser: Browser, user: TestUser) {
  const context = await browser.newContext();
  await signInAs(context, user.id);
  return context.newPage();
}

const reportsSection = (page: Page) => page.getByRole("region", { name: "Reports" });
const reportRow = async (id: string) => (await db().select().from(reports).where(eq(reports.id, id)))[0];
const auditOf = (reportId: string) => db().select().from(adminAuditLog).where(eq(adminAuditLog.reportId, reportId));
const post = (page: Page, c: TestClub, form: Record<string, string>) =>
  page.request.post(`/club/${c.slug}/manage`, { form, headers: { Origin: E2E_BASE_URL }, maxRedirects: 0 });

test("the club admin removes a reported chat message from manage: gone for everyone, the report closed, the audit row has the club", async ({
  browser,
}) => {
  test.slow();
  const w = await world();
  const content = (await db().select().from(clubMessages).where(eq(clubMessages.id, w.messageId)))[0].content;
  // Noah has the Messages tab open, live.
  const noahPage = await personPage(browser, w.noah);
  await noahPage.goto(`/club/${w.c.slug}?tab=messages&sub=chat`);
  await expect(noahPage.getByTestId("club-chat")).toHaveAttribute("data-live", "open", { timeout: 20_000 });
  const chatLog = (page: Page) => page.getByRole("log", { name: "Group Chat" });
  await expect(chatLog(noahPage).getByText(content)).toBeVisible();

  const adminPage = await personPage(browser, w.admin);
  await adminPage.goto(`/club/${w.c.slug}/manage`);
  const entry = reportsSection(adminPage).getByTestId("report-group");
  await expect(entry).toHaveCount(1);
  await expect(entry.getByTestId("report-count")).toHaveText("1 report");
  await expect(entry).toContainText("Harassment");
  await expect(entry).toContainText(`Mia ${w.mia.lastName}`);
  await expect(entry).toContainText(content);
  // Rae is not named to the moderators.
  await expect(reportsSection(adminPage)).not.toContainText(w.rae.lastName!);

  await entry.getByRole("button", { name: "Remove message", exact: true }).click();
  await expect(adminPage.getByText("Message removed")).toBeVisible();
  await expect(reportsSection(adminPage).getByText("No open reports")).toBeVisible();

  // Gone live on Noah's open page, and for anyone who opens the tab.
  await expect(chatLog(noahPage).getByText(content)).toHaveCount(0, { timeout: 20_000 });
  const miaPage = await personPage(browser, w.mia);
  await miaPage.goto(`/club/${w.c.slug}?tab=messages&sub=chat`);
  await expect(chatLog(miaPage)).toBeVisible();
  await expect(chatLog(miaPage).getByText(content)).toHaveCount(0);
  expect(await db().select().from(clubMessages).where(eq(clubMessages.id, w.messageId))).toEqual([]);

  expect(await reportRow(w.reportId)).toMatchObject({ status: "closed", outcome: "removed", handledBy: w.admin.id });
  expect(await auditOf(w.reportId)).toEqual([
    expect.objectContaining({
      action: "delete_message",
      actorId: w.admin.id,
      clubId: w.c.id,
      targetType: "club_message",
      targetId: w.messageId,
    }),
  ]);
  for (const page of [noahPage, adminPage, miaPage]) await page.context().close();
});

test("a plain member sees no Reports section and their direct POSTs are refused; nothing changes", async ({ page, context }) => {
  const w = await world();
  await signInAs(context, w.noah.id);
  await page.goto(`/club/${w.c.slug}/manage`);
  await expect(page).toHaveURL(new RegExp(`/club/${w.c.slug}$`));
  await expect(page.getByText("Access denied")).toBeVisible();
  await expect(reportsSection(page)).toHaveCount(0);
  for (const intent of ["report-dismiss", "report-remove", "report-remove-member"]) {
    const response = await post(page, w.c, { intent, reportId: w.reportId });
    expect(response.status(), intent).toBe(303);
    expect(new URL(response.headers()["location"], E2E_BASE_URL).pathname).toBe(`/club/${w.c.slug}`);
  }
  expect(await db().select().from(clubMessages).where(eq(clubMessages.id, w.messageId))).toHaveLength(1);
  expect(await reportRow(w.reportId)).toMatchObject({ status: "open", outcome: null });
  expect(await auditOf(w.reportId)).toEqual([]);
});

test("another club's report id is 404, and a report already handled says 'Already handled'", async ({ page, context }) => {
  const w = await world();
  const other = await world();
  await signInAs(context, w.admin.id);
  const foreign = await post(page, w.c, { intent: "report-remove", reportId: other.reportId });
  expect(foreign.status()).toBe(404);
  expect(await reportRow(other.reportId)).toMatchObject({ status: "open" });

  await db().update(reports).set({ status: "closed", outcome: "dismissed", handledBy: other.admin.id }).where(eq(reports.id, w.reportId));
  const done = await post(page, w.c, { intent: "report-dismiss", reportId: w.reportId });
  expect(done.status()).toBe(303);
  await page.goto(`/club/${w.c.slug}/manage`);
  await expect(page.getByText("Already handled")).toBeVisible();
  expect(await auditOf(w.reportId)).toEqual([]);
});

test("the manage page with the Reports section open has no axe violations and fits a 360 px phone", async ({ page, context }) => {
  const w = await world(`A long reported message ${"that goes on and on ".repeat(12)}`);
  await db().insert(reports).values({
    reporterId: w.noah.id,
    targetType: "club_message",
    targetId: w.messageId,
    targetUserId: w.mia.id,
    clubId: w.c.id,
    reason: "other",
    details: "They keep posting this to the kids' teams",
  });
  await signInAs(context, w.admin.id);
  await page.setViewportSize({ width: 360, height: 780 });
  await page.goto(`/club/${w.c.slug}/manage`);
  await expect(reportsSection(page).getByTestId("report-count")).toHaveText("2 reports");
  const { violations } = await axeOn(page).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "best-practice"]).analyze();
  expect(violations.flatMap((v) => v.nodes.map((n) => `${v.id} ${n.target.join(" ")}`))).toEqual([]);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
});

test.describe("with JavaScript off", () => {
  test.use({ javaScriptEnabled: false });

  test("dismiss keeps the message; remove member takes the author and the message out of the club", async ({ page, context }) => {
    const w = await world();
    await signInAs(context, w.admin.id);
    await page.goto(`/club/${w.c.slug}/manage`);
    await reportsSection(page).getByRole("button", { name: "Dismiss" }).click();
    await expect(page.getByText("Report dismissed")).toBeVisible();
    await expect(reportsSection(page).getByText("No open reports")).toBeVisible();
    expect(await db().select().from(clubMessages).where(eq(clubMessages.id, w.messageId))).toHaveLength(1);
    expect(await reportRow(w.reportId)).toMatchObject({ status: "closed", outcome: "dismissed" });
    expect(await auditOf(w.reportId)).toEqual([expect.objectContaining({ action: "dismiss_report", clubId: w.c.id })]);

    // Reported again: this time the admin removes Mia.
    const [again] = await db()
      .insert(reports)
      .values({
        reporterId: w.noah.id,
        targetType: "club_message",
        targetId: w.messageId,
        targetUserId: w.mia.id,
        clubId: w.c.id,
        reason: "harassment",
      })
      .returning();
    await page.goto(`/club/${w.c.slug}/manage`);
    await reportsSection(page).getByRole("button", { name: "Remove message and member" }).click();
    await expect(page.getByText("Member removed")).toBeVisible();
    expect(
      await db()
        .select()
        .from(clubMembers)
        .where(and(eq(clubMembers.clubId, w.c.id), eq(clubMembers.userId, w.mia.id))),
    ).toEqual([]);
    expect(await db().select().from(clubMessages).where(eq(clubMessages.id, w.messageId))).toEqual([]);
    expect((await auditOf(again.id)).map((a) => a.action).sort()).toEqual(["delete_message", "remove_member"]);
    expect((await auditOf(again.id)).every((a) => a.clubId === w.c.id)).toBe(true);
  });
});
