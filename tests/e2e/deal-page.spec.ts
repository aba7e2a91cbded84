import type { Browser, Page } from "@playwright/test";
import { proposeDeal } from "../../app/features/trade/deals.server";
import { counterDeal, withdrawDeal } from "../../app/features/trade/deal-transitions.server";
import { saleDeal } from "../deal-fixtures";
import { createTestListing, createTestUser } from "../factories";
import { e2eDb, expect, signInAs, test } from "./fixtures";
import { axeOn } from "./axe";

// ADR 068, the deal page (/deals/{id}): every step a real form. The seller has JavaScript (the page
// follows the buyer's steps live through the user room), the buyer has none (plain form posts,
// redirects and flash toasts).
//
// The whole chain — offer → counter → accept → other offers on hold → meeting place proposed and
// confirmed → both hand over → sold → both review → published → the seller's rating changes — is
// proven in three links, each starting where the last one ended (tests/deal-fixtures.ts takes a
// deal there through the real steps) and each inside the default timeout: one long test of eleven
// round trips in two browsers needed test.slow() on this machine.

const main = (page: Page) => page.getByRole("main");
const toast = (page: Page, title: string) => page.getByRole("region", { name: "Notifications" }).getByText(title, { exact: true });
/** A week ahead, as a `datetime-local` value. */
const nextWeek = () => new Date(Date.now() + 7 * 86_400_000).toISOString().slice(0, 11) + "10:00";

/** A page in a context of its own, signed in as `userId`, JavaScript off. */
async function noJsPage(browser: Browser, userId: string) {
  const context = await browser.newContext({ javaScriptEnabled: false });
  await signInAs(context, userId);
  return context.newPage();
}

/** The card of one review on the deal page, by its heading ("Your review", "Selma's review"). */
const reviewCard = (page: Page, heading: string) =>
  main(page)
    .locator("div")
    .filter({ has: page.getByRole("heading", { name: heading, exact: true }) })
    .last();

/** The header's user room is connected: deal.changed events reach this page from now on. */
const roomOpen = (page: Page) => expect(page.locator("[data-user-room=open]")).toBeAttached({ timeout: 20_000 });

test("1 of 3: offer → counter (seller, JS) → accept (buyer, no JS) → the other offer on the listing is on hold; strangers get 404", async ({
  page,
  context,
  browser,
}) => {
  const db = e2eDb();
  const seller = await createTestUser(db, { firstName: "Selma", lastName: "Sellwood" });
  const buyer = await createTestUser(db, { firstName: "Bruno", lastName: "Buysalot" });
  const rival = await createTestUser(db, { firstName: "Rita" });
  const listingId = await createTestListing(db, seller, { title: "Goalie pads", priceCents: 6000, state: "MA" });
  const offer = async (who: typeof buyer, cents: number, message: string | null) => {
    const made = await proposeDeal(db, who, { listingId, offeredListingIds: [], cashCents: cents, cashFrom: "proposer", message });
    if (!made.ok) throw new Error(`offer: ${made.error}`);
    return made.deal.id;
  };
  const dealId = await offer(buyer, 4000, "Pick up Saturday?");
  const rivalDealId = await offer(rival, 3500, null);
  const url = `/deals/${dealId}`;

  // The seller, with JavaScript: their turn, the forms, no axe violations.
  await signInAs(context, seller.id);
  await page.goto(url);
  await expect(main(page).getByTestId("deal-turn")).toHaveText("Your turn");
  await expect(main(page).getByText("Pick up Saturday?")).toBeVisible();
  await expect(main(page).getByRole("button", { name: "Accept offer" })).toBeVisible();
  expect((await axeOn(page).analyze()).violations).toEqual([]);
  await main(page).getByLabel("Cash ($)").fill("45");
  await main(page).getByLabel("Message (optional)").fill("45 and it's yours");
  await main(page).getByRole("button", { name: "Send counter-offer" }).click();
  await expect(toast(page, "Counter-offer sent")).toBeVisible();
  await expect(main(page).getByTestId("deal-turn")).toHaveText("Waiting for Bruno");
  // The buyer's last name never reaches the page.
  await expect(main(page)).not.toContainText("Buysalot");

  // The buyer, without JavaScript, accepts the counter-offer.
  const buyerPage = await noJsPage(browser, buyer.id);
  await buyerPage.goto(url);
  await expect(main(buyerPage).getByTestId("deal-turn")).toHaveText("Your turn");
  await expect(main(buyerPage).getByTestId("deal-terms")).toHaveText("You pay $45");
  await main(buyerPage).getByRole("button", { name: "Accept offer" }).click();
  await expect(toast(buyerPage, "Offer accepted")).toBeVisible();
  await expect(main(buyerPage).getByTestId("deal-state")).toHaveText("Accepted — agree on a meeting place");
  await buyerPage.context().close();

  // The listing is held by the accepted deal: Rita's offer is on hold, on the listing and on its deal page.
  await page.goto(`/listing/${listingId}`);
  await expect(page.getByTestId("listing-status")).toHaveText("Pending Pickup");
  const offers = page.getByRole("list", { name: "Offers on this listing" }).getByTestId("listing-offer");
  await expect(offers).toHaveCount(2);
  await expect(offers.filter({ hasText: "Rita" })).toContainText("On hold — another offer was accepted");
  await page.goto(`/deals/${rivalDealId}`);
  await expect(main(page).getByTestId("deal-on-hold")).toHaveText("On hold — another offer was accepted");

  // Anyone else: the app's 404, the deal's existence not given away.
  const strangerContext = await browser.newContext();
  await signInAs(strangerContext, (await createTestUser(db)).id);
  const strangerPage = await strangerContext.newPage();
  const response = await strangerPage.goto(url);
  expect(response?.status()).toBe(404);
  await expect(strangerPage.getByRole("heading", { name: "Oops! Page not found" })).toBeVisible();
  await strangerContext.close();
});

test("2 of 3: accepted → meeting place proposed (buyer, no JS) and confirmed live (seller, JS) → both hand over → completed, the listing Sold", async ({
  page,
  context,
  browser,
}) => {
  const db = e2eDb();
  const deal = await saleDeal(db, "accepted", {
    seller: await createTestUser(db, { firstName: "Selma" }),
    buyer: await createTestUser(db, { firstName: "Bruno" }),
    title: "Goalie pads",
  });
  const url = `/deals/${deal.dealId}`;
  await signInAs(context, deal.seller.id);
  await page.goto(url);
  await expect(main(page).getByTestId("deal-meetup")).toHaveCount(0);
  await roomOpen(page);

  // Meeting place: a suggested safe spot of the listing's metro, a day and time.
  const buyerPage = await noJsPage(browser, deal.buyer.id);
  await buyerPage.goto(url);
  await main(buyerPage)
    .getByLabel("Suggested safe place")
    .selectOption({ label: "Boston Public Library, Central Library — 700 Boylston St, Boston, MA" });
  await main(buyerPage).getByLabel("Day and time").fill(nextWeek());
  await main(buyerPage).getByRole("button", { name: "Propose meeting place" }).click();
  await expect(toast(buyerPage, "Meeting place proposed")).toBeVisible();
  await expect(main(buyerPage).getByTestId("deal-meetup")).toContainText("Boston Public Library");

  // The seller's page follows live (deal.changed on their user room), confirms, and hands over first.
  await main(page).getByRole("button", { name: "Confirm meeting place" }).click();
  await expect(toast(page, "Meeting place confirmed")).toBeVisible();
  await expect(main(page).getByTestId("deal-meetup")).toContainText("Confirmed");
  await main(page).getByRole("button", { name: "Mark as handed over" }).click();
  await expect(toast(page, "Marked as handed over")).toBeVisible();
  await expect(main(page).getByTestId("deal-turn")).toHaveText("Waiting for Bruno");

  await buyerPage.goto(url);
  await main(buyerPage).getByRole("button", { name: "Mark as handed over" }).click();
  await expect(toast(buyerPage, "Deal completed")).toBeVisible();
  await expect(main(buyerPage).getByTestId("deal-state")).toHaveText("Completed");
  await expect(main(buyerPage).getByRole("heading", { name: "Reviews" })).toBeVisible();
  await expect(main(page).getByTestId("deal-state")).toHaveText("Completed");
  await buyerPage.context().close();
  // A sold listing opens for its owner only (listing-access.server.ts).
  await page.goto(`/listing/${deal.listingId}`);
  await expect(page.getByTestId("listing-status")).toHaveText("Sold");
});

test("3 of 3: completed → both review (buyer, no JS; seller, JS) → both published → the seller's rating on their listings changes", async ({
  page,
  context,
  browser,
}) => {
  const db = e2eDb();
  const deal = await saleDeal(db, "completed", {
    seller: await createTestUser(db, { firstName: "Selma" }),
    buyer: await createTestUser(db, { firstName: "Bruno" }),
  });
  const otherListing = await createTestListing(db, deal.seller, { title: "Spare goalie gloves" });
  const url = `/deals/${deal.dealId}`;

  const buyerPage = await noJsPage(browser, deal.buyer.id);
  await buyerPage.goto(`/listing/${otherListing}`);
  await expect(buyerPage.getByTestId("seller-rating")).toHaveText("No ratings yet");
  await buyerPage.goto(url);
  await main(buyerPage).getByRole("radio", { name: "4 stars" }).check();
  await main(buyerPage).getByLabel("Comment (optional)").fill("Pads as described, on time.");
  await main(buyerPage).getByRole("button", { name: "Save review" }).click();
  await expect(toast(buyerPage, "Review saved")).toBeVisible();

  // Double-blind: the seller knows a review is there, not what it says.
  await signInAs(context, deal.seller.id);
  await page.goto(url);
  await expect(reviewCard(page, "Bruno's review")).toContainText("Hidden until both of you have reviewed");
  await expect(main(page)).not.toContainText("Pads as described");
  await main(page).getByRole("radio", { name: "5 stars" }).check();
  await main(page).getByRole("button", { name: "Save review" }).click();
  await expect(toast(page, "Review saved")).toBeVisible();
  await expect(page.getByRole("region", { name: "Notifications" })).toContainText("Both reviews are now public.");
  await expect(main(page).getByText("Pads as described, on time.")).toBeVisible();

  await buyerPage.goto(url);
  await expect(reviewCard(buyerPage, "Selma's review")).toContainText("5 stars");
  await expect(reviewCard(buyerPage, "Your review")).not.toContainText("Hidden until");
  await buyerPage.goto(`/listing/${otherListing}`);
  await expect(buyerPage.getByTestId("seller-rating")).toHaveText("★ 4.0 (1 review)");
  await expect(buyerPage.getByRole("list", { name: "About the seller" })).toContainText("1 completed deal");
  await buyerPage.context().close();
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("a step on terms that changed meanwhile is refused in words, with the latest offer and the entered values back", async ({
    page,
    context,
  }) => {
    const db = e2eDb();
    const seller = await createTestUser(db, { firstName: "Selma" });
    const buyer = await createTestUser(db, { firstName: "Bruno" });
    const listingId = await createTestListing(db, seller, { priceCents: 6000, state: "MA" });
    const made = await proposeDeal(db, buyer, { listingId, offeredListingIds: [], cashCents: 4000, cashFrom: "proposer", message: null });
    if (!made.ok) throw new Error(`offer: ${made.error}`);
    await signInAs(context, seller.id);
    await page.goto(`/deals/${made.deal.id}`);
    await main(page).getByLabel("Cash ($)").fill("55");
    // Meanwhile the buyer withdraws: the seller's counter loses, and is told what happened.
    await withdrawDeal(db, buyer, made.deal.id);
    await main(page).getByRole("button", { name: "Send counter-offer" }).click();
    await expect(main(page).getByTestId("deal-refusal")).toHaveText("This offer was withdrawn.");
    await expect(main(page).getByTestId("deal-state")).toHaveText("Withdrawn");
    await expect(main(page).getByRole("button", { name: "Send counter-offer" })).toHaveCount(0);
  });

  test("a counter on a revision that is no longer the latest: 'The terms changed…', the typed amount kept", async ({ page, context }) => {
    const db = e2eDb();
    const seller = await createTestUser(db, { firstName: "Selma" });
    const buyer = await createTestUser(db, { firstName: "Bruno" });
    const listingId = await createTestListing(db, seller, { priceCents: 6000, state: "MA" });
    const made = await proposeDeal(db, buyer, { listingId, offeredListingIds: [], cashCents: 4000, cashFrom: "proposer", message: null });
    if (!made.ok) throw new Error(`offer: ${made.error}`);
    await counterDeal(db, seller, made.deal.id, 1, { cashCents: 5000, cashFrom: "proposer", message: null });
    await signInAs(context, buyer.id);
    await page.goto(`/deals/${made.deal.id}`);
    await main(page).getByLabel("Cash ($)").fill("47.5");
    // Meanwhile, in another tab, the buyer countered and the seller countered back: this page shows revision 2 of 4.
    await counterDeal(db, buyer, made.deal.id, 2, { cashCents: 4500, cashFrom: "proposer", message: null });
    await counterDeal(db, seller, made.deal.id, 3, { cashCents: 4800, cashFrom: "proposer", message: null });
    await main(page).getByRole("button", { name: "Send counter-offer" }).click();
    await expect(main(page).getByTestId("deal-refusal")).toHaveText("The terms changed while you were looking. Here is the latest offer.");
    await expect(main(page).getByLabel("Cash ($)")).toHaveValue("47.5");
    await expect(main(page).getByTestId("deal-terms")).toHaveText("You pay $48");
  });
});
