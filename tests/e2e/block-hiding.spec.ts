import { randomBytes } from "node:crypto";
import { and, eq } from "drizzle-orm";
import type { Browser, Page } from "@playwright/test";
import { clubDirectMessages, clubMessages, userBlocks } from "../../db/schema";
import { addTestMember, createTestClub, createTestUser, type TestClub, type TestUser } from "../factories";
import { e2eDb, expect, signInAs, test } from "./fixtures";

// ADR 069: what a block hides. The block is written straight into user_blocks (the /block route
// is tested with the block itself); what is checked here is what each side then sees: the club chat
// live and on load, and the /messages inbox, hidden and back on unblock.

const word = () => randomBytes(4).toString("hex");
const db = () => e2eDb();

async function person(c: TestClub, firstName: string) {
  const user = await createTestUser(db(), { firstName, lastName: `Block${word()}` });
  await addTestMember(db(), c, user);
  return user;
}

async function personPage(browser: Browser, user: TestUser, options: { javaScriptEnabled?: boolean } = {}) {
  const context = await browser.newContext(options);
  await signInAs(context, user.id);
  return context.newPage();
}

async function openChat(page: Page, c: TestClub) {
  await page.goto(`/club/${c.slug}?tab=messages&sub=chat`);
  await expect(page.getByTestId("club-chat")).toHaveAttribute("data-live", "open", { timeout: 20_000 });
}

const chatLog = (page: Page) => page.getByRole("log", { name: "Group Chat" });

async function send(page: Page, text: string) {
  await page.getByRole("textbox", { name: "Message" }).fill(text);
  await page.getByRole("button", { name: "Send" }).click();
  await expect(chatLog(page).getByText(text)).toBeVisible({ timeout: 20_000 });
}

test("a block: neither open socket receives the other's chat live, the blocker sees the message collapsed with Show, and the conversation leaves /messages until unblocked", async ({
  browser,
}) => {
  test.setTimeout(180_000);
  const owner = await createTestUser(db(), { firstName: "Olive", lastName: `Owner${word()}` });
  const c = await createTestClub(db(), owner, { name: `Quiet Harbor ${word()}` });
  const ana = await person(c, "Ana"); // blocks Ben
  const ben = await person(c, "Ben");
  const cal = await person(c, "Cal"); // sees everything: the witness that events did go out
  const hourAgo = new Date(Date.now() - 3600_000);
  await db()
    .insert(clubDirectMessages)
    .values([
      { clubId: c.id, senderId: ben.id, receiverId: ana.id, content: "Lift to the tournament?", createdAt: hourAgo },
      { clubId: c.id, senderId: cal.id, receiverId: ana.id, content: "Kit is in the van", createdAt: hourAgo },
    ]);

  const [anaPage, benPage, calPage] = await Promise.all([personPage(browser, ana), personPage(browser, ben), personPage(browser, cal)]);
  for (const page of [anaPage, benPage, calPage]) await openChat(page, c);

  // The block lands while all three sockets are open: nobody reconnects.
  await db().insert(userBlocks).values({ blockerId: ana.id, blockedId: ben.id });

  // Each direction is proved the same way: the witness receives the message live (it went out), then
  // a later message of the witness reaches the other side on the same socket — a room delivers in
  // order, so the earlier one, still missing there, was never sent to it. (A page that sends reloads
  // its data afterwards, so each side is checked before it sends anything itself.)
  const fromBen = `Ben says ${word()}`;
  await send(benPage, fromBen);
  await expect(chatLog(calPage).getByText(fromBen)).toBeVisible({ timeout: 20_000 });
  const calFirst = `Cal says ${word()}`;
  await send(calPage, calFirst);
  await expect(chatLog(anaPage).getByText(calFirst)).toBeVisible({ timeout: 20_000 });
  await expect(chatLog(anaPage).getByRole("listitem")).toHaveCount(1);
  await expect(chatLog(anaPage).getByText(fromBen)).toHaveCount(0);

  const fromAna = `Ana says ${word()}`;
  await send(anaPage, fromAna);
  await expect(chatLog(calPage).getByText(fromAna)).toBeVisible({ timeout: 20_000 });
  const calSecond = `Cal again ${word()}`;
  await send(calPage, calSecond);
  await expect(chatLog(benPage).getByText(calSecond)).toBeVisible({ timeout: 20_000 });
  await expect(chatLog(benPage).getByText(fromAna)).toHaveCount(0);

  // On load the blocker sees Ben's message collapsed; 'Show' opens it.
  await openChat(anaPage, c);
  const collapsed = chatLog(anaPage).getByRole("listitem").filter({ hasText: "Message from a blocked member" });
  await expect(collapsed).toHaveCount(1);
  await expect(collapsed.getByText(fromBen)).toBeHidden();
  await collapsed.getByText("Show", { exact: true }).click();
  await expect(collapsed.getByText(fromBen)).toBeVisible();
  // The person blocked is not shown that they were: Ana's message is plain on their page.
  await openChat(benPage, c);
  await expect(chatLog(benPage).getByText(fromAna)).toBeVisible();
  await expect(chatLog(benPage).getByText("Message from a blocked member")).toHaveCount(0);

  // /messages: the conversation with Ben is hidden for both, not deleted.
  const conversations = (page: Page) => page.getByTestId("conversation");
  await anaPage.goto("/messages");
  await expect(conversations(anaPage).filter({ hasText: cal.lastName! })).toHaveCount(1);
  await expect(conversations(anaPage).filter({ hasText: ben.lastName! })).toHaveCount(0);
  await benPage.goto("/messages");
  await expect(benPage.getByText("No messages yet")).toBeVisible();

  await db()
    .delete(userBlocks)
    .where(and(eq(userBlocks.blockerId, ana.id), eq(userBlocks.blockedId, ben.id)));
  await anaPage.reload();
  await expect(conversations(anaPage).filter({ hasText: ben.lastName! })).toHaveCount(1);
  await expect(conversations(anaPage).filter({ hasText: cal.lastName! })).toHaveCount(1);
  // And the chat is plain again.
  await openChat(anaPage, c);
  await expect(chatLog(anaPage).getByText(fromBen)).toBeVisible();
  await expect(chatLog(anaPage).getByText("Message from a blocked member")).toHaveCount(0);

  for (const page of [anaPage, benPage, calPage]) await page.context().close();
});

test("without JavaScript the blocker's collapsed message opens with Show", async ({ browser }) => {
  const owner = await createTestUser(db(), { firstName: "Olive", lastName: `Owner${word()}` });
  const c = await createTestClub(db(), owner, { name: `Still Waters ${word()}` });
  const ana = await person(c, "Ana");
  const ben = await person(c, "Ben");
  const text = `Ben wrote ${word()}`;
  await db().insert(clubMessages).values({ clubId: c.id, userId: ben.id, messageType: "chat", content: text });
  await db().insert(userBlocks).values({ blockerId: ana.id, blockedId: ben.id });

  const page = await personPage(browser, ana, { javaScriptEnabled: false });
  await page.goto(`/club/${c.slug}?tab=messages&sub=chat`);
  const collapsed = chatLog(page).getByRole("listitem").filter({ hasText: "Message from a blocked member" });
  await expect(collapsed.getByText(text)).toBeHidden();
  await collapsed.getByText("Show", { exact: true }).click();
  await expect(collapsed.getByText(text)).toBeVisible();
  await page.context().close();
});
