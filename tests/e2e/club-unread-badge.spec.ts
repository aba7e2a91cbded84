import { randomBytes, randomUUID } from "node:crypto";
import { and, eq, isNull } from "drizzle-orm";
import type { BrowserContext, Page } from "@playwright/test";
import { clubDirectMessages } from "../../db/schema";
import { addTestMember, createTestClub, createTestUser, type TestClub, type TestUser } from "../factories";
import { E2E_BASE_URL } from "../setup/e2e-env";
import { e2eDb, expect, signInAs, test } from "./fixtures";

// ADR 050: "the Messages tab of a club shows that club's unread count … A badge changes within a
// second of the event, without a reload, and is right after a reload (derived from read_at)".
// Spec 02 §4: opening the Direct Messages tab marks all your unread DMs in this club read.

const word = () => randomBytes(4).toString("hex");
const db = () => e2eDb();

async function clubWith(owner: TestUser, ...members: TestUser[]) {
  const club = await createTestClub(db(), owner, { name: `Badge Club ${word()}`, joinMode: "approval" });
  for (const m of members) await addTestMember(db(), club, m);
  return club;
}

/** A DM through the real chat action, as the sender's own session (their browser context). */
async function sendDm(sender: BrowserContext, club: TestClub, to: TestUser, content: string) {
  const response = await sender.request.post(`/club/${club.slug}/messages`, {
    form: { intent: "dm", recipientId: to.id, content, clientId: randomUUID(), respond: "json" },
    headers: { Origin: E2E_BASE_URL },
  });
  expect(response.status()).toBe(200);
}

const messagesTab = (page: Page) => page.getByRole("navigation", { name: "Club sections" }).getByRole("link", { name: /^Messages/ });
const badge = (page: Page) => messagesTab(page).getByTestId("club-messages-badge");

test("a DM raises the receiver's club Messages tab badge live, opening Direct Messages clears it, a reload agrees", async ({ browser }) => {
  test.slow();
  const owner = await createTestUser(db(), { firstName: "Olive", lastName: `Owner${word()}` });
  const mia = await createTestUser(db(), { firstName: "Mia", lastName: `Member${word()}` });
  const noah = await createTestUser(db(), { firstName: "Noah", lastName: `Member${word()}` });
  const harbor = await clubWith(owner, mia, noah);
  // A second club both are in: its unread DMs are not this club's.
  const other = await clubWith(owner, mia, noah);

  const miaContext = await browser.newContext();
  await signInAs(miaContext, mia.id);
  const miaPage = await miaContext.newPage();
  const noahContext = await browser.newContext();
  await signInAs(noahContext, noah.id);

  await miaPage.goto(`/club/${harbor.slug}`);
  await expect(miaPage.locator("[data-user-room=open]")).toBeAttached({ timeout: 20_000 });
  await expect(messagesTab(miaPage)).toHaveText("Messages");
  // Marks this document: still there at the end means nothing reloaded the page.
  await miaPage.evaluate(() => document.body.setAttribute("data-no-reload", "yes"));

  await sendDm(noahContext, harbor, mia, "Are the cleats still free?");
  await expect(badge(miaPage)).toHaveText("1 unread");
  await sendDm(noahContext, harbor, mia, "I can pick them up tonight");
  await expect(badge(miaPage)).toHaveText("2 unread");
  // A DM in the other club raises nothing here.
  await sendDm(noahContext, other, mia, "Different club");
  await expect(miaPage.getByTestId("messages-badge")).toHaveText("3 unread");
  await expect(badge(miaPage)).toHaveText("2 unread");
  await expect(miaPage.locator("body[data-no-reload=yes]")).toBeAttached();

  // Right after a reload: counted from read_at in the database.
  await miaPage.reload();
  await expect(badge(miaPage)).toHaveText("2 unread");

  // The Messages tab alone (Group Chat) reads no DM; its Direct Messages tab reads them all.
  await messagesTab(miaPage).click();
  await expect(miaPage.getByTestId("club-chat")).toBeVisible();
  await expect(badge(miaPage)).toHaveText("2 unread");
  await miaPage.getByRole("link", { name: "Direct Messages" }).click();
  await expect(miaPage.getByTestId("club-dm")).toBeVisible();
  await expect(badge(miaPage)).toHaveCount(0);
  const unreadHere = await db()
    .select()
    .from(clubDirectMessages)
    .where(and(eq(clubDirectMessages.clubId, harbor.id), eq(clubDirectMessages.receiverId, mia.id), isNull(clubDirectMessages.readAt)));
  expect(unreadHere).toEqual([]);
  await miaPage.reload();
  await expect(miaPage.getByTestId("club-dm")).toBeVisible();
  await expect(badge(miaPage)).toHaveCount(0);

  // Live again while she looks at the members list (not that conversation): it rises, and opening the
  // conversation reads it.
  await expect(miaPage.locator("[data-user-room=open]")).toBeAttached({ timeout: 20_000 });
  await sendDm(noahContext, harbor, mia, "Still there?");
  await expect(badge(miaPage)).toHaveText("1 unread");
  await miaPage
    .getByRole("navigation", { name: "Members" })
    .getByRole("link", { name: new RegExp(`Noah ${noah.lastName}`) })
    .click();
  await expect(miaPage.getByRole("log", { name: `Conversation with Noah ${noah.lastName}` }).getByText("Still there?")).toBeVisible();
  await expect(badge(miaPage)).toHaveCount(0);
  await miaPage.reload();
  await expect(badge(miaPage)).toHaveCount(0);
  // The other club's DM is still unread there.
  await miaPage.goto(`/club/${other.slug}`);
  await expect(badge(miaPage)).toHaveText("1 unread");

  await miaContext.close();
  await noahContext.close();
});
