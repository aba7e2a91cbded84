import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { createTestDb, type TestDb } from "../tests/setup/test-db";
import { migrateDatabase } from "./migrate";
import {
  clubDirectMessages,
  clubMembers,
  clubMessages,
  clubRequests,
  clubs,
  dealListings,
  dealRevisions,
  deals,
  favorites,
  listingClubs,
  listingLocks,
  listingMessages,
  listingPhotos,
  listings,
  profiles,
  reviews,
  sessions,
  users,
  type NewClub,
  type NewDeal,
  type NewListing,
} from "./schema";

let testDb: TestDb;
let db: TestDb["db"];

beforeAll(async () => {
  testDb = await createTestDb();
  db = testDb.db;
});
afterAll(() => testDb.cleanup());

/** The database's own error text (drizzle wraps it in "Failed query: …"). */
async function refusal(promise: Promise<unknown>): Promise<string> {
  try {
    await promise;
  } catch (error) {
    const messages: string[] = [];
    for (let e: unknown = error; e instanceof Error; e = e.cause) messages.push(e.message);
    return messages.join(" | ");
  }
  throw new Error("expected the database to refuse the write, but it was accepted");
}

let counter = 0;
const unique = () => `${Date.now().toString(36)}${(counter++).toString(36)}`;

async function createUser(email = `user-${unique()}@example.com`) {
  const [user] = await db.insert(users).values({ email }).returning();
  return user!;
}

async function createClub(createdBy: string, fields: Partial<NewClub> = {}) {
  const [club] = await db
    .insert(clubs)
    .values({ slug: `club-${unique()}`, name: "Riverside Hockey", createdBy, ...fields })
    .returning();
  return club!;
}

async function createListing(userId: string, fields: Partial<NewListing> = {}) {
  const [listing] = await db
    .insert(listings)
    .values({
      userId,
      title: "Bauer Supreme skates",
      description: "Barely used, size 8",
      priceCents: 4500,
      sport: "hockey",
      condition: "like-new",
      zipCode: "02139",
      city: "Cambridge",
      state: "MA",
      ...fields,
    })
    .returning();
  return listing!;
}

async function createDeal(fields: Partial<NewDeal> & Pick<NewDeal, "proposerId" | "ownerId" | "listingId">) {
  const [deal] = await db
    .insert(deals)
    .values({ kind: "sale", lastRevisionAt: new Date(), transitionId: crypto.randomUUID(), ...fields })
    .returning();
  return deal!;
}

async function ftsMatches(query: string): Promise<string[]> {
  const result = await testDb.client.execute({
    sql: "select listings.id from listings_fts join listings on listings.rowid = listings_fts.rowid where listings_fts match ? order by rank",
    args: [query],
  });
  return result.rows.map((row) => String(row.id));
}

describe("database setup", () => {
  test("foreign keys are enforced on every connection of the pool", async () => {
    const pragma = await testDb.client.execute("PRAGMA foreign_keys");
    expect(Number(pragma.rows[0]![0])).toBe(1);

    // Outside and inside a transaction (which borrows its own connection).
    expect(await refusal(createListing("no-such-user"))).toMatch(/FOREIGN KEY constraint failed/);
    const tx = await testDb.client.transaction("write");
    try {
      expect(Number((await tx.execute("PRAGMA foreign_keys")).rows[0]![0])).toBe(1);
      expect(
        await refusal(
          tx.execute(
            "insert into sessions (id, token_hash, user_id, created_at, last_seen_at, expires_at) values ('s', 't', 'nobody', 0, 0, 0)",
          ),
        ),
      ).toMatch(/FOREIGN KEY constraint failed/);
    } finally {
      tx.close();
    }
  });

  test("running the migrations again applies nothing", async () => {
    expect(await migrateDatabase(testDb.url)).toEqual({ applied: 0 });
  });

  test("listings keeps its implicit rowid (the full-text index depends on it)", async () => {
    const listing = await createListing((await createUser()).id);
    const result = await testDb.client.execute({ sql: "select rowid from listings where id = ?", args: [listing.id] });
    expect(Number(result.rows[0]![0])).toBeGreaterThan(0);
  });

  test("ids and timestamps are filled in on insert", async () => {
    const user = await createUser();
    expect(user.id).toMatch(/^[0-9a-f-]{36}$/);
    expect(user.createdAt).toBeInstanceOf(Date);
    expect(Math.abs(user.createdAt.getTime() - Date.now())).toBeLessThan(60_000);
  });
});

describe("accounts", () => {
  test("e-mail is unique case-insensitively", async () => {
    await createUser("sam@example.com");
    expect(await refusal(createUser("sam@example.com"))).toMatch(/UNIQUE constraint failed: users.email/);
    // Mixed case never reaches the unique index: the app must store the lower-cased address.
    expect(await refusal(createUser("Sam@Example.com"))).toMatch(/CHECK constraint failed: users_email_normalized/);
    expect(await db.select().from(users).where(eq(users.email, "sam@example.com"))).toHaveLength(1);
  });

  test("a profile ZIP must be exactly 5 digits", async () => {
    const user = await createUser();
    expect(await refusal(db.insert(profiles).values({ userId: user.id, zipCode: "1234" }))).toMatch(/profiles_zip_code/);
    await db.insert(profiles).values({ userId: user.id, zipCode: "02139", firstName: "Sam" });
    const found = await db.query.users.findFirst({ where: eq(users.id, user.id), with: { profile: true } });
    expect(found?.profile?.firstName).toBe("Sam");
  });
});

describe("clubs and membership", () => {
  test("a user can be a member of a club only once", async () => {
    const owner = await createUser();
    const club = await createClub(owner.id);
    await db.insert(clubMembers).values({ clubId: club.id, userId: owner.id, role: "owner", status: "active" });
    expect(await refusal(db.insert(clubMembers).values({ clubId: club.id, userId: owner.id, role: "member", status: "pending" }))).toMatch(
      /UNIQUE constraint failed: club_members.club_id, club_members.user_id/,
    );
  });

  test("a new club gets the spec's default settings", async () => {
    const club = await createClub((await createUser()).id);
    expect(club).toMatchObject({
      type: "club",
      visibility: "public",
      joinMode: "open",
      showPricesInPreview: false,
      showListingCount: true,
      allowJoinRequests: true,
    });
  });

  test("values outside the catalogues are refused", async () => {
    const user = await createUser();
    const club = await createClub(user.id);
    const insertClub = (fields: Record<string, unknown>) => createClub(user.id, fields as Partial<NewClub>);
    expect(await refusal(insertClub({ type: "team" }))).toMatch(/CHECK constraint failed: clubs_type/);
    expect(await refusal(insertClub({ visibility: "secret" }))).toMatch(/CHECK constraint failed: clubs_visibility/);
    expect(await refusal(insertClub({ joinMode: "invite" }))).toMatch(/CHECK constraint failed: clubs_join_mode/);
    expect(await refusal(insertClub({ sport: "curling" }))).toMatch(/CHECK constraint failed: clubs_sport/);
    expect(await refusal(db.insert(clubMembers).values({ clubId: club.id, userId: user.id, status: "banned" as "active" }))).toMatch(
      /CHECK constraint failed: club_members_status/,
    );
    expect(
      await refusal(db.insert(clubMembers).values({ clubId: club.id, userId: user.id, role: "moderator" as "admin", status: "active" })),
    ).toMatch(/CHECK constraint failed: club_members_role/);
  });

  test("slug: 1 to 50 lowercase letters, digits and hyphens, unique", async () => {
    const user = await createUser();
    expect(await refusal(createClub(user.id, { slug: "Bad Slug" }))).toMatch(/clubs_slug_format/);
    expect(await refusal(createClub(user.id, { slug: "a".repeat(51) }))).toMatch(/clubs_slug_format/);
    await createClub(user.id, { slug: "riverside-hockey-2" });
    expect(await refusal(createClub(user.id, { slug: "riverside-hockey-2" }))).toMatch(/UNIQUE constraint failed: clubs.slug/);
  });

  test("an invite code is required for join mode 'code' and is 4 to 20 characters", async () => {
    const user = await createUser();
    expect(await refusal(createClub(user.id, { joinMode: "code" }))).toMatch(/clubs_invite_code/);
    expect(await refusal(createClub(user.id, { joinMode: "code", inviteCode: "abc" }))).toMatch(/clubs_invite_code/);
    expect(await refusal(createClub(user.id, { joinMode: "code", inviteCode: "x".repeat(21) }))).toMatch(/clubs_invite_code/);
    expect((await createClub(user.id, { joinMode: "code", inviteCode: "abcd" })).inviteCode).toBe("abcd");
    expect((await createClub(user.id, { joinMode: "code", inviteCode: "x".repeat(20) })).inviteCode).toHaveLength(20);
    expect((await createClub(user.id, { joinMode: "open" })).inviteCode).toBeNull();
    expect((await createClub(user.id, { joinMode: "approval", inviteCode: "kept" })).inviteCode).toBe("kept");
  });
});

describe("listings", () => {
  test("a negative price is refused; zero is allowed", async () => {
    const user = await createUser();
    expect(await refusal(createListing(user.id, { priceCents: -1 }))).toMatch(/CHECK constraint failed: listings_price_cents/);
    expect((await createListing(user.id, { priceCents: 0 })).priceCents).toBe(0);
  });

  test("condition, status, sport, size and gender must come from the catalogues", async () => {
    const user = await createUser();
    const bad = (fields: Record<string, unknown>) => createListing(user.id, fields as Partial<NewListing>);
    expect(await refusal(bad({ condition: "excellent" }))).toMatch(/CHECK constraint failed: listings_condition/);
    expect(await refusal(bad({ status: "completed" }))).toMatch(/CHECK constraint failed: listings_status/);
    expect(await refusal(bad({ sport: "curling" }))).toMatch(/CHECK constraint failed: listings_sport/);
    expect(await refusal(bad({ size: "Kids" }))).toMatch(/CHECK constraint failed: listings_size/);
    expect(await refusal(bad({ gender: "Boys" }))).toMatch(/CHECK constraint failed: listings_gender/);
    expect(await refusal(bad({ zipCode: "2139" }))).toMatch(/CHECK constraint failed: listings_zip_code/);
    expect(await refusal(bad({ title: "   " }))).toMatch(/CHECK constraint failed: listings_title/);

    const listing = await createListing(user.id);
    expect(
      await refusal(
        db
          .update(listings)
          .set({ status: "gone" as "sold" })
          .where(eq(listings.id, listing.id)),
      ),
    ).toMatch(/listings_status/);
    await db.update(listings).set({ status: "pending_pickup" }).where(eq(listings.id, listing.id));
    expect((await db.query.listings.findFirst({ where: eq(listings.id, listing.id) }))?.status).toBe("pending_pickup");
  });

  test("only tennis listings carry a sub-category", async () => {
    const user = await createUser();
    expect(await refusal(createListing(user.id, { sport: "golf", sportSubcategory: "paddle" }))).toMatch(/listings_sport_subcategory/);
    expect(await refusal(createListing(user.id, { sport: "tennis", sportSubcategory: "badminton" as "other" }))).toMatch(
      /listings_sport_subcategory/,
    );
    expect((await createListing(user.id, { sport: "tennis", sportSubcategory: "pickleball" })).sportSubcategory).toBe("pickleball");
  });

  test("a listing has at most one primary club and 5 photo positions", async () => {
    const user = await createUser();
    const [clubA, clubB] = [await createClub(user.id), await createClub(user.id)];
    const listing = await createListing(user.id);
    await db.insert(listingClubs).values({ listingId: listing.id, clubId: clubA.id, isPrimary: true });
    expect(await refusal(db.insert(listingClubs).values({ listingId: listing.id, clubId: clubB.id, isPrimary: true }))).toMatch(
      /UNIQUE constraint failed/,
    );
    await db.insert(listingClubs).values({ listingId: listing.id, clubId: clubB.id, isPrimary: false });

    const photo = (position: number) => ({
      listingId: listing.id,
      position,
      r2Key: `listings/${listing.id}/${position}-${unique()}.jpg`,
      contentType: "image/jpeg",
      byteSize: 1000,
    });
    await db.insert(listingPhotos).values([0, 1, 2, 3, 4].map(photo));
    expect(await refusal(db.insert(listingPhotos).values(photo(5)))).toMatch(/listing_photos_position/);
    expect(await refusal(db.insert(listingPhotos).values(photo(0)))).toMatch(/UNIQUE constraint failed/);

    const found = await db.query.listings.findFirst({
      where: eq(listings.id, listing.id),
      with: { clubLinks: { with: { club: true } }, photos: { orderBy: (p, { asc }) => [asc(p.position)] } },
    });
    expect(found?.clubLinks.map((link) => link.club.id).sort()).toEqual([clubA.id, clubB.id].sort());
    expect(found?.photos.map((p) => p.position)).toEqual([0, 1, 2, 3, 4]);
  });

  test("a user favorites a listing once", async () => {
    const [seller, buyer] = [await createUser(), await createUser()];
    const listing = await createListing(seller.id);
    await db.insert(favorites).values({ userId: buyer.id, listingId: listing.id });
    expect(await refusal(db.insert(favorites).values({ userId: buyer.id, listingId: listing.id }))).toMatch(/UNIQUE/);
  });

  test("updated_at moves forward on update", async () => {
    const listing = await createListing((await createUser()).id, { createdAt: new Date(0), updatedAt: new Date(0) });
    const [updated] = await db.update(listings).set({ priceCents: 100 }).where(eq(listings.id, listing.id)).returning();
    expect(updated!.updatedAt.getTime()).toBeGreaterThan(0);
    expect(updated!.createdAt.getTime()).toBe(0);
  });
});

describe("deals and reviews", () => {
  async function parties() {
    const [owner, proposer] = [await createUser(), await createUser()];
    const listing = await createListing(owner.id);
    return { owner, proposer, listing, deal: { proposerId: proposer.id, ownerId: owner.id, listingId: listing.id } };
  }

  test("kind, state, turn and revision come from their lists", async () => {
    const { deal } = await parties();
    expect(await refusal(createDeal({ ...deal, kind: "gift" as never }))).toMatch(/deals_kind/);
    expect(await refusal(createDeal({ ...deal, state: "haggling" as never }))).toMatch(/deals_state/);
    expect(await refusal(createDeal({ ...deal, turn: "buyer" as never }))).toMatch(/deals_turn/);
    expect(await refusal(createDeal({ ...deal, revision: 6 }))).toMatch(/deals_revision/);
    expect(await createDeal({ ...deal, turn: "owner" })).toMatchObject({ state: "proposed", revision: 1 });
  });

  test("one open deal per proposer and listing; closed ones do not count, and another proposer may offer", async () => {
    const { deal } = await parties();
    const first = await createDeal({ ...deal, turn: "owner" });
    expect(await refusal(createDeal({ ...deal, turn: "owner" }))).toMatch(/UNIQUE constraint failed/);
    expect(await refusal(createDeal({ ...deal, state: "accepted" }))).toMatch(/UNIQUE constraint failed/);
    await createDeal({ ...deal, state: "declined" });
    await createDeal({ ...deal, proposerId: (await createUser()).id, turn: "owner" });
    await db.update(deals).set({ state: "expired" }).where(eq(deals.id, first.id));
    await createDeal({ ...deal, turn: "owner" });
  });

  test("a revision's cash is 0 to $100,000 and its payer a party; 1 to 5 revisions; a message up to 500 characters", async () => {
    const { deal } = await parties();
    const { id: dealId } = await createDeal({ ...deal, turn: "owner" });
    const revision = (number: number, fields: Partial<typeof dealRevisions.$inferInsert> = {}) =>
      db.insert(dealRevisions).values({ dealId, number, author: "proposer", ...fields });
    expect(await refusal(revision(1, { cashCents: -1, cashFrom: "proposer" }))).toMatch(/deal_revisions_cash/);
    expect(await refusal(revision(1, { cashCents: 10_000_001, cashFrom: "proposer" }))).toMatch(/deal_revisions_cash/);
    expect(await refusal(revision(1, { cashFrom: "buyer" as never, cashCents: 500 }))).toMatch(/deal_revisions_cash_from/);
    // Cash without a payer, or a payer without cash (a CHECK that is NULL would pass: spelled out).
    expect(await refusal(revision(1, { cashCents: 500, cashFrom: null }))).toMatch(/deal_revisions_cash_from/);
    expect(await refusal(revision(1, { cashCents: 0, cashFrom: "owner" }))).toMatch(/deal_revisions_cash_from/);
    expect(await refusal(revision(1, { author: "buyer" as never }))).toMatch(/deal_revisions_author/);
    expect(await refusal(revision(6))).toMatch(/deal_revisions_number/);
    expect(await refusal(revision(1, { message: "x".repeat(501) }))).toMatch(/deal_revisions_message/);
    await revision(1, { cashCents: 10_000_000, cashFrom: "proposer", message: "x".repeat(500) });
    await revision(2, { author: "owner" });
    expect(await refusal(revision(2, { author: "owner" }))).toMatch(/UNIQUE constraint failed/);
  });

  test("a listing is locked to at most one deal", async () => {
    const { deal } = await parties();
    const a = await createDeal({ ...deal, state: "accepted" });
    const b = await createDeal({ ...deal, proposerId: (await createUser()).id, turn: "owner" });
    await db.insert(listingLocks).values({ listingId: deal.listingId!, dealId: a.id });
    expect(await refusal(db.insert(listingLocks).values({ listingId: deal.listingId!, dealId: b.id }))).toMatch(/UNIQUE constraint failed/);
  });

  test("a review: 1 to 5 stars, one per party per deal, a comment up to 1,000 and a reply up to 500 characters", async () => {
    const { owner, proposer, deal } = await parties();
    const { id: dealId } = await createDeal({ ...deal, state: "completed" });
    const byProposer = { dealId, reviewerRole: "proposer" as const, reviewerId: proposer.id, revieweeId: owner.id };
    expect(await refusal(db.insert(reviews).values({ ...byProposer, rating: 6 }))).toMatch(/reviews_rating/);
    expect(await refusal(db.insert(reviews).values({ ...byProposer, rating: 0 }))).toMatch(/reviews_rating/);
    expect(await refusal(db.insert(reviews).values({ ...byProposer, rating: 5, comment: "x".repeat(1001) }))).toMatch(/reviews_comment/);
    expect(await refusal(db.insert(reviews).values({ ...byProposer, rating: 5, reply: "x".repeat(501) }))).toMatch(/reviews_reply/);
    expect(await refusal(db.insert(reviews).values({ ...byProposer, reviewerRole: "buyer" as never, rating: 5 }))).toMatch(
      /reviews_reviewer_role/,
    );
    await db.insert(reviews).values({ ...byProposer, rating: 5, comment: "x".repeat(1000) });
    expect(await refusal(db.insert(reviews).values({ ...byProposer, rating: 4 }))).toMatch(/UNIQUE constraint failed/);
    await db.insert(reviews).values({ dealId, reviewerRole: "owner", reviewerId: owner.id, revieweeId: proposer.id, rating: 4 });
  });

  test("deleting a listing keeps its deals, their terms and reviews; its lock goes with it", async () => {
    const { owner, proposer, listing, deal } = await parties();
    const { id: dealId } = await createDeal({ ...deal, state: "completed" });
    const locked = await createDeal({ ...deal, state: "accepted" });
    await db
      .insert(dealListings)
      .values({ dealId, listingId: listing.id, side: "owner", listingVersion: 1, title: listing.title, priceCents: 4500 });
    await db.insert(dealRevisions).values({ dealId, number: 1, author: "proposer", cashCents: 4500, cashFrom: "proposer" });
    await db.insert(listingLocks).values({ listingId: listing.id, dealId: locked.id });
    await db.insert(reviews).values({ dealId, reviewerRole: "proposer", reviewerId: proposer.id, revieweeId: owner.id, rating: 5 });

    await db.delete(listings).where(eq(listings.id, listing.id));

    expect((await db.select().from(deals).where(eq(deals.id, dealId)))[0]).toMatchObject({ state: "completed", listingId: null });
    expect(await db.select().from(dealListings).where(eq(dealListings.dealId, dealId))).toMatchObject([
      { listingId: null, title: listing.title, priceCents: 4500 },
    ]);
    expect(await db.select().from(dealRevisions).where(eq(dealRevisions.dealId, dealId))).toHaveLength(1);
    expect(await db.select().from(reviews).where(eq(reviews.dealId, dealId))).toHaveLength(1);
    expect(await db.select().from(listingLocks).where(eq(listingLocks.dealId, locked.id))).toEqual([]);
  });
});

describe("messages and requests", () => {
  test("blank messages and request titles are refused; lengths follow spec 02 §9", async () => {
    const [alice, bob] = [await createUser(), await createUser()];
    const club = await createClub(alice.id);
    const listing = await createListing(alice.id);
    expect(
      await refusal(db.insert(listingMessages).values({ listingId: listing.id, senderId: bob.id, receiverId: alice.id, content: " \n " })),
    ).toMatch(/listing_messages_content/);
    expect(await refusal(db.insert(clubMessages).values({ clubId: club.id, userId: bob.id, content: "" }))).toMatch(
      /club_messages_content/,
    );
    expect(
      await refusal(db.insert(clubMessages).values({ clubId: club.id, userId: bob.id, content: "hi", messageType: "poll" as "chat" })),
    ).toMatch(/club_messages_message_type/);
    expect(
      await refusal(db.insert(clubDirectMessages).values({ clubId: club.id, senderId: bob.id, receiverId: bob.id, content: "me" })),
    ).toMatch(/club_direct_messages_not_self/);

    const request = { clubId: club.id, userId: bob.id };
    expect(await refusal(db.insert(clubRequests).values({ ...request, title: "  " }))).toMatch(/club_requests_title/);
    expect(await refusal(db.insert(clubRequests).values({ ...request, title: "x".repeat(201) }))).toMatch(/club_requests_title/);
    expect(await refusal(db.insert(clubRequests).values({ ...request, title: "Goalie pads", description: "x".repeat(1001) }))).toMatch(
      /club_requests_description/,
    );
    expect(await refusal(db.insert(clubRequests).values({ ...request, title: "Goalie pads", status: "closed" as "open" }))).toMatch(
      /club_requests_status/,
    );
    const [saved] = await db
      .insert(clubRequests)
      .values({ ...request, title: "x".repeat(200) })
      .returning();
    expect(saved).toMatchObject({ status: "open", description: null });
  });
});

describe("deleting", () => {
  test("deleting a user removes everything they own or wrote; their deals and reviews stay, without them", async () => {
    const [leaving, other] = [await createUser(), await createUser()];
    const club = await createClub(other.id);
    const ownClub = await createClub(leaving.id);
    const theirListing = await createListing(leaving.id);
    const otherListing = await createListing(other.id);

    await db.insert(profiles).values({ userId: leaving.id, firstName: "Lee" });
    await db.insert(sessions).values({ userId: leaving.id, tokenHash: `hash-${unique()}`, expiresAt: new Date(Date.now() + 1e6) });
    await db.insert(clubMembers).values({ clubId: club.id, userId: leaving.id, status: "active" });
    await db.insert(favorites).values({ userId: leaving.id, listingId: otherListing.id });
    await db.insert(favorites).values({ userId: other.id, listingId: theirListing.id });
    await db
      .insert(listingMessages)
      .values({ listingId: otherListing.id, senderId: leaving.id, receiverId: other.id, content: "Still available?" });
    await db.insert(listingMessages).values({ listingId: otherListing.id, senderId: other.id, receiverId: leaving.id, content: "Yes" });
    await db.insert(clubMessages).values({ clubId: club.id, userId: leaving.id, content: "Hello team" });
    await db.insert(clubDirectMessages).values({ clubId: club.id, senderId: leaving.id, receiverId: other.id, content: "Hi" });
    await db.insert(clubRequests).values({ clubId: club.id, userId: leaving.id, title: "Goalie pads" });
    const deal = await createDeal({ proposerId: leaving.id, ownerId: other.id, listingId: otherListing.id, state: "completed" });
    await db.insert(reviews).values([
      { dealId: deal.id, reviewerRole: "proposer", reviewerId: leaving.id, revieweeId: other.id, rating: 4 },
      { dealId: deal.id, reviewerRole: "owner", reviewerId: other.id, revieweeId: leaving.id, rating: 2 },
    ]);

    await db.delete(users).where(eq(users.id, leaving.id));

    const countFor = async (table: string, column: string) => {
      const result = await testDb.client.execute({ sql: `select count(*) from ${table} where ${column} = ?`, args: [leaving.id] });
      return Number(result.rows[0]![0]);
    };
    expect(await countFor("profiles", "user_id")).toBe(0);
    expect(await countFor("sessions", "user_id")).toBe(0);
    expect(await countFor("listings", "user_id")).toBe(0);
    expect(await countFor("club_members", "user_id")).toBe(0);
    expect(await countFor("favorites", "user_id")).toBe(0);
    expect(await countFor("listing_messages", "sender_id")).toBe(0);
    expect(await countFor("listing_messages", "receiver_id")).toBe(0);
    expect(await countFor("club_messages", "user_id")).toBe(0);
    expect(await countFor("club_direct_messages", "sender_id")).toBe(0);
    expect(await countFor("club_requests", "user_id")).toBe(0);
    // A deal and its reviews belong to the other party too: they stay, the leaver's name goes.
    expect(await db.select({ proposerId: deals.proposerId, ownerId: deals.ownerId }).from(deals).where(eq(deals.id, deal.id))).toEqual([
      { proposerId: null, ownerId: other.id },
    ]);
    const kept = await db.select().from(reviews).where(eq(reviews.dealId, deal.id));
    expect(kept.map((r) => [r.reviewerRole, r.reviewerId, r.revieweeId, r.rating]).sort()).toEqual([
      ["owner", other.id, null, 2],
      ["proposer", null, other.id, 4],
    ]);
    // Others' favorites of the deleted listing go with it.
    expect(await db.select().from(favorites).where(eq(favorites.listingId, theirListing.id))).toHaveLength(0);
    // The club they created stays, without a creator; the other user's things stay.
    expect((await db.query.clubs.findFirst({ where: eq(clubs.id, ownClub.id) }))?.createdBy).toBeNull();
    expect(await db.select().from(listings).where(eq(listings.id, otherListing.id))).toHaveLength(1);
    expect(await db.select().from(users).where(eq(users.id, other.id))).toHaveLength(1);
  });

  test("deleting a club removes its members, messages, DMs and requests; its listings stay, unlinked", async () => {
    const [owner, member] = [await createUser(), await createUser()];
    const club = await createClub(owner.id);
    const otherClub = await createClub(owner.id);
    const listing = await createListing(member.id);
    await db.insert(clubMembers).values([
      { clubId: club.id, userId: owner.id, role: "owner", status: "active" },
      { clubId: club.id, userId: member.id, status: "active" },
      { clubId: otherClub.id, userId: member.id, status: "active" },
    ]);
    await db.insert(listingClubs).values([
      { listingId: listing.id, clubId: club.id, isPrimary: true },
      { listingId: listing.id, clubId: otherClub.id },
    ]);
    await db.insert(clubMessages).values({ clubId: club.id, userId: owner.id, content: "Welcome", messageType: "announcement" });
    await db.insert(clubDirectMessages).values({ clubId: club.id, senderId: owner.id, receiverId: member.id, content: "Hi" });
    await db.insert(clubRequests).values({ clubId: club.id, userId: member.id, title: "Helmet" });

    await db.delete(clubs).where(eq(clubs.id, club.id));

    expect(await db.select().from(clubMembers).where(eq(clubMembers.clubId, club.id))).toHaveLength(0);
    expect(await db.select().from(clubMessages).where(eq(clubMessages.clubId, club.id))).toHaveLength(0);
    expect(await db.select().from(clubDirectMessages).where(eq(clubDirectMessages.clubId, club.id))).toHaveLength(0);
    expect(await db.select().from(clubRequests).where(eq(clubRequests.clubId, club.id))).toHaveLength(0);
    expect(await db.select().from(listingClubs).where(eq(listingClubs.clubId, club.id))).toHaveLength(0);
    // The listing survives, still linked to the other club; the members' accounts survive.
    expect(await db.select().from(listings).where(eq(listings.id, listing.id))).toHaveLength(1);
    expect(await db.select().from(listingClubs).where(eq(listingClubs.listingId, listing.id))).toEqual([
      { listingId: listing.id, clubId: otherClub.id, isPrimary: false },
    ]);
    expect(await db.select().from(clubMembers).where(eq(clubMembers.clubId, otherClub.id))).toHaveLength(1);
    expect(await db.select().from(users).where(eq(users.id, member.id))).toHaveLength(1);
  });
});

describe("full-text search on listings", () => {
  test("finds a listing by a word of its description, by prefix and ignoring accents", async () => {
    const seller = await createUser();
    const listing = await createListing(seller.id, {
      title: "Goalie mask",
      description: "Vintage fibreglass mask, signed by the whole Zamboni crew. Très bon état",
      brand: "Warwick",
    });
    expect(await ftsMatches("zamboni")).toEqual([listing.id]);
    expect(await ftsMatches("zamb*")).toEqual([listing.id]);
    expect(await ftsMatches("warw*")).toEqual([listing.id]); // brand
    expect(await ftsMatches("tres")).toEqual([listing.id]); // remove_diacritics
  });

  test("reflects an update and forgets a deleted listing", async () => {
    const seller = await createUser();
    const listing = await createListing(seller.id, { title: "Lacrosse stick", description: "Quasar head" });
    expect(await ftsMatches("quasar")).toEqual([listing.id]);

    await db.update(listings).set({ description: "Nebula head" }).where(eq(listings.id, listing.id));
    expect(await ftsMatches("quasar")).toEqual([]);
    expect(await ftsMatches("nebula")).toEqual([listing.id]);
    // A status change leaves the index as it was.
    await db.update(listings).set({ status: "sold" }).where(eq(listings.id, listing.id));
    expect(await ftsMatches("nebula")).toEqual([listing.id]);

    await db.delete(listings).where(eq(listings.id, listing.id));
    expect(await ftsMatches("nebula")).toEqual([]);
  });

  test("a listing removed by deleting its seller leaves the index too", async () => {
    const seller = await createUser();
    await createListing(seller.id, { title: "Xylophone-grade snowboard", description: null });
    expect(await ftsMatches("xylophone")).toHaveLength(1);
    await db.delete(users).where(eq(users.id, seller.id));
    expect(await ftsMatches("xylophone")).toEqual([]);
    // The index agrees with its content table (FTS5 reports SQLITE_CORRUPT otherwise).
    await expect(
      testDb.client.execute("INSERT INTO listings_fts(listings_fts, rank) VALUES ('integrity-check', 1)"),
    ).resolves.toBeDefined();
  });
});
