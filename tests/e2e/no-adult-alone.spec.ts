// No adult alone with a minor (ADR 096), in three browsers: an adult asks about a teen's listing, the
// teen's guardian finds the conversation in their inbox with the line both sides see, and reads the
// teen's reply arrive live (JavaScript on); the same pages without JavaScript; a club's DM list marks
// the teen. Refusals by role are the Vitest property (overseen.server.test.ts) and the matrix.
import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { guardianInvites, guardianLinks, listings, users } from "../../db/schema";
import { addTestMember, createTestClub, createTestUser } from "../factories";
import { axeFindings } from "./axe";
import { conversationReady, e2eDb, expect, saveScreenshot, signInAs, test } from "./fixtures";

const SHOTS = "/work/shots/maapp";

async function family() {
  const db = e2eDb();
  const teen = await createTestUser(db, { firstName: "Sam", lastName: "Teen" });
  await db
    .update(users)
    .set({ birthYear: new Date().getUTCFullYear() - 15, birthMonth: 1 })
    .where(eq(users.id, teen.id));
  const guardian = await createTestUser(db, { firstName: "Morgan", lastName: "Parent" });
  const adult = await createTestUser(db, { firstName: "Alex", lastName: "Adult" });
  const [invite] = await db
    .insert(guardianInvites)
    .values({
      teenId: teen.id,
      email: guardian.email,
      tokenHash: randomUUID(),
      expiresAt: new Date(Date.now() + 3600_000),
      usedAt: new Date(),
    })
    .returning();
  await db.insert(guardianLinks).values({ teenId: teen.id, guardianId: guardian.id, inviteId: invite.id });
  const [listing] = await db
    .insert(listings)
    .values({
      userId: teen.id,
      title: "Youth hockey skates",
      priceCents: 3000,
      sport: "hockey",
      condition: "gently-used",
      zipCode: "10001",
      city: "New York",
      state: "NY",
    })
    .returning();
  return { teen, guardian, adult, listing };
}

test("the adult asks about a teen's listing; the guardian reads the conversation and the teen's reply live", async ({ browser }) => {
  test.setTimeout(60_000);
  const { teen, guardian, adult, listing } = await family();
  const [adultContext, teenContext, guardianContext] = await Promise.all([
    browser.newContext(),
    browser.newContext(),
    browser.newContext(),
  ]);
  await signInAs(adultContext, adult.id);
  await signInAs(teenContext, teen.id);
  await signInAs(guardianContext, guardian.id);
  const [adultPage, teenPage, guardianPage] = await Promise.all([adultContext.newPage(), teenContext.newPage(), guardianContext.newPage()]);

  // The adult is told before the first question.
  await adultPage.goto(`/listing/${listing.id}`);
  await expect(adultPage.getByTestId("guardian-line")).toHaveText(/Sam's guardian can read this conversation/);
  await conversationReady(adultPage);
  await adultPage.getByLabel("Your question").fill("Are these still available?");
  await adultPage.getByLabel("Your question").press("Enter");
  await expect(adultPage.getByText("Message sent!")).toBeVisible();
  await expect(adultPage.getByRole("list", { name: "Conversation with the seller" }).getByRole("listitem")).toHaveText([
    "You: Are these still available?",
  ]);

  // The guardian's inbox: the teen's conversation, marked as read as their guardian.
  await guardianPage.goto("/messages");
  const row = guardianPage.getByTestId("conversation").filter({ hasText: "Youth hockey skates" });
  await expect(row).toContainText("Sam Teen and Alex Adult");
  await expect(row.getByTestId("overseen-note")).toHaveText("You can read this as Sam Teen's guardian");
  expect(await axeFindings(guardianPage)).toEqual([]);
  for (const width of [360, 1280]) {
    await guardianPage.setViewportSize({ width, height: 800 });
    await saveScreenshot(guardianPage, `${SHOTS}/guardian-inbox-${width}.png`);
  }
  await row.getByRole("link").click();
  await expect(guardianPage.getByRole("heading", { name: "Sam Teen and Alex Adult" })).toBeVisible();
  await expect(guardianPage.getByTestId("guardian-line")).toHaveText(/Sam's guardian can read this conversation/);
  const messages = guardianPage.getByTestId("overseen-messages").getByRole("listitem");
  await expect(messages).toHaveCount(1);
  await expect(messages.first()).toContainText("Are these still available?");
  // Read-only: no box to write in.
  await expect(guardianPage.getByRole("textbox")).toHaveCount(0);

  // The teen sees the line too, and replies; the guardian's open page shows it without a reload.
  await teenPage.goto(`/listing/${listing.id}`);
  await expect(teenPage.getByTestId("guardian-line")).toHaveText(/Sam's guardian can read this conversation/);
  await conversationReady(teenPage);
  for (const width of [360, 1280]) {
    await teenPage.setViewportSize({ width, height: 800 });
    await saveScreenshot(teenPage, `${SHOTS}/teen-thread-${width}.png`);
  }
  await teenPage.getByLabel("Reply to Alex Adult").fill("Yes, size 4");
  await teenPage.getByRole("button", { name: "Reply" }).click();
  await expect(messages).toHaveCount(2);
  await expect(messages.last()).toContainText("Yes, size 4");
  expect(await axeFindings(guardianPage)).toEqual([]);
  for (const width of [360, 1280]) {
    await guardianPage.setViewportSize({ width, height: 800 });
    await saveScreenshot(guardianPage, `${SHOTS}/guardian-thread-${width}.png`);
  }
  // Another adult with the same address: not theirs, not found.
  const url = new URL(guardianPage.url());
  expect((await adultPage.goto(url.pathname + url.search))?.status()).toBe(404);
  await Promise.all([adultContext.close(), teenContext.close(), guardianContext.close()]);
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });
  test("the guardian reads the conversation, and a club's DM list marks the teen", async ({ browser }) => {
    const { teen, guardian, adult, listing } = await family();
    const db = e2eDb();
    await db.run(`insert into listing_messages (id, listing_id, sender_id, receiver_id, content, created_at)
      values ('${randomUUID()}', '${listing.id}', '${adult.id}', '${teen.id}', 'Do they fit a size 4 foot?', ${Date.now()})`);
    const club = await createTestClub(db, adult);
    await addTestMember(db, club, teen);
    const [guardianContext, adultContext] = await Promise.all([
      browser.newContext({ javaScriptEnabled: false }),
      browser.newContext({ javaScriptEnabled: false }),
    ]);
    await signInAs(guardianContext, guardian.id);
    await signInAs(adultContext, adult.id);
    const guardianPage = await guardianContext.newPage();
    await guardianPage.goto("/messages");
    await guardianPage.getByTestId("conversation").filter({ hasText: "Youth hockey skates" }).getByRole("link").click();
    await expect(guardianPage.getByTestId("overseen-messages").getByRole("listitem")).toContainText(["Do they fit a size 4 foot?"]);

    const adultPage = await adultContext.newPage();
    await adultPage.goto(`/club/${club.slug}?tab=messages&sub=dm`);
    const members = adultPage.getByRole("navigation", { name: "Members" });
    await expect(members.getByRole("link", { name: /Sam Teen/ }).getByTestId("minor-marker")).toHaveText("Teen");
    await adultPage.goto(`/club/${club.slug}?tab=messages&sub=dm&with=${teen.id}`);
    await expect(adultPage.getByTestId("guardian-line")).toHaveText(/Sam's guardian can read this conversation/);
    for (const width of [360, 1280]) {
      await adultPage.setViewportSize({ width, height: 800 });
      await saveScreenshot(adultPage, `${SHOTS}/club-dm-list-${width}.png`);
    }
    await Promise.all([guardianContext.close(), adultContext.close()]);
  });
});
