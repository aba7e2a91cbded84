import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { eq } from "drizzle-orm";
import { clubMembers, clubs, favorites, listingClubs, listingMessages, listings, users } from "#db/schema";
import { createTestDb, type TestDb } from "../../../tests/setup/test-db";
import { addFavorite, favoritedIds, listFavorites, removeFavorite } from "./favorites.server";
import type { Viewer } from "../permissions/viewer";

let t: TestDb;
const ids: Record<string, string> = {};
const viewer = (id: string): Viewer => ({ id, email: `${id}@x.test`, firstName: null, lastName: null, zipCode: null, isAdmin: false });

beforeAll(async () => {
  t = await createTestDb();
  for (const name of ["seller", "buyer", "member"]) {
    const [u] = await t.db
      .insert(users)
      .values({ email: `${name}@example.com` })
      .returning();
    ids[name] = u.id;
  }
  const [club] = await t.db.insert(clubs).values({ slug: "river-fc", name: "River FC", visibility: "members_only" }).returning();
  await t.db.insert(clubMembers).values({ clubId: club.id, userId: ids.member, status: "active" });
  const base = {
    userId: ids.seller,
    priceCents: 1000,
    sport: "golf",
    condition: "new",
    zipCode: "02139",
    city: "Cambridge",
    state: "MA",
  } as const;
  const [putter] = await t.db
    .insert(listings)
    .values({ ...base, title: "Putter", createdAt: new Date(1000) })
    .returning();
  const [bag] = await t.db
    .insert(listings)
    .values({ ...base, title: "Golf bag", createdAt: new Date(2000) })
    .returning();
  const [hidden] = await t.db
    .insert(listings)
    .values({ ...base, title: "Club-only driver" })
    .returning();
  await t.db.insert(listingClubs).values({ listingId: hidden.id, clubId: club.id, isPrimary: true });
  Object.assign(ids, { putter: putter.id, bag: bag.id, hidden: hidden.id });
});
afterAll(() => t.cleanup());

describe("favorites", () => {
  test("toggle on and off per user and listing, idempotently", async () => {
    const buyer = viewer(ids.buyer);
    expect(await addFavorite(t.db, buyer, ids.putter)).toEqual({ ok: true, favorited: true });
    expect(await addFavorite(t.db, buyer, ids.putter)).toEqual({ ok: true, favorited: true });
    expect([...(await favoritedIds(t.db, buyer, [ids.putter, ids.bag]))]).toEqual([ids.putter]);
    expect(await removeFavorite(t.db, buyer, ids.putter)).toEqual({ ok: true, favorited: false });
    expect((await favoritedIds(t.db, buyer, [ids.putter])).size).toBe(0);
  });

  test("a listing the viewer may not see cannot be favorited (not found)", async () => {
    expect(await addFavorite(t.db, viewer(ids.buyer), ids.hidden)).toEqual({ ok: false, reason: "not_found" });
    expect(await addFavorite(t.db, viewer(ids.buyer), "no-such-listing")).toEqual({ ok: false, reason: "not_found" });
    expect(await addFavorite(t.db, viewer(ids.member), ids.hidden)).toEqual({ ok: true, favorited: true });
  });

  test("one user's favorites are not another's", async () => {
    await addFavorite(t.db, viewer(ids.buyer), ids.bag);
    expect((await favoritedIds(t.db, viewer(ids.member), [ids.bag])).size).toBe(0);
    expect((await favoritedIds(t.db, null, [ids.bag])).size).toBe(0);
  });

  test("On Deck lists the viewer's visible favorites, latest first, with prices", async () => {
    const buyer = viewer(ids.buyer);
    await addFavorite(t.db, buyer, ids.putter);
    const items = await listFavorites(t.db, buyer);
    expect(items.map((i) => i.title)).toEqual(["Putter", "Golf bag"]);
    expect(items[0].priceCents).toBe(1000);
  });

  test("a favorite whose listing became club-only drops off On Deck", async () => {
    const [club] = await t.db.insert(clubs).values({ slug: "closed", name: "Closed" }).returning();
    await t.db.insert(listingClubs).values({ listingId: ids.bag, clubId: club.id });
    const items = await listFavorites(t.db, viewer(ids.buyer));
    expect(items.map((i) => i.title)).toEqual(["Putter"]);
    // The row itself stays: the favorite comes back if the listing is shown again.
    expect(await t.db.select().from(favorites)).toHaveLength(3);
  });

  test("a sold listing can no longer be favorited by those who may no longer open it (not found)", async () => {
    const base = {
      userId: ids.seller,
      priceCents: 500,
      sport: "golf",
      condition: "new",
      zipCode: "02139",
      city: "Cambridge",
      state: "MA",
    } as const;
    const [sold] = await t.db
      .insert(listings)
      .values({ ...base, title: "Sold wedge", status: "sold" })
      .returning();
    await t.db
      .insert(listingMessages)
      .values({ listingId: sold.id, senderId: ids.member, receiverId: ids.seller, content: "Still there?" });
    expect(await addFavorite(t.db, viewer(ids.buyer), sold.id)).toEqual({ ok: false, reason: "not_found" });
    // Those who may still open it (a buyer who wrote about it, the seller) still can.
    expect(await addFavorite(t.db, viewer(ids.member), sold.id)).toEqual({ ok: true, favorited: true });
    expect(await addFavorite(t.db, viewer(ids.seller), sold.id)).toEqual({ ok: true, favorited: true });
  });

  test("a favorite whose listing was sold leaves On Deck for a viewer who may no longer open it, and stays for one who may", async () => {
    const base = {
      userId: ids.seller,
      priceCents: 700,
      sport: "golf",
      condition: "new",
      zipCode: "02139",
      city: "Cambridge",
      state: "MA",
    } as const;
    const [irons] = await t.db
      .insert(listings)
      .values({ ...base, title: "Iron set" })
      .returning();
    await t.db
      .insert(listingMessages)
      .values({ listingId: irons.id, senderId: ids.member, receiverId: ids.seller, content: "Is it available?" });
    for (const who of [ids.buyer, ids.member])
      expect(await addFavorite(t.db, viewer(who), irons.id)).toEqual({ ok: true, favorited: true });
    await t.db.update(listings).set({ status: "sold" }).where(eq(listings.id, irons.id));

    expect((await listFavorites(t.db, viewer(ids.buyer))).map((i) => i.title)).not.toContain("Iron set");
    const memberDeck = await listFavorites(t.db, viewer(ids.member));
    expect(memberDeck.find((i) => i.title === "Iron set")).toMatchObject({ status: "sold" });
  });
});
