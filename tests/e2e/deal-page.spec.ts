import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";
import { counterDeal, proposeDeal, withdrawDeal } from "../../app/features/trade/deals.server";
import { createTestListing, createTestUser } from "../factories";
import { e2eDb, expect, signInAs, test } from "./fixtures";

// Issue 20, the deal page (/deals/{id}): every step a real form. The seller has JavaScript (the page
// follows the buyer's steps live through the user room), the buyer has none (plain form posts,
// redirects and flash toasts). The offer itself is made with the feature function.

const main = (page: Page) => page.getByRole("main");
const toast = (page: Page, title: string) => page.getByRole("region", { name: "Notifications" }).getByText(title, { exact: true });
/** A week ahead, as a `datetime-local` value. */
const nextWeek = () => new Date(Date.now() + 7 * 86_400_000).toISOString().slice(0, 11) + "10:00";

test("offer → counter → accept → meeting place proposed and confirmed → both hand over → completed; strangers get 404", async ({
  page,
  context,
  browser,
}) => {
  test.slow(); // two browsers and eleven round trips on a shared 2-core machine
  const db = e2eDb();
  const seller = await createTestUser(db, { firstName: "Selma", lastName: "Sellwood" });
  const buyer = await createTestUser(db, { firstName: "Bruno", lastName: "Buysalot" });
  const listingId = await createTestListing(db, seller, { title: "Goalie pads", priceCents: 6000, state: "MA" });
  const made = await proposeDeal(db, buyer, {
    listingId,
    offeredListingIds: [],
    cashCents: 4000,
    cashFrom: "proposer",
    message: "Pick up Saturday?",
  });
  if (!made.ok) throw new Error(`offer: ${made.error}`);
  const url = `/deals/${made.deal.id}`;

  // The seller, with JavaScript: their turn, the forms, no axe violations.
  await signInAs(context, seller.id);
  await page.goto(url);
  await expect(main(page).getByTestId("deal-turn")).toHaveText("Your turn");
  await expect(main(page).getByText("Pick up Saturday?")).toBeVisible();
  await expect(main(page).getByRole("button", { name: "Accept offer" })).toBeVisible();
  expect((await new AxeBuilder({ page }).analyze()).violations).toEqual([]);
  await main(page).getByLabel("Cash ($)").fill("45");
  await main(page).getByLabel("Message (optional)").fill("45 and it's yours");
  await main(page).getByRole("button", { name: "Send counter-offer" }).click();
  await expect(toast(page, "Counter-offer sent")).toBeVisible();
  await expect(main(page).getByTestId("deal-turn")).toHaveText("Waiting for Bruno");
  // The buyer's last name never reaches the page.
  await expect(main(page)).not.toContainText("Buysalot");

  // The buyer, without JavaScript.
  const noJs = await browser.newContext({ javaScriptEnabled: false });
  await signInAs(noJs, buyer.id);
  const buyerPage = await noJs.newPage();
  await buyerPage.goto(url);
  await expect(main(buyerPage).getByTestId("deal-turn")).toHaveText("Your turn");
  await expect(main(buyerPage).getByTestId("deal-terms")).toHaveText("You pay $45");
  await main(buyerPage).getByRole("button", { name: "Accept offer" }).click();
  await expect(toast(buyerPage, "Offer accepted")).toBeVisible();
  await expect(main(buyerPage).getByTestId("deal-state")).toHaveText("Accepted — agree on a meeting place");

  // Meeting place: a suggested safe spot, a day and time.
  await main(buyerPage)
    .getByLabel("Suggested safe place")
    .selectOption({ label: "Boston Public Library, Central Library — 700 Boylston St, Boston, MA" });
  await main(buyerPage).getByLabel("Day and time").fill(nextWeek());
  await main(buyerPage).getByRole("button", { name: "Propose meeting place" }).click();
  await expect(toast(buyerPage, "Meeting place proposed")).toBeVisible();
  await expect(main(buyerPage).getByTestId("deal-meetup")).toContainText("Boston Public Library");

  // The seller's page follows live (deal.changed on their user room) and confirms.
  await expect(main(page).getByRole("button", { name: "Confirm meeting place" })).toBeVisible();
  await main(page).getByRole("button", { name: "Confirm meeting place" }).click();
  await expect(toast(page, "Meeting place confirmed")).toBeVisible();
  await main(page).getByRole("button", { name: "Mark as handed over" }).click();
  await expect(toast(page, "Marked as handed over")).toBeVisible();
  await expect(main(page).getByTestId("deal-turn")).toHaveText("Waiting for Bruno");

  await buyerPage.goto(url);
  await main(buyerPage).getByRole("button", { name: "Mark as handed over" }).click();
  await expect(toast(buyerPage, "Deal completed")).toBeVisible();
  await expect(main(buyerPage).getByTestId("deal-state")).toHaveText("Completed");
  await expect(main(buyerPage).getByRole("heading", { name: "Reviews" })).toBeVisible();
  await expect(main(page).getByTestId("deal-state")).toHaveText("Completed");
  await noJs.close();

  // Anyone else: the app's 404, the deal's existence not given away.
  const strangerContext = await browser.newContext();
  await signInAs(strangerContext, (await createTestUser(db)).id);
  const strangerPage = await strangerContext.newPage();
  const response = await strangerPage.goto(url);
  expect(response?.status()).toBe(404);
  await expect(strangerPage.getByRole("heading", { name: "Oops! Page not found" })).toBeVisible();
  await strangerContext.close();
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
