import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { and, eq } from "drizzle-orm";
import { clubDirectMessages, listingMessages, userBlocks } from "#db/schema";
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

describe("a block hides conversations both ways, in the inbox and every count; unblocking brings them back (ADR 069)", () => {
  let ana: TestUser;
  let ben: TestUser;
  let cal: TestUser;
  let team: TestClub;

  beforeAll(async () => {
    ana = await createTestUser(t.db, { firstName: "Ana", lastName: "Blocker" });
    ben = await createTestUser(t.db, { firstName: "Ben", lastName: "Blocked" });
    cal = await createTestUser(t.db, { firstName: "Cal", lastName: "Bystander" });
    team = await createTestClub(t.db, ana, { name: "Eastside United" });
    await addTestMember(t.db, team, ben);
    await addTestMember(t.db, team, cal);
    const bat = await createTestListing(t.db, ana, { title: "Aluminium bat" });
    // Rows written straight in: they were sent before any block (sending across one is refused elsewhere).
    await t.db
      .insert(listingMessages)
      .values({ listingId: bat, senderId: ben.id, receiverId: ana.id, content: "Bat still there?", createdAt: minutesAgo(9) });
    await t.db.insert(clubDirectMessages).values([
      { clubId: team.id, senderId: ben.id, receiverId: ana.id, content: "Lift on Sunday?", createdAt: minutesAgo(8) },
      { clubId: team.id, senderId: ana.id, receiverId: ben.id, content: "Sure", createdAt: minutesAgo(7) },
      { clubId: team.id, senderId: cal.id, receiverId: ana.id, content: "Kit is in the van", createdAt: minutesAgo(6) },
    ]);
  });

  const block = (blocker: TestUser, blocked: TestUser) => t.db.insert(userBlocks).values({ blockerId: blocker.id, blockedId: blocked.id });
  const unblock = (blocker: TestUser, blocked: TestUser) =>
    t.db.delete(userBlocks).where(and(eq(userBlocks.blockerId, blocker.id), eq(userBlocks.blockedId, blocked.id)));
  const others = async (viewer: TestUser) => (await inboxFor(t.db, viewer)).conversations.map((c) => `${c.kind}:${c.other.name}`);

  async function expectHidden() {
    expect(await others(ana)).toEqual(["club:Cal Bystander"]);
    expect(await unreadCounts(t.db, ana)).toEqual({ directMessages: 1, perClub: { [team.id]: 1 }, listingMessages: 0, total: 1 });
    // Paging agrees with the filter: the total and hasMore count only what is shown.
    expect(await inboxFor(t.db, ana, { pageSize: 1 })).toMatchObject({ total: 1, hasMore: false });
    expect(await others(ben)).toEqual([]);
    expect(await unreadCounts(t.db, ben)).toMatchObject({ directMessages: 0, perClub: {}, total: 0 });
    // The bystander is untouched.
    expect(await others(cal)).toEqual(["club:Ana Blocker"]);
  }

  test("before any block: every conversation and count", async () => {
    expect(await others(ana)).toEqual(["club:Cal Bystander", "club:Ben Blocked", "listing:Ben Blocked"]);
    expect(await unreadCounts(t.db, ana)).toEqual({ directMessages: 2, perClub: { [team.id]: 2 }, listingMessages: 1, total: 3 });
    expect(await unreadCounts(t.db, ben)).toMatchObject({ directMessages: 1, total: 1 });
  });

  test("the blocker and the person blocked both lose the conversations and their unread counts", async () => {
    await block(ana, ben);
    await expectHidden();
    await unblock(ana, ben);
  });

  test("the same when the block is the other way round", async () => {
    await block(ben, ana);
    await expectHidden();
    await unblock(ben, ana);
  });

  test("after unblocking, the conversations come back with their messages and unread counts (nothing was deleted)", async () => {
    expect(await others(ana)).toEqual(["club:Cal Bystander", "club:Ben Blocked", "listing:Ben Blocked"]);
    expect(await unreadCounts(t.db, ana)).toMatchObject({ directMessages: 2, listingMessages: 1, total: 3 });
    expect(await unreadCounts(t.db, ben)).toMatchObject({ directMessages: 1, total: 1 });
  });
});
