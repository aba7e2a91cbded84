import { randomBytes } from "node:crypto";
import { and, eq } from "drizzle-orm";
import { clubMembers } from "../../db/schema";
import { createTestClub, createTestUser } from "../factories";
import { E2E_BASE_URL } from "../setup/e2e-env";
import { e2eDb, expect, signInAs, test } from "./fixtures";

// Spec 01 §2 Notifications menu, 02 §4 Membership (approval_notified): a request,
// approved by the owner in another browser, reaches the member's bell; clicking it opens the club
// and acknowledges it.

const word = () => randomBytes(4).toString("hex");

for (const javaScriptEnabled of [true, false]) {
  test.describe(`with JavaScript ${javaScriptEnabled ? "on" : "off"}`, () => {
    test.use({ javaScriptEnabled });

    test("request → the owner approves in a second browser → the member's bell shows it → View Club opens the club and clears it", async ({
      page,
      context,
      browser,
    }) => {
      test.slow();
      const db = e2eDb();
      const owner = await createTestUser(db, { firstName: "Olive" });
      const club = await createTestClub(db, owner, { name: `Bell Harbor ${word()}`, joinMode: "approval" });
      const member = await createTestUser(db, { firstName: "Milo" });

      // The member asks to join.
      await signInAs(context, member.id);
      await page.goto(`/club/${club.slug}`);
      await page.getByRole("button", { name: "Request to Join" }).click();
      await expect(page.getByText("Request sent (pending approval)")).toBeVisible();
      await expect(page.getByLabel("Notifications (0)")).toBeVisible();

      // The owner's bell counts the request and links to the manage page, where they approve it.
      const ownerContext = await browser.newContext({ javaScriptEnabled });
      try {
        await signInAs(ownerContext, owner.id);
        const ownerPage = await ownerContext.newPage();
        await ownerPage.goto("/");
        await ownerPage.getByLabel("Notifications (1)").click();
        await ownerPage.getByRole("link", { name: `${club.name} 1 request` }).click();
        await expect(ownerPage).toHaveURL(new RegExp(`/club/${club.slug}/manage$`));
        await ownerPage.getByRole("button", { name: "Approve" }).click();
        await expect(ownerPage.getByText("Request approved")).toBeVisible();
        await expect(ownerPage.getByLabel("Notifications (0)")).toBeVisible();
      } finally {
        await ownerContext.close();
      }

      // The member's bell (next page load) shows the approval in green.
      await page.goto("/");
      const bell = page.getByLabel("Notifications (1)");
      await expect(bell.getByTestId("notification-badge")).toHaveAttribute("data-approved", "true");
      await bell.click();
      await expect(page.getByRole("heading", { name: "You've Been Approved!" })).toBeVisible();
      await page.getByRole("button", { name: `View Club ${club.name}` }).click();

      await expect(page).toHaveURL(new RegExp(`/club/${club.slug}$`));
      await expect(page.getByRole("heading", { name: club.name, level: 1 })).toBeVisible();
      await expect(page.getByLabel("Notifications (0)")).toBeVisible();
      await page.getByLabel("Notifications (0)").click();
      await expect(page.getByText("No notifications")).toBeVisible();
      const [row] = await db
        .select()
        .from(clubMembers)
        .where(and(eq(clubMembers.clubId, club.id), eq(clubMembers.userId, member.id)));
      expect(row).toMatchObject({ status: "active", approvalNotified: true });
    });
  });
}

test("acknowledging someone else's approval changes nothing and redirects home", async ({ page, context }) => {
  const db = e2eDb();
  const owner = await createTestUser(db);
  const club = await createTestClub(db, owner, { name: `Bell Other ${word()}` });
  const member = await createTestUser(db);
  const [theirs] = await db.insert(clubMembers).values({ clubId: club.id, userId: member.id, status: "active" }).returning();
  const stranger = await createTestUser(db);
  await signInAs(context, stranger.id);
  await page.goto("/");
  const response = await page.request.post("/notifications/acknowledge", {
    form: { membershipId: theirs.id },
    headers: { Origin: E2E_BASE_URL },
    maxRedirects: 0,
  });
  expect(response.status()).toBe(302);
  expect(new URL(response.headers()["location"]!, "http://x").pathname).toBe("/");
  const [row] = await db.select().from(clubMembers).where(eq(clubMembers.id, theirs.id));
  expect(row.approvalNotified).toBe(false);
});
