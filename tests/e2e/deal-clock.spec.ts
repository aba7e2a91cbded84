// The deal clock with a moved clock (ADR 068: "expiry and auto-completion driven by the
// scheduled job with a moved clock"), and the bell's deals waiting for you. The job runs through
// POST /dev/deal-clock (dev and test only) for the named deals alone: the e2e stack is shared by
// specs running in parallel, and moving the clock for everyone would expire their offers too.
import type { APIRequestContext } from "@playwright/test";
import { e2eDb, expect, signInAs, test } from "./fixtures";
import { saleDeal } from "../deal-fixtures";

const HOUR = 3_600_000;

type ClockReport = { expired: string[]; reminded: string[]; completed: string[]; lapsed: string[]; reviewsPublished: number };

/** Runs the deal clock as if `hours` had passed for `dealId`. */
async function moveClock(request: APIRequestContext, dealId: string, hours: number): Promise<ClockReport> {
  const response = await request.post("/dev/deal-clock", { form: { now: new Date(Date.now() + hours * HOUR).toISOString(), dealId } });
  expect(response.status(), await response.text()).toBe(200);
  return response.json();
}

test("an offer unanswered for 48 hours expires when the clock runs, and the open deal page shows it live", async ({ page, context }) => {
  const deal = await saleDeal(e2eDb(), "proposed", { title: "Expiring shin guards" });
  await signInAs(context, deal.buyer.id);
  await page.goto(`/deals/${deal.dealId}`);
  await expect(page.getByTestId("deal-state")).toHaveText("Offer open");
  await expect(page.locator("[data-user-room=open]")).toBeAttached({ timeout: 20_000 });

  // 24 h: a reminder only, the offer stays open.
  expect((await moveClock(page.request, deal.dealId, 25)).reminded).toContain(deal.dealId);
  // 49 h: expired — the page hears deal.changed from its user room and reloads its data.
  expect((await moveClock(page.request, deal.dealId, 24)).expired).toContain(deal.dealId);
  await expect(page.getByTestId("deal-state")).toHaveText("Expired");
  await page.reload();
  await expect(page.getByTestId("deal-state")).toHaveText("Expired");
});

test("handed over by one side, 72 hours pass: completed, and the listing shows Sold", async ({ page, context }) => {
  const deal = await saleDeal(e2eDb(), "handedOver", { title: "Auto-completed bat" });
  await signInAs(context, deal.seller.id);
  await page.goto(`/listing/${deal.listingId}`);
  await expect(page.getByTestId("listing-status")).toHaveText("Pending Pickup");

  expect((await moveClock(page.request, deal.dealId, 73)).completed).toContain(deal.dealId);
  await page.reload();
  await expect(page.getByTestId("listing-status")).toHaveText("Sold");
  await page.goto(`/deals/${deal.dealId}`);
  await expect(page.getByTestId("deal-state")).toHaveText("Completed");
  // In the seller's history.
  await page.goto("/player-profile");
  await expect(page.getByRole("list", { name: "Sold" }).getByRole("link", { name: "Auto-completed bat" })).toHaveAttribute(
    "href",
    `/deals/${deal.dealId}`,
  );
});

test("the bell counts a fresh offer for the listing's owner and links to it", async ({ page, context }) => {
  const deal = await saleDeal(e2eDb(), "proposed", { title: "Bell-ringing cleats" });
  await signInAs(context, deal.seller.id);
  await page.goto("/");
  const bell = page.locator("summary[aria-label^='Notifications']");
  await expect(page.getByTestId("notification-badge")).toHaveText("1");
  await bell.click();
  const item = page.getByRole("link", { name: "Barry made an offer on Bell-ringing cleats" });
  await expect(item).toHaveAttribute("href", `/deals/${deal.dealId}`);
  await item.click();
  await expect(page).toHaveURL(`/deals/${deal.dealId}`);
  await expect(page.getByTestId("deal-state")).toHaveText("Offer open");
});
