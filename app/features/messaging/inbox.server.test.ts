import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { clubDirectMessages } from "#db/schema";
import { createTestDb, type TestDb } from "../../../tests/setup/test-db";
import { addTestMember, createTestClub, createTestListing, createTestUser, type TestClub, type TestUser } from "../../../tests/factories";
import { inboxFor, markListingMessagesRead, unreadCounts } from "./inbox.server";
import { sendListingMessage } from "./listing-questions.server";
import { leaveClub } from "../clubs/membership.server";

let t: TestDb;
let seller: TestUser;
let buyer: TestUser;
let mate: TestUser;
let outsider: TestUser;
let club: TestClub;
let listingId: string;
const minutesAgo = (n: number) => new Date(Date.now() - n * 60_000);

async function dm(from: TestUser, to: TestUser, content: string, at: Date, read = false) {
  await t.db
    .insert(clubDirectMessages)
    .values({ clubId: club.id, senderId: from.id, receiverId: to.id, content, createdAt: at, readAt: read ? at : null });
}

beforeAll(async () => {
  t = await createTestDb();
  seller = await createTestUser(t.db, { firstName: "Sally", lastName: "Seller" });
  buyer = await createTestUser(t.db, { firstName: "Bob", lastName: "Buyer" });
  mate = await createTestUser(t.db, { firstName: "Mia", lastName: "Mate" });
  outsider = await createTestUser(t.db, { firstName: "Otis" });
  club = await createTestClub(t.db, seller, { name: "Riverside FC" });
  await addTestMember(t.db, club, mate);
  listingId = await createTestListing(t.db, seller, { title: "Youth cleats size 4" });
  // Bob asks twice, Sally answers once; Mia and Sally exchange DMs in the club.
  await sendListingMessage(t.db, buyer, { listingId, content: "Still available?" }, minutesAgo(30));
  await sendListingMessage(t.db, seller, { listingId, content: "Yes!", buyerId: buyer.id }, minutesAgo(20));
  await sendListingMessage(t.db, buyer, { listingId, content: "Can I pick up Saturday?" }, minutesAgo(10));
  await dm(mate, seller, "Hi coach", minutesAgo(50));
  await dm(seller, mate, "Hello Mia", minutesAgo(45), true);
  await dm(mate, seller, "Practice moved to 6", minutesAgo(5));
});
afterAll(() => t.cleanup());

describe("the /messages inbox (02 §2 /messages, ADR 042)", () => {
  test("one conversation per listing + other person and per club + other person, newest first, with the latest message", async () => {
    const inbox = await inboxFor(t.db, seller);
    expect(inbox.total).toBe(2);
    expect(inbox.conversations.map((c) => [c.kind, c.subjectTitle, c.other.name, c.lastMessage.content, c.unread])).toEqual([
      ["club", "Riverside FC", "Mia Mate", "Practice moved to 6", 2],
      ["listing", "Youth cleats size 4", "Bob Buyer", "Can I pick up Saturday?", 2],
    ]);
    expect(inbox.conversations[0].clubSlug).toBe(club.slug);
  });

  test("only conversations the viewer is part of: the buyer sees his one thread, an outsider nothing", async () => {
    const mine = await inboxFor(t.db, buyer);
    expect(mine.conversations).toHaveLength(1);
    expect(mine.conversations[0]).toMatchObject({ kind: "listing", other: { id: seller.id }, unread: 1, lastMessage: { fromMe: true } });
    expect((await inboxFor(t.db, outsider)).conversations).toEqual([]);
    expect(await unreadCounts(t.db, outsider)).toEqual({ directMessages: 0, perClub: {}, listingMessages: 0, total: 0 });
  });

  test("paged: one conversation per page, page 2 holds the older one", async () => {
    const first = await inboxFor(t.db, seller, { pageSize: 1 });
    const second = await inboxFor(t.db, seller, { page: 2, pageSize: 1 });
    expect([first.hasMore, second.hasMore]).toEqual([true, false]);
    expect(second.conversations[0].kind).toBe("listing");
  });

  test("unread counts come from read_at: DMs per club, listing messages, total; opening the listing reads it", async () => {
    expect(await unreadCounts(t.db, seller)).toEqual({ directMessages: 2, perClub: { [club.id]: 2 }, listingMessages: 2, total: 4 });
    const published: string[] = [];
    const changed = await markListingMessagesRead(t.db, seller, listingId, {
      user: (userId, event) => void published.push(`${userId}:${event.type}`),
    });
    expect(changed).toBe(2);
    expect(published).toEqual([`${seller.id}:badges.changed`]);
    expect(await unreadCounts(t.db, seller)).toMatchObject({ listingMessages: 0, total: 2 });
    // The buyer's unread reply is untouched by the seller reading.
    expect(await unreadCounts(t.db, buyer)).toMatchObject({ listingMessages: 1, total: 1 });
    expect(await markListingMessagesRead(t.db, seller, listingId)).toBe(0);
  });

  test("a club the viewer left drops out of the inbox and the counts", async () => {
    await dm(seller, mate, "See you there", minutesAgo(1));
    expect(await unreadCounts(t.db, mate)).toMatchObject({ directMessages: 1 });
    expect(await leaveClub(t.db, mate, club.slug)).toMatchObject({ ok: true });
    expect((await inboxFor(t.db, mate)).conversations).toEqual([]);
    expect(await unreadCounts(t.db, mate)).toMatchObject({ directMessages: 0, total: 0 });
  });
});
