import { randomBytes } from "node:crypto";
import { eq } from "drizzle-orm";
import { clubDirectMessages, listingMessages, listings } from "../../db/schema";
import { addTestMember, createTestClub, createTestUser } from "../factories";
import { E2E_BASE_URL } from "../setup/e2e-env";
import { conversationReady, createUser, e2eDb, expect, signInAs, test } from "./fixtures";

// Spec 02 §2 /messages (conversations per listing + other person and per club + other person,
// newest first, unread counts, total badge, 'No messages yet', paged), ADR 050 live badges.

const word = () => randomBytes(4).toString("hex");

async function listingBy(sellerId: string, title: string) {
  const [listing] = await e2eDb()
    .insert(listings)
    .values({
      userId: sellerId,
      title,
      priceCents: 1500,
      sport: "soccer",
      condition: "gently-used",
      zipCode: "10001",
      city: "New York",
      state: "NY",
    })
    .returning();
  return listing;
}

test("a listing question raises the seller's badge live, /messages moves it to the top live, opening the thread clears it", async ({
  browser,
}) => {
  // Three browsers and six page loads: slow on a loaded 2-core machine (same assertions).
  test.setTimeout(180_000);
  const seller = await createUser({ firstName: "Sam", lastName: `Seller${word()}` });
  const buyerLast = `Buyer${word()}`;
  const buyer = await createUser({ firstName: "Bea", lastName: buyerLast });
  const earlierLast = `Early${word()}`;
  const earlier = await createUser({ firstName: "Eli", lastName: earlierLast });
  const bat = await listingBy(seller.id, `Wooden bat ${word()}`);
  const cleats = await listingBy(seller.id, `Soccer cleats ${word()}`);
  // An older conversation, already read.
  const hourAgo = new Date(Date.now() - 3600_000);
  await e2eDb().insert(listingMessages).values({
    listingId: bat.id,
    senderId: earlier.id,
    receiverId: seller.id,
    content: "Is the bat cracked?",
    createdAt: hourAgo,
    readAt: hourAgo,
  });

  const open = async (userId: string) => {
    const context = await browser.newContext();
    await signInAs(context, userId);
    return { context, page: await context.newPage() };
  };
  const ask = async (page: import("@playwright/test").Page, listingId: string, text: string) => {
    await page.goto(`/listing/${listingId}`);
    await conversationReady(page);
    const question = page.getByLabel("Your question");
    await question.fill(text);
    await question.press("Enter");
    await expect(page.getByText("Message sent!")).toBeVisible();
  };
  const sellerSide = await open(seller.id);
  const sellerPage = sellerSide.page;
  const buyerSide = await open(buyer.id);
  const earlierSide = await open(earlier.id);

  // On any page: the user menu's Messages badge rises without a reload.
  await sellerPage.goto("/in-play");
  await expect(sellerPage.locator("[data-user-room=open]")).toBeAttached();
  await expect(sellerPage.getByTestId("messages-badge")).toHaveCount(0);
  await ask(buyerSide.page, cleats.id, "Do they run small?");
  await expect(sellerPage.getByTestId("messages-badge")).toHaveText("1 unread");
  await expect(sellerPage).toHaveURL(`${E2E_BASE_URL}/in-play`);

  // /messages: newest first, with the latest message, unread counts and the total.
  await sellerPage.goto("/messages");
  await expect(sellerPage.getByRole("heading", { name: "Messages" })).toBeVisible();
  const conversations = sellerPage.getByTestId("conversation");
  await expect(conversations).toHaveCount(2);
  await expect(conversations.first()).toContainText(`Bea ${buyerLast}`);
  await expect(conversations.first()).toContainText(cleats.title);
  await expect(conversations.first()).toContainText("Do they run small?");
  await expect(conversations.first()).toContainText("Just now");
  await expect(conversations.first()).toContainText("1 unread");
  await expect(conversations.nth(1)).toContainText(`Eli ${earlierLast}`);
  await expect(sellerPage.getByTestId("inbox-unread-total")).toHaveText("1 unread");
  await expect(sellerPage.locator("[data-user-room=open]")).toBeAttached();

  // A new message in the older conversation moves it to the top, live (a third browser).
  await ask(earlierSide.page, bat.id, "Would you take $20?");
  await expect(conversations.first()).toContainText(`Eli ${earlierLast}`);
  await expect(conversations.first()).toContainText("Would you take $20?");
  await expect(sellerPage.getByTestId("inbox-unread-total")).toHaveText("2 unread");
  await expect(sellerPage.getByTestId("messages-badge")).toHaveText("2 unread");

  // Opening a conversation shows its thread in a dialog on /messages and reads it (without
  // JavaScript the link goes to the listing page's thread: photo-limit-inbox-dialog-club-count.spec.ts).
  await conversations.nth(1).getByRole("link").click();
  const thread = sellerPage.getByRole("dialog", { name: `Bea ${buyerLast}` });
  await expect(thread.getByRole("list", { name: `Conversation with Bea ${buyerLast}` }).getByRole("listitem")).toHaveText([
    "Them: Do they run small?",
  ]);
  await expect(sellerPage).toHaveURL(`${E2E_BASE_URL}/messages`);
  await expect(sellerPage.getByTestId("messages-badge")).toHaveText("1 unread");
  const read = await e2eDb().select().from(listingMessages).where(eq(listingMessages.listingId, cleats.id));
  expect(read.map((m) => m.readAt !== null)).toEqual([true]);
  await sellerPage.goto("/messages");
  await expect(sellerPage.getByTestId("inbox-unread-total")).toHaveText("1 unread");
  await expect(conversations.nth(1)).not.toContainText("unread");

  for (const side of [sellerSide, buyerSide, earlierSide]) await side.context.close();
});

test("club DMs appear per club + other person and link to the club's DM; the bell counts unread DMs", async ({ page, context }) => {
  const owner = await createTestUser(e2eDb(), { firstName: "Olive", lastName: `Owner${word()}` });
  const club = await createTestClub(e2eDb(), owner, { name: `Inbox United ${word()}` });
  const mia = await createTestUser(e2eDb(), { firstName: "Mia", lastName: `Mate${word()}` });
  await addTestMember(e2eDb(), club, mia);
  await e2eDb()
    .insert(clubDirectMessages)
    .values([
      {
        clubId: club.id,
        senderId: owner.id,
        receiverId: mia.id,
        content: "Welcome to the club!",
        createdAt: new Date(Date.now() - 120_000),
      },
      { clubId: club.id, senderId: owner.id, receiverId: mia.id, content: "Practice is at 6", createdAt: new Date(Date.now() - 60_000) },
    ]);
  await signInAs(context, mia.id);
  await page.goto("/messages");
  const conversation = page.getByTestId("conversation");
  await expect(conversation).toHaveCount(1);
  await expect(conversation).toContainText(`Olive ${owner.lastName}`);
  await expect(conversation).toContainText(club.name);
  await expect(conversation).toContainText("Practice is at 6");
  await expect(conversation).toContainText("2 unread");
  await expect(conversation.getByRole("link")).toHaveAttribute("href", `/club/${club.slug}?tab=messages&sub=dm&with=${owner.id}`);
  await expect(page.getByLabel("Notifications (2)")).toBeVisible();
  // The owner's inbox has the same conversation from their side; a stranger's is empty.
  const stranger = await createTestUser(e2eDb());
  await context.clearCookies();
  await signInAs(context, stranger.id);
  await page.goto("/messages");
  await expect(page.getByText("No messages yet")).toBeVisible();
  expect(await page.content()).not.toContain("Practice is at 6");
});

test.describe("with JavaScript off", () => {
  test.use({ javaScriptEnabled: false });

  test("/messages pages 20 conversations at a time with plain links", async ({ page, context }) => {
    const me = await createUser({ firstName: "Pat", lastName: `Paged${word()}` });
    const seller = await createUser({ firstName: "Sid", lastName: `Seller${word()}` });
    const now = Date.now();
    for (let n = 0; n < 21; n++) {
      const listing = await listingBy(seller.id, `Item ${String(n).padStart(2, "0")} ${word()}`);
      await e2eDb()
        .insert(listingMessages)
        .values({
          listingId: listing.id,
          senderId: me.id,
          receiverId: seller.id,
          content: `Question ${n}`,
          createdAt: new Date(now - (21 - n) * 60_000),
        });
    }
    await signInAs(context, me.id);
    await page.goto("/messages");
    await expect(page.getByTestId("conversation")).toHaveCount(20);
    await expect(page.getByTestId("conversation").first()).toContainText("Question 20");
    await page.getByRole("link", { name: "Older conversations" }).click();
    await expect(page).toHaveURL(`${E2E_BASE_URL}/messages?page=2`);
    await expect(page.getByTestId("conversation")).toHaveCount(1);
    await expect(page.getByTestId("conversation")).toContainText("Question 0");
    await page.getByRole("link", { name: "Newer conversations" }).click();
    await expect(page.getByTestId("conversation")).toHaveCount(20);
  });
});

test("/api/badges is private: signed out gets 401, signed in gets counts that are never cached", async ({ page, context }) => {
  const anonymous = await page.request.get("/api/badges");
  expect(anonymous.status()).toBe(401);
  const user = await createUser();
  await signInAs(context, user.id);
  const response = await page.request.get("/api/badges");
  expect(response.status()).toBe(200);
  expect(response.headers()["cache-control"]).toBe("private, no-store");
  expect(await response.json()).toEqual({
    directMessages: 0,
    perClub: {},
    listingMessages: 0,
    total: 0,
    dealsWaiting: 0,
    deals: [],
    newMatches: { items: [], count: 0 },
  });
});
