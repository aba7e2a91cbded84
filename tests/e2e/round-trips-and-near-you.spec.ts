/**
 * ADRs 034 and 035. Round trips: the e2e stack runs with DB_TRACE=on, so every page view
 * answers with X-DB-Trace and the local libSQL server counts how that view's database requests
 * chained (ADR 034). Near you: a signed-out visitor's home grid is sorted and labelled by distance
 * from where they are — locally DEFAULT_VISITOR_ZIP (02139, Cambridge MA), or the ZIP they set
 * with 'Set your location', kept in a cookie (ADR 035).
 */
import type { APIRequestContext, Page } from "@playwright/test";
import { addTestMember, createTestClub, createTestListing, createTestUser } from "../factories";
import { createUser, e2eDb, expect, signInAs, test } from "./fixtures";
import { axeOn } from "./axe";

type TraceSummary = { pipelines: number; sequential: number; background: number };

async function roundTrips(request: APIRequestContext, traceId: string | null): Promise<TraceSummary> {
  expect(traceId, "the page answered with X-DB-Trace").toMatch(/^[0-9a-f-]{36}$/);
  const response = await request.get(`/dev/db-trace/${traceId}`);
  expect(response.status()).toBe(200);
  return response.json();
}

/** The listings shown, in order (other tests add listings at 02139, so distances alone may all be 0). */
async function shownListings(page: Page) {
  return page
    .getByTestId("listing-card")
    .locator("a[href^='/listing/']")
    .evaluateAll((links) => links.map((a) => a.getAttribute("href")));
}

async function distances(page: Page) {
  const labels = await page
    .getByTestId("listing-card")
    .getByText(/· [\d.]+ mi$/)
    .allTextContents();
  return labels.map((label) => Number(label.replace(/[^\d.]/g, "")));
}

test("a signed-in GET of the home page costs at most 2 sequential database round trips", async ({ page, context }) => {
  // A profile ZIP (radius search, distances), so the page does everything a member's home does.
  const user = await createUser({ zipCode: "02139" });
  await signInAs(context, user.id);
  // Independent requests are labelled side by side only if each is sent before the other is
  // answered; on a loaded machine a local answer can beat a loader's next send and make them look
  // chained. So the page's chain is the shortest of three views (each one measured, none assumed).
  const traces: TraceSummary[] = [];
  for (let view = 0; view < 3; view++) {
    const response = await page.goto("/");
    expect(response?.status()).toBe(200);
    await expect(page.getByRole("heading", { name: "Recent Listings Near You" })).toBeVisible();
    traces.push(await roundTrips(page.request, (await response?.allHeaders())?.["x-db-trace"] ?? null));
  }
  // Measured, not assumed: the session, then the bell, the badges and the grid side by side.
  for (const trace of traces) expect(trace.pipelines).toBeGreaterThanOrEqual(3);
  expect(Math.min(...traces.map((trace) => trace.sequential))).toBeLessThanOrEqual(2);
});

// Every GET page type, signed out and in, as the person who can open it (the same pages and the
// same counting as bench/round-trips.ts): at most 2 sequential round trips (ADR 051).
test("every GET page type costs at most 2 sequential database round trips, signed out and in", async ({ browser }) => {
  test.setTimeout(180_000);
  const db = e2eDb();
  const member = await createTestUser(db, { zipCode: "02139" });
  const owner = await createTestUser(db, { zipCode: "02139" });
  const admin = await createTestUser(db, { admin: true });
  const buyer = await createTestUser(db);
  const club = await createTestClub(db, owner, { visibility: "public", joinMode: "code" });
  await addTestMember(db, club, member);
  await addTestMember(db, club, buyer, { status: "pending" });
  const publicListing = await createTestListing(db, owner, { zipCode: "02139" });
  const clubListing = await createTestListing(db, owner, { clubs: [club] });
  const own = await createTestListing(db, member, { zipCode: "02139" });

  const visitorPages = ["/", "/sport/soccer", `/listing/${publicListing}`, "/clubs", `/club/${club.slug}`, "/auth", "/clubs/new"];
  const memberPages = [
    "/",
    "/sport/soccer",
    "/sport/soccer?zip=02139&radius=50&q=ball",
    `/listing/${publicListing}`,
    `/listing/${clubListing}`,
    `/listing/${own}`,
    `/listing/${own}/edit`,
    "/clubs",
    `/club/${club.slug}`,
    `/club/${club.slug}?tab=radar`,
    `/club/${club.slug}?tab=messages`,
    `/club/${club.slug}?tab=messages&sub=announcements`,
    // Direct Messages marks what it shows read: the marking goes beside the page's batch too.
    `/club/${club.slug}?tab=messages&sub=dm`,
    `/club/${club.slug}?tab=messages&sub=dm&with=${owner.id}`,
    `/club/${club.slug}/list`,
    `/club/${club.slug}/requests/new`,
    "/clubs/new",
    "/team-hub",
    "/on-deck",
    "/in-play",
    "/list-item",
    "/messages",
    "/player-profile",
    "/account/location",
  ];
  const visits: [string, string | null, string[]][] = [
    ["visitor", null, visitorPages],
    ["member", member.id, memberPages],
    ["owner", owner.id, [`/club/${club.slug}/manage`]],
    ["admin", admin.id, ["/admin", "/admin?tab=listings", "/admin?tab=clubs", `/player-profile?user=${member.id}`]],
  ];
  const over: string[] = [];
  for (const [who, userId, paths] of visits) {
    const context = await browser.newContext();
    if (userId) await signInAs(context, userId);
    for (const path of paths) {
      // The shortest of three views, as in the test above (a busy machine can make side-by-side look chained).
      let best = Infinity;
      for (let view = 0; view < 3 && best > 2; view++) {
        const response = await context.request.get(path, { maxRedirects: 0 });
        expect(response.status(), `${who} ${path}`).toBe(200);
        best = Math.min(best, (await roundTrips(context.request, response.headers()["x-db-trace"] ?? null)).sequential);
      }
      if (best > 2) over.push(`${who} ${path}: ${best}`);
    }
    await context.close();
  }
  expect(over).toEqual([]);
});

test("a visitor sees recent listings nearest first with distances, and can set their location", async ({ page }) => {
  await page.goto("/");
  const section = page.getByRole("region", { name: "Recent Listings Near You" });
  await expect(section.getByTestId("visitor-location")).toContainText("Nearest first from Cambridge, MA 02139");
  const near = await distances(page);
  const nearListings = await shownListings(page);
  expect(near.length).toBeGreaterThan(0);
  expect(near).toEqual([...near].sort((a, b) => a - b));

  await section.locator("summary", { hasText: "Set your location" }).click();
  const dialog = section.getByRole("dialog", { name: "Set your location" });
  await dialog.getByLabel("ZIP Code").fill("10001");
  await dialog.getByRole("button", { name: "Update Location" }).click();
  await expect(page.getByText("ZIP code updated")).toBeVisible();
  await expect(section.getByTestId("visitor-location")).toContainText("New York, NY 10001");
  const fromNewYork = await distances(page);
  expect(fromNewYork).toEqual([...fromNewYork].sort((a, b) => a - b));
  // Nearest to New York is not nearest to Cambridge: other listings lead the grid.
  expect(await shownListings(page)).not.toEqual(nearListings);
  // The choice lives in this browser only: a cookie, not an account.
  const cookies = await page.context().cookies();
  expect(cookies.find((cookie) => cookie.name === "ls_visitor_zip")?.value).toBe("10001");
});

test("a bad ZIP in 'Set your location' says so and keeps the place shown", async ({ page }) => {
  await page.goto("/");
  const section = page.getByRole("region", { name: "Recent Listings Near You" });
  await section.locator("summary", { hasText: "Set your location" }).click();
  const dialog = section.getByRole("dialog", { name: "Set your location" });
  await dialog.getByLabel("ZIP Code").fill("12");
  await dialog.getByRole("button", { name: "Update Location" }).click();
  await expect(page.getByText("Please enter a valid 5-digit ZIP code")).toBeVisible();
  await expect(section.getByTestId("visitor-location")).toContainText("Cambridge, MA 02139");
});

test("the visitor's location line and its open 'Set your location' pass axe, on a phone too", async ({ page }) => {
  for (const viewport of [
    { width: 360, height: 780 },
    { width: 1280, height: 900 },
  ]) {
    await page.setViewportSize(viewport);
    await page.goto("/");
    const section = page.getByRole("region", { name: "Recent Listings Near You" });
    await section.locator("summary", { hasText: "Set your location" }).click();
    const dialog = section.getByRole("dialog", { name: "Set your location" });
    await expect(dialog.getByLabel("ZIP Code")).toBeInViewport();
    const { violations } = await axeOn(page)
      .include('[data-testid="visitor-location"]')
      .withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"])
      .analyze();
    expect(violations.map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(" ")).join(", ")}`)).toEqual(
      [],
    );
  }
});
