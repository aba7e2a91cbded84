// ADR 071: where a match goes in the app. 'New matches' in the notifications
// menu (live through the user room, counted in the bell, cleared when seen — by opening the menu with
// JavaScript, by 'Mark as seen' without) and 'Possible match' on the author's own item request, whose
// 'Contact seller' opens a direct message to the seller in the club. The stack is shared by every spec: each test
// searches for a word of its own, and POST /dev/matcher runs the matcher now.
import { randomBytes, randomUUID } from "node:crypto";
import type { APIRequestContext, Page } from "@playwright/test";
import { saveSearch } from "../../app/features/matching/saved-searches.server";
import { blockUser } from "../../app/features/moderation/block-actions.server";
import { getClubAccess } from "../../app/features/clubs/club-access.server";
import { postItemRequest } from "../../app/features/item-requests/item-requests.server";
import { addTestMember, createTestClub, createTestListing, createTestUser, type TestUser } from "../factories";
import { E2E_BASE_URL } from "../setup/e2e-env";
import { e2eDb, expect, signInAs, test } from "./fixtures";
import { axeOn } from "./axe";

const AXE_TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "best-practice"];
const db = () => e2eDb();
/** Letters only, so the full-text search takes it as one word that no other spec's listing has. */
const word = () => `zq${[...randomBytes(6)].map((b) => String.fromCharCode(97 + (b % 26))).join("")}`;

async function runMatcher(request: APIRequestContext) {
  expect((await request.post("/dev/matcher")).ok()).toBe(true);
}

async function savedSearchFor(parent: TestUser, keyword: string) {
  const saved = await saveSearch(db(), parent, { path: "/", query: `q=${keyword}` });
  if (!saved.ok) throw new Error(`saveSearch: ${saved.reason}`);
}

const bell = (page: Page) => page.locator("summary[aria-label^='Notifications (']");
const badge = (page: Page) => page.getByTestId("notification-badge");

test("a saved search's new match shows in the bell live; opening the menu shows it and clears the count", async ({ page, context }) => {
  const keyword = word();
  const parent = await createTestUser(db(), { zipCode: "02139" });
  const seller = await createTestUser(db(), { firstName: "Sam" });
  const blocked = await createTestUser(db(), { firstName: "Bo" });
  await savedSearchFor(parent, keyword);
  // A block works both ways: whoever made it, the other's listings never match (ADR 071).
  expect((await blockUser(db(), parent, blocked.id)).ok).toBe(true);
  await signInAs(context, parent.id);

  await page.goto("/on-deck");
  await expect(page.locator("[data-user-room=open]")).toBeAttached();
  await expect(badge(page)).toHaveCount(0);

  const listingId = await createTestListing(db(), seller, { title: `Goalie pads ${keyword}`, priceCents: 4500 });
  const hiddenId = await createTestListing(db(), blocked, { title: `Blocked pads ${keyword}` });
  await runMatcher(page.request);

  // Live: no reload, on the page already open.
  await expect(badge(page)).toHaveText("1");
  await expect(bell(page)).toHaveAttribute("aria-label", "Notifications (1)");
  await expect(page).toHaveURL(`${E2E_BASE_URL}/on-deck`);

  await bell(page).click();
  const section = page.getByRole("region", { name: "New matches" });
  await expect(section).toBeVisible();
  const match = section.getByTestId("new-match");
  await expect(match).toHaveCount(1);
  await expect(match.getByRole("link", { name: `Goalie pads ${keyword}` })).toHaveAttribute("href", `/listing/${listingId}`);
  await expect(match).toContainText("$45");
  await expect(match.getByRole("link", { name: `Saved search: ${keyword}`, exact: false })).toHaveAttribute("href", "/saved-searches");
  await expect(page.locator(`a[href='/listing/${hiddenId}']`)).toHaveCount(0);
  // Opening it was seeing it: the count drops, the match stays in the open menu.
  await expect(badge(page)).toHaveCount(0);
  await expect(match).toBeVisible();

  const { violations } = await axeOn(page).withTags(AXE_TAGS).analyze();
  expect(violations).toEqual([]);

  // Seen for good: after a reload, no count and no 'New matches'; the blocked seller's listing never came.
  await page.reload();
  await expect(page.locator("[data-user-room=open]")).toBeAttached();
  await expect(badge(page)).toHaveCount(0);
  await bell(page).click();
  await expect(page.getByRole("region", { name: "New matches" })).toHaveCount(0);
  await expect(page.getByText("No notifications")).toBeVisible();

  // The link opens the listing.
  await bell(page).click();
  await createTestListing(db(), seller, { title: `Spare pads ${keyword}` });
  await runMatcher(page.request);
  await expect(badge(page)).toHaveText("1");
  await bell(page).click();
  await page.getByRole("link", { name: `Spare pads ${keyword}` }).click();
  await expect(page.getByRole("heading", { name: `Spare pads ${keyword}` })).toBeVisible();
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the menu's 'Mark as seen' clears the new matches and comes back to the page", async ({ page, context }) => {
    const keyword = word();
    const parent = await createTestUser(db(), { zipCode: "02139" });
    const seller = await createTestUser(db());
    await savedSearchFor(parent, keyword);
    await createTestListing(db(), seller, { title: `Shin guards ${keyword}` });
    await runMatcher(page.request);
    await signInAs(context, parent.id);

    await page.goto("/on-deck");
    await expect(badge(page)).toHaveText("1");
    await bell(page).click();
    const section = page.getByRole("region", { name: "New matches" });
    await expect(section.getByTestId("new-match")).toContainText(`Shin guards ${keyword}`);
    await section.getByRole("button", { name: "Mark as seen" }).click();
    await expect(page).toHaveURL(`${E2E_BASE_URL}/on-deck`);
    await expect(badge(page)).toHaveCount(0);
    await bell(page).click();
    await expect(page.getByRole("region", { name: "New matches" })).toHaveCount(0);
  });
});

test("an item request's author sees 'Possible match' and contacts the seller in one click; nobody else sees it", async ({ browser }) => {
  const keyword = word();
  const owner = await createTestUser(db());
  const author = await createTestUser(db(), { firstName: "Pat" });
  const seller = await createTestUser(db(), { firstName: "Sam" });
  const other = await createTestUser(db(), { firstName: "Oli" });
  const club = await createTestClub(db(), owner, { name: `Rink Rats ${keyword}`, sport: "hockey" });
  for (const member of [author, seller, other]) await addTestMember(db(), club, member);
  const access = (await getClubAccess(db(), author, club.slug))!;
  const title = `Looking for size 6 skates ${keyword}`;
  const posted = await postItemRequest(db(), access, { id: randomUUID(), title, description: null });
  if (!posted.ok) throw new Error("request not posted");
  const listingId = await createTestListing(db(), seller, {
    title: `Bauer skates size 6 ${keyword}`,
    sport: "hockey",
    priceCents: 3000,
    clubs: [club],
  });

  const authorContext = await browser.newContext({ baseURL: E2E_BASE_URL });
  await signInAs(authorContext, author.id);
  const page = await authorContext.newPage();
  await runMatcher(page.request);

  await page.goto(`/club/${club.slug}?tab=radar`);
  const request = page.getByTestId("radar-request").filter({ hasText: title });
  const possible = request.getByRole("region", { name: `Possible match for ${title}` });
  await expect(possible).toBeVisible();
  await expect(possible.getByTestId("possible-match")).toHaveCount(1);
  await expect(possible.getByRole("link", { name: `Bauer skates size 6 ${keyword}`, exact: true })).toHaveAttribute(
    "href",
    `/listing/${listingId}`,
  );
  await expect(possible).toContainText("$30");

  // The bell says where it came from: the club's On the Radar tab.
  await bell(page).click();
  await expect(page.getByRole("link", { name: `Item request: ${title}` })).toHaveAttribute("href", `/club/${club.slug}?tab=radar`);
  await bell(page).click();

  // One click opens a direct message to the seller in this club (ADR 071).
  await possible.getByRole("link", { name: `Contact seller about Bauer skates size 6 ${keyword}` }).click();
  await expect(page).toHaveURL(`${E2E_BASE_URL}/club/${club.slug}?tab=messages&sub=dm&with=${seller.id}`);
  await expect(page.getByRole("textbox", { name: `Message to Sam ${seller.lastName}` })).toBeVisible();
  await authorContext.close();

  // Another member sees the request, never its matches.
  const otherContext = await browser.newContext({ baseURL: E2E_BASE_URL });
  await signInAs(otherContext, other.id);
  const otherPage = await otherContext.newPage();
  await otherPage.goto(`/club/${club.slug}?tab=radar`);
  await expect(otherPage.getByTestId("radar-request").filter({ hasText: title })).toBeVisible();
  await expect(otherPage.getByTestId("possible-match")).toHaveCount(0);
  await expect(otherPage.getByText("Possible match")).toHaveCount(0);
  await otherContext.close();
});
