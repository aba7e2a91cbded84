import { mkdirSync } from "node:fs";
import { randomBytes } from "node:crypto";
import { and, eq, inArray, sql } from "drizzle-orm";
import type { Browser, Page } from "@playwright/test";
import { deals, swapDayCheckins, swapDayItems, swapDayRings, swapDays } from "../../db/schema";
import { addTestMember, createTestClub, createTestListing, createTestUser, type TestUser } from "../factories";
import { offerNewListing, openSwapDay } from "../swap-day-fixtures";
import { axeFindings } from "./axe";
import { e2eDb, expect, saveScreenshot, signInAs, test } from "./fixtures";

// A Club Swap Day from the first item to the last hand-out (ADRs 088–090), in three browsers: Mel with JavaScript,
// Nia and the organiser Olive without. Members offer items and tick what they would take (spec 01 §1 "team swap"),
// Olive closes the lists and presses 'Find the swaps', each member reads what they give and receive, and at the
// swap table Olive checks both items in by their codes and hands them out: the ring is complete, as two swap deals.
// axe runs on every page, with the want list's filter in use. SCREENSHOTS=1 draws each page at 360 and 1280 px.

const word = () => randomBytes(3).toString("hex");
const db = () => e2eDb();
const SHOTS = ".cache/screenshots";
const HOUR = 3600_000;

async function pageAs(browser: Browser, user: TestUser, javaScriptEnabled: boolean) {
  const context = await browser.newContext({ javaScriptEnabled, viewport: { width: 1280, height: 900 } });
  await signInAs(context, user.id);
  return { context, page: await context.newPage() };
}

/**
 * axe on the page as it is (or, for a page without JavaScript, on the same address in `checker`, the same person's
 * browser with it: axe runs as a script), nothing wider than the window; screenshots only when SCREENSHOTS=1.
 */
async function look(page: Page, name: string, checker?: Page) {
  if (checker) await checker.goto(page.url());
  expect(await axeFindings(checker ?? page), `axe on ${name}`).toEqual([]);
  expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBeLessThanOrEqual(0);
  if (process.env.SCREENSHOTS !== "1") return;
  mkdirSync(SHOTS, { recursive: true });
  const size = page.viewportSize()!;
  for (const width of [360, 1280]) {
    await page.setViewportSize({ width, height: 800 });
    await saveScreenshot(page, `${SHOTS}/swap-journey-${name}-${width}.png`);
  }
  await page.setViewportSize(size);
}

test("members offer and tick, the organiser finds the swaps, each reads theirs, and the table hands them out", async ({ browser }) => {
  test.slow();
  const person = (firstName: string) => createTestUser(db(), { firstName, lastName: `Swap${word()}` });
  const [olive, mel, nia, ola] = await Promise.all(["Olive", "Mel", "Nia", "Ola"].map(person));
  const club = await createTestClub(db(), olive, { name: `Rink Rovers ${word()}` });
  for (const u of [mel, nia, ola]) await addTestMember(db(), club, u);
  const skates = await createTestListing(db(), mel, { title: "Bauer skates", priceCents: 3000, sport: "hockey", size: "Youth" });
  await createTestListing(db(), nia, { title: "CCM helmet", priceCents: 3500, sport: "hockey", size: "Youth" });
  // The event, taking items and want lists (made as the create form makes it: ADR 088).
  const now = Date.now();
  const id = await openSwapDay(db(), club, olive, { name: `Spring swap ${word()}` });
  // Ola offers a shelf of gear, so the want lists are long enough to filter.
  for (const [title, sport, size] of [
    ["Hockey gloves", "hockey", "Youth"],
    ["Shin guards", "soccer", "Youth"],
    ["Goalie pads", "hockey", "Adult"],
    ["Cleats", "soccer", "Adult"],
    ["Stick, 150 flex", "hockey", null],
    ["Bat bag", "baseball", null],
  ] as const)
    await offerNewListing(db(), club, ola, id, { title, sport, size, priceCents: 1500 });
  const event = `/club/${club.slug}/swap-days/${id}`;

  // Mel (JavaScript on) offers her skates, willing to add $10.
  const melB = await pageAs(browser, mel, true);
  await melB.page.goto(event);
  await expect(melB.page.getByText("Want lists open", { exact: true }).first()).toBeVisible();
  await melB.page.getByLabel("Listing").selectOption({ label: "Bauer skates · $30" });
  await melB.page.getByLabel("I'd add up to ($)").fill("10");
  await melB.page.getByRole("button", { name: "Offer item" }).click();
  await expect(melB.page.getByText("Item offered")).toBeVisible();
  await expect(melB.page.getByText(/Tag [A-Z0-9]{5}/)).toBeVisible();
  await look(melB.page, "event-wants");
  // Nia (JavaScript off) offers her helmet.
  const niaB = await pageAs(browser, nia, false);
  await niaB.page.goto(event);
  await niaB.page.getByLabel("Listing").selectOption({ label: "CCM helmet · $35" });
  await niaB.page.getByRole("button", { name: "Offer item" }).click();
  await expect(niaB.page.getByText("Item offered")).toBeVisible();

  // Mel's want list: the filter narrows the cards at once; she ticks the helmet and saves.
  await melB.page.getByRole("link", { name: "Want list for Bauer skates" }).click();
  await expect(melB.page.getByRole("heading", { name: "What would you take for Bauer skates?" })).toBeVisible();
  await expect(melB.page.getByRole("heading", { name: "Showing 7 of 7 items" })).toBeVisible();
  await melB.page.getByLabel("Sport").selectOption({ label: "Hockey" });
  await expect(melB.page.getByRole("heading", { name: "Showing 4 of 7 items" })).toBeVisible();
  await melB.page.getByLabel("I'd take CCM helmet").check();
  await look(melB.page, "wants");
  await melB.page.getByRole("button", { name: "Save my list" }).click();
  await expect(melB.page.getByText("Want list saved")).toBeVisible();
  // Nia's, without JavaScript: the filter is a GET form; the tick is one POST.
  await niaB.page.getByRole("link", { name: "Want list for CCM helmet" }).click();
  await niaB.page.getByLabel("I'd take Bauer skates").check();
  await niaB.page.getByRole("button", { name: "Save my list" }).click();
  await expect(niaB.page.getByText("Want list saved")).toBeVisible();
  await expect(niaB.page.getByLabel("I'd take Bauer skates")).toBeChecked();

  // Olive (JavaScript off) closes the lists and finds the swaps; the results page shows them once stored.
  const oliveB = await pageAs(browser, olive, false);
  const oliveChecker = await pageAs(browser, olive, true);
  await oliveB.page.goto(event);
  await expect(oliveB.page.getByText("2 want lists with 2 wants so far")).toBeVisible();
  await oliveB.page.getByRole("button", { name: "Close the lists now" }).click();
  await expect(oliveB.page.getByText("Lists closed", { exact: true }).first()).toBeVisible();
  await look(oliveB.page, "event-frozen", oliveChecker.page);
  await oliveB.page.getByRole("button", { name: "Find the swaps" }).click();
  await expect(oliveB.page).toHaveURL(`${event}/results`);
  // The solve runs after the answer (ADR 089): reload until it is stored.
  await expect(async () => {
    await oliveB.page.reload();
    await expect(oliveB.page.getByText("2 of 8 items trade, 2 members, 1 ring.")).toBeVisible({ timeout: 1000 });
  }).toPass({ timeout: 20_000 });
  await expect(oliveB.page.getByRole("heading", { name: "Every ring" })).toBeVisible();
  await look(oliveB.page, "results-organiser", oliveChecker.page);
  await melB.page.goto(`${event}/results`);
  await expect(melB.page.getByText("You give Bauer skates to Nia · you receive CCM helmet from Nia")).toBeVisible();
  await expect(melB.page.getByText("You pay $5", { exact: true })).toBeVisible();
  await expect(melB.page.getByRole("heading", { name: "Every ring" })).toHaveCount(0);
  await look(melB.page, "results-member");
  await niaB.page.goto(`${event}/results`);
  await expect(niaB.page.getByText("You give CCM helmet to Mel · you receive Bauer skates from Mel")).toBeVisible();

  // The hand-over day comes (the dates move into the past, as the clock would move them).
  await db()
    .update(swapDays)
    .set({
      itemsOpenAt: new Date(now - 6 * HOUR),
      wantsOpenAt: new Date(now - 6 * HOUR),
      listsCloseAt: new Date(now - 5 * HOUR),
      resultsAt: new Date(now - 4 * HOUR),
      handoverAt: new Date(now - HOUR),
    })
    .where(eq(swapDays.id, id));
  const items = await db().select().from(swapDayItems).where(eq(swapDayItems.swapDayId, id));
  const codeOf = (listingTitle: string) => items.find((i) => i.title === listingTitle)!.code;
  await oliveB.page.goto(`${event}/handover`);
  const code = oliveB.page.getByLabel("Item code");
  await expect(code).toBeFocused();
  await code.fill(codeOf("Bauer skates").toLowerCase());
  await oliveB.page.getByRole("button", { name: "Check in" }).click();
  await expect(oliveB.page.getByRole("status").filter({ hasText: `Checked in: Bauer skates (${codeOf("Bauer skates")})` })).toBeVisible();
  await oliveB.page.getByLabel("Item code").fill(codeOf("CCM helmet"));
  await oliveB.page.getByRole("button", { name: "Check in" }).click();
  await expect(oliveB.page.getByText("2 of 2 items in · 0 handed out")).toBeVisible();
  await look(oliveB.page, "handover", oliveChecker.page);
  await oliveB.page.getByRole("link", { name: "Printable sheet and tags" }).click();
  await expect(oliveB.page.getByRole("heading", { name: /Check-in sheet/ })).toBeVisible();
  await look(oliveB.page, "sheet", oliveChecker.page);
  await oliveB.page.goto(`${event}/handover`);
  await oliveB.page.getByRole("button", { name: "Hand out to Nia" }).click();
  await expect(oliveB.page.getByText("Handed out", { exact: true })).toBeVisible();
  await oliveB.page.getByRole("button", { name: "Hand out to Mel" }).click();
  await expect(oliveB.page.getByText("Handed out — that ring is complete")).toBeVisible();

  // The ring is complete: both items are out, and each step is a swap deal the pair may review (ADR 090).
  const traded = items.filter((i) => i.status === "traded" || ["Bauer skates", "CCM helmet"].includes(i.title)).map((i) => i.id);
  const out = await db()
    .select()
    .from(swapDayCheckins)
    .where(and(inArray(swapDayCheckins.itemId, traded), sql`${swapDayCheckins.checkedOutAt} is not null`));
  expect(out).toHaveLength(2);
  expect((await db().select().from(swapDayRings).where(eq(swapDayRings.swapDayId, id))).map((r) => r.status)).toEqual(["completed"]);
  const swapDeals = await db().select().from(deals).where(eq(deals.listingId, skates));
  expect(swapDeals).toMatchObject([{ kind: "swap", state: "completed", ownerId: mel.id, proposerId: nia.id }]);
  await melB.page.goto(`${event}/handover`);
  await expect(melB.page.getByRole("link", { name: "Review your swap (Nia)" })).toHaveCount(2);
  await look(melB.page, "handover-member");
  for (const b of [melB, niaB, oliveB, oliveChecker]) await b.context.close();
});
