import { randomBytes } from "node:crypto";
import type { Page } from "@playwright/test";
import { and, eq } from "drizzle-orm";
import { clubMembers, clubs } from "../../db/schema";
import { addTestMember, createTestClub, createTestListing, createTestUser, type TestClub, type TestUser } from "../factories";
import { E2E_BASE_URL } from "../setup/e2e-env";
import { e2eDb, expect, signInAs, test } from "./fixtures";

// The manage page beyond approving (spec 02 §2 Club management, ADR 025): the settings change
// what a signed-out visitor sees, the invite code card, and promote / demote / remove — each with
// JavaScript on and off (every button is a real form).

const word = () => randomBytes(4).toString("hex");
const db = () => e2eDb();

async function ownedClub(opts: Parameters<typeof createTestClub>[2] = {}) {
  const owner = await createTestUser(db(), { firstName: "Olive", lastName: `Owner${word()}` });
  return createTestClub(db(), owner, { name: `Harbor Kickers ${word()}`, ...opts });
}

async function membership(c: TestClub, user: TestUser) {
  const [row] = await db()
    .select()
    .from(clubMembers)
    .where(and(eq(clubMembers.clubId, c.id), eq(clubMembers.userId, user.id)));
  return row ?? null;
}

/**
 * Saves and waits for the server's answer to this save: the toast of an earlier save may still be on
 * screen, so seeing 'Settings saved' alone does not prove this one has landed (a CI flake).
 */
async function saveSettings(page: Page) {
  const answered = page.waitForResponse((response) => response.request().method() === "POST" && response.url().includes("/manage"));
  await page.getByRole("button", { name: "Save Settings" }).click();
  await answered;
  await expect(page.getByText("Settings saved")).toBeVisible();
}

for (const javaScriptEnabled of [true, false]) {
  test.describe(`manage with JavaScript ${javaScriptEnabled ? "on" : "off"}`, () => {
    test.use({ javaScriptEnabled });

    test("the settings change what a signed-out visitor sees: prices in the preview and the listing count", async ({
      page,
      context,
      browser,
    }) => {
      test.slow();
      const c = await ownedClub();
      const seller = await createTestUser(db());
      await addTestMember(db(), c, seller);
      await createTestListing(db(), seller, { title: `Goalie gloves ${word()}`, priceCents: 4321, clubs: [c] });
      const visitor = await (await browser.newContext({ javaScriptEnabled })).newPage();

      // Defaults: no price for a signed-out visitor, the count on the In Play tab.
      await visitor.goto(`/club/${c.slug}`);
      await expect(visitor.getByRole("link", { name: "In Play (1)" })).toBeVisible();
      expect(await visitor.content()).not.toContain("43.21");

      await signInAs(context, c.owner.id);
      await page.goto(`/club/${c.slug}/manage`);
      await page.getByLabel("Show prices in preview").check();
      await page.getByLabel("Show listing count").uncheck();
      await saveSettings(page);
      await expect(page.getByLabel("Show prices in preview")).toBeChecked();
      await expect(page.getByLabel("Show listing count")).not.toBeChecked();

      await visitor.goto(`/club/${c.slug}`);
      await expect(visitor.getByText("$43.21")).toBeVisible();
      await expect(visitor.getByRole("link", { name: "In Play", exact: true })).toBeVisible();
      await expect(visitor.getByRole("link", { name: /In Play \(/ })).toHaveCount(0);

      // And back: the price leaves the HTML and the loader data again.
      await page.getByLabel("Show prices in preview").uncheck();
      await page.getByLabel("Show listing count").check();
      await saveSettings(page);
      await visitor.goto(`/club/${c.slug}`);
      await expect(visitor.getByRole("link", { name: "In Play (1)" })).toBeVisible();
      expect(await visitor.content()).not.toContain("43.21");
      expect(await (await visitor.request.get(`/club/${c.slug}.data`)).text()).not.toContain("4321");
      await visitor.context().close();
    });

    test("the invite code: shown to the owner, changed in place; the old code stops working at once", async ({ page, context }) => {
      const c = await ownedClub({ joinMode: "code", inviteCode: `OLD${word()}` });
      await signInAs(context, c.owner.id);
      await page.goto(`/club/${c.slug}/manage`);
      await expect(page.getByTestId("invite-code")).toHaveText(c.inviteCode!);
      if (javaScriptEnabled) await expect(page.getByRole("button", { name: "Copy Code" })).toBeVisible();
      else await expect(page.getByRole("button", { name: "Copy Code" })).toHaveCount(0);

      const fresh = `NEW${word()}`.toUpperCase();
      await page.getByLabel("New invite code").fill(fresh);
      await page.getByRole("button", { name: "Change Code" }).click();
      await expect(page.getByText("Invite code changed")).toBeVisible();
      await expect(page.getByTestId("invite-code")).toHaveText(fresh);
      const [row] = await db().select({ inviteCode: clubs.inviteCode }).from(clubs).where(eq(clubs.id, c.id));
      expect(row.inviteCode).toBe(fresh);

      // A stranger with the old code is refused; the new one lets them in.
      const stranger = await createTestUser(db());
      await context.clearCookies();
      await signInAs(context, stranger.id);
      const join = (code: string) =>
        page.request.post(`/club/${c.slug}/join`, {
          form: { intent: "join-code", code },
          headers: { Origin: E2E_BASE_URL },
          maxRedirects: 0,
        });
      expect((await join(c.inviteCode!)).status()).toBe(400);
      expect(await membership(c, stranger)).toBeNull();
      const accepted = await join(fresh);
      expect(accepted.status()).toBe(303);
      expect(await membership(c, stranger)).toMatchObject({ status: "active", role: "member" });
    });

    test("promote a member to admin, make them a member again, remove them; the owner's row has no buttons", async ({ page, context }) => {
      test.slow();
      const c = await ownedClub();
      const mia = await createTestUser(db(), { firstName: "Mia", lastName: `Member${word()}` });
      await addTestMember(db(), c, mia);
      await signInAs(context, c.owner.id);
      await page.goto(`/club/${c.slug}/manage`);
      const miaRow = page.getByTestId("member-row").filter({ hasText: mia.lastName! });
      const ownerRow = page.getByTestId("member-row").filter({ hasText: c.owner.lastName! });
      await expect(ownerRow).toContainText("(Owner)");
      await expect(ownerRow.getByRole("button")).toHaveCount(0);

      await miaRow.getByRole("button", { name: "Promote to admin" }).click();
      await expect(page.getByText("Member promoted to admin")).toBeVisible();
      await expect(miaRow).toContainText("(Admin)");
      expect(await membership(c, mia)).toMatchObject({ role: "admin", status: "active" });

      await miaRow.getByRole("button", { name: "Make member" }).click();
      await expect(page.getByText("Admin changed to member")).toBeVisible();
      await expect(miaRow).toContainText("(Member)");
      expect(await membership(c, mia)).toMatchObject({ role: "member", status: "active" });

      await miaRow.getByRole("button", { name: "Remove" }).click();
      await expect(page.getByText("Member removed")).toBeVisible();
      await expect(miaRow).toHaveCount(0);
      expect(await membership(c, mia)).toBeNull();
      // Removed means no access left: the members' tabs are gone for her.
      await context.clearCookies();
      await signInAs(context, mia.id);
      expect((await page.request.get(`/club/${c.slug}?tab=messages`)).status()).toBe(404);
    });
  });
}

test("an admin promotes a member but cannot demote another admin; a forged demote changes nothing", async ({ page, context }) => {
  const c = await ownedClub();
  const ada = await createTestUser(db(), { firstName: "Ada", lastName: `Admin${word()}` });
  const abe = await createTestUser(db(), { firstName: "Abe", lastName: `Admin${word()}` });
  await addTestMember(db(), c, ada, { role: "admin" });
  const abeId = await addTestMember(db(), c, abe, { role: "admin" });
  await signInAs(context, ada.id);
  const response = await page.request.post(`/club/${c.slug}/manage`, {
    form: { intent: "demote", memberId: abeId },
    headers: { Origin: E2E_BASE_URL },
    maxRedirects: 0,
  });
  expect(response.status()).toBe(303);
  expect(await membership(c, abe)).toMatchObject({ role: "admin", status: "active" });
  await page.goto(`/club/${c.slug}/manage`);
  await expect(page.getByRole("heading", { name: `Manage ${c.name}` })).toBeVisible();
});
