import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { clubDirectMessages, clubMessages, clubRequests, listingMessages, reports, userBlocks } from "#db/schema";
import { createTestDb, type TestDb } from "../../../tests/setup/test-db";
import { addTestMember, createTestClub, createTestListing, createTestUser, type TestClub, type TestUser } from "../../../tests/factories";
import { saleDeal } from "../../../tests/deal-fixtures";
import { createReport, REPORT_RATE_LIMIT, reportTargetFor } from "./reports.server";

let t: TestDb;
let seller: TestUser;
let owner: TestUser;
let member: TestUser;
let club: TestClub;

beforeAll(async () => {
  t = await createTestDb();
  seller = await createTestUser(t.db, { firstName: "Sally", lastName: "Seller" });
  owner = await createTestUser(t.db, { firstName: "Olive", lastName: "Owner" });
  member = await createTestUser(t.db, { firstName: "Mel", lastName: "Member" });
  club = await createTestClub(t.db, owner);
  await addTestMember(t.db, club, member);
});
afterAll(() => t.cleanup());

// A fresh reporter per test: the rate limit counts per account.
const reporter = () => createTestUser(t.db, { firstName: "Rita" });
const openReportsOn = (targetId: string) =>
  t.db
    .select()
    .from(reports)
    .where(and(eq(reports.targetId, targetId), eq(reports.status, "open")));

describe("createReport (ADR 069)", () => {
  test("a listing: stored with its owner, the title as excerpt, and no club; back to the listing", async () => {
    const rita = await reporter();
    const listingId = await createTestListing(t.db, seller, { title: "Too-good-to-be-true cleats" });
    const result = await createReport(t.db, rita, { type: "listing", id: listingId, reason: "scam" });
    expect(result).toMatchObject({ ok: true, returnTo: `/listing/${listingId}` });
    const [row] = await openReportsOn(listingId);
    expect(row).toMatchObject({
      reporterId: rita.id,
      targetType: "listing",
      targetUserId: seller.id,
      clubId: null,
      excerpt: "Too-good-to-be-true cleats",
      reason: "scam",
      details: null,
      status: "open",
    });
  });

  test("'other' keeps its details, trimmed", async () => {
    const rita = await reporter();
    const listingId = await createTestListing(t.db, seller);
    await createReport(t.db, rita, { type: "listing", id: listingId, reason: "other", details: "  Asked me to pay by gift card  " });
    const [row] = await openReportsOn(listingId);
    expect(row).toMatchObject({ reason: "other", details: "Asked me to pay by gift card" });
  });

  test("one open report per reporter per target: a second, or two at once, is 'already reported'; after it is closed, a new one is taken", async () => {
    const rita = await reporter();
    const listingId = await createTestListing(t.db, seller);
    const [a, b] = await Promise.all([
      createReport(t.db, rita, { type: "listing", id: listingId, reason: "scam" }),
      createReport(t.db, rita, { type: "listing", id: listingId, reason: "prohibited" }),
    ]);
    expect([a.ok, b.ok].sort()).toEqual([false, true]);
    expect([a, b].find((r) => !r.ok)).toEqual({ ok: false, error: "already_reported", returnTo: `/listing/${listingId}` });
    const again = await createReport(t.db, rita, { type: "listing", id: listingId, reason: "scam" });
    expect(again).toMatchObject({ ok: false, error: "already_reported" });
    expect(await openReportsOn(listingId)).toHaveLength(1);

    // Another reporter's report of the same thing is theirs.
    expect(await createReport(t.db, await reporter(), { type: "listing", id: listingId, reason: "scam" })).toMatchObject({ ok: true });

    await t.db
      .update(reports)
      .set({ status: "closed", outcome: "dismissed" })
      .where(and(eq(reports.targetId, listingId), eq(reports.reporterId, rita.id)));
    expect(await createReport(t.db, rita, { type: "listing", id: listingId, reason: "scam" })).toMatchObject({ ok: true });
  });

  test("your own listing, or yourself, is refused and nothing is stored", async () => {
    const listingId = await createTestListing(t.db, seller);
    expect(await createReport(t.db, seller, { type: "listing", id: listingId, reason: "scam" })).toEqual({
      ok: false,
      error: "own",
      returnTo: `/listing/${listingId}`,
    });
    expect(await createReport(t.db, seller, { type: "user", id: seller.id, reason: "harassment" })).toMatchObject({
      ok: false,
      error: "own",
    });
    expect(await openReportsOn(listingId)).toEqual([]);
    expect(await openReportsOn(seller.id)).toEqual([]);
  });

  test("what the reporter may not see is not found: an unknown id, a club listing of a club they are not in, a listing of someone blocking them", async () => {
    const rita = await reporter();
    expect(await createReport(t.db, rita, { type: "listing", id: crypto.randomUUID(), reason: "scam" })).toEqual({
      ok: false,
      error: "not_found",
    });
    const privateClub = await createTestClub(t.db, owner, { visibility: "private" });
    const clubOnly = await createTestListing(t.db, owner, { clubs: [privateClub] });
    expect(await createReport(t.db, rita, { type: "listing", id: clubOnly, reason: "scam" })).toMatchObject({ error: "not_found" });
    const blocker = await createTestUser(t.db);
    const blockersListing = await createTestListing(t.db, blocker);
    await t.db.insert(userBlocks).values({ blockerId: blocker.id, blockedId: rita.id });
    expect(await createReport(t.db, rita, { type: "listing", id: blockersListing, reason: "scam" })).toMatchObject({ error: "not_found" });
    expect(await createReport(t.db, rita, { type: "user", id: crypto.randomUUID(), reason: "scam" })).toMatchObject({ error: "not_found" });
    expect(await openReportsOn(clubOnly)).toEqual([]);
  });

  test("a listing message: its thread's people may report it (about its sender), nobody else; your own is refused", async () => {
    const buyer = await createTestUser(t.db, { firstName: "Bruno", lastName: "Hidden" });
    const listingId = await createTestListing(t.db, seller);
    const [message] = await t.db
      .insert(listingMessages)
      .values({ listingId, senderId: buyer.id, receiverId: seller.id, content: "Pay me outside the app" })
      .returning();
    const target = await reportTargetFor(t.db, seller, "listing_message", message.id);
    // First name only, as the listing thread shows it.
    expect(target).toMatchObject({ userId: buyer.id, clubId: null, excerpt: "Pay me outside the app", personName: "Bruno" });
    expect(await createReport(t.db, seller, { type: "listing_message", id: message.id, reason: "scam" })).toMatchObject({
      ok: true,
      returnTo: `/listing/${listingId}`,
    });
    expect(await createReport(t.db, buyer, { type: "listing_message", id: message.id, reason: "scam" })).toMatchObject({ error: "own" });
    expect(await createReport(t.db, await reporter(), { type: "listing_message", id: message.id, reason: "scam" })).toMatchObject({
      error: "not_found",
    });
  });

  test("a club chat message or announcement: active members only; the club is recorded so its owner and admins moderate it", async () => {
    const [chat] = await t.db.insert(clubMessages).values({ clubId: club.id, userId: member.id, content: "rude words" }).returning();
    const [announcement] = await t.db
      .insert(clubMessages)
      .values({ clubId: club.id, userId: owner.id, messageType: "announcement", content: "Buy my stuff" })
      .returning();
    const result = await createReport(t.db, owner, { type: "club_message", id: chat.id, reason: "harassment" });
    expect(result).toMatchObject({ ok: true, returnTo: `/club/${club.slug}?tab=messages` });
    const [row] = await openReportsOn(chat.id);
    expect(row).toMatchObject({ targetType: "club_message", targetUserId: member.id, clubId: club.id, excerpt: "rude words" });
    expect(await createReport(t.db, member, { type: "club_message", id: announcement.id, reason: "inappropriate" })).toMatchObject({
      ok: true,
      returnTo: `/club/${club.slug}?tab=messages&sub=announcements`,
    });

    const outsider = await reporter();
    expect(await createReport(t.db, outsider, { type: "club_message", id: chat.id, reason: "harassment" })).toMatchObject({
      error: "not_found",
    });
    const pending = await reporter();
    await addTestMember(t.db, club, pending, { status: "pending" });
    expect(await createReport(t.db, pending, { type: "club_message", id: chat.id, reason: "harassment" })).toMatchObject({
      error: "not_found",
    });
    expect(await createReport(t.db, member, { type: "club_message", id: chat.id, reason: "harassment" })).toMatchObject({ error: "own" });
  });

  test("a direct message: its sender and receiver only, and no club (the club's admins do not read DMs)", async () => {
    const third = await reporter();
    await addTestMember(t.db, club, third);
    const [dm] = await t.db
      .insert(clubDirectMessages)
      .values({ clubId: club.id, senderId: member.id, receiverId: owner.id, content: "meet me alone" })
      .returning();
    expect(await createReport(t.db, owner, { type: "direct_message", id: dm.id, reason: "harassment" })).toMatchObject({
      ok: true,
      returnTo: `/club/${club.slug}?tab=messages&sub=dm&with=${member.id}`,
    });
    const [row] = await openReportsOn(dm.id);
    expect(row).toMatchObject({ targetUserId: member.id, clubId: null });
    expect(await createReport(t.db, third, { type: "direct_message", id: dm.id, reason: "harassment" })).toMatchObject({
      error: "not_found",
    });
    expect(await createReport(t.db, member, { type: "direct_message", id: dm.id, reason: "harassment" })).toMatchObject({ error: "own" });
  });

  test("an item request: members of its club; title and description as the excerpt", async () => {
    const [request] = await t.db
      .insert(clubRequests)
      .values({ clubId: club.id, userId: member.id, title: "Cheap iPhones", description: "DM me" })
      .returning();
    expect(await createReport(t.db, owner, { type: "item_request", id: request.id, reason: "prohibited" })).toMatchObject({
      ok: true,
      returnTo: `/club/${club.slug}?tab=radar`,
    });
    const [row] = await openReportsOn(request.id);
    expect(row).toMatchObject({ targetUserId: member.id, clubId: club.id, excerpt: "Cheap iPhones\nDM me" });
    expect(await createReport(t.db, await reporter(), { type: "item_request", id: request.id, reason: "prohibited" })).toMatchObject({
      error: "not_found",
    });
  });

  test("a deal: its two parties, each about the other; nobody else", async () => {
    const deal = await saleDeal(t.db, "accepted", { title: "Bike helmet" });
    expect(await createReport(t.db, deal.seller, { type: "deal", id: deal.dealId, reason: "no_show" })).toMatchObject({
      ok: true,
      returnTo: `/deals/${deal.dealId}`,
    });
    expect(await createReport(t.db, deal.buyer, { type: "deal", id: deal.dealId, reason: "scam" })).toMatchObject({ ok: true });
    const rows = await openReportsOn(deal.dealId);
    expect(rows.map((r) => [r.reporterId, r.targetUserId, r.excerpt]).sort()).toEqual(
      [
        [deal.seller.id, deal.buyer.id, "Bike helmet"],
        [deal.buyer.id, deal.seller.id, "Bike helmet"],
      ].sort(),
    );
    expect(await createReport(t.db, await reporter(), { type: "deal", id: deal.dealId, reason: "scam" })).toMatchObject({
      error: "not_found",
    });
  });

  test("a club: anyone who may see it, about its owner; a private club is not found for others; its owner cannot report it", async () => {
    expect(await createReport(t.db, await reporter(), { type: "club", id: club.id, reason: "scam" })).toMatchObject({
      ok: true,
      returnTo: `/club/${club.slug}`,
    });
    const [row] = await openReportsOn(club.id);
    // The report is about the club itself: the site's moderators, not its own admins.
    expect(row).toMatchObject({ targetUserId: owner.id, clubId: null, excerpt: club.name });
    const hidden = await createTestClub(t.db, owner, { visibility: "private" });
    expect(await createReport(t.db, await reporter(), { type: "club", id: hidden.id, reason: "scam" })).toMatchObject({
      error: "not_found",
    });
    expect(await createReport(t.db, owner, { type: "club", id: club.id, reason: "scam" })).toMatchObject({ error: "own" });
  });

  test("a person: any account that exists, shown by first name only", async () => {
    const target = await createTestUser(t.db, { firstName: "Pat", lastName: "Private" });
    expect(await reportTargetFor(t.db, await reporter(), "user", target.id)).toMatchObject({
      personName: "Pat",
      excerpt: "Pat",
      returnTo: "/",
    });
    expect(await createReport(t.db, await reporter(), { type: "user", id: target.id, reason: "harassment" })).toMatchObject({ ok: true });
  });

  test(`rate limited per account: ${REPORT_RATE_LIMIT.limit} an hour, then refused until the hour is over`, async () => {
    const rita = await reporter();
    const now = new Date("2026-12-01T10:00:00Z");
    const people = await Promise.all(Array.from({ length: REPORT_RATE_LIMIT.limit + 1 }, () => createTestUser(t.db)));
    for (const person of people.slice(0, REPORT_RATE_LIMIT.limit))
      expect(await createReport(t.db, rita, { type: "user", id: person.id, reason: "harassment" }, now)).toMatchObject({ ok: true });
    const last = people.at(-1)!;
    expect(await createReport(t.db, rita, { type: "user", id: last.id, reason: "harassment" }, now)).toEqual({
      ok: false,
      error: "rate_limited",
      returnTo: "/",
    });
    expect(await openReportsOn(last.id)).toEqual([]);
    const later = new Date(now.getTime() + REPORT_RATE_LIMIT.windowMs + 1);
    expect(await createReport(t.db, rita, { type: "user", id: last.id, reason: "harassment" }, later)).toMatchObject({ ok: true });
  });
});
