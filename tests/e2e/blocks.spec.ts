import { randomBytes, randomUUID } from "node:crypto";
import { and, eq } from "drizzle-orm";
import type { Browser, Page } from "@playwright/test";
import { clubDirectMessages, deals, listingMessages, userBlocks } from "../../db/schema";
import { proposeDeal } from "../../app/features/trade/deals.server";
import { E2E_BASE_URL } from "../setup/e2e-env";
import { addTestMember, createTestClub, createTestListing, createTestUser, type TestClub, type TestUser } from "../factories";
import { conversationReady, e2eDb, expect, signInAs, test } from "./fixtures";

// ADR 069: blocking a person from a listing thread, and what that refuses — direct messages,
// listing questions, offers and deal steps, through the UI and through direct POSTs — and hides:
// each one's listings from the other (search and the listing page). Unblocking from /player-profile
// restores it all. What a block hides in club chat, the inbox and open sockets: block-hiding.spec.ts.

const word = () => randomBytes(4).toString("hex");
const db = () => e2eDb();
const REFUSAL = "You can't contact this person.";
const post = (page: Page, path: string, form: Record<string, string>) =>
  page.request.post(path, { form, headers: { Origin: E2E_BASE_URL }, maxRedirects: 0 });

async function pageOf(browser: Browser, user: TestUser, javaScriptEnabled = true) {
  const context = await browser.newContext({ javaScriptEnabled });
  await signInAs(context, user.id);
  return context.newPage();
}

/** Sally sells, Bea buys; both are members of one club (for direct messages); each has a listing. */
async function twoMembers() {
  const token = word();
  const owner = await createTestUser(db(), { firstName: "Olive", lastName: "Owner" });
  const club: TestClub = await createTestClub(db(), owner, { name: `Block Bay ${token}` });
  const sally = await createTestUser(db(), { firstName: "Sally", lastName: "Seller" });
  const bea = await createTestUser(db(), { firstName: "Bea", lastName: "Buyer" });
  for (const user of [sally, bea]) await addTestMember(db(), club, user);
  const sallyListing = await createTestListing(db(), sally, { title: `Goalie gloves ${token}`, priceCents: 4000 });
  const beaListing = await createTestListing(db(), bea, { title: `Shin guards ${token}`, priceCents: 1500 });
  return { token, club, sally, bea, sallyListing, beaListing };
}

const searchTitles = async (page: Page, token: string) => {
  await page.goto(`/?q=${token}`);
  return page.getByTestId("listing-card").allInnerTexts();
};

test("blocked from a listing thread: messages, questions, offers and deal steps refused in the UI and by direct POSTs, listings hidden both ways; unblocking on /player-profile restores", async ({
  browser,
}) => {
  test.setTimeout(180_000);
  const { token, club, sally, bea, sallyListing, beaListing } = await twoMembers();
  // Bea asked about Sally's gloves and made an offer before the block.
  await db().insert(listingMessages).values({ listingId: sallyListing, senderId: bea.id, receiverId: sally.id, content: "Still there?" });
  const offer = await proposeDeal(db(), bea, {
    listingId: sallyListing,
    offeredListingIds: [],
    cashCents: 3500,
    cashFrom: "proposer",
    message: null,
  });
  if (!offer.ok) throw new Error(offer.error);
  const dealId = offer.deal.id;

  const sallyPage = await pageOf(browser, sally);
  const beaPage = await pageOf(browser, bea);

  // Sally blocks Bea from the thread on her own listing: a confirmation that says what will happen.
  await sallyPage.goto(`/listing/${sallyListing}`);
  await conversationReady(sallyPage);
  await sallyPage.getByRole("link", { name: "Block Bea Buyer" }).click();
  await expect(sallyPage.getByRole("heading", { name: "Block Bea?" })).toBeVisible();
  await expect(sallyPage.getByTestId("block-consequences")).toContainText("They are not told that you blocked them.");
  await sallyPage.getByRole("button", { name: "Block Bea" }).click();
  // Back on her listing (hers stays visible to her), told so.
  await expect(sallyPage).toHaveURL(new RegExp(`/listing/${sallyListing}$`));
  await expect(sallyPage.getByText("Bea is blocked")).toBeVisible();
  expect(await db().select().from(userBlocks).where(eq(userBlocks.blockerId, sally.id))).toHaveLength(1);

  // The open offer between them is closed, and both sides read only 'This deal was closed'.
  const [closed] = await db().select().from(deals).where(eq(deals.id, dealId));
  expect(closed).toMatchObject({ state: "voided", closeReason: "blocked" });
  await beaPage.goto(`/deals/${dealId}`);
  await expect(beaPage.getByTestId("deal-closed-notice")).toHaveText("This deal was closed");

  // The UI: Sally's reply in the thread is refused with the reason, and nothing is stored.
  await sallyPage.goto(`/listing/${sallyListing}`);
  await conversationReady(sallyPage);
  await sallyPage.getByLabel("Reply to Bea Buyer").fill("Yes, still here");
  await sallyPage.getByRole("button", { name: "Reply" }).click();
  await expect(sallyPage.getByText(REFUSAL).first()).toBeVisible();

  // The UI: Bea's direct message to Sally is refused in the composer.
  await beaPage.goto(`/club/${club.slug}?${new URLSearchParams({ tab: "messages", sub: "dm", with: sally.id })}`);
  const composer = beaPage.getByRole("textbox", { name: /Message to Sally/ });
  await composer.fill("Can we still meet?");
  await beaPage.getByRole("button", { name: "Send" }).click();
  // The composer's error (and, after a no-JavaScript post, the toast): at least one says so.
  await expect(beaPage.getByRole("alert").filter({ hasText: REFUSAL }).first()).toBeVisible();

  // The UI: neither opens the other's listing (where the question box and the offer card are), nor finds it.
  expect((await beaPage.goto(`/listing/${sallyListing}`))?.status()).toBe(404);
  expect((await sallyPage.goto(`/listing/${beaListing}`))?.status()).toBe(404);
  expect(await searchTitles(beaPage, token)).not.toContainEqual(expect.stringContaining("Goalie gloves"));
  expect(await searchTitles(sallyPage, token)).not.toContainEqual(expect.stringContaining("Shin guards"));

  // Direct POSTs, each refused like any forbidden action: no 500, nothing stored.
  const question = await post(beaPage, `/listing/${sallyListing}`, { intent: "message", content: "Hello?", via: "fetcher" });
  expect(question.status()).toBe(404);
  const offerAgain = await post(beaPage, `/listing/${sallyListing}`, {
    intent: "propose",
    cash: "30",
    cashFrom: "proposer",
    form: "offer",
  });
  expect(offerAgain.status()).toBeGreaterThanOrEqual(400);
  expect(offerAgain.status()).toBeLessThan(500);
  const sallyOffer = await post(sallyPage, `/listing/${beaListing}`, {
    intent: "propose",
    cash: "10",
    cashFrom: "proposer",
    form: "offer",
  });
  expect(sallyOffer.status()).toBeGreaterThanOrEqual(400);
  expect(sallyOffer.status()).toBeLessThan(500);
  const dm = await post(beaPage, `/club/${club.slug}/messages`, {
    intent: "dm",
    recipientId: sally.id,
    content: "psst",
    clientId: randomUUID(),
    respond: "json",
  });
  expect(dm.status()).toBe(400);
  // A document POST: the 'not sent' page, with the text kept and the reason.
  expect(await dm.text()).toContain("contact this person");
  const accept = await post(sallyPage, `/deals/${dealId}`, { intent: "accept", revision: "1" });
  expect(accept.status()).toBe(409);
  expect(await accept.text()).toContain("contact this person");
  const counter = await post(beaPage, `/deals/${dealId}`, { intent: "counter", revision: "1", cash: "38", cashFrom: "proposer" });
  expect(counter.status()).toBe(409);

  expect(await db().select().from(listingMessages).where(eq(listingMessages.listingId, sallyListing))).toHaveLength(1);
  expect(await db().select().from(clubDirectMessages).where(eq(clubDirectMessages.clubId, club.id))).toHaveLength(0);
  expect(
    (await db().select().from(deals).where(eq(deals.proposerId, bea.id))).concat(
      await db().select().from(deals).where(eq(deals.proposerId, sally.id)),
    ),
  ).toHaveLength(1);
  const [stillClosed] = await db().select().from(deals).where(eq(deals.id, dealId));
  expect(stillClosed).toMatchObject({ state: "voided", revision: 1 });

  // Unblock from 'Blocked people' on /player-profile.
  await sallyPage.goto("/player-profile");
  const blockedList = sallyPage.getByRole("region", { name: "Blocked people" });
  await expect(blockedList.getByTestId("blocked-people")).toContainText("Bea");
  await blockedList.getByRole("button", { name: "Unblock Bea" }).click();
  await expect(sallyPage.getByText("Bea is unblocked")).toBeVisible();
  await expect(blockedList.getByTestId("blocked-people-empty")).toHaveText("You have not blocked anyone.");
  expect(
    await db()
      .select()
      .from(userBlocks)
      .where(and(eq(userBlocks.blockerId, sally.id), eq(userBlocks.blockedId, bea.id))),
  ).toEqual([]);

  // Restored: each sees and finds the other's listing again, and a message goes through.
  expect((await beaPage.goto(`/listing/${sallyListing}`))?.status()).toBe(200);
  expect(await searchTitles(sallyPage, token)).toContainEqual(expect.stringContaining("Shin guards"));
  const dmAgain = await post(beaPage, `/club/${club.slug}/messages`, {
    intent: "dm",
    recipientId: sally.id,
    content: "Thanks!",
    clientId: randomUUID(),
    respond: "json",
  });
  expect(dmAgain.status()).toBeLessThan(400);
  expect(await db().select().from(clubDirectMessages).where(eq(clubDirectMessages.clubId, club.id))).toHaveLength(1);
  await sallyPage.context().close();
  await beaPage.context().close();
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("block from the seller card on a confirmation page, then unblock from /player-profile", async ({ browser }) => {
    const { sally, bea, beaListing } = await twoMembers();
    const sallyPage = await pageOf(browser, sally, false);

    await sallyPage.goto(`/listing/${beaListing}`);
    await sallyPage.getByRole("link", { name: "Block Bea" }).first().click();
    await expect(sallyPage.getByRole("heading", { name: "Block Bea?" })).toBeVisible();
    // 'Cancel' goes back to the listing; blocking lands on the home page (the listing is hidden from her now).
    await expect(sallyPage.getByRole("link", { name: "Cancel" })).toHaveAttribute("href", `/listing/${beaListing}`);
    await sallyPage.getByRole("button", { name: "Block Bea" }).click();
    await expect(sallyPage).toHaveURL(`${E2E_BASE_URL}/`);
    await expect(sallyPage.getByText("Bea is blocked")).toBeVisible();
    expect((await sallyPage.goto(`/listing/${beaListing}`))?.status()).toBe(404);

    // Opened again, the confirmation offers to unblock.
    await sallyPage.goto(`/block/${bea.id}`);
    await expect(sallyPage.getByRole("button", { name: "Unblock Bea" })).toBeVisible();

    await sallyPage.goto("/player-profile");
    const blockedList = sallyPage.getByRole("region", { name: "Blocked people" });
    await blockedList.getByRole("button", { name: "Unblock Bea" }).click();
    await expect(sallyPage).toHaveURL(`${E2E_BASE_URL}/player-profile`);
    await expect(sallyPage.getByText("Bea is unblocked")).toBeVisible();
    await expect(blockedList.getByTestId("blocked-people-empty")).toBeVisible();
    expect((await sallyPage.goto(`/listing/${beaListing}`))?.status()).toBe(200);
    await sallyPage.context().close();
  });

  test("blocking yourself says so; nobody is a 404; a foreign redirect target is not followed", async ({ page, context }) => {
    const me = await createTestUser(db(), { firstName: "Mo" });
    const other = await createTestUser(db(), { firstName: "Ola" });
    await signInAs(context, me.id);
    await page.goto(`/block/${me.id}`);
    await expect(page.getByRole("heading", { name: "You can't block yourself." })).toBeVisible();
    await expect(page.getByRole("button", { name: /Block/ })).toHaveCount(0);
    expect((await post(page, `/block/${me.id}`, { intent: "block" })).headers().location).toBe("/player-profile");
    expect((await page.goto(`/block/${randomUUID()}`))?.status()).toBe(404);
    expect((await page.goto("/block/not-a-user"))?.status()).toBe(404);
    expect((await post(page, `/block/${randomUUID()}`, { intent: "block" })).status()).toBe(404);
    expect((await post(page, `/block/${other.id}`, { intent: "nonsense" })).status()).toBe(400);

    const blocked = await post(page, `/block/${other.id}`, { intent: "block", redirectTo: "//evil.example/" });
    expect(blocked.status()).toBe(303);
    expect(blocked.headers().location).toBe("/player-profile");
    // Posted twice: one row.
    await post(page, `/block/${other.id}`, { intent: "block" });
    expect(await db().select().from(userBlocks).where(eq(userBlocks.blockerId, me.id))).toHaveLength(1);
    expect(await db().select().from(userBlocks).where(eq(userBlocks.blockerId, other.id))).toHaveLength(0);
  });
});
