import { mkdirSync } from "node:fs";
import type { Browser, Page } from "@playwright/test";
import { eq } from "drizzle-orm";
import { deals } from "../../db/schema";
import { proposeDeal } from "../../app/features/trade/deals.server";
import { acceptDeal } from "../../app/features/trade/deal-transitions.server";
import { replyToReview, writeReview } from "../../app/features/trade/reviews.server";
import { saleDeal } from "../deal-fixtures";
import { addTestMember, createTestClub, createTestListing, createTestUser, type TestUser } from "../factories";
import { e2eDb, expect, saveScreenshot, signInAs, test } from "./fixtures";
import { axeOn } from "./axe";

// Deals (ADR 068) end to end in a real browser: the review half (double-blind, published together,
// the seller card and hover card, a reply), a two-listing team swap, withdraw, a clubs-only listing
// refusing a non-member, and axe on the trade screens with their forms open — at 360 and 1280 px,
// no sideways scroll. With SCREENSHOTS=1 every screen is saved under .cache/screenshots/trade-*.png
// for a person to look at (deal-page.spec.ts has the offer → … → rating chain itself).

const AXE_TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "best-practice"];
const SHOTS = ".cache/screenshots";
const DEAL_URL = /\/deals\/[\w-]+$/;
const nextWeek = () => new Date(Date.now() + 7 * 86_400_000).toISOString().slice(0, 11) + "10:00";

const main = (page: Page) => page.getByRole("main");
const toast = (page: Page, title: string) => page.getByRole("region", { name: "Notifications" }).getByText(title, { exact: true });
const roomOpen = (page: Page) => expect(page.locator("[data-user-room=open]")).toBeAttached({ timeout: 20_000 });
const reviewCard = (page: Page, heading: string) =>
  main(page)
    .locator("div")
    .filter({ has: page.getByRole("heading", { name: heading, exact: true }) })
    .last();

async function pageAs(browser: Browser, user: TestUser | null, javaScriptEnabled = true) {
  const context = await browser.newContext({ javaScriptEnabled });
  if (user) await signInAs(context, user.id);
  return context.newPage();
}

/**
 * axe (WCAG 2.1 A/AA + best practices) and no sideways scroll, at 360 and at 1280 px, and a
 * screenshot of each with SCREENSHOTS=1. Leaves the page at 1280 px.
 */
async function look(page: Page, name: string) {
  for (const width of [360, 1280]) {
    await page.setViewportSize({ width, height: width === 360 ? 780 : 900 });
    const { violations } = await axeOn(page).withTags(AXE_TAGS).analyze();
    const found = violations.flatMap((v) =>
      v.nodes.map((n) => `${v.id} (${v.impact}) ${n.target.join(" ")}: ${n.failureSummary?.replace(/\s+/g, " ")}`),
    );
    expect(found, `axe violations on ${name} at ${width} px`).toEqual([]);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow, `horizontal overflow on ${name} at ${width} px`).toBeLessThanOrEqual(0);
    mkdirSync(SHOTS, { recursive: true });
    // From the top: a scrolled page draws the sticky header in the middle of a full-page shot.
    await page.evaluate(() => window.scrollTo(0, 0));
    await saveScreenshot(page, `${SHOTS}/trade-${name}-${width}.png`);
  }
}

/** A club, its owner's listing posted to it, a fellow member with two active listings of their own. */
async function teamSwapSetting() {
  const db = e2eDb();
  const owner = await createTestUser(db, { firstName: "Olive" });
  const member = await createTestUser(db, { firstName: "Mel" });
  const club = await createTestClub(db, owner);
  await addTestMember(db, club, member);
  const wanted = await createTestListing(db, owner, { title: "Team bag", priceCents: 3000, clubs: [club] });
  const guards = await createTestListing(db, member, { title: "Mel's shin guards", priceCents: 1200 });
  const cleats = await createTestListing(db, member, { title: "Mel's cleats", priceCents: 2500 });
  return { db, owner, member, club, wanted, guards, cleats };
}

test.describe("reviews", () => {
  test("both review through the page (one without JS): the first stays hidden until the second; then both show, the seller card and hover card count it, and the reply appears", async ({
    page,
    context,
    browser,
  }) => {
    const db = e2eDb();
    const seller = await createTestUser(db, { firstName: "Selma" });
    const buyer = await createTestUser(db, { firstName: "Bruno" });
    const deal = await saleDeal(db, "completed", { seller, buyer, title: "Keeper gloves" });
    const otherListing = await createTestListing(db, seller, { title: "Spare shin guards" });
    const url = `/deals/${deal.dealId}`;

    // The buyer, with JavaScript, reviews first: their own review shows, marked hidden.
    await signInAs(context, buyer.id);
    await page.goto(url);
    await main(page).getByRole("radio", { name: "4 stars" }).check();
    await main(page).getByLabel("Comment (optional)").fill("Great gloves, easy handoff.");
    await main(page).getByRole("button", { name: "Save review" }).click();
    await expect(toast(page, "Review saved")).toBeVisible();
    await expect(reviewCard(page, "Your review")).toContainText("Great gloves, easy handoff.");
    await expect(reviewCard(page, "Your review")).toContainText("Hidden until both of you have reviewed");
    await roomOpen(page);

    // The seller, without JavaScript: a review exists, its words and stars do not reach the page; the rating is unchanged.
    const sellerPage = await pageAs(browser, seller, false);
    await sellerPage.goto(`/listing/${otherListing}`);
    await expect(sellerPage.getByTestId("seller-rating")).toHaveText("No ratings yet");
    await sellerPage.goto(url);
    await expect(reviewCard(sellerPage, "Bruno's review")).toHaveText(/Hidden until both of you have reviewed/);
    expect(await sellerPage.content()).not.toContain("Great gloves");
    await main(sellerPage).getByRole("radio", { name: "3 stars" }).check();
    await main(sellerPage).getByLabel("Comment (optional)").fill("Paid on the spot.");
    await main(sellerPage).getByRole("button", { name: "Save review" }).click();
    await expect(toast(sellerPage, "Review saved")).toBeVisible();
    await expect(reviewCard(sellerPage, "Bruno's review")).toContainText("Great gloves, easy handoff.");
    await expect(reviewCard(sellerPage, "Bruno's review")).toContainText("4 stars");

    // Both published: the buyer's open page follows live (deal.changed), the hidden marks are gone.
    await expect(reviewCard(page, "Selma's review")).toContainText("Paid on the spot.");
    await expect(reviewCard(page, "Your review")).not.toContainText("Hidden until");

    // The seller replies to the review about them, once.
    await main(sellerPage).getByLabel("Your reply").fill("Thanks — enjoy the gloves!");
    await main(sellerPage).getByRole("button", { name: "Post reply" }).click();
    await expect(toast(sellerPage, "Reply posted")).toBeVisible();
    await expect(reviewCard(sellerPage, "Bruno's review")).toContainText("Thanks — enjoy the gloves!");
    await expect(main(sellerPage).getByRole("button", { name: "Post reply" })).toHaveCount(0);
    await sellerPage.context().close();
    await page.reload();
    await expect(reviewCard(page, "Your review")).toContainText("Reply from Selma");
    await expect(reviewCard(page, "Your review")).toContainText("Thanks — enjoy the gloves!");

    // The seller card on their other listing: the new average and count, and the review in the hover card.
    await page.goto(`/listing/${otherListing}`);
    await expect(page.getByTestId("seller-rating")).toHaveText("★ 4.0 (1 review)");
    await page.locator("span[tabindex='0']", { hasText: "Selma" }).hover();
    const card = page.getByRole("tooltip");
    await expect(card).toContainText("4.0 out of 5");
    await expect(card.getByRole("list", { name: "Latest reviews" })).toContainText("Great gloves, easy handoff.");
    await expect(card.getByRole("list", { name: "Latest reviews" })).toContainText("Bruno,");
  });
});

test.describe("team swap", () => {
  test("a member proposes two of their listings plus the owner's cash from the listing page; the owner accepts (no JS); all three Pending Pickup", async ({
    page,
    context,
    browser,
  }) => {
    const { owner, member, wanted, guards, cleats } = await teamSwapSetting();
    await signInAs(context, member.id);
    await page.goto(`/listing/${wanted}`);
    const card = page.getByRole("region", { name: "Make an offer" });
    await card.locator("summary", { hasText: "Swap" }).click();
    const swap = card.getByRole("form", { name: "Propose a swap" });
    await swap.getByRole("checkbox", { name: /Mel's shin guards/ }).check();
    await swap.getByRole("checkbox", { name: /Mel's cleats/ }).check();
    await swap.getByLabel("Cash on top ($, optional)").fill("10");
    await swap.getByRole("radio", { name: "The seller adds cash" }).check();
    await swap.getByLabel("Message (optional)").fill("Both for the bag?");
    await swap.getByRole("button", { name: "Propose swap" }).click();
    await expect(page).toHaveURL(DEAL_URL);
    await expect(toast(page, "Offer sent")).toBeVisible();
    await expect(main(page).getByRole("heading", { level: 1 })).toHaveText("Swap with Olive");
    await expect(main(page).getByTestId("deal-terms")).toHaveText("Olive pays $10");
    await expect(main(page)).toContainText("Mel's shin guards");
    await expect(main(page)).toContainText("Mel's cleats");
    const url = new URL(page.url()).pathname;

    const ownerPage = await pageAs(browser, owner, false);
    await ownerPage.goto(url);
    await expect(main(ownerPage).getByTestId("deal-turn")).toHaveText("Your turn");
    await main(ownerPage).getByRole("button", { name: "Accept offer" }).click();
    await expect(toast(ownerPage, "Offer accepted")).toBeVisible();
    await ownerPage.goto(`/listing/${wanted}`);
    await expect(ownerPage.getByTestId("listing-status")).toHaveText("Pending Pickup");
    await ownerPage.context().close();
    for (const id of [guards, cleats]) {
      await page.goto(`/listing/${id}`);
      await expect(page.getByTestId("listing-status")).toHaveText("Pending Pickup");
    }
  });

  test("an accepted swap: meeting place typed (owner, no JS), confirmed, both hand over → all three listings Sold, and in the Swapped history", async ({
    page,
    context,
    browser,
  }) => {
    const { db, owner, member, wanted, guards, cleats } = await teamSwapSetting();
    const made = await proposeDeal(db, member, {
      listingId: wanted,
      offeredListingIds: [guards, cleats],
      cashCents: 1000,
      cashFrom: "owner",
      message: null,
    });
    if (!made.ok) throw new Error(`swap: ${made.error}`);
    const accepted = await acceptDeal(db, owner, made.deal.id, 1);
    if (!accepted.ok) throw new Error(`accept: ${accepted.error}`);
    const url = `/deals/${made.deal.id}`;

    const ownerPage = await pageAs(browser, owner, false);
    await ownerPage.goto(url);
    await main(ownerPage).getByLabel("Or type a place").fill("Riverside field, north gate");
    await main(ownerPage).getByLabel("Day and time").fill(nextWeek());
    await main(ownerPage).getByRole("button", { name: "Propose meeting place" }).click();
    await expect(toast(ownerPage, "Meeting place proposed")).toBeVisible();

    await signInAs(context, member.id);
    await page.goto(url);
    await expect(main(page).getByTestId("deal-meetup")).toContainText("Riverside field, north gate");
    await main(page).getByRole("button", { name: "Confirm meeting place" }).click();
    await expect(toast(page, "Meeting place confirmed")).toBeVisible();
    await main(page).getByRole("button", { name: "Mark as handed over" }).click();
    await expect(toast(page, "Marked as handed over")).toBeVisible();

    await ownerPage.goto(url);
    await main(ownerPage).getByRole("button", { name: "Mark as handed over" }).click();
    await expect(toast(ownerPage, "Deal completed")).toBeVisible();
    await ownerPage.goto(`/listing/${wanted}`);
    await expect(ownerPage.getByTestId("listing-status")).toHaveText("Sold");
    await ownerPage.context().close();
    for (const id of [guards, cleats]) {
      await page.goto(`/listing/${id}`);
      await expect(page.getByTestId("listing-status")).toHaveText("Sold");
    }
    await page.goto("/player-profile");
    await expect(page.getByRole("list", { name: "Swapped" }).getByRole("link", { name: "Team bag" })).toHaveAttribute("href", url);
  });
});

test("the proposer withdraws (JS): the deal shows Withdrawn, and the seller's listing page no longer lists the offer", async ({
  page,
  context,
  browser,
}) => {
  const deal = await saleDeal(e2eDb(), "proposed", { title: "Withdrawn helmet" });
  await signInAs(context, deal.buyer.id);
  await page.goto(`/deals/${deal.dealId}`);
  await main(page).getByRole("button", { name: "Withdraw offer" }).click();
  await expect(toast(page, "Offer withdrawn")).toBeVisible();
  await expect(main(page).getByTestId("deal-state")).toHaveText("Withdrawn");
  await expect(main(page).getByRole("button", { name: "Withdraw offer" })).toHaveCount(0);
  // The buyer may offer again.
  await page.goto(`/listing/${deal.listingId}`);
  await expect(page.getByRole("region", { name: "Make an offer" }).locator("summary", { hasText: "Make an offer" })).toBeVisible();

  const sellerPage = await pageAs(browser, deal.seller);
  await sellerPage.goto(`/listing/${deal.listingId}`);
  await expect(sellerPage.getByRole("region", { name: "Offers" })).toContainText("No offers yet.");
  await expect(sellerPage.getByTestId("listing-offer")).toHaveCount(0);
  await sellerPage.context().close();
});

test("a clubs-only listing: a signed-in non-member sees no offer controls, and a direct offer POST is refused with 404 and stores nothing", async ({
  page,
  context,
}) => {
  const { db, wanted, member } = await teamSwapSetting();
  const outsider = await createTestUser(db, { firstName: "Otto" });
  await signInAs(context, outsider.id);
  await page.goto(`/listing/${wanted}`);
  await expect(page.getByRole("heading", { name: "Team bag" })).toBeVisible();
  await expect(page.getByRole("region", { name: "Make an offer" })).toHaveCount(0);
  await expect(page.getByRole("button", { name: "Send offer" })).toHaveCount(0);

  const body = { intent: "propose", form: "offer", cash: "25", cashFrom: "proposer", message: "" };
  const refused = await page.request.post(`/listing/${wanted}`, { form: body, maxRedirects: 0 });
  expect(refused.status()).toBe(404);
  expect(await db.select().from(deals).where(eq(deals.listingId, wanted))).toEqual([]);

  // The same body from a member is an offer (so the 404 above is the membership rule, not a bad body).
  const memberContext = await page.context().browser()!.newContext();
  await signInAs(memberContext, member.id);
  const accepted = await memberContext.request.post(`/listing/${wanted}`, { form: body, maxRedirects: 0 });
  expect([302, 303]).toContain(accepted.status());
  expect(accepted.headers().location).toMatch(DEAL_URL);
  await memberContext.close();
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the deal forms the other specs drive with JavaScript work as plain posts: counter, withdraw, decline, confirm the meeting place, cancel", async ({
    page,
    context,
  }) => {
    const db = e2eDb();
    const as = async (user: TestUser, url: string) => {
      await context.clearCookies();
      await signInAs(context, user.id);
      await page.goto(url);
    };
    const countered = await saleDeal(db, "proposed");
    await as(countered.seller, `/deals/${countered.dealId}`);
    await main(page).getByLabel("Cash ($)").fill("42.50");
    await main(page).getByRole("button", { name: "Send counter-offer" }).click();
    await expect(toast(page, "Counter-offer sent")).toBeVisible();
    await expect(main(page).getByTestId("deal-terms")).toHaveText("Barry pays $42.50");
    await as(countered.buyer, `/deals/${countered.dealId}`);
    await main(page).getByRole("button", { name: "Withdraw offer" }).click();
    await expect(toast(page, "Offer withdrawn")).toBeVisible();
    await expect(main(page).getByTestId("deal-state")).toHaveText("Withdrawn");

    const declined = await saleDeal(db, "proposed");
    await as(declined.seller, `/deals/${declined.dealId}`);
    await main(page).getByRole("button", { name: "Decline" }).click();
    await expect(toast(page, "Offer declined")).toBeVisible();
    await expect(main(page).getByTestId("deal-state")).toHaveText("Declined");

    // The seller proposed the meeting place; the buyer confirms it, then cancels (the <details> opens without JS).
    const cancelled = await saleDeal(db, "meetupProposed");
    await as(cancelled.buyer, `/deals/${cancelled.dealId}`);
    await main(page).getByRole("button", { name: "Confirm meeting place" }).click();
    await expect(toast(page, "Meeting place confirmed")).toBeVisible();
    await main(page).locator("summary", { hasText: "Cancel deal" }).click();
    await main(page).getByLabel("Reason").selectOption({ label: "The other person did not show up" });
    await main(page).getByRole("button", { name: "Cancel the deal" }).click();
    await expect(toast(page, "Deal cancelled")).toBeVisible();
    await expect(main(page).getByTestId("deal-state")).toHaveText("Cancelled");
    await page.goto(`/listing/${cancelled.listingId}`);
    await expect(page.getByTestId("listing-status")).toHaveCount(0); // active again
  });
});

test.describe("axe and looks (360 and 1280 px; screenshots with SCREENSHOTS=1)", () => {
  // One or two states a test: each look is two axe passes, and a test of four passed its 30 s on a loaded host.
  const stickListing = async () => {
    const db = e2eDb();
    const seller = await createTestUser(db, { firstName: "Sally" });
    return {
      db,
      listingId: await createTestListing(db, seller, { title: "Youth hockey stick, 52 inch flex, barely used", priceCents: 4500 }),
    };
  };

  test("listing page: signed out", async ({ page }) => {
    const { listingId } = await stickListing();
    await page.goto(`/listing/${listingId}`);
    await expect(page.getByRole("link", { name: "Sign in to make an offer" })).toBeVisible();
    await look(page, "listing-signed-out");
  });

  test("listing page: a buyer with the offer form open", async ({ page, context }) => {
    const { db, listingId } = await stickListing();
    await signInAs(context, (await createTestUser(db)).id);
    await page.goto(`/listing/${listingId}`);
    const card = page.getByRole("region", { name: "Make an offer" });
    await card.locator("summary", { hasText: "Make an offer" }).click();
    await expect(card.getByLabel("Your offer ($)")).toBeVisible();
    await look(page, "listing-buyer-offer-open");
  });

  test("listing page: a member with the offer and swap forms open", async ({ page, context }) => {
    const { member, wanted } = await teamSwapSetting();
    await signInAs(context, member.id);
    await page.goto(`/listing/${wanted}`);
    const card = page.getByRole("region", { name: "Make an offer" });
    await card.locator("summary", { hasText: "Swap" }).click();
    await card.locator("summary", { hasText: "Make an offer" }).click();
    await expect(card.getByRole("form", { name: "Propose a swap" }).getByRole("checkbox", { name: /Mel's cleats/ })).toBeVisible();
    await look(page, "listing-member-swap-open");
  });

  test("listing page: the seller with offers listed", async ({ page, context }) => {
    const { db, owner, member, club, wanted, guards } = await teamSwapSetting();
    const buyer = await createTestUser(db, { firstName: "Maximilian-Alexander" });
    await addTestMember(db, club, buyer); // a clubs-only listing takes offers from members only
    for (const [who, offered, cashCents] of [
      [member, [guards], 500],
      [buyer, [], 2750],
    ] as const) {
      const made = await proposeDeal(db, who, {
        listingId: wanted,
        offeredListingIds: [...offered],
        cashCents,
        cashFrom: "proposer",
        message: null,
      });
      expect(made.ok).toBe(true);
    }
    await signInAs(context, owner.id);
    await page.goto(`/listing/${wanted}`);
    await expect(page.getByTestId("listing-offer")).toHaveCount(2);
    await look(page, "listing-seller-offers");
  });

  test("deal page, proposed: the owner's turn with the counter form, and the proposer waiting", async ({ page, context, browser }) => {
    const deal = await saleDeal(e2eDb(), "proposed", { title: "Lacrosse helmet, size M, white" });
    await signInAs(context, deal.seller.id);
    await page.goto(`/deals/${deal.dealId}`);
    await expect(main(page).getByRole("button", { name: "Send counter-offer" })).toBeVisible();
    await look(page, "deal-proposed-your-turn");

    const buyerPage = await pageAs(browser, deal.buyer);
    await buyerPage.goto(`/deals/${deal.dealId}`);
    await expect(main(buyerPage).getByTestId("deal-turn")).toHaveText("Waiting for Sally");
    await look(buyerPage, "deal-proposed-waiting");
    await buyerPage.context().close();
  });

  test("deal page, accepted: the meeting-place form and the cancel form open", async ({ page, context }) => {
    const deal = await saleDeal(e2eDb(), "accepted", { title: "Baseball glove" });
    await signInAs(context, deal.buyer.id);
    await page.goto(`/deals/${deal.dealId}`);
    await expect(main(page).getByRole("button", { name: "Propose meeting place" })).toBeVisible();
    await main(page).locator("summary", { hasText: "Cancel deal" }).click();
    await expect(main(page).getByRole("button", { name: "Cancel the deal" })).toBeVisible();
    await look(page, "deal-accepted-meetup-cancel");
  });

  test("deal page, completed: the review form; then both reviews published and a reply", async ({ page, context }) => {
    const db = e2eDb();
    const deal = await saleDeal(db, "completed", { title: "Field hockey stick" });
    await signInAs(context, deal.buyer.id);
    await page.goto(`/deals/${deal.dealId}`);
    await expect(main(page).getByRole("button", { name: "Save review" })).toBeVisible();
    await look(page, "deal-completed-review-form");

    await writeReview(db, deal.buyer, deal.dealId, { rating: 5, comment: "Quick and friendly. Stick exactly as in the photos." });
    await writeReview(db, deal.seller, deal.dealId, { rating: 4, comment: "Smooth handoff at the library." });
    await replyToReview(db, deal.seller, deal.dealId, "Thank you! Good luck this season.");
    await page.reload();
    await expect(reviewCard(page, "Your review")).toContainText("Reply from Sally");
    await look(page, "deal-reviews-published");
  });

  const sellerWithDeals = async () => {
    const db = e2eDb();
    const seller = await createTestUser(db, { firstName: "Sally" });
    await saleDeal(db, "proposed", { seller, title: "Goalkeeper jersey, youth large" });
    await saleDeal(db, "handedOver", { seller, title: "Shin guards" });
    await saleDeal(db, "completed", { seller, title: "Cleats size 5" });
    return seller;
  };

  test("the Player Profile's deal history", async ({ page, context }) => {
    await signInAs(context, (await sellerWithDeals()).id);
    await page.goto("/player-profile");
    await expect(page.getByRole("list", { name: "Sold" }).getByRole("link", { name: "Cleats size 5" })).toBeVisible();
    await look(page, "player-profile-deals");
  });

  test("the notifications menu with deals waiting", async ({ page, context }) => {
    await signInAs(context, (await sellerWithDeals()).id);
    await page.goto("/");
    await page.locator("summary[aria-label^='Notifications']").click();
    await expect(page.getByTestId("deal-waiting")).toHaveCount(3);
    await look(page, "notifications-deals-waiting");
  });
});
