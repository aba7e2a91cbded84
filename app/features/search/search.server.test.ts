import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { clubMembers, clubs, listingClubs, listingPhotos, listings, users, type NewListing } from "#db/schema";
import { loadZipCodes, usZipRows } from "#db/geodata/load-zips";
import { createTestDb, type TestDb } from "../../../tests/setup/test-db";
import { listedStatuses, listingVisibleTo } from "../listings/listing-visibility.server";
import { ftsQuery } from "./fts-query";
import { listNearby } from "./nearby.server";
import { searchListings, searchListingsMany } from "./search.server";
import { withinRadius } from "./radius.server";
import { suggestClubs, suggestListings } from "./suggestions.server";
import type { Viewer } from "../permissions/viewer";

let t: TestDb;
const ids: Record<string, string> = {};
const viewer = (id: string, extra: Partial<Viewer> = {}): Viewer => ({
  id,
  email: `${id}@x.test`,
  firstName: null,
  lastName: null,
  zipCode: null,
  isAdmin: false,
  ...extra,
});
const DAY = 24 * 3600 * 1000;
const NOW = Date.UTC(2025, 5, 1);

// Cambridge MA, Boston MA (~2 mi), Northampton MA (~80 mi), New York (~190 mi).
const ZIPS = ["02139", "02116", "01060", "10001"];

beforeAll(async () => {
  t = await createTestDb();
  await loadZipCodes(t.db, { rows: usZipRows().filter((row) => ZIPS.includes(row.zip)) });
  for (const name of ["seller", "member", "stranger", "admin", "secretMember", "pendingMember"]) {
    const [u] = await t.db
      .insert(users)
      .values({ email: `${name.toLowerCase()}@example.com` })
      .returning();
    ids[name] = u.id;
  }
  const [club] = await t.db
    .insert(clubs)
    .values({ slug: "river-fc", name: "River FC", visibility: "members_only", joinMode: "approval", createdBy: ids.seller })
    .returning();
  const [openClub] = await t.db.insert(clubs).values({ slug: "hill-tennis", name: "Hill Tennis Club" }).returning();
  const [secretClub] = await t.db
    .insert(clubs)
    .values({ slug: "secret-league", name: "Secret River League", visibility: "private" })
    .returning();
  ids.club = club.id;
  ids.openClub = openClub.id;
  await t.db.insert(clubMembers).values([
    { clubId: club.id, userId: ids.member, role: "member", status: "active" },
    { clubId: openClub.id, userId: ids.member, role: "member", status: "active" },
    { clubId: secretClub.id, userId: ids.secretMember, role: "member", status: "active" },
    { clubId: secretClub.id, userId: ids.pendingMember, role: "member", status: "pending" },
  ]);

  const base = { userId: ids.seller, condition: "gently-used", zipCode: "02139", city: "Cambridge", state: "MA" } as const;
  const rows: (NewListing & { key: string })[] = [
    {
      ...base,
      key: "cleats",
      title: "Nike youth soccer cleats",
      description: "Barely worn",
      sport: "soccer",
      priceCents: 2500,
      equipmentType: "Cleats",
      brand: "Nike",
      size: "Youth",
      sizeNumeric: "4",
      gender: "Unisex",
      condition: "like-new",
    },
    {
      ...base,
      key: "ball",
      title: "Adidas match ball",
      description: "Size 5 soccer ball",
      sport: "soccer",
      priceCents: 1999,
      equipmentType: "Balls",
      brand: "Adidas",
      gender: "Men",
      zipCode: "02116",
      city: "Boston",
    },
    {
      ...base,
      key: "goal",
      title: "Pop-up goal pair",
      description: "Great for backyard practice with cleats",
      sport: "soccer",
      priceCents: 12000,
      equipmentType: "Goals",
      brand: "Franklin",
      size: "Adult",
      gender: "Women",
      zipCode: "01060",
      city: "Northampton",
    },
    {
      ...base,
      key: "nyc",
      title: "Goalkeeper gloves",
      description: null,
      sport: "soccer",
      priceCents: 4550,
      equipmentType: "Goalkeeper Gloves",
      brand: "Adidas",
      zipCode: "10001",
      city: "New York",
      state: "NY",
      condition: "new",
    },
    {
      ...base,
      key: "racquet",
      title: "Wilson Clash racquet",
      description: "Strung, grip 3",
      sport: "tennis",
      sportSubcategory: "tennis",
      priceCents: 9000,
      equipmentType: "Racquets",
      brand: "Wilson",
      gender: "Unisex",
    },
    {
      ...base,
      key: "paddle",
      title: "Selkirk pickleball paddle",
      description: null,
      sport: "tennis",
      sportSubcategory: "pickleball",
      priceCents: 6000,
      equipmentType: "Paddles",
      brand: "Selkirk",
    },
    { ...base, key: "sold", title: "Sold soccer shin guards", sport: "soccer", priceCents: 500, status: "sold" },
    { ...base, key: "pending", title: "Pending soccer bag", sport: "soccer", priceCents: 1500, status: "pending_pickup" },
    { ...base, key: "clubOnly", title: "River FC club-only soccer jersey", sport: "soccer", priceCents: 3000 },
    {
      ...base,
      key: "clinic",
      title: "Tennis balls can",
      description: "Unopened",
      sport: "tennis",
      sportSubcategory: "tennis",
      priceCents: 300,
      brand: "Penn",
    },
  ];
  for (const [i, { key, ...row }] of rows.entries()) {
    const [inserted] = await t.db
      .insert(listings)
      .values({ ...row, createdAt: new Date(NOW - i * DAY) })
      .returning();
    ids[key] = inserted.id;
  }
  await t.db.insert(listingClubs).values([
    { listingId: ids.clubOnly, clubId: ids.club, isPrimary: true },
    { listingId: ids.racquet, clubId: ids.openClub, isPrimary: true },
  ]);
  await t.db
    .insert(listingPhotos)
    .values({ listingId: ids.cleats, position: 0, r2Key: "listings/cleats/0.jpg", contentType: "image/jpeg", byteSize: 10 });
});
afterAll(() => t.cleanup());

const member = () => viewer(ids.member);
const titles = (result: { items: { title: string }[] }) => result.items.map((item) => item.title);
const search = (filters: Parameters<typeof searchListings>[2], who: Viewer | null = member(), limit = 50) =>
  searchListings(t.db, who, filters, { limit });

describe("keyword search through the full-text index", () => {
  test("matches title, description and brand, with prefixes", async () => {
    expect(titles(await search({ q: "clea" }))).toEqual(["Nike youth soccer cleats", "Pop-up goal pair"]);
    expect(titles(await search({ q: "wils" }))).toEqual(["Wilson Clash racquet"]);
    expect(titles(await search({ q: "franklin" }))).toEqual(["Pop-up goal pair"]);
  });

  test("ranks by relevance (title first), then recency", async () => {
    const result = await search({ q: "cleats" });
    expect(result.items[0].title).toBe("Nike youth soccer cleats");
  });

  test("every word must match", async () => {
    expect(titles(await search({ q: "soccer ball" }))).toEqual(["Adidas match ball"]);
  });

  test("FTS syntax in the input is treated as plain words", async () => {
    expect(ftsQuery('ball" OR title:* NEAR(')).toBe('"ball"* "or"* "title"* "near"*');
    expect(ftsQuery("  **  ")).toBeNull();
    await expect(search({ q: '"unbalanced (quote* -x ^' })).resolves.toMatchObject({ total: 0 });
    expect((await search({ q: "---" })).total).toBeGreaterThan(0); // no words: no keyword filter
  });
});

describe("filters", () => {
  test("sport and only listed statuses (active, pending pickup)", async () => {
    const result = await search({ sport: "soccer" });
    expect(titles(result)).toContain("Pending soccer bag");
    expect(titles(result)).not.toContain("Sold soccer shin guards");
    expect(result.total).toBe(6);
  });

  test("tennis sub-category, types, brands, conditions", async () => {
    expect(titles(await search({ sport: "tennis", category: "pickleball" }))).toEqual(["Selkirk pickleball paddle"]);
    expect(titles(await search({ sport: "soccer", types: ["Cleats", "Goals"] }))).toEqual(["Nike youth soccer cleats", "Pop-up goal pair"]);
    expect(titles(await search({ sport: "soccer", brands: ["Adidas"] }))).toEqual(["Adidas match ball", "Goalkeeper gloves"]);
    expect(titles(await search({ conditions: ["new", "like-new"] }))).toEqual(["Nike youth soccer cleats", "Goalkeeper gloves"]);
  });

  test("sizes (numeric), size groups and gender are filtered in the database", async () => {
    expect(titles(await search({ sizes: ["4"] }))).toEqual(["Nike youth soccer cleats"]);
    expect(titles(await search({ sizeGroups: ["Adult"] }))).toEqual(["Pop-up goal pair"]);
    expect(titles(await search({ genders: ["Unisex"] }))).toEqual(["Nike youth soccer cleats", "Wilson Clash racquet"]);
    expect(titles(await search({ genders: ["Men", "Women"] }))).toEqual(["Adidas match ball", "Pop-up goal pair"]);
  });

  test("price range in dollars is compared in cents", async () => {
    expect(titles(await search({ priceMin: 25, priceMax: 50 }))).toEqual([
      "Nike youth soccer cleats",
      "Goalkeeper gloves",
      "River FC club-only soccer jersey",
    ]);
    expect(titles(await search({ priceMax: 19.99 }))).toEqual(["Adidas match ball", "Pending soccer bag", "Tennis balls can"]);
    expect(titles(await search({ priceMin: 100 }))).toEqual(["Pop-up goal pair"]);
  });

  test("home sports list and 'City, ST' location text", async () => {
    expect((await search({ sports: ["tennis"] })).total).toBe(3);
    expect(titles(await search({ location: "new york, ny" }))).toEqual(["Goalkeeper gloves"]);
    expect(titles(await search({ location: "Boston" }))).toEqual(["Adidas match ball"]);
  });

  test("?club= names only a club the viewer may know exists; any other is 'not found' and dropped", async () => {
    for (const [who, slug] of [
      [null, "secret-league"],
      [null, "river-fc"],
      [viewer(ids.stranger), "secret-league"],
      [member(), "secret-league"],
      [viewer(ids.pendingMember), "secret-league"],
    ] as const) {
      const result = await search({ club: slug }, who);
      expect(result.club).toBeNull();
      expect(result.clubNotFound).toBe(true);
      expect(JSON.stringify(result)).not.toContain("Secret River League");
    }
    expect((await search({ club: "river-fc" }, viewer(ids.stranger))).club?.name).toBe("River FC");
    expect((await search({ club: "secret-league" }, viewer(ids.secretMember))).club?.name).toBe("Secret River League");
    expect((await search({ club: "secret-league" }, viewer(ids.admin, { isAdmin: true }))).club?.name).toBe("Secret River League");
    expect((await search({ club: "hill-tennis" }, null)).club?.name).toBe("Hill Tennis Club");
  });

  test("club by slug; an unknown club is flagged and dropped", async () => {
    const byClub = await search({ club: "hill-tennis" });
    expect(titles(byClub)).toEqual(["Wilson Clash racquet"]);
    expect(byClub.club?.name).toBe("Hill Tennis Club");
    const unknown = await search({ club: "no-such-club", sport: "tennis" });
    expect(unknown.clubNotFound).toBe(true);
    expect(unknown.total).toBe(3);
  });

  test("sort by price both ways, newest by default", async () => {
    const asc = (await search({ sport: "tennis", sort: "price_asc" })).items.map((i) => i.priceCents);
    expect(asc).toEqual([300, 6000, 9000]);
    const desc = (await search({ sport: "tennis", sort: "price_desc" })).items.map((i) => i.priceCents);
    expect(desc).toEqual([9000, 6000, 300]);
    expect(titles(await search({ sport: "tennis" }))).toEqual(["Wilson Clash racquet", "Selkirk pickleball paddle", "Tennis balls can"]);
  });

  test("pagination: limit and offset with the full total", async () => {
    const first = await searchListings(t.db, member(), { sport: "soccer" }, { limit: 2 });
    const second = await searchListings(t.db, member(), { sport: "soccer" }, { limit: 2, offset: 2 });
    expect(first.items).toHaveLength(2);
    expect(first.total).toBe(6);
    expect(second.items.map((i) => i.id)).not.toContain(first.items[0].id);
  });
});

describe("'{n} item(s) found' stays exact however it is counted (ADR 010)", () => {
  test("a full page counts every match; a short page is its own count, also past the first page", async () => {
    const all = await search({ sport: "soccer" });
    expect(all.items).toHaveLength(6);
    for (const [limit, offset] of [
      [1, 0],
      [2, 2],
      [5, 4],
      [10, 0],
      [3, 5],
    ]) {
      const page = await searchListings(t.db, member(), { sport: "soccer" }, { limit, offset });
      expect(page.total).toBe(6);
      expect(page.items.map((i) => i.id)).toEqual(all.items.slice(offset, offset + limit).map((i) => i.id));
    }
    expect((await searchListings(t.db, member(), { sport: "soccer" }, { limit: 5, offset: 40 })).total).toBe(6);
  });

  test("keyword pages are counted in the ranking pass, with the same visibility", async () => {
    const everything = await search({ q: "soccer" });
    expect(everything.total).toBe(everything.items.length);
    const first = await searchListings(t.db, member(), { q: "soccer" }, { limit: 1 });
    expect(first.total).toBe(everything.total);
    expect(first.items[0].id).toBe(everything.items[0].id);
    const signedOut = await searchListings(t.db, null, { q: "soccer" }, { limit: 1 });
    expect(signedOut.total).toBe(everything.total - 1); // not the River FC members' jersey
    // Sorted by price, the page still visits every match and counts them in the same pass (ADR 078).
    const byPrice = await searchListings(t.db, member(), { q: "soccer", sort: "price_asc" }, { limit: 1 });
    expect(byPrice.total).toBe(everything.total);
    expect(byPrice.items[0].priceCents).toBe(Math.min(...everything.items.map((item) => item.priceCents ?? Infinity)));
    const dearest = await searchListings(t.db, member(), { q: "soccer", sort: "price_desc" }, { limit: 2, offset: 1 });
    expect(dearest.total).toBe(everything.total);
    // A page past the last match still says how many there are.
    for (const sort of [undefined, "price_asc"] as const) {
      const past = await searchListings(t.db, member(), { q: "soccer", sort }, { limit: 2, offset: everything.total + 5 });
      expect(past).toMatchObject({ items: [], total: everything.total });
    }
  });

  test("past its cap the count stops and says so, never below what the pages show (ADR 074)", async () => {
    const exact = await searchListings(t.db, member(), { sport: "soccer" }, { limit: 2, countCap: 6 });
    expect(exact).toMatchObject({ total: 6, totalCapped: false });
    const capped = await searchListings(t.db, member(), { sport: "soccer" }, { limit: 2, countCap: 3 });
    expect(capped).toMatchObject({ total: 3, totalCapped: true });
    expect(capped.items.map((i) => i.id)).toEqual(exact.items.map((i) => i.id));
    // The cap rises to the rows asked for: 'Load more' still knows more exist.
    expect(await searchListings(t.db, member(), { sport: "soccer" }, { limit: 4, countCap: 3 })).toMatchObject({
      total: 4,
      totalCapped: true,
    });
    expect(await searchListings(t.db, member(), { sport: "soccer" }, { limit: 6, countCap: 3 })).toMatchObject({
      total: 6,
      totalCapped: false,
    });
    // Ranked keywords count in the ranking pass, capped alike.
    const everything = await search({ q: "soccer" });
    expect(everything.total).toBeGreaterThan(2);
    expect(await searchListings(t.db, member(), { q: "soccer" }, { limit: 1, countCap: 2 })).toMatchObject({ total: 2, totalCapped: true });
  });

  test("a list that shows no count can skip it", async () => {
    const result = await searchListings(t.db, member(), { sport: "soccer" }, { limit: 2, count: false });
    expect(result.items).toHaveLength(2);
    expect(result.total).toBe(2);
  });

  test("a seller finds their own club-only listing", async () => {
    expect(titles(await search({ q: "jersey" }, viewer(ids.seller)))).toEqual(["River FC club-only soccer jersey"]);
    expect((await search({ sport: "soccer" }, viewer(ids.seller))).total).toBe(6);
  });

  test("newest-first pages and counts walk a listed-status index, without sorting", async () => {
    const plan = async (query: ReturnType<typeof sql>) =>
      (await t.db.all<{ detail: string }>(sql`explain query plan ${query}`)).map((row) => row.detail).join("\n");
    const home = await plan(
      sql`select listings.rowid from listings where ${listingVisibleTo(null)} and ${listedStatuses} order by listings.created_at desc, listings.id limit 12`,
    );
    expect(home).toContain("USING INDEX listings_listed_created_at_idx");
    expect(home).not.toContain("TEMP B-TREE");
    const sport = await plan(
      sql`select count(*) from listings where ${listingVisibleTo(member())} and ${listedStatuses} and listings.sport = 'soccer'`,
    );
    expect(sport).toMatch(/USING (COVERING )?INDEX listings_listed_sport_/);
    expect(sport).not.toContain("SCAN listings");
    // A sport within a radius (a member's sport page, their profile's 25 miles) is counted in the
    // ZIPs near them, not by walking every listing of the sport (ADR 078).
    const sportNear = await plan(
      sql`select count(*) from listings where ${listingVisibleTo(member())} and ${listedStatuses} and listings.sport = 'soccer'
        and listings.equipment_type in ('Cleats', 'Balls') and ${withinRadius("02139", 25)}`,
    );
    expect(sportNear).toMatch(/USING (COVERING )?INDEX listings_listed_sport_zip_idx \(sport=\? AND zip_code=\?\)/);
  });
});

describe("distance", () => {
  test("a ZIP drops listings outside the radius and puts the distance on each card", async () => {
    const near = await search({ sport: "soccer", zip: "02139", radius: 10 });
    expect(near.radiusApplied).toBe(true);
    expect(titles(near)).toEqual([
      "Nike youth soccer cleats",
      "Adidas match ball",
      "Pending soccer bag",
      "River FC club-only soccer jersey",
    ]);
    expect(near.items[1].distanceMiles).toBeGreaterThan(1);
    expect(near.items[1].distanceMiles).toBeLessThan(5);
    expect(titles(await search({ sport: "soccer", zip: "02139", radius: 100 }))).toContain("Pop-up goal pair");
    expect(titles(await search({ sport: "soccer", zip: "02139", radius: 250 }))).toContain("Goalkeeper gloves");
  });

  test("the profile ZIP is used when the URL has none; location text turns the radius off", async () => {
    const fromProfile = await searchListings(
      t.db,
      viewer(ids.stranger, { zipCode: "10001" }),
      { sport: "soccer", radius: 10 },
      { limit: 50 },
    );
    expect(titles(fromProfile)).toEqual(["Goalkeeper gloves"]);
    const withLocation = await search({ sport: "soccer", zip: "10001", location: "Cambridge, MA" });
    expect(withLocation.radiusApplied).toBe(false);
    expect(withLocation.total).toBe(3);
  });

  // ADR 077: near a place with few listings the page is picked by ZIP and sorted; elsewhere the
  // newest-first index is walked. Either way it must be the same page.
  test.each([
    ["radius 10", { zip: "02139", radius: 10 }, () => null],
    ["sport + radius 100", { sport: "soccer", zip: "02139", radius: 100 }, member],
    ["radius 250, price ascending", { zip: "02139", radius: 250, sort: "price_asc" }, member],
    ["radius 250, price descending", { zip: "02139", radius: 250, sort: "price_desc" }, member],
    ["radius from the profile", { radius: 25 }, () => viewer(ids.stranger, { zipCode: "02139" })],
    ["nothing near", { zip: "10001", radius: 5 }, member],
  ] as [string, Parameters<typeof searchListings>[2], () => Viewer | null][])(
    "%s: the page picked by ZIP is the page the newest-first walk finds",
    async (_name, filters, who) => {
      for (const [limit, offset] of [
        [50, 0],
        [2, 0],
        [2, 2],
      ]) {
        const byZip = await searchListings(t.db, who(), filters, { limit, offset });
        const walked = await searchListings(t.db, who(), filters, { limit, offset, fewInRadius: 0 });
        expect(byZip).toEqual(walked);
        if (offset === 0 && limit === 50 && _name !== "nothing near") expect(byZip.items.length).toBeGreaterThan(0);
      }
    },
  );

  test("when the ZIP cannot be placed the unfiltered list remains", async () => {
    const result = await search({ sport: "soccer", zip: "99999" });
    expect(result.radiusApplied).toBe(false);
    expect(result.total).toBe(6);
    expect(result.items.every((item) => item.distanceMiles === null)).toBe(true);
  });
});

describe("a search narrowed to given listings (the matcher, the digest; ADR 071)", () => {
  // The given ids drive the query (primary-key lookups, the radius per row) instead of the page's
  // plan: it must still be the same search — the same rows, the same order, the same visibility.
  const cases: [string, Parameters<typeof searchListings>[2], () => Viewer | null][] = [
    ["sport", { sport: "soccer" }, member],
    ["keyword + radius", { q: "soccer", zip: "02139", radius: 10 }, member],
    ["radius from the profile", { sport: "soccer", radius: 10 }, () => viewer("x", { zipCode: "10001" })],
    ["location text", { location: "Cambridge, MA" }, member],
    ["club", { club: "river-fc" }, member],
    ["club a stranger may not see", { club: "river-fc", q: "jersey" }, () => viewer(ids.stranger)],
    ["filters and price", { types: ["Cleats", "Balls"], priceMin: 10, priceMax: 30 }, member],
    ["signed out", { q: "ball" }, () => null],
  ];
  test.each(cases)("%s: the same rows in the same order as the page, only those asked about", async (_name, filters, viewerOf) => {
    const who = viewerOf();
    const everything = Object.values(ids);
    const page = await searchListings(t.db, who, filters, { limit: 50 });
    const narrowed = await searchListings(t.db, who, { ...filters, listingIds: everything }, { limit: 50, count: false });
    expect(titles(narrowed)).toEqual(titles(page));
    expect(narrowed.items.map((item) => item.distanceMiles)).toEqual(page.items.map((item) => item.distanceMiles));
    const some = page.items.filter((_, i) => i % 2 === 0).map((item) => item.id);
    const half = await searchListings(t.db, who, { ...filters, listingIds: [...some, ids.sold] }, { limit: 50, count: false });
    expect(half.items.map((item) => item.id)).toEqual(some);
  });

  test("many searches in one batch answer as each alone, in the order asked, without the viewer's own listings when asked", async () => {
    const asks = cases.map(([, filters, viewerOf]) => ({
      viewer: viewerOf(),
      filters: { ...filters, listingIds: Object.values(ids) },
      options: { limit: 50, count: false },
    }));
    const together = await searchListingsMany(t.db, asks, { perTrip: 3 });
    const alone = [];
    for (const ask of asks) alone.push(await searchListings(t.db, ask.viewer, ask.filters, ask.options));
    expect(together.map(titles)).toEqual(alone.map(titles));
    expect(together.some((result) => result.items.length > 0)).toBe(true);
    const notMine = await searchListings(
      t.db,
      viewer(ids.seller),
      { sport: "soccer", listingIds: Object.values(ids), notOwnedBy: ids.seller },
      { limit: 50 },
    );
    expect(notMine.items).toEqual([]);
  });
});

describe("visibility and prices", () => {
  test("a members-only club's listing never reaches a non-member, in search or suggestions", async () => {
    for (const who of [null, viewer(ids.stranger)]) {
      expect(titles(await search({ q: "jersey" }, who))).toEqual([]);
      expect(await suggestListings(t.db, who, "jersey")).toEqual([]);
    }
    expect(titles(await search({ q: "jersey" }))).toEqual(["River FC club-only soccer jersey"]);
    expect((await suggestListings(t.db, member(), "jers")).map((s) => s.title)).toEqual(["River FC club-only soccer jersey"]);
    expect(titles(await search({ q: "jersey" }, viewer(ids.admin, { isAdmin: true })))).toHaveLength(1);
  });

  test("signed-out visitors get no price, signed-in ones do", async () => {
    const out = await search({ sport: "soccer" }, null);
    expect(out.items.length).toBeGreaterThan(0);
    expect(out.items.every((item) => item.priceCents === null)).toBe(true);
    expect(JSON.stringify(out)).not.toContain("2500");
    const suggestionsOut = await suggestListings(t.db, null, "nike");
    expect(suggestionsOut[0]).toMatchObject({ title: "Nike youth soccer cleats", priceCents: null });
    const suggestionsIn = await suggestListings(t.db, member(), "nike");
    expect(suggestionsIn[0].priceCents).toBe(2500);
  });

  test("for viewers who may not see prices, price filters do not apply: bisecting priceMin/priceMax finds nothing out", async () => {
    const everything = await search({ sport: "soccer" }, null);
    // Each of these would isolate the $25 cleats (or nothing) if the filter applied.
    for (const range of [{ priceMin: 25, priceMax: 25 }, { priceMin: 24.99 }, { priceMax: 25 }, { priceMin: 10000 }]) {
      const bisected = await search({ sport: "soccer", ...range }, null);
      expect(bisected.items.map((i) => i.id)).toEqual(everything.items.map((i) => i.id));
      expect(bisected.total).toBe(everything.total);
    }
    // Signed in, the same filter narrows.
    expect(titles(await search({ sport: "soccer", priceMin: 25, priceMax: 25 }))).toEqual(["Nike youth soccer cleats"]);
  });

  test("for viewers who may not see prices, price sorts are ignored (newest first)", async () => {
    const newest = titles(await search({ sport: "tennis" }, null));
    expect(titles(await search({ sport: "tennis", sort: "price_asc" }, null))).toEqual(newest);
    expect(titles(await search({ sport: "tennis", sort: "price_desc" }, null))).toEqual(newest);
    expect(titles(await search({ q: "soccer", sort: "price_asc" }, null))).toEqual(titles(await search({ q: "soccer" }, null)));
    expect(titles(await search({ sport: "tennis", sort: "price_asc" }))).toEqual([
      "Tennis balls can",
      "Selkirk pickleball paddle",
      "Wilson Clash racquet",
    ]);
  });

  test("cards carry the club name and the first photo", async () => {
    const result = await search({ q: "wilson" });
    expect(result.items[0].clubName).toBe("Hill Tennis Club");
    const cleats = (await search({ q: "nike" })).items[0];
    expect(cleats.photoUrl).toBe("/photos/listings/cleats/0.jpg");
  });
});

describe("suggestions", () => {
  test("at most 5 listings, from 2 characters", async () => {
    expect(await suggestListings(t.db, member(), " s ")).toEqual([]);
    const many = await suggestListings(t.db, member(), "so");
    expect(many.length).toBeLessThanOrEqual(5);
    expect(many.length).toBeGreaterThan(0);
    expect(Object.keys(many[0]).sort()).toEqual(["city", "id", "priceCents", "sport", "state", "title"]);
  });

  test("club search: contains, case-insensitive; signed out → public clubs, signed in → + members-only, private → members and admins", async () => {
    expect((await suggestClubs(t.db, null, "RIVER")).map((c) => c.slug)).toEqual([]);
    expect((await suggestClubs(t.db, viewer(ids.stranger), "RIVER")).map((c) => c.slug)).toEqual(["river-fc"]);
    expect((await suggestClubs(t.db, viewer(ids.secretMember), "river")).map((c) => c.slug)).toEqual(["river-fc", "secret-league"]);
    expect((await suggestClubs(t.db, viewer(ids.admin, { isAdmin: true }), "river")).map((c) => c.slug)).toEqual([
      "river-fc",
      "secret-league",
    ]);
    expect(await suggestClubs(t.db, null, "%")).toEqual([]);
    expect((await suggestClubs(t.db, null, "tennis"))[0]).toMatchObject({ slug: "hill-tennis", name: "Hill Tennis Club" });
  });
});

describe("near you for visitors (ADR 035)", () => {
  test("nearest first from the visitor's ZIP, each card labelled with its distance, the place named", async () => {
    const result = await listNearby(t.db, null, { zip: "10001" }, 50);
    expect(result.near).toBe(true);
    expect(result.place).toBe("New York, NY");
    expect(result.items[0].title).toBe("Goalkeeper gloves");
    expect(result.items[0].distanceMiles).toBe(0);
    const miles = result.items.map((item) => item.distanceMiles ?? Infinity);
    expect(miles).toEqual([...miles].sort((a, b) => a - b));
    expect(miles.at(-1)).toBeGreaterThan(150); // Cambridge is about 190 miles from Manhattan
    // Only listed items a visitor may see, no prices.
    expect(result.items.every((item) => item.priceCents === null && ["active", "pending_pickup"].includes(item.status))).toBe(true);
    expect(titles(result)).not.toContain("River FC club-only soccer jersey");
  });

  // ADR 077: only the listings up to the distance where `limit` are reached are sorted. Whatever the
  // limit, the page must be the first `limit` of everything in range sorted nearest first.
  test.each([
    ["a visitor", () => null],
    ["a club member (club-only listings count)", () => viewer(ids.member)],
  ] as [string, () => Viewer | null][])("for %s, any limit gives the first of the whole nearest-first list", async (_name, who) => {
    for (const origin of [{ zip: "10001" }, { zip: "02139" }, { zip: "01060" }]) {
      const all = await listNearby(t.db, who(), origin, 50);
      expect(all.items.length).toBeGreaterThan(3);
      for (const limit of [1, 2, 3, 5]) {
        const page = await listNearby(t.db, who(), origin, limit);
        expect(page.items.map((item) => item.id)).toEqual(all.items.slice(0, limit).map((item) => item.id));
      }
    }
  });

  test("a point from the edge works without a ZIP; an unknown ZIP falls back to the newest anywhere", async () => {
    const fromPoint = await listNearby(t.db, null, { latitude: 42.3736, longitude: -71.1097 }, 50);
    expect(fromPoint.near).toBe(true);
    expect(fromPoint.items[0].city).toBe("Cambridge");
    const unknown = await listNearby(t.db, null, { zip: "99999" }, 50);
    expect(unknown.near).toBe(false);
    expect(unknown.items.length).toBeGreaterThan(0);
    expect(unknown.items.every((item) => item.distanceMiles === null)).toBe(true);
  });
});
