import { randomBytes } from "node:crypto";
import { eq } from "drizzle-orm";
import { clubMembers, clubs, listingClubs, listings, zipCodes, type NewListing } from "../../db/schema";
import { createUser, e2eDb, expect, signInAs, test } from "./fixtures";

// Discovery (spec 01 §2, §4): home search, per-sport browse, filters, sort, radius, visibility, prices.
// Every test makes its own listings with a unique word in the title, so the seed does not matter.

const word = () => `zq${randomBytes(5).toString("hex")}`;

// Real coordinates: Cambridge MA, Boston MA (~2 mi), Northampton MA (~80 mi).
const ZIPS = [
  { zip: "02139", city: "Cambridge", state: "MA", latitude: 42.3647, longitude: -71.1042 },
  { zip: "02116", city: "Boston", state: "MA", latitude: 42.3496, longitude: -71.0746 },
  { zip: "01060", city: "Northampton", state: "MA", latitude: 42.3251, longitude: -72.6412 },
];

async function seller() {
  return createUser({ firstName: "Sally" });
}

async function listing(userId: string, values: Partial<NewListing> & { title: string }) {
  const [row] = await e2eDb()
    .insert(listings)
    .values({
      userId,
      priceCents: 1500,
      sport: "soccer",
      condition: "gently-used",
      zipCode: "02139",
      city: "Cambridge",
      state: "MA",
      ...values,
    })
    .returning();
  return row;
}

async function membersOnlyListing(title: string) {
  const owner = await seller();
  const [club] = await e2eDb()
    .insert(clubs)
    .values({ slug: `club-${randomBytes(4).toString("hex")}`, name: "Hidden Valley FC", visibility: "members_only", joinMode: "approval" })
    .returning();
  await e2eDb().insert(clubMembers).values({ clubId: club.id, userId: owner.id, role: "owner", status: "active" });
  const row = await listing(owner.id, { title, priceCents: 4242 });
  await e2eDb().insert(listingClubs).values({ listingId: row.id, clubId: club.id, isPrimary: true });
  return { club, row, owner };
}

test.describe("home page", () => {
  test("without search parameters it shows How It Works, Browse by Sport and recent listings", async ({ page }) => {
    await page.goto("/");
    await expect(page.getByRole("heading", { name: "How It Works" })).toBeVisible();
    await expect(page.getByText("Connect Locally")).toBeVisible();
    await expect(page.getByRole("heading", { name: "Browse by Sport" })).toBeVisible();
    await expect(page.getByRole("heading", { name: "Recent Listings Near You" })).toBeVisible();
    await expect(page.getByRole("link", { name: "Looking for your team's gear hub? Find your organization." })).toHaveAttribute(
      "href",
      "/clubs",
    );
  });

  test("a keyword search shows Search Results with a chip, and says it searches all sports", async ({ page }) => {
    const token = word();
    const user = await seller();
    await listing(user.id, { title: `Goalie gloves ${token}`, sport: "hockey" });
    await page.goto("/");
    await page.getByRole("combobox", { name: "Keyword" }).fill(token);
    await page.getByRole("button", { name: "Search", exact: true }).first().click();
    await expect(page).toHaveURL(new RegExp(`[?&]q=${token}`));
    await expect(page.getByText("Searching all sports")).toBeVisible();
    await expect(page.getByText(`Looking for ${token} across all categories...`)).toBeVisible();
    await expect(page.getByRole("heading", { name: "Search Results" })).toBeVisible();
    await expect(page.getByRole("link", { name: `Goalie gloves ${token}` })).toBeVisible();
    await expect(page.getByRole("link", { name: `Remove filter Search: ${token}` })).toBeVisible();
    await expect(page.getByRole("heading", { name: "How It Works" })).toHaveCount(0);
  });

  test("keyword suggestions list matching listings and lead to the listing", async ({ page }) => {
    const token = word();
    const user = await seller();
    const row = await listing(user.id, { title: `Shin guards ${token}` });
    await page.goto("/");
    await page.getByRole("combobox", { name: "Keyword" }).fill(token.slice(0, 6));
    const option = page.getByRole("option", { name: new RegExp(`Shin guards ${token}`) });
    await expect(option).toBeVisible();
    await option.click();
    await expect(page).toHaveURL(new RegExp(`/listing/${row.id}$`));
  });

  test("a keyword naming a sport goes to that sport's page", async ({ page }) => {
    await page.goto("/?q=Soccer");
    await expect(page).toHaveURL(/\/sport\/soccer$/);
    await expect(page.getByRole("heading", { name: /Soccer Equipment Near You/ })).toBeVisible();
  });

  test("searching with nothing entered asks for criteria", async ({ page }) => {
    await page.goto("/");
    await page.getByRole("button", { name: "Search", exact: true }).first().click();
    await expect(page.getByText("Please enter search criteria")).toBeVisible();
    await expect(page.getByText("Enter a sport, equipment, club, or location to search")).toBeVisible();
    await expect(page).toHaveURL(/\/$/);
  });

  test("an unknown club says so and is dropped", async ({ page }) => {
    await page.goto("/?club=no-such-club-anywhere");
    await expect(page.getByText("Club not found")).toBeVisible();
    await expect(page.getByText("The specified club doesn't exist")).toBeVisible();
    await expect(page).toHaveURL(/\/$/);
  });

  test("a location and radius narrow the grid and cards show the distance", async ({ page }) => {
    await e2eDb().insert(zipCodes).values(ZIPS).onConflictDoNothing();
    const token = word();
    const user = await seller();
    await listing(user.id, { title: `Near ball ${token}`, zipCode: "02116", city: "Boston" });
    await listing(user.id, { title: `Far ball ${token}`, zipCode: "01060", city: "Northampton" });
    await page.goto(`/?q=${token}&zip=02139&radius=10`);
    await expect(page.getByRole("link", { name: `Near ball ${token}` })).toBeVisible();
    await expect(page.getByRole("link", { name: `Far ball ${token}` })).toHaveCount(0);
    await expect(page.getByTestId("listing-card").filter({ hasText: `Near ball ${token}` })).toContainText(/\d\.\d mi/);
    await page.goto(`/?q=${token}&zip=02139&radius=100`);
    await expect(page.getByRole("link", { name: `Far ball ${token}` })).toBeVisible();
  });

  test("the empty state for filters that match nothing", async ({ page }) => {
    await page.goto(`/?q=${word()}`);
    await expect(page.getByText("No listings match your filters")).toBeVisible();
  });
});

test.describe("per-sport browse", () => {
  test("an unknown sport is a 404 with Back to Home", async ({ page }) => {
    const response = await page.goto("/sport/quidditch");
    expect(response?.status()).toBe(404);
    await expect(page.getByRole("heading", { name: "Sport not found" })).toBeVisible();
    await expect(page.getByRole("link", { name: "Back to Home" })).toHaveAttribute("href", "/");
  });

  test("the chip row lists every sport with the current one highlighted", async ({ page }) => {
    await page.goto("/sport/golf");
    const nav = page.getByRole("navigation", { name: "Sports" });
    await expect(nav.getByRole("link")).toHaveCount(17);
    await expect(nav.getByRole("link", { name: /Golf/ })).toHaveAttribute("aria-current", "page");
    await expect(page.getByRole("link", { name: "List an Item" }).last()).toHaveAttribute("href", "/list-item");
  });

  test("sort by price with JavaScript submits on change", async ({ page, context }) => {
    const token = word();
    const user = await seller();
    await listing(user.id, { title: `Cheap ${token}`, priceCents: 500 });
    await listing(user.id, { title: `Pricey ${token}`, priceCents: 9000 });
    await signInAs(context, user.id);
    await page.goto(`/sport/soccer?q=${token}`);
    await expect(page.getByRole("heading", { name: "2 items found" })).toBeVisible();
    await page.getByLabel("Sort by").selectOption("price_desc");
    await expect(page).toHaveURL(/sort=price_desc/);
    await expect(page.getByTestId("listing-card").first()).toContainText(`Pricey ${token}`);
    await page.getByLabel("Sort by").selectOption("price_asc");
    await expect(page.getByTestId("listing-card").first()).toContainText(`Cheap ${token}`);
  });

  test("the tennis sub-category narrows results and resets types", async ({ page }) => {
    const token = word();
    const user = await seller();
    await listing(user.id, { title: `Paddle ${token}`, sport: "tennis", sportSubcategory: "pickleball", equipmentType: "Paddles" });
    await listing(user.id, { title: `Racquet ${token}`, sport: "tennis", sportSubcategory: "tennis", equipmentType: "Racquets" });
    await page.goto(`/sport/tennis?q=${token}&types=Racquets`);
    await expect(page.getByRole("heading", { name: "1 item found" })).toBeVisible();
    await page.getByRole("radio", { name: "Pickleball" }).check();
    await expect(page).toHaveURL(/category=pickleball/);
    await expect(page).not.toHaveURL(/types=/);
    await expect(page.getByRole("link", { name: `Paddle ${token}` })).toBeVisible();
    await expect(page.getByRole("link", { name: `Racquet ${token}` })).toHaveCount(0);
  });

  test("the brand list shows 6, then Show N more / Show less", async ({ page }) => {
    await page.goto("/sport/tennis?category=pickleball");
    const panel = page.locator("#filters");
    await expect(panel.getByText("Show 6 more")).toBeVisible();
    await expect(panel.getByRole("checkbox", { name: "Franklin" })).toBeHidden();
    await panel.getByText("Show 6 more").click();
    await expect(panel.getByRole("checkbox", { name: "Franklin" })).toBeVisible();
    await expect(panel.getByText("Show less")).toBeVisible();
    await panel.getByLabel("Search brands").fill("onix");
    await expect(panel.getByRole("checkbox", { name: "Onix" })).toBeVisible();
    await expect(panel.getByRole("checkbox", { name: "Selkirk" })).toHaveCount(0);
  });
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the home search is a plain GET form", async ({ page }) => {
    const token = word();
    const user = await seller();
    await listing(user.id, { title: `Batting helmet ${token}`, sport: "baseball" });
    await page.goto("/");
    await page.getByRole("combobox", { name: "Keyword" }).fill(token);
    await page.getByRole("button", { name: "Search", exact: true }).first().click();
    await expect(page.getByRole("heading", { name: "Search Results" })).toBeVisible();
    await expect(page.getByRole("link", { name: `Batting helmet ${token}` })).toBeVisible();
  });

  test("an empty search is answered by a flash toast from the server", async ({ page }) => {
    await page.goto("/");
    await page.getByRole("button", { name: "Search", exact: true }).first().click();
    await expect(page.getByText("Please enter search criteria")).toBeVisible();
  });

  test("every filter of the panel applies through the form", async ({ page, context }) => {
    const token = word();
    const user = await seller();
    // Signed in: price filters apply only for viewers who may see prices (ADR 014).
    await signInAs(context, user.id);
    const base = {
      sport: "soccer" as const,
      equipmentType: "Cleats",
      brand: "Nike",
      condition: "like-new" as const,
      size: "Youth" as const,
      gender: "Women" as const,
      priceCents: 3000,
    };
    await listing(user.id, { ...base, title: `Match ${token}` });
    await listing(user.id, { ...base, title: `Wrong type ${token}`, equipmentType: "Balls" });
    await listing(user.id, { ...base, title: `Wrong brand ${token}`, brand: "Adidas" });
    await listing(user.id, { ...base, title: `Wrong condition ${token}`, condition: "well-worn" });
    await listing(user.id, { ...base, title: `Wrong size ${token}`, size: "Adult" });
    await listing(user.id, { ...base, title: `Wrong gender ${token}`, gender: "Men" });
    await listing(user.id, { ...base, title: `Wrong price ${token}`, priceCents: 20000 });
    await page.goto(`/sport/soccer?q=${token}`);
    await expect(page.getByRole("heading", { name: "7 items found" })).toBeVisible();
    const panel = page.locator("#filters");
    await panel.getByRole("checkbox", { name: "Cleats" }).check();
    await panel.getByRole("checkbox", { name: "Nike" }).check();
    await panel.getByRole("checkbox", { name: "Like New" }).check();
    await panel.getByRole("checkbox", { name: "Youth" }).check();
    await panel.getByRole("checkbox", { name: "Women" }).check();
    await panel.getByLabel("Min ($)").fill("25");
    await panel.getByLabel("Max ($)").fill("50");
    await panel.getByRole("button", { name: "Apply Filters" }).click();
    await expect(page.getByRole("heading", { name: "1 item found" })).toBeVisible();
    await expect(page.getByRole("link", { name: `Match ${token}` })).toBeVisible();
    await expect(page.getByRole("heading", { name: "Filters (6)" })).toBeVisible();
    // Chips remove one filter each.
    await page.getByRole("link", { name: "Remove filter $25 - $50" }).click();
    await expect(page.getByRole("heading", { name: "2 items found" })).toBeVisible();
    // A quick price range is a link.
    await page.getByRole("link", { name: "$100+" }).click();
    await expect(page.getByRole("link", { name: `Wrong price ${token}` })).toBeVisible();
    await expect(page.getByRole("heading", { name: "1 item found" })).toBeVisible();
  });

  test("sort applies with the Sort button, and Load more reaches the next page", async ({ page, context }) => {
    const token = word();
    const user = await seller();
    for (let i = 0; i < 25; i++) await listing(user.id, { title: `Cone ${i} ${token}`, priceCents: 100 + i });
    await signInAs(context, user.id);
    await page.goto(`/sport/soccer?q=${token}`);
    await expect(page.getByRole("heading", { name: "25 items found" })).toBeVisible();
    await expect(page.getByTestId("listing-card")).toHaveCount(24);
    await page.getByRole("link", { name: "Load more" }).click();
    await expect(page.getByTestId("listing-card")).toHaveCount(25);
    await page.getByLabel("Sort by").selectOption("price_asc");
    await page.getByRole("button", { name: "Sort", exact: true }).click();
    await expect(page).toHaveURL(/sort=price_asc/);
    await expect(page.getByTestId("listing-card").first()).toContainText(`Cone 0 ${token}`);
    await expect(page.getByTestId("listing-card").first()).toContainText("$1");
  });
});

test.describe("prices and visibility", () => {
  test("a signed-out page's HTML holds no price, and cards invite to join", async ({ page, request }) => {
    const token = word();
    const user = await seller();
    await listing(user.id, { title: `Secret price ${token}`, priceCents: 98765 });
    const html = await (await request.get(`/sport/soccer?q=${token}`)).text();
    expect(html).toContain(`Secret price ${token}`);
    expect(html).not.toContain("987.65");
    expect(html).not.toContain("98765");
    const home = await (await request.get(`/?q=${token}`)).text();
    expect(home).not.toContain("98765");
    await page.goto(`/sport/soccer?q=${token}`);
    await expect(page.getByText("Join to see price")).toBeVisible();
    await expect(page.getByText("Join to unlock prices and message sellers")).toBeVisible();
  });

  test("a signed-in member sees the price", async ({ page, context }) => {
    const token = word();
    const user = await seller();
    await listing(user.id, { title: `Visible price ${token}`, priceCents: 12345 });
    await signInAs(context, user.id);
    await page.goto(`/sport/soccer?q=${token}`);
    await expect(page.getByTestId("listing-price")).toHaveText("$123.45");
  });

  test("a members-only club's listing never reaches a non-member: page, suggestions, search", async ({ page, context, request }) => {
    const token = word();
    const { row, owner } = await membersOnlyListing(`Team jersey ${token}`);
    const stranger = await createUser();

    const anonymous = await (await request.get(`/sport/soccer?q=${token}`)).text();
    expect(anonymous).not.toContain(`Team jersey ${token}`);
    expect(anonymous).toContain("0 items found");
    const suggestions = await (await request.get(`/api/suggest/listings?q=${token}`)).json();
    expect(suggestions).toEqual({ suggestions: [] });

    await signInAs(context, stranger.id);
    await page.goto(`/?q=${token}`);
    await expect(page.getByText("No listings match your filters")).toBeVisible();
    const asStranger = await page.request.get(`/api/suggest/listings?q=${token}`);
    expect(await asStranger.json()).toEqual({ suggestions: [] });
    await page.goto(`/sport/soccer?q=${token}`);
    await expect(page.getByRole("heading", { name: "0 items found" })).toBeVisible();

    await context.clearCookies();
    await signInAs(context, owner.id);
    await page.goto(`/sport/soccer?q=${token}`);
    await expect(page.getByRole("link", { name: `Team jersey ${token}` })).toBeVisible();
    await expect(page.getByText("Listed in Hidden Valley FC")).toBeVisible();
    const asMember = await (await page.request.get(`/api/suggest/listings?q=${token}`)).json();
    expect(asMember.suggestions.map((s: { id: string }) => s.id)).toEqual([row.id]);
    expect(asMember.suggestions[0].priceCents).toBe(4242);
  });

  test("club suggestions come from 2 characters", async ({ request }) => {
    const slug = `club-${randomBytes(4).toString("hex")}`;
    await e2eDb()
      .insert(clubs)
      .values({ slug, name: `Riverside ${slug}` });
    const body = await (await request.get(`/api/suggest/clubs?q=${slug}`)).json();
    expect(body.clubs).toEqual([expect.objectContaining({ slug, name: `Riverside ${slug}` })]);
    expect(await (await request.get(`/api/suggest/clubs?q=r`)).json()).toEqual({ clubs: [] });
    await e2eDb().delete(clubs).where(eq(clubs.slug, slug));
  });
});
