import { randomBytes } from "node:crypto";
import { eq } from "drizzle-orm";
import { clubMembers, clubs, profiles, userRoles } from "../../db/schema";
import { createUser, e2eDb, expect, signInAs, test } from "./fixtures";

const slug = (name: string) => `${name}-${randomBytes(4).toString("hex")}`;

async function club(name: string) {
  const [row] = await e2eDb()
    .insert(clubs)
    .values({ slug: slug(name.toLowerCase()), name })
    .returning();
  return row;
}

for (const javaScriptEnabled of [true, false]) {
  test.describe(`with JavaScript ${javaScriptEnabled ? "on" : "off"}`, () => {
    test.use({ javaScriptEnabled });

    test("a signed-in user sets their ZIP from the chip and gets told when it is invalid", async ({ page, context }) => {
      const user = await createUser({ firstName: "Zed" });
      await signInAs(context, user.id);
      await page.goto("/");
      await page.getByText("Set ZIP").click();
      const dialog = page.getByRole("dialog", { name: "Update Your Location" });
      await expect(dialog).toBeVisible();
      await expect(dialog.getByLabel("ZIP Code")).toHaveAttribute("maxlength", "5");
      await dialog.getByLabel("ZIP Code").fill("12a4");
      await dialog.getByRole("button", { name: "Update Location" }).click();
      await expect(page.getByText("Invalid ZIP code")).toBeVisible();
      await expect(page.getByText("Please enter a valid 5-digit ZIP code")).toBeVisible();

      // Without JavaScript the invalid ZIP was a round trip: the page (and its closed menu) is new.
      if (!javaScriptEnabled) await page.getByText("Set ZIP").click();
      await dialog.getByLabel("ZIP Code").fill("02139");
      await dialog.getByRole("button", { name: "Update Location" }).click();
      await expect(page.getByText("ZIP code updated")).toBeVisible();
      await expect(page.getByText("Your location has been successfully updated")).toBeVisible();
      await expect(page.getByLabel("Your ZIP: 02139. Update your location")).toContainText("02139");
      const [profile] = await e2eDb().select().from(profiles).where(eq(profiles.userId, user.id));
      expect(profile.zipCode).toBe("02139");
    });

    test("the notifications menu lists approvals and pending requests; View Club acknowledges", async ({ page, context }) => {
      const me = await createUser({ firstName: "Nora" });
      const applicants = [await createUser(), await createUser(), await createUser()];
      const approvedAt = await club("Tigers");
      const owned = await club("Eagles");
      const admined = await club("Hawks");
      const [approval] = await e2eDb().insert(clubMembers).values({ clubId: approvedAt.id, userId: me.id, status: "active" }).returning();
      await e2eDb()
        .insert(clubMembers)
        .values([
          { clubId: owned.id, userId: me.id, status: "active", role: "owner", approvalNotified: true },
          { clubId: admined.id, userId: me.id, status: "active", role: "admin", approvalNotified: true },
          { clubId: owned.id, userId: applicants[0].id, status: "pending" },
          { clubId: owned.id, userId: applicants[1].id, status: "pending" },
          { clubId: admined.id, userId: applicants[2].id, status: "pending" },
        ]);
      await signInAs(context, me.id);
      await page.goto("/");
      const bell = page.getByLabel("Notifications (4)");
      await expect(bell.getByTestId("notification-badge")).toHaveText("4");
      await expect(bell.getByTestId("notification-badge")).toHaveAttribute("data-approved", "true");
      await bell.click();
      await expect(page.getByRole("heading", { name: "You've Been Approved!" })).toBeVisible();
      await expect(page.getByRole("heading", { name: "Pending Membership Requests" })).toBeVisible();
      await expect(page.getByRole("link", { name: "Eagles 2 requests" })).toHaveAttribute("href", `/club/${owned.slug}/manage`);
      await expect(page.getByRole("link", { name: "Hawks 1 request" })).toHaveAttribute("href", `/club/${admined.slug}/manage`);

      await page.getByRole("button", { name: "View Club Tigers" }).click();
      await expect(page).toHaveURL(new RegExp(`/club/${approvedAt.slug}$`));
      const [row] = await e2eDb().select().from(clubMembers).where(eq(clubMembers.id, approval.id));
      expect(row.approvalNotified).toBe(true);
    });

    test("the user menu is headed by the first name and lists every entry; Sign Out signs out", async ({ page, context }) => {
      const user = await createUser({ firstName: "Ula" });
      await signInAs(context, user.id);
      await page.goto("/");
      await page.getByLabel("Account menu for Ula").click();
      for (const [name, href] of [
        ["In Play (My Listings)", "/in-play"],
        ["Messages", "/messages"],
        ["On Deck (Favorites)", "/on-deck"],
        ["Team Hub", "/team-hub"],
        ["Player Profile", "/player-profile"],
      ]) {
        await expect(page.getByRole("link", { name, exact: true })).toHaveAttribute("href", href);
      }
      await expect(page.getByRole("link", { name: "Admin Dashboard" })).toHaveCount(0);
      await page.getByRole("button", { name: "Sign Out" }).click();
      await expect(page.getByText("You have been successfully signed out.")).toBeVisible();
      await expect(page.getByLabel("Account menu for Ula")).toHaveCount(0);
    });
  });
}

test("someone with nothing pending sees 'No notifications' and no badge", async ({ page, context }) => {
  const user = await createUser();
  await signInAs(context, user.id);
  await page.goto("/");
  await page.getByLabel("Notifications (0)").click();
  await expect(page.getByText("No notifications")).toBeVisible();
  await expect(page.getByTestId("notification-badge")).toHaveCount(0);
});

test("pending requests alone give a red badge", async ({ page, context }) => {
  const me = await createUser();
  const owned = await club("Otters");
  await e2eDb()
    .insert(clubMembers)
    .values([
      { clubId: owned.id, userId: me.id, status: "active", role: "owner", approvalNotified: true },
      { clubId: owned.id, userId: (await createUser()).id, status: "pending" },
    ]);
  await signInAs(context, me.id);
  await page.goto("/");
  await expect(page.getByTestId("notification-badge")).toHaveAttribute("data-approved", "false");
  await page.getByLabel("Notifications (1)").click();
  await expect(page.getByRole("link", { name: "Otters 1 request" })).toBeVisible();
});

test("a site admin sees Admin Dashboard; a user without a first name is named by the e-mail (8 characters)", async ({ page, context }) => {
  const admin = await createUser({ email: `longadminname-${randomBytes(3).toString("hex")}@e2e.test`, firstName: "" });
  await e2eDb().insert(userRoles).values({ userId: admin.id, role: "admin" });
  await signInAs(context, admin.id);
  await page.goto("/");
  await page.getByLabel("Account menu for longadmi").click();
  await expect(page.getByRole("link", { name: "Admin Dashboard" })).toHaveAttribute("href", "/admin");
});

test.describe("on a 360 px wide screen", () => {
  test.use({ viewport: { width: 360, height: 740 } });

  test("the signed-in header fits without scrolling sideways and its menus open", async ({ page, context }) => {
    const user = await createUser({ firstName: "Maximilian", zipCode: "02139" });
    await signInAs(context, user.id);
    await page.goto("/");
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    await page.getByLabel("Account menu for Maximilian").click();
    await expect(page.getByRole("link", { name: "Team Hub" })).toBeInViewport();
  });
});
