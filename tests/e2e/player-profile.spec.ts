import { randomBytes } from "node:crypto";
import { eq } from "drizzle-orm";
import { profiles, sessions, users } from "../../db/schema";
import { hashPassword } from "../../app/features/accounts/password.server";
import { addTestMember, createTestClub, createTestListing, createTestUser } from "../factories";
import { E2E_VARS } from "../setup/e2e-env";
import { e2eDb, expect, signInAs, test } from "./fixtures";
import { axeOn } from "./axe";

// Player Profile (spec 02 §2 /player-profile, §5 Profile ZIP, §6 site admin).

const word = () => randomBytes(4).toString("hex");
const db = () => e2eDb();
const profileOf = async (userId: string) => (await db().select().from(profiles).where(eq(profiles.userId, userId)))[0];

for (const javaScriptEnabled of [true, false]) {
  test.describe(`with JavaScript ${javaScriptEnabled ? "on" : "off"}`, () => {
    test.use({ javaScriptEnabled });

    test("Account Settings: e-mail read-only, names and ZIP saved, city and state follow the ZIP; ZIP rules", async ({ page, context }) => {
      const me = await createTestUser(db(), { firstName: "Pat", lastName: `Player${word()}`, zipCode: "02139" });
      await signInAs(context, me.id);
      await page.goto("/player-profile");
      await expect(page.getByRole("heading", { name: "Account Settings" })).toBeVisible();
      await expect(page.getByLabel("Email")).toHaveValue(me.email);
      await expect(page.getByLabel("Email")).toHaveAttribute("readonly", "");

      await page.getByRole("main").getByLabel("ZIP code").fill("");
      await page.getByRole("button", { name: "Save Changes" }).click();
      await expect(page.getByText("ZIP code is required")).toBeVisible();

      await page.getByLabel("First name").fill("mcKenzie");
      await page.getByRole("main").getByLabel("ZIP code").fill("123");
      await page.getByRole("button", { name: "Save Changes" }).click();
      await expect(page.getByText("ZIP code must be exactly 5 digits")).toBeVisible();
      // What was typed comes back with the error.
      await expect(page.getByLabel("First name")).toHaveValue("mcKenzie");
      expect((await profileOf(me.id)).zipCode).toBe("02139");

      await page.getByRole("main").getByLabel("ZIP code").fill("10001");
      await page.getByRole("button", { name: "Save Changes" }).click();
      await expect(page.getByText("Profile updated")).toBeVisible();
      await expect(page.getByTestId("profile-city")).toHaveText("New York");
      await expect(page.getByTestId("profile-state")).toHaveText("NY");
      expect(await profileOf(me.id)).toMatchObject({ firstName: "mcKenzie", zipCode: "10001", city: "New York", state: "NY" });
    });

    test("a site admin sees anyone's page read-only with 'Admin View'; no form posts", async ({ page, context }) => {
      const person = await createTestUser(db(), { firstName: "Rita", lastName: `Reader${word()}`, zipCode: "02139" });
      const title = `Goalie gloves ${word()}`;
      await createTestListing(db(), person, { title });
      const admin = await createTestUser(db(), { admin: true });
      await signInAs(context, admin.id);
      await page.goto(`/player-profile?user=${person.id}`);
      await expect(page.getByText("Admin View", { exact: true })).toBeVisible();
      await expect(page.getByText(person.email)).toBeVisible();
      await expect(page.getByRole("link", { name: title })).toBeVisible();
      await expect(page.locator("main form, main input, main textarea")).toHaveCount(0);
    });
  });
}

test("the ZIP input strips non-digits and stops at 5 while typing", async ({ page, context }) => {
  const me = await createTestUser(db(), { zipCode: "02139" });
  await signInAs(context, me.id);
  await page.goto("/player-profile");
  const zip = page.getByRole("main").getByLabel("ZIP code");
  await zip.fill("");
  await zip.pressSequentially("9a0-2103");
  await expect(zip).toHaveValue("90210");
  await expect(page.getByTestId("profile-city")).toHaveText("Beverly Hills");
});

test("My Listings and Clubs & Organizations list the user's own, with status and role", async ({ page, context }) => {
  const me = await createTestUser(db());
  const owner = await createTestUser(db());
  const club = await createTestClub(db(), owner, { name: `Tide Runners ${word()}` });
  await addTestMember(db(), club, me, { role: "admin" });
  const title = `Shin guards ${word()}`;
  await createTestListing(db(), me, { title });
  await signInAs(context, me.id);
  await page.goto("/player-profile");
  const listingsSection = page.getByRole("region", { name: "My Listings" });
  await expect(listingsSection.getByRole("link", { name: title })).toBeVisible();
  await expect(listingsSection.getByText("Active")).toBeVisible();
  const clubsSection = page.getByRole("region", { name: "Clubs & Organizations" });
  await expect(clubsSection.getByRole("link", { name: club.name })).toHaveAttribute("href", `/club/${club.slug}`);
  await expect(clubsSection.getByText("Admin")).toBeVisible();
});

test("a non-admin asking for someone else's page gets 'Access Denied' and their own page, nothing of the other person", async ({
  page,
  context,
}) => {
  const me = await createTestUser(db(), { firstName: "Nora" });
  const other = await createTestUser(db(), { firstName: "Secret", lastName: `Person${word()}` });
  await signInAs(context, me.id);
  const data = await page.request.get(`/player-profile.data?user=${other.id}`);
  expect(await data.text()).not.toContain(other.email);
  await page.goto(`/player-profile?user=${other.id}`);
  await expect(page).toHaveURL(/\/player-profile$/);
  await expect(page.getByText("Access Denied")).toBeVisible();
  await expect(page.getByLabel("Email")).toHaveValue(me.email);
  expect(await page.content()).not.toContain(other.email);
});

test("an admin opening an unknown id gets a clear not-found", async ({ page, context }) => {
  const admin = await createTestUser(db(), { admin: true });
  await signInAs(context, admin.id);
  const response = await page.goto(`/player-profile?user=no-such-user-${word()}`);
  expect(response?.status()).toBe(404);
  await expect(page.getByRole("heading", { name: "Profile not found" })).toBeVisible();
});

test("signed out, the page asks for sign-in", async ({ page }) => {
  await page.goto("/player-profile");
  await expect(page).toHaveURL(/\/auth\?redirectTo=%2Fplayer-profile/);
});

test("changing the password needs the current one and signs out every other browser", async ({ page, context, browser }) => {
  const me = await createTestUser(db());
  const hashed = await hashPassword("first-secret", E2E_VARS.PASSWORD_PEPPER);
  await db()
    .update(users)
    .set({ passwordHash: hashed.hash, passwordAlgo: hashed.algo, passwordParams: hashed.params })
    .where(eq(users.id, me.id));
  const phone = await browser.newContext();
  await signInAs(phone, me.id);
  await signInAs(context, me.id);
  await page.goto("/player-profile");
  await expect(page.getByText("You are also signed in on 1 other device.")).toBeVisible();

  await page.getByLabel("Current password").fill("not-it");
  await page.getByLabel("New password", { exact: true }).fill("second-secret");
  await page.getByLabel("Repeat new password").fill("second-secret");
  await page.getByRole("button", { name: "Change Password" }).click();
  await expect(page.getByText("The current password is not correct")).toBeVisible();

  await page.getByLabel("Current password").fill("first-secret");
  await page.getByLabel("New password", { exact: true }).fill("second-secret");
  await page.getByLabel("Repeat new password").fill("second-secret");
  await page.getByRole("button", { name: "Change Password" }).click();
  await expect(page.getByText("Password changed")).toBeVisible();
  await expect(page.getByText("You are signed in on this device only.")).toBeVisible();

  const phonePage = await phone.newPage();
  await phonePage.goto("/player-profile");
  await expect(phonePage).toHaveURL(/\/auth/);
  expect((await db().select().from(sessions).where(eq(sessions.userId, me.id))).length).toBe(1);
  await phone.close();
});

test("Sign out of all other devices ends every other session, not this one", async ({ page, context, browser }) => {
  const me = await createTestUser(db());
  const laptop = await browser.newContext();
  await signInAs(laptop, me.id);
  await signInAs(context, me.id);
  await page.goto("/player-profile");
  await page.getByRole("button", { name: "Sign out of all other devices" }).click();
  await expect(page.getByText("Signed out of other devices")).toBeVisible();
  await expect(page.getByRole("heading", { name: "Player Profile" })).toBeVisible();
  const other = await laptop.newPage();
  await other.goto("/player-profile");
  await expect(other).toHaveURL(/\/auth/);
  await laptop.close();
});

test("the profile page has no axe violations, own page and admin view", async ({ page, context }) => {
  const me = await createTestUser(db(), { zipCode: "02139", admin: true });
  const other = await createTestUser(db());
  await signInAs(context, me.id);
  await page.goto("/player-profile");
  expect((await axeOn(page).analyze()).violations).toEqual([]);
  await page.goto(`/player-profile?user=${other.id}`);
  await expect(page.getByText("Admin View", { exact: true })).toBeVisible();
  expect((await axeOn(page).analyze()).violations).toEqual([]);
});
