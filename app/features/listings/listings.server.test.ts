import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import {
  clubMembers,
  clubs,
  deals,
  listingClubs,
  listingLocks,
  listingMessages,
  listingPhotos,
  listings,
  photoObjects,
  profiles,
  users,
} from "#db/schema";
import { createTestDb, type TestDb } from "../../../tests/setup/test-db";
import { createListing, deleteListing, LISTING_LOCKED, setListingStatus, updateListing, type ListingInput } from "./listings.server";
import { ListingRuleError } from "./listing-rule-error";
import { proposeDeal } from "../trade/deals.server";
import { acceptDeal } from "../trade/deal-transitions.server";
import { findReadablePhoto, getListingForViewer, getOwnListing, listOwnListings, postableClubs } from "./listing-reads.server";
import type { Viewer } from "../permissions/viewer";

let t: TestDb;
beforeAll(async () => {
  t = await createTestDb();
});
afterAll(() => t.cleanup());

let n = 0;
async function viewer(opts: { admin?: boolean } = {}): Promise<Viewer> {
  const email = `u${++n}-${crypto.randomUUID().slice(0, 6)}@test.dev`;
  const [user] = await t.db.insert(users).values({ email }).returning();
  await t.db.insert(profiles).values({ userId: user.id, email, firstName: `First${n}`, lastName: "Last" });
  return { id: user.id, email, firstName: `First${n}`, lastName: "Last", zipCode: null, isAdmin: opts.admin ?? false };
}

async function club(members: { user: Viewer; status: "active" | "pending" }[]) {
  const slug = `club-${crypto.randomUUID().slice(0, 8)}`;
  const [row] = await t.db
    .insert(clubs)
    .values({ slug, name: `Club ${slug}`, visibility: "members_only" })
    .returning();
  for (const m of members) await t.db.insert(clubMembers).values({ clubId: row.id, userId: m.user.id, status: m.status });
  return row;
}

const input = (over: Partial<ListingInput> = {}): ListingInput => ({
  title: "Wilson Pro Staff racquet",
  description: "Barely used",
  priceCents: 4550,
  sport: "tennis",
  sportSubcategory: "tennis",
  equipmentType: "Racquets",
  brand: "Wilson",
  condition: "like-new",
  size: "Adult",
  sizeNumeric: null,
  gender: "Unisex",
  zipCode: "10001",
  city: "New York",
  state: "NY",
  pickupInstructions: "Front porch",
  clubIds: [],
  ...over,
});

/** A pending upload of `owner` (its photo_objects row; the R2 object plays no part here). */
async function photo(owner: Viewer, i: number) {
  const p = {
    r2Key: `${owner.id}/${Date.now()}-${i}-${crypto.randomUUID().slice(0, 4)}.jpg`,
    contentType: "image/jpeg",
    width: 10,
    height: 10,
    byteSize: 100,
  };
  await t.db.insert(photoObjects).values({ ...p, ownerId: owner.id });
  return p;
}

describe("creating a listing", () => {
  test("stores the price in cents and its photos in order, the first being the main one", async () => {
    const seller = await viewer();
    const photos = [await photo(seller, 0), await photo(seller, 1)];
    const id = await createListing(t.db, seller, input(), photos);
    const detail = await getListingForViewer(t.db, null, id);
    expect(detail?.priceCents).toBe(4550);
    expect(detail?.photos.map((p) => p.r2Key)).toEqual(photos.map((p) => p.r2Key));
    expect(detail?.photos[0].position).toBe(0);
  });

  test("may post into clubs where the seller is an active member", async () => {
    const seller = await viewer();
    const c = await club([{ user: seller, status: "active" }]);
    expect((await postableClubs(t.db, seller)).map((x) => x.id)).toEqual([c.id]);
    const id = await createListing(t.db, seller, input({ clubIds: [c.id] }));
    const rows = await t.db.select().from(listingClubs).where(eq(listingClubs.listingId, id));
    expect(rows).toEqual([{ listingId: id, clubId: c.id, isPrimary: true }]);
  });

  test("stores who the listing is for (ADR 026): the seller's choice of clubs, or public; editing can change it both ways", async () => {
    const seller = await viewer();
    const stranger = await viewer();
    const c = await club([{ user: seller, status: "active" }]);
    const audience = async (id: string) => (await t.db.select({ a: listings.audience }).from(listings).where(eq(listings.id, id)))[0].a;
    const id = await createListing(t.db, seller, input({ clubIds: [c.id] }));
    expect(await audience(id)).toBe("clubs");
    expect(await getListingForViewer(t.db, stranger, id)).toBeNull();
    await updateListing(t.db, seller, id, input({ clubIds: [] }), { keep: [], added: [], order: [] });
    expect(await audience(id)).toBe("public");
    expect(await getListingForViewer(t.db, stranger, id)).not.toBeNull();
    await updateListing(t.db, seller, id, input({ clubIds: [c.id] }), { keep: [], added: [], order: [] });
    expect(await audience(id)).toBe("clubs");
    await t.db.delete(clubs).where(eq(clubs.id, c.id));
    expect(await getListingForViewer(t.db, stranger, id)).toBeNull(); // its club is gone: still not public
    expect(await getListingForViewer(t.db, seller, id)).not.toBeNull();
  });

  test("refuses clubs where the seller is only pending, or not a member at all", async () => {
    const seller = await viewer();
    const pending = await club([{ user: seller, status: "pending" }]);
    const other = await club([]);
    expect(await postableClubs(t.db, seller)).toEqual([]);
    await expect(createListing(t.db, seller, input({ clubIds: [pending.id] }))).rejects.toBeInstanceOf(ListingRuleError);
    await expect(createListing(t.db, seller, input({ clubIds: [other.id] }))).rejects.toThrow(/active member/);
    const own = await listOwnListings(t.db, seller);
    expect(own).toEqual([]);
  });

  test("refuses more than 5 photos", async () => {
    const seller = await viewer();
    const six = await Promise.all(Array.from({ length: 6 }, (_, i) => photo(seller, i)));
    await expect(createListing(t.db, seller, input(), six)).rejects.toThrow(/up to 5/);
  });
});

describe("editing a listing", () => {
  test("the owner edits fields, reorders, removes and adds photos; removed keys are returned for deletion", async () => {
    const seller = await viewer();
    const [a, b, c] = [await photo(seller, 0), await photo(seller, 1), await photo(seller, 2)];
    const id = await createListing(t.db, seller, input(), [a, b, c]);
    const added = await photo(seller, 3);
    const result = await updateListing(t.db, seller, id, input({ title: "Updated", priceCents: 0 }), {
      keep: [c.r2Key, a.r2Key],
      added: [added],
      order: [c.r2Key, a.r2Key, added.r2Key],
    });
    expect(result).toEqual({ removedKeys: [b.r2Key], changedDeals: [] });
    const own = await getOwnListing(t.db, seller, id);
    expect(own?.listing.title).toBe("Updated");
    expect(own?.listing.priceCents).toBe(0);
    expect(own?.photos.map((p) => p.r2Key)).toEqual([c.r2Key, a.r2Key, added.r2Key]);
  });

  test("anyone else, a site admin included, gets not-found and nothing changes", async () => {
    const seller = await viewer();
    const stranger = await viewer();
    const admin = await viewer({ admin: true });
    const id = await createListing(t.db, seller, input());
    for (const who of [stranger, admin]) {
      expect(await getOwnListing(t.db, who, id)).toBeNull();
      expect(await updateListing(t.db, who, id, input({ title: "Hacked" }), { keep: [], added: [], order: [] })).toBeNull();
    }
    const [row] = await t.db.select().from(listings).where(eq(listings.id, id));
    expect(row.title).toBe("Wilson Pro Staff racquet");
  });
});

describe("status and removal", () => {
  test("only the owner changes the status; an admin cannot", async () => {
    const seller = await viewer();
    const admin = await viewer({ admin: true });
    const stranger = await viewer();
    const id = await createListing(t.db, seller, input());
    expect(await setListingStatus(t.db, admin, id, "sold")).toBeNull();
    expect(await setListingStatus(t.db, stranger, id, "sold")).toBeNull();
    expect(await setListingStatus(t.db, seller, id, "pending_pickup")).toEqual({ changedDeals: [] });
    const [row] = await t.db.select().from(listings).where(eq(listings.id, id));
    expect(row.status).toBe("pending_pickup");
  });

  test("the owner or a site admin removes a listing, and its photo keys come back for R2 deletion", async () => {
    const seller = await viewer();
    const admin = await viewer({ admin: true });
    const stranger = await viewer();
    const p = await photo(seller, 0);
    const first = await createListing(t.db, seller, input(), [p]);
    const second = await createListing(t.db, seller, input());
    expect(await deleteListing(t.db, stranger, first)).toBeNull();
    expect(await deleteListing(t.db, seller, first)).toEqual({ removedKeys: [p.r2Key], changedDeals: [] });
    expect(await t.db.select().from(listingPhotos).where(eq(listingPhotos.listingId, first))).toEqual([]);
    expect(await deleteListing(t.db, admin, second)).toEqual({ removedKeys: [], changedDeals: [] });
    expect(await listOwnListings(t.db, seller)).toEqual([]);
  });
});

describe("who can see a listing and its photos (ADR 026)", () => {
  test("a club-only listing is seen by active members, admins and the owner — not by pending members or strangers", async () => {
    const seller = await viewer();
    const member = await viewer();
    const pending = await viewer();
    const stranger = await viewer();
    const admin = await viewer({ admin: true });
    const c = await club([
      { user: seller, status: "active" },
      { user: member, status: "active" },
      { user: pending, status: "pending" },
    ]);
    const p = await photo(seller, 0);
    const id = await createListing(t.db, seller, input({ clubIds: [c.id] }), [p]);
    for (const who of [seller, member, admin]) {
      expect(await getListingForViewer(t.db, who, id)).not.toBeNull();
      expect(await findReadablePhoto(t.db, who, p.r2Key)).toEqual({ contentType: "image/jpeg" });
    }
    for (const who of [pending, stranger, null]) {
      expect(await getListingForViewer(t.db, who, id)).toBeNull();
      expect(await findReadablePhoto(t.db, who, p.r2Key)).toBeNull();
    }
  });

  test("a sold listing stays reachable for its owner and buyers who wrote about it only", async () => {
    const seller = await viewer();
    const buyer = await viewer();
    const stranger = await viewer();
    const id = await createListing(t.db, seller, input());
    await t.db.insert(listingMessages).values({ listingId: id, senderId: buyer.id, receiverId: seller.id, content: "Still there?" });
    await setListingStatus(t.db, seller, id, "sold");
    expect(await getListingForViewer(t.db, seller, id)).not.toBeNull();
    expect(await getListingForViewer(t.db, buyer, id)).not.toBeNull();
    expect(await getListingForViewer(t.db, stranger, id)).toBeNull();
    expect(await getListingForViewer(t.db, null, id)).toBeNull();
  });
});

describe("listing changes reach its deals (ADR 068)", () => {
  const offer = (listingId: string, dollars = 30) => ({
    listingId,
    offeredListingIds: [],
    cashCents: dollars * 100,
    cashFrom: "proposer" as const,
    message: null,
  });
  const dealOf = async (id: string) => (await t.db.select().from(deals).where(eq(deals.id, id)))[0]!;
  const versionOf = async (id: string) => (await t.db.select({ v: listings.version }).from(listings).where(eq(listings.id, id)))[0]!.v;
  async function proposed(seller: Viewer, over: Partial<ListingInput> = {}) {
    const id = await createListing(t.db, seller, input(over));
    const buyer = await viewer();
    const made = await proposeDeal(t.db, buyer, offer(id));
    if (!made.ok) throw new Error(`offer: ${made.error}`);
    return { id, buyer, dealId: made.deal.id };
  }
  async function accepted(seller: Viewer) {
    const p = await proposed(seller);
    const result = await acceptDeal(t.db, seller, p.dealId, 1);
    if (!result.ok) throw new Error(`accept: ${result.error}`);
    return p;
  }
  const keep = { keep: [], added: [], order: [] };

  test("editing the price raises the version and voids the proposed deals in the same save", async () => {
    const seller = await viewer();
    const { id, buyer, dealId } = await proposed(seller);
    const result = await updateListing(t.db, seller, id, input({ priceCents: 3999 }), keep);
    expect(result?.changedDeals).toEqual([{ dealId, proposerId: buyer.id, ownerId: seller.id, listingId: id, state: "voided" }]);
    expect(await versionOf(id)).toBe(2);
    expect(await dealOf(dealId)).toMatchObject({ state: "voided", closeReason: "listing_changed", closedBy: "system", turn: null });
  });

  test("editing the condition or the photos voids too; the title alone does not", async () => {
    const seller = await viewer();
    const a = await proposed(seller);
    await updateListing(t.db, seller, a.id, input({ title: "A new title", description: "Other words" }), keep);
    expect(await versionOf(a.id)).toBe(1);
    expect((await dealOf(a.dealId)).state).toBe("proposed");
    await updateListing(t.db, seller, a.id, input({ condition: "well-worn" }), keep);
    expect(await versionOf(a.id)).toBe(2);
    expect((await dealOf(a.dealId)).state).toBe("voided");

    const b = await proposed(seller);
    const p = await photo(seller, 7);
    await updateListing(t.db, seller, b.id, input(), { keep: [], added: [p], order: [p.r2Key] });
    expect(await versionOf(b.id)).toBe(2);
    expect(await dealOf(b.dealId)).toMatchObject({ state: "voided", closeReason: "listing_changed" });
  });

  test("marking it sold by hand voids its proposed deals ('listing_sold'); deleting voids them ('listing_deleted')", async () => {
    const seller = await viewer();
    const sold = await proposed(seller);
    expect((await setListingStatus(t.db, seller, sold.id, "sold"))?.changedDeals).toHaveLength(1);
    expect(await dealOf(sold.dealId)).toMatchObject({ state: "voided", closeReason: "listing_sold" });

    const gone = await proposed(seller);
    expect((await deleteListing(t.db, seller, gone.id))?.changedDeals).toMatchObject([{ dealId: gone.dealId, state: "voided" }]);
    expect(await dealOf(gone.dealId)).toMatchObject({ state: "voided", closeReason: "listing_deleted" });
  });

  test("someone else's status change or delete reaches no deal", async () => {
    const seller = await viewer();
    const stranger = await viewer();
    const { id, dealId } = await proposed(seller);
    expect(await setListingStatus(t.db, stranger, id, "sold")).toBeNull();
    expect(await deleteListing(t.db, stranger, id)).toBeNull();
    expect((await dealOf(dealId)).state).toBe("proposed");
  });

  test("a listing in an accepted deal: its owner cannot change price, condition or photos, its status, or delete it", async () => {
    const seller = await viewer();
    const { id, dealId } = await accepted(seller);
    const refused = (promise: Promise<unknown>) =>
      expect(promise).rejects.toMatchObject({ code: "listing_locked", message: LISTING_LOCKED });
    await refused(updateListing(t.db, seller, id, input({ priceCents: 1 }), keep));
    await refused(updateListing(t.db, seller, id, input({ condition: "well-worn" }), keep));
    await refused(setListingStatus(t.db, seller, id, "sold"));
    await refused(setListingStatus(t.db, seller, id, "active"));
    await refused(deleteListing(t.db, seller, id));
    const [row] = await t.db.select().from(listings).where(eq(listings.id, id));
    expect(row).toMatchObject({ priceCents: 4550, condition: "like-new", status: "pending_pickup", version: 1 });
    expect((await dealOf(dealId)).state).toBe("accepted");
    // Words only: the title may still change.
    expect(await updateListing(t.db, seller, id, input({ title: "Renamed while accepted" }), keep)).not.toBeNull();
  });

  test("a site admin deleting a locked listing cancels the accepted deal and releases a swap's other listings", async () => {
    const seller = await viewer();
    const buyer = await viewer();
    const admin = await viewer({ admin: true });
    const c = await club([
      { user: seller, status: "active" },
      { user: buyer, status: "active" },
    ]);
    const wanted = await createListing(t.db, seller, input({ clubIds: [c.id] }));
    const mine = await createListing(t.db, buyer, input({ clubIds: [c.id], title: "Buyer's glove" }));
    const made = await proposeDeal(t.db, buyer, { ...offer(wanted, 0), offeredListingIds: [mine] });
    if (!made.ok) throw new Error(made.error);
    expect(await acceptDeal(t.db, seller, made.deal.id, 1)).toMatchObject({ ok: true });
    const removed = await deleteListing(t.db, admin, wanted);
    expect(removed?.changedDeals).toMatchObject([{ dealId: made.deal.id, state: "cancelled" }]);
    expect(await dealOf(made.deal.id)).toMatchObject({ state: "cancelled", closeReason: "listing_deleted", closedBy: "system" });
    const [other] = await t.db.select().from(listings).where(eq(listings.id, mine));
    expect(other.status).toBe("active");
    expect(await t.db.select().from(listingLocks).where(eq(listingLocks.dealId, made.deal.id))).toEqual([]);
  });
});
