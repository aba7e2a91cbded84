import { eq } from "drizzle-orm";
import { deals, dealRevisions } from "../../db/schema";
import { addTestMember, createTestClub, createTestListing, createTestUser } from "../factories";
import { conversationReady, e2eDb, expect, signInAs, test } from "./fixtures";
import { axeOn } from "./axe";

// Offers and swaps from the listing page (ADR 068; spec 02 §2 listing detail): the 'Make an offer'
// card for each kind of viewer, and an offer made with JavaScript off landing on its deal.

const AXE_TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "best-practice"];
const DEAL_URL = /\/deals\/[\w-]+$/;

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("a buyer makes an offer and lands on the deal; the seller sees it on the listing page", async ({ browser }) => {
    const db = e2eDb();
    const seller = await createTestUser(db, { firstName: "Sally" });
    const buyer = await createTestUser(db, { firstName: "Bruno", lastName: "Hidden" });
    const listingId = await createTestListing(db, seller, { title: "Goalie gloves", priceCents: 4000 });

    const buyerContext = await browser.newContext({ javaScriptEnabled: false });
    await signInAs(buyerContext, buyer.id);
    const page = await buyerContext.newPage();
    await page.goto(`/listing/${listingId}`);
    const card = page.getByRole("region", { name: "Make an offer" });
    await card.locator("summary", { hasText: "Make an offer" }).click();
    // Prefilled with the asking price (a signed-in viewer may see it).
    const cash = card.getByLabel("Your offer ($)");
    await expect(cash).toHaveValue("40.00");
    await cash.fill("35");
    await card.getByLabel("Message (optional)").first().fill("Could pick up Saturday");
    await card.getByRole("button", { name: "Send offer" }).click();
    await expect(page).toHaveURL(DEAL_URL);

    const dealId = page.url().split("/").pop()!;
    const [deal] = await db.select().from(deals).where(eq(deals.id, dealId));
    expect(deal).toMatchObject({ proposerId: buyer.id, ownerId: seller.id, listingId, state: "proposed", turn: "owner" });
    const [revision] = await db.select().from(dealRevisions).where(eq(dealRevisions.dealId, dealId));
    expect(revision).toMatchObject({ cashCents: 3500, cashFrom: "proposer", message: "Could pick up Saturday" });

    // Back on the listing: 'View your offer' instead of the form.
    await page.goto(`/listing/${listingId}`);
    await expect(page.getByRole("link", { name: "View your offer" })).toHaveAttribute("href", `/deals/${dealId}`);
    await expect(page.getByRole("button", { name: "Send offer" })).toHaveCount(0);

    const sellerContext = await browser.newContext({ javaScriptEnabled: false });
    await signInAs(sellerContext, seller.id);
    const sellerPage = await sellerContext.newPage();
    await sellerPage.goto(`/listing/${listingId}`);
    const offers = sellerPage.getByRole("list", { name: "Offers on this listing" });
    await expect(offers.getByTestId("listing-offer")).toHaveCount(1);
    await expect(offers).toContainText("Bruno · Offer");
    await expect(offers).toContainText("$35");
    await expect(offers).toContainText("Your turn to answer");
    await expect(offers).not.toContainText("Hidden");
    await expect(offers.getByRole("link", { name: "View offer from Bruno" })).toHaveAttribute("href", `/deals/${dealId}`);
    await expect(sellerPage.getByRole("button", { name: "Send offer" })).toHaveCount(0);
    await buyerContext.close();
    await sellerContext.close();
  });

  test("a refused offer comes back with the reason and the values entered", async ({ page, context }) => {
    const db = e2eDb();
    const seller = await createTestUser(db);
    const buyer = await createTestUser(db);
    const listingId = await createTestListing(db, seller, { priceCents: 2000 });
    await signInAs(context, buyer.id);
    await page.goto(`/listing/${listingId}`);
    const card = page.getByRole("region", { name: "Make an offer" });
    await card.locator("summary", { hasText: "Make an offer" }).click();
    await card.getByLabel("Your offer ($)").fill("0");
    await card.getByLabel("Message (optional)").first().fill("Free?");
    await card.getByRole("button", { name: "Send offer" }).click();
    await expect(card.getByRole("alert")).toHaveText("Enter an amount, or choose one of your listings to swap.");
    await expect(card.getByLabel("Message (optional)").first()).toHaveValue("Free?");
    expect(await db.select().from(deals).where(eq(deals.listingId, listingId))).toEqual([]);
  });
});

test("signed out: 'Sign in to make an offer', back to the listing afterwards, and no price in the page", async ({ page }) => {
  const db = e2eDb();
  const seller = await createTestUser(db);
  const listingId = await createTestListing(db, seller, { priceCents: 98765 });
  await page.goto(`/listing/${listingId}`);
  const link = page.getByRole("link", { name: "Sign in to make an offer" });
  await expect(link).toHaveAttribute("href", `/auth?${new URLSearchParams({ redirectTo: `/listing/${listingId}` })}`);
  expect(await page.content()).not.toContain("987.65");
});

test("a fellow club member sees 'Swap' beside 'Make an offer'; axe finds nothing with both forms open", async ({ page, context }) => {
  const db = e2eDb();
  const seller = await createTestUser(db, { firstName: "Olive" });
  const member = await createTestUser(db, { firstName: "Mel" });
  const club = await createTestClub(db, seller);
  await addTestMember(db, club, member);
  const listingId = await createTestListing(db, seller, { title: "Team bag", clubs: [club] });
  await createTestListing(db, member, { title: "Mel's shin guards", priceCents: 1200 });
  await signInAs(context, member.id);
  await page.goto(`/listing/${listingId}`);
  const card = page.getByRole("region", { name: "Make an offer" });
  await expect(card.locator("summary", { hasText: "Make an offer" })).toBeVisible();
  await card.locator("summary", { hasText: "Swap" }).click();
  await card.locator("summary", { hasText: "Make an offer" }).click();
  const swap = card.getByRole("form", { name: "Propose a swap" });
  await expect(swap.getByRole("checkbox", { name: /Mel's shin guards/ })).toBeVisible();
  await expect(swap.getByRole("radio", { name: "I add cash" })).toBeChecked();

  const { violations } = await axeOn(page).withTags(AXE_TAGS).analyze();
  const found = violations.flatMap((v) => v.nodes.map((n) => `${v.id} (${v.impact}) ${n.target.join(" ")}: ${n.failureSummary}`));
  expect(found, "axe violations on the listing page with the offer forms open").toEqual([]);

  // A signed-in non-member may open a public club's listing (spec 02 §6), but not offer on it: no controls at all.
  const outsider = await createTestUser(db);
  await context.clearCookies();
  await signInAs(context, outsider.id);
  await page.goto(`/listing/${listingId}`);
  await expect(page.getByRole("heading", { name: "Team bag" })).toBeVisible();
  await expect(page.getByRole("region", { name: "Make an offer" })).toHaveCount(0);
  await expect(page.locator("summary", { hasText: "Swap" })).toHaveCount(0);
});

test("the deal's steps show between the messages: in the buyer's conversation and, live, in the seller's thread", async ({ browser }) => {
  test.setTimeout(90_000);
  const db = e2eDb();
  const seller = await createTestUser(db, { firstName: "Sally", lastName: "Seller" });
  const buyer = await createTestUser(db, { firstName: "Barry", lastName: "Buyer" });
  const listingId = await createTestListing(db, seller, { title: "Batting helmet", priceCents: 5000 });
  const sellerContext = await browser.newContext();
  await signInAs(sellerContext, seller.id);
  const buyerContext = await browser.newContext();
  await signInAs(buyerContext, buyer.id);
  const sellerPage = await sellerContext.newPage();
  const buyerPage = await buyerContext.newPage();

  // The buyer asks; the seller has the listing open (its user room connects when the conversation hydrates).
  await buyerPage.goto(`/listing/${listingId}`);
  await conversationReady(buyerPage);
  await buyerPage.getByLabel("Your question").fill("Is it still available?");
  await buyerPage.getByRole("button", { name: "Send Message" }).click();
  await expect(buyerPage.getByText("Message sent!")).toBeVisible();
  await sellerPage.goto(`/listing/${listingId}`);
  await expect(sellerPage.getByText("This is your listing")).toBeVisible();
  await conversationReady(sellerPage);

  // Then the buyer makes an offer from the listing page.
  const card = buyerPage.getByRole("region", { name: "Make an offer" });
  await card.locator("summary", { hasText: "Make an offer" }).click();
  await card.getByLabel("Your offer ($)").fill("40");
  await card.getByRole("button", { name: "Send offer" }).click();
  await expect(buyerPage).toHaveURL(DEAL_URL);
  const dealId = buyerPage.url().split("/").pop()!;

  // The seller's open page: the offer appears live in Barry's thread, after his question — a step, not a bubble.
  const sellerThread = sellerPage.getByRole("list", { name: "Conversation with Barry Buyer" });
  await expect(sellerThread.getByRole("listitem")).toHaveText(["Them: Is it still available?", "Offer: $40 (Barry)"]);
  await expect(sellerThread.getByTestId("deal-step")).toHaveCount(1);

  // It links to the deal, where the seller counters.
  await sellerThread.getByRole("link", { name: "Offer: $40 (Barry)" }).click();
  await expect(sellerPage).toHaveURL(`/deals/${dealId}`);
  const deal = sellerPage.getByRole("main");
  await deal.getByLabel("Cash ($)").fill("45");
  await deal.getByRole("button", { name: "Send counter-offer" }).click();
  await expect(deal.getByTestId("deal-turn")).toHaveText("Waiting for Barry");

  // Both of them see the offer and the counter between the messages.
  await sellerPage.goto(`/listing/${listingId}`);
  await expect(sellerThread.getByRole("listitem")).toHaveText([
    "Them: Is it still available?",
    "Offer: $40 (Barry)",
    "Counter-offer: $45 (Sally)",
  ]);
  await buyerPage.goto(`/listing/${listingId}`);
  const buyerThread = buyerPage.getByRole("list", { name: "Conversation with the seller" });
  await expect(buyerThread.getByRole("listitem")).toHaveText([
    "You: Is it still available?",
    "Offer: $40 (Barry)",
    "Counter-offer: $45 (Sally)",
  ]);
  await expect(buyerThread.getByRole("link", { name: "Counter-offer: $45 (Sally)" })).toHaveAttribute("href", `/deals/${dealId}`);
  await sellerContext.close();
  await buyerContext.close();
});
