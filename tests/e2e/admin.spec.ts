import { randomBytes } from "node:crypto";
import { count, eq, type SQL } from "drizzle-orm";
import type { SQLiteTable } from "drizzle-orm/sqlite-core";
import { adminAuditLog, clubMembers, clubs, listingPhotos, listings, photoObjects, sessions, users } from "../../db/schema";
import { addTestMember, createTestClub, createTestListing, createTestUser } from "../factories";
import { e2eDb, expect, signInAs, test } from "./fixtures";
import { axeOn } from "./axe";

// Admin Dashboard (ADR 044; spec 02 §2 /admin, §6 site admin, §8 texts).

const word = () => randomBytes(4).toString("hex");
const db = () => e2eDb();
const n = async (table: SQLiteTable, where?: SQL) => (await db().select({ n: count() }).from(table).where(where))[0].n;

test("a member is turned away with 'Access Denied'; a signed-out visitor goes to /auth", async ({ page, context }) => {
  await page.goto("/admin");
  await expect(page).toHaveURL(/\/auth\?redirectTo=%2Fadmin/);
  const member = await createTestUser(db());
  await signInAs(context, member.id);
  await page.goto("/admin");
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByText("Access Denied")).toBeVisible();
  await expect(page.getByText("You don't have admin permissions")).toBeVisible();
});

test("the stat cards equal the database's counts", async ({ page, context }) => {
  const admin = await createTestUser(db(), { admin: true });
  await signInAs(context, admin.id);
  // Other tests add users and clubs while this one runs: the page's figure lies between the counts read
  // just before and just after it was rendered.
  const counts = async () => {
    const totalClubs = await n(clubs);
    const publicClubs = await n(clubs, eq(clubs.visibility, "public"));
    return { users: await n(users), clubs: totalClubs, public: publicClubs, private: totalClubs - publicClubs };
  };
  const before = await counts();
  await page.goto("/admin");
  await expect(page.getByRole("heading", { name: "Admin Dashboard" })).toBeVisible();
  const after = await counts();
  const shown = async (testId: string) => Number((await page.getByTestId(testId).innerText()).replace(/,/g, ""));
  for (const [testId, key] of [
    ["stat-total-users", "users"],
    ["stat-total-clubs", "clubs"],
    ["stat-public-clubs", "public"],
    ["stat-private-clubs", "private"],
  ] as const) {
    const figure = await shown(testId);
    expect(figure, testId).toBeGreaterThanOrEqual(Math.min(before[key], after[key]));
    expect(figure, testId).toBeLessThanOrEqual(Math.max(before[key], after[key]));
  }
  // Formatted for people: a thousands separator once there are thousands.
  await expect(page.getByTestId("stat-total-users")).toHaveText(/^\d{1,3}(,\d{3})*$/);
});

for (const javaScriptEnabled of [true, false]) {
  test.describe(`with JavaScript ${javaScriptEnabled ? "on" : "off"}`, () => {
    test.use({ javaScriptEnabled });

    test("search finds a fresh user by e-mail; deleting them removes their rows and photos and signs their browser out", async ({
      page,
      context,
      browser,
    }) => {
      const admin = await createTestUser(db(), { admin: true });
      const tag = word();
      const victim = await createTestUser(db(), { email: `fresh-${tag}@example.test`, firstName: "Vic" });
      const listingId = await createTestListing(db(), victim, { title: `Old skates ${tag}` });
      const key = `${victim.id}/1-0.jpg`;
      await db().insert(listingPhotos).values({ listingId, position: 0, r2Key: key, contentType: "image/jpeg", byteSize: 10 });
      const theirBrowser = await browser.newContext();
      await signInAs(theirBrowser, victim.id);
      await signInAs(context, admin.id);

      await page.goto("/admin");
      await page.getByLabel("Search users").fill(`fresh-${tag}`);
      await page.getByRole("button", { name: "Search" }).click();
      await expect(page).toHaveURL(new RegExp(`q=fresh-${tag}`));
      const row = page.getByRole("row", { name: new RegExp(victim.email) });
      await expect(row).toBeVisible();
      await expect(page.getByRole("row")).toHaveCount(2); // header + the one match
      await expect(row.getByRole("link", { name: victim.email })).toHaveAttribute("href", `mailto:${victim.email}`);

      await row.getByText("Delete").first().click();
      await expect(page.getByText(`Delete ${victim.email}?`)).toBeVisible();
      await expect(page.getByText(/its 1 listing with their photos/)).toBeVisible();
      await page.getByRole("button", { name: "Delete user" }).click();
      await expect(page.getByText("User deleted")).toBeVisible();

      expect(await n(users, eq(users.id, victim.id))).toBe(0);
      expect(await n(listings, eq(listings.userId, victim.id))).toBe(0);
      expect(await n(sessions, eq(sessions.userId, victim.id))).toBe(0);
      // The R2 object went too: no 'deleting' row is left waiting for a retry.
      expect(await n(photoObjects, eq(photoObjects.r2Key, key))).toBe(0);
      expect(await n(adminAuditLog, eq(adminAuditLog.targetId, victim.id))).toBe(1);

      const theirPage = await theirBrowser.newPage();
      await theirPage.goto("/player-profile");
      await expect(theirPage).toHaveURL(/\/auth/);
      await theirBrowser.close();

      await page.goto("/admin?tab=audit");
      await expect(page.getByRole("row", { name: new RegExp(`Deleted user.*${victim.email}`) })).toBeVisible();
    });

    test("deleting a club takes its memberships; the club page is gone", async ({ page, context }) => {
      const admin = await createTestUser(db(), { admin: true });
      const owner = await createTestUser(db());
      const club = await createTestClub(db(), owner, { name: `Falling Falcons ${word()}`, visibility: "members_only" });
      await addTestMember(db(), club, await createTestUser(db()));
      await signInAs(context, admin.id);
      await page.goto(`/admin?tab=clubs&q=${encodeURIComponent(club.name)}`);
      const row = page.getByRole("row", { name: new RegExp(club.name) });
      await expect(row).toContainText("Members Only");
      await expect(row).toContainText("2");
      await row.getByText("Delete").first().click();
      await page.getByRole("button", { name: "Delete club" }).click();
      await expect(page.getByText("Club deleted")).toBeVisible();
      expect(await n(clubs, eq(clubs.id, club.id))).toBe(0);
      expect(await n(clubMembers, eq(clubMembers.clubId, club.id))).toBe(0);
      const response = await page.goto(`/club/${club.slug}`);
      expect(response?.status()).toBe(404);
    });
  });
}

test("an admin cannot delete their own account from the dashboard", async ({ page, context }) => {
  const admin = await createTestUser(db(), { admin: true, email: `self-${word()}@example.test` });
  await signInAs(context, admin.id);
  const token = await page.request.post("/admin", { form: { intent: "deleteUser", userId: admin.id, tab: "users" }, maxRedirects: 0 });
  expect(token.status()).toBe(302);
  expect(await n(users, eq(users.id, admin.id))).toBe(1);
});

test("the listings table filters by status; the dashboard has no axe violations with a confirmation open", async ({ page, context }) => {
  const admin = await createTestUser(db(), { admin: true });
  const seller = await createTestUser(db());
  const title = `Sold bat ${word()}`;
  const id = await createTestListing(db(), seller, { title });
  await db().update(listings).set({ status: "sold" }).where(eq(listings.id, id));
  await signInAs(context, admin.id);
  await page.goto("/admin?tab=listings&status=sold");
  await expect(page.getByRole("link", { name: title })).toBeVisible();
  await page.goto("/admin?tab=listings&status=active");
  await expect(page.getByRole("link", { name: title })).toHaveCount(0);
  await page.goto("/admin");
  expect((await axeOn(page).analyze()).violations).toEqual([]);
  await page.getByRole("row").nth(1).getByText("Delete").first().click();
  await expect(page.getByRole("dialog")).toBeVisible();
  expect((await axeOn(page).analyze()).violations).toEqual([]);
});

test("a user deletes their own account from the profile page and is signed out", async ({ page, context }) => {
  const me = await createTestUser(db());
  await createTestListing(db(), me);
  await signInAs(context, me.id);
  await page.goto("/player-profile");
  await page.getByRole("button", { name: "Delete my account" }).click();
  await page.getByRole("button", { name: "Yes, delete my account" }).click();
  await expect(page.getByText("Account deleted")).toBeVisible();
  await expect(page).toHaveURL(/\/$/);
  expect(await n(users, eq(users.id, me.id))).toBe(0);
  await page.goto("/player-profile");
  await expect(page).toHaveURL(/\/auth/);
});

test("at 360 px the dashboard and the profile page do not scroll sideways (tables scroll in their own box)", async ({ page, context }) => {
  await page.setViewportSize({ width: 360, height: 740 });
  const admin = await createTestUser(db(), { admin: true });
  await signInAs(context, admin.id);
  for (const path of ["/admin", "/admin?tab=clubs", "/admin?tab=listings", "/player-profile"]) {
    await page.goto(path);
    await expect(page.locator("h1")).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth), path).toBeLessThanOrEqual(360);
  }
});
