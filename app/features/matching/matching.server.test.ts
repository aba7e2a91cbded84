import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { listings, savedSearches, searchMatches, requestMatches, SAVED_SEARCHES_MAX } from "#db/schema";
import { loadZipCodes, usZipRows } from "#db/geodata/load-zips";
import { createTestDb, type TestDb } from "../../../tests/setup/test-db";
import { addTestMember, createTestClub, createTestListing, createTestUser, type TestUser } from "../../../tests/factories";
import { blockUser } from "../moderation/block-actions.server";
import { postItemRequest } from "../item-requests/item-requests.server";
import { getClubAccess } from "../clubs/club-access.server";
import type { UserEvent } from "../realtime/room-events";
import { requestKeywords, runMatcher, waitingForMatcher } from "./matcher.server";
import { markMatchesSeen, newMatchesFor, possibleMatchesFor } from "./matches.server";
import {
  deleteSavedSearch,
  listSavedSearches,
  renameSavedSearch,
  saveSearch,
  savedSearchHref,
  savedSearchName,
  searchPlace,
  setSavedSearchPaused,
} from "./saved-searches.server";

// Saved searches, matching through the search code, and what the person sees (ADR 071).

let t: TestDb;
const told: { userId: string; event: UserEvent }[] = [];
const deps = () => ({ db: t.db, publish: { user: (userId: string, event: UserEvent) => void told.push({ userId, event }) } });

// Cambridge MA, Boston MA (~2 mi), New York (~190 mi).
const ZIPS = ["02139", "02116", "10001"];

beforeAll(async () => {
  t = await createTestDb();
  await loadZipCodes(t.db, { rows: usZipRows().filter((row) => ZIPS.includes(row.zip)) });
});
afterAll(() => t.cleanup());

async function person(zipCode: string | null = "02139") {
  return createTestUser(t.db, { zipCode });
}

async function matchesOf(user: TestUser) {
  return (await t.db.select({ listingId: searchMatches.listingId }).from(searchMatches).where(eq(searchMatches.userId, user.id))).map(
    (row) => row.listingId,
  );
}

describe("saving a search", () => {
  test("the whole URL state is kept canonically, under a readable name; saving it again is the same row", async () => {
    const parent = await person();
    const place = searchPlace("/sport/hockey", "radius=10&zip=02139&q=goalie+pads&page=3")!;
    expect(place.query).toBe("q=goalie+pads&zip=02139&radius=10");
    expect(savedSearchName(place)).toBe("Goalie pads · Hockey · within 10 mi of 02139");
    const first = await saveSearch(t.db, parent, { path: "/sport/hockey", query: "q=goalie+pads&zip=02139&radius=10" });
    const again = await saveSearch(t.db, parent, { path: "/sport/hockey", query: "radius=10&q=goalie%20pads&zip=02139" });
    expect(first).toMatchObject({ ok: true, created: true });
    expect(again).toEqual({ ok: true, id: first.ok && first.id, created: false });
    const [row] = await listSavedSearches(t.db, parent);
    expect(row).toMatchObject({
      name: "Goalie pads · Hockey · within 10 mi of 02139",
      href: "/sport/hockey?q=goalie+pads&zip=02139&radius=10",
    });
    expect(await saveSearch(t.db, parent, { path: "/admin", query: "" })).toEqual({ ok: false, reason: "not_a_search" });
    expect(await saveSearch(t.db, parent, { path: "/", query: "sort=price_asc" })).toEqual({ ok: false, reason: "not_a_search" });
    // The home page runs only its own keys (no price or condition filters there): a saved home search keeps those alone.
    expect(searchPlace("/", "q=cleats&priceMax=20&conditions=new")!.query).toBe("q=cleats");
    expect(await saveSearch(t.db, parent, { path: "/sport/curling", query: "" })).toEqual({ ok: false, reason: "not_a_search" });
  });

  test(`at most ${SAVED_SEARCHES_MAX} per person, also when they are saved at once`, async () => {
    const parent = await person();
    const results = await Promise.all(
      Array.from({ length: SAVED_SEARCHES_MAX + 5 }, (_, i) => saveSearch(t.db, parent, { path: "/", query: `q=item${i}` })),
    );
    expect(results.filter((r) => r.ok)).toHaveLength(SAVED_SEARCHES_MAX);
    expect(results.filter((r) => !r.ok)).toEqual(Array(5).fill({ ok: false, reason: "limit" }));
    expect(await listSavedSearches(t.db, parent)).toHaveLength(SAVED_SEARCHES_MAX);
  });

  test("rename, pause, 'Run now' and delete touch only the person's own searches", async () => {
    const parent = await person();
    const stranger = await person();
    const saved = await saveSearch(t.db, parent, { path: "/", query: "q=cleats" });
    if (!saved.ok) throw new Error("not saved");
    expect(await renameSavedSearch(t.db, stranger, saved.id, "Mine now")).toBe(false);
    expect(await setSavedSearchPaused(t.db, stranger, saved.id, true)).toBe(false);
    expect(await savedSearchHref(t.db, stranger, saved.id)).toBeNull();
    expect(await deleteSavedSearch(t.db, stranger, saved.id)).toBe(false);
    expect(await renameSavedSearch(t.db, parent, saved.id, "  Cleats\u0007 for Sam  ")).toBe(true);
    expect(await renameSavedSearch(t.db, parent, saved.id, "   ")).toBe(false);
    expect(await setSavedSearchPaused(t.db, parent, saved.id, true)).toBe(true);
    expect(await savedSearchHref(t.db, parent, saved.id)).toBe("/?q=cleats");
    expect(await listSavedSearches(t.db, parent)).toMatchObject([{ name: "Cleats  for Sam", paused: true }]);
    expect(await deleteSavedSearch(t.db, parent, saved.id)).toBe(true);
    expect(await listSavedSearches(t.db, parent)).toEqual([]);
  });
});

describe("matching new listings (ADR 071)", () => {
  test("a search for a sport none of the waiting listings is in is not asked, and still matches when one comes", async () => {
    await runMatcher(deps()); // earlier tests' listings
    const parent = await person("02139");
    const seller = await person("02116");
    const saved = await saveSearch(t.db, parent, { path: "/", query: "q=curved+stick&sports=lacrosse" });
    if (!saved.ok) throw new Error("not saved");
    await createTestListing(t.db, seller, { title: "Curved stick", sport: "hockey", zipCode: "02116" });
    const before = await runMatcher(deps());
    await createTestListing(t.db, seller, { title: "Curved stick", sport: "hockey", zipCode: "02116" });
    const lacrosse = await createTestListing(t.db, seller, { title: "Curved stick, lacrosse", sport: "lacrosse", zipCode: "02116" });
    const after = await runMatcher(deps());
    expect(after.searches).toBe(before.searches + 1);
    expect(await matchesOf(parent)).toEqual([lacrosse]);
  });

  test("a new listing matches through the page's filters: keyword, sport, price and radius; never the searcher's own; once, ever", async () => {
    await runMatcher(deps()); // earlier tests' listings
    const parent = await person("02139");
    const seller = await person("02116");
    const saved = await saveSearch(t.db, parent, { path: "/sport/hockey", query: "q=goalie+pads&zip=02139&radius=10&priceMax=100" });
    if (!saved.ok) throw new Error("not saved");
    const near = await createTestListing(t.db, seller, {
      title: "Goalie pads, youth",
      sport: "hockey",
      zipCode: "02116",
      priceCents: 8000,
    });
    const far = await createTestListing(t.db, seller, { title: "Goalie pads senior", sport: "hockey", zipCode: "10001", priceCents: 8000 });
    const dear = await createTestListing(t.db, seller, { title: "Goalie pads pro", sport: "hockey", zipCode: "02116", priceCents: 30000 });
    const otherSport = await createTestListing(t.db, seller, { title: "Goalie pads", sport: "lacrosse", zipCode: "02116" });
    const own = await createTestListing(t.db, parent, { title: "Goalie pads I sell", sport: "hockey", zipCode: "02139", priceCents: 5000 });
    expect(await waitingForMatcher(t.db, [near, far, dear, otherSport, own])).toBe(5);
    told.length = 0;
    const run = await runMatcher(deps());
    expect(run).toMatchObject({ listings: 5 });
    expect(await matchesOf(parent)).toEqual([near]);
    expect(await waitingForMatcher(t.db)).toBe(0);
    // The first test saved the same search for another parent: each searcher hears of their own.
    expect(told.filter((entry) => entry.userId === parent.id)).toEqual([
      { userId: parent.id, event: { type: "matches.changed" } },
      { userId: parent.id, event: { type: "badges.changed" } },
    ]);
    // An edit queues the listing again: it matches nothing twice.
    await t.db.run(sql`insert into listing_match_queue (listing_id, enqueued_at) values (${near}, ${Date.now()})`);
    await runMatcher(deps());
    expect(await matchesOf(parent)).toEqual([near]);
    // The menu: one new match, with the search's name; seen once opened.
    const menu = await newMatchesFor(t.db, parent);
    expect(menu.count).toBe(1);
    expect(menu.items).toMatchObject([
      { id: near, title: "Goalie pads, youth", source: "Goalie pads · Hockey · within 10 mi of 02139 · up to $100", kind: "search" },
    ]);
    await markMatchesSeen(t.db, parent);
    expect((await newMatchesFor(t.db, parent)).count).toBe(0);
    expect(await listSavedSearches(t.db, parent)).toMatchObject([{ newMatches: 0, matches: 1 }]);
  });

  test("the radius the search applies decides, from the URL's ZIP, else the profile's, unless 'anywhere'; a search that cannot match is not asked", async () => {
    await runMatcher(deps()); // earlier tests' listings
    const word = `toboggan${Date.now().toString(36)}`;
    const parent = await person("02139");
    const noZip = await person(null);
    const seller = await person("02116");
    for (const [who, query] of [
      [parent, `q=${word}`], // the profile's ZIP, 25 mi
      [parent, `q=${word}&anywhere=1`], // the chip removed: anywhere
      [parent, `q=${word}&zip=10001&radius=10`], // the URL's ZIP wins over the profile's
      [noZip, `q=${word}`], // no ZIP at all: no radius
    ] as const) {
      const saved = await saveSearch(t.db, who, { path: "/", query });
      if (!saved.ok) throw new Error(`not saved: ${query}`);
    }
    const near = await createTestListing(t.db, seller, { title: `Wooden ${word}`, zipCode: "02116" });
    const far = await createTestListing(t.db, seller, { title: `Plastic ${word}`, zipCode: "10001" });
    const run = await runMatcher(deps());
    const found = async (who: TestUser, query: string) =>
      (
        await t.db.all<{ listingId: string }>(sql`select m.listing_id as listingId from search_matches m
          join saved_searches s on s.id = m.saved_search_id where s.user_id = ${who.id} and s.query = ${query}`)
      )
        .map((row) => row.listingId)
        .sort();
    expect(await found(parent, `q=${word}`)).toEqual([near]);
    expect(await found(parent, `q=${word}&anywhere=1`)).toEqual([near, far].sort());
    expect(await found(parent, `q=${word}&zip=10001&radius=10`)).toEqual([far]);
    expect(await found(noZip, `q=${word}`)).toEqual([near, far].sort());
    // Every search of this test could match one of the two: all four were asked.
    expect(run.searches).toBeGreaterThanOrEqual(4);
    // A run whose only listing is in Boston: the New York search (among others) is not asked.
    const active = await t.db.all<{ n: number }>(sql`select count(*) as n from saved_searches where paused = 0`);
    const another = await createTestListing(t.db, seller, { title: `Racing ${word}`, zipCode: "02116" });
    const second = await runMatcher(deps());
    expect(second.searches).toBeLessThan(Number(active[0].n));
    expect(await found(parent, `q=${word}&zip=10001&radius=10`)).toEqual([far]);
    expect(await found(parent, `q=${word}`)).toEqual([near, another].sort());
    expect(await found(noZip, `q=${word}`)).toEqual([near, far, another].sort());
  });

  test("an edited listing that newly matches is matched then", async () => {
    const parent = await person();
    const seller = await person();
    await saveSearch(t.db, parent, { path: "/", query: "q=shin+guards" });
    const id = await createTestListing(t.db, seller, { title: "Soccer socks", zipCode: "02139" });
    await runMatcher(deps());
    expect(await matchesOf(parent)).toEqual([]);
    await t.db.update(listings).set({ title: "Soccer shin guards" }).where(eq(listings.id, id));
    await t.db.run(sql`insert into listing_match_queue (listing_id, enqueued_at) values (${id}, ${Date.now()})
      on conflict (listing_id) do update set enqueued_at = excluded.enqueued_at`);
    await runMatcher(deps());
    expect(await matchesOf(parent)).toEqual([id]);
  });

  test("a paused search, a blocked seller and a members-only club's listing are not matched", async () => {
    const parent = await person();
    const blocked = await person();
    const seller = await person();
    const paused = await saveSearch(t.db, parent, { path: "/", query: "q=batting+helmet" });
    await saveSearch(t.db, parent, { path: "/", query: "q=catcher+mitt" });
    if (!paused.ok) throw new Error("not saved");
    await setSavedSearchPaused(t.db, parent, paused.id, true);
    const club = await createTestClub(t.db, seller, { visibility: "members_only", joinMode: "approval" });
    await createTestListing(t.db, seller, { title: "Batting helmet", sport: "baseball" });
    await createTestListing(t.db, seller, { title: "Catcher mitt members only", sport: "baseball", clubs: [club] });
    await createTestListing(t.db, blocked, { title: "Catcher mitt, blocked seller", sport: "baseball" });
    await blockUser(t.db, parent, blocked.id);
    await runMatcher(deps());
    expect(await matchesOf(parent)).toEqual([]);
    // Resuming matches what comes next, not what came while paused (once the queue moved on).
    await setSavedSearchPaused(t.db, parent, paused.id, false);
    const later = await createTestListing(t.db, seller, { title: "Batting helmet, youth", sport: "baseball" });
    await runMatcher(deps());
    expect(await matchesOf(parent)).toEqual([later]);
  });
});

describe("item requests (ADR 071: 'Possible match')", () => {
  test("'Looking for size 6 skates' finds a listing posted to the club, shown to its author only", async () => {
    const owner = await person();
    const author = await person();
    const seller = await person();
    const club = await createTestClub(t.db, owner, { name: "Rink Rats" });
    await addTestMember(t.db, club, author);
    await addTestMember(t.db, club, seller);
    const access = (await getClubAccess(t.db, author, club.slug))!;
    const posted = await postItemRequest(t.db, access, { id: crypto.randomUUID(), title: "Looking for size 6 skates", description: null });
    if (!posted.ok) throw new Error("not posted");
    const inClub = await createTestListing(t.db, seller, { title: "Bauer skates size 6", sport: "hockey", clubs: [club] });
    const notInClub = await createTestListing(t.db, seller, { title: "CCM skates size 6", sport: "hockey" });
    await runMatcher(deps());
    const requestId = posted.request.id;
    expect((await possibleMatchesFor(t.db, author, [requestId])).get(requestId)?.map((l) => l.id)).toEqual([inClub]);
    expect((await possibleMatchesFor(t.db, seller, [requestId])).size).toBe(0);
    const stored = await t.db.select().from(requestMatches).where(eq(requestMatches.requestId, requestId));
    expect(stored.map((row) => row.listingId)).not.toContain(notInClub);
    expect((await newMatchesFor(t.db, author)).items).toMatchObject([
      { id: inClub, kind: "request", source: "Looking for size 6 skates", sourceId: club.slug },
    ]);
  });

  test("a request's keywords leave out the words that only say it is a request", () => {
    expect(requestKeywords("Looking for size 6 skates")).toBe("6 skates");
    expect(requestKeywords("WTB: goalie pads, anyone?")).toBe("goalie pads");
    expect(requestKeywords("Need some")).toBeNull();
  });
});

test("deleting a saved search deletes its matches", async () => {
  const parent = await person();
  const seller = await person();
  const saved = await saveSearch(t.db, parent, { path: "/", query: "q=rollerblades" });
  if (!saved.ok) throw new Error("not saved");
  await createTestListing(t.db, seller, { title: "Rollerblades" });
  await runMatcher(deps());
  expect(await matchesOf(parent)).toHaveLength(1);
  await deleteSavedSearch(t.db, parent, saved.id);
  expect(await matchesOf(parent)).toHaveLength(0);
  expect(await t.db.select().from(savedSearches).where(eq(savedSearches.userId, parent.id))).toEqual([]);
});
