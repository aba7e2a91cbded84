import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { clubDirectMessages, clubMembers, clubMessages, heldContent, mailOutbox, reports, suspensions } from "#db/schema";
import type { NotificationMode } from "#db/schema/enums";
import { createTestDb, type TestDb } from "../../../tests/setup/test-db";
import { addTestMember, createTestClub, createTestListing, createTestUser, type TestUser } from "../../../tests/factories";
import { approveJoinRequest, leaveClub } from "../clubs/membership.server";
import { sendListingMessage } from "../messaging/listing-questions.server";
import type { Presence } from "../realtime/realtime.server";
import { blockUser } from "../moderation/block-actions.server";
import { proposeDeal } from "../trade/deals.server";
import { acceptDeal, proposeMeetup } from "../trade/deal-transitions.server";
import { runAwayMail, type AwayDeps } from "./away.server";
import { setModeStatement } from "./settings.server";

// ADR 073, e-mail when away: one mail gathering everything unread since, after 10 minutes with no
// open connection, at most one an hour per kind, never twice, never what the app would not show.

let t: TestDb;
const ORIGIN = "https://lockerswap.example";
const env = { APP_ENV: "test" as const, APP_ORIGIN: ORIGIN };
const MIN = 60_000;
const T0 = Date.parse("2026-11-27T20:00:00Z");
const at = (minutes: number) => new Date(T0 + minutes * MIN);

beforeAll(async () => {
  t = await createTestDb();
});
afterAll(() => t.cleanup());

/** The user room's answer, as the job would get it; records who was asked. */
function rooms(answer: (userId: string) => Presence | null = () => ({ connected: false, lastSeenAt: null })) {
  const asked: string[] = [];
  const deps: AwayDeps = {
    db: t.db,
    env,
    presence: async (userId) => {
      asked.push(userId);
      return answer(userId);
    },
  };
  return { deps, asked };
}

const mailsTo = (user: TestUser) => t.db.select().from(mailOutbox).where(eq(mailOutbox.to, user.email));

async function threeQuestions() {
  const seller = await createTestUser(t.db, { firstName: "Sam", lastName: "Seller" });
  const buyer = await createTestUser(t.db, { firstName: "Bea", lastName: "Buyer" });
  const listingId = await createTestListing(t.db, seller, { title: "Goalie pads" });
  for (const [i, words] of ["Still available?", "Could we meet Saturday?", "What size are they?"].entries()) {
    const sent = await sendListingMessage(t.db, buyer, { listingId, content: words }, at(i));
    if (!sent.ok) throw new Error(sent.reason);
  }
  return { seller, buyer, listingId };
}

describe("e-mail when away: messages", () => {
  test("three messages make one mail after 10 minutes away, with a link that opens the conversation; never twice", async () => {
    const { seller, buyer, listingId } = await threeQuestions();
    const { deps } = rooms();
    const only = [seller.id, buyer.id];

    // The oldest is 9 minutes old: not yet.
    expect(await runAwayMail(deps, { now: at(9), userIds: only })).toMatchObject({ mails: 0 });
    expect(await runAwayMail(deps, { now: at(12), userIds: only })).toMatchObject({ mails: 1, sent: 1 });
    const [mail, ...more] = await mailsTo(seller);
    expect(more).toEqual([]);
    expect(mail.subject).toBe("3 unread messages on LockerSwap");
    expect(mail.text).toContain("Bea Buyer about Goalie pads: “Still available?”");
    expect(mail.text).toContain("Bea Buyer about Goalie pads: “Could we meet Saturday?”");
    expect(mail.text).toContain("Bea Buyer about Goalie pads: “What size are they?”");
    expect(mail.text).toContain(`${ORIGIN}/listing/${listingId}`);
    expect(await mailsTo(buyer)).toEqual([]);

    // Run again, or a retry at the same moment: nothing new.
    expect(await runAwayMail(deps, { now: at(12), userIds: only })).toMatchObject({ mails: 0, sent: 0 });
    expect(await runAwayMail(deps, { now: at(30), userIds: only })).toMatchObject({ mails: 0 });

    // A fourth message: not within the hour of the first mail; then only it.
    await sendListingMessage(t.db, buyer, { listingId, content: "Hello again" }, at(20));
    expect(await runAwayMail(deps, { now: at(71), userIds: only })).toMatchObject({ mails: 0 });
    expect(await runAwayMail(deps, { now: at(73), userIds: only })).toMatchObject({ mails: 1 });
    const second = (await mailsTo(seller)).find((m) => m.id !== mail.id)!;
    expect(second.subject).toBe("1 unread message on LockerSwap");
    expect(second.text).toContain("“Hello again”");
    expect(second.text).not.toContain("Still available?");
  });

  test("nobody is mailed while connected or within 10 minutes of leaving, or when the room cannot say", async () => {
    const { seller, buyer } = await threeQuestions();
    const only = [seller.id, buyer.id];
    const here = rooms(() => ({ connected: true, lastSeenAt: at(15).getTime() }));
    expect(await runAwayMail(here.deps, { now: at(15), userIds: only })).toMatchObject({ here: 1, mails: 0 });
    expect(here.asked).toEqual([seller.id]);
    const justLeft = rooms(() => ({ connected: false, lastSeenAt: at(8).getTime() }));
    expect(await runAwayMail(justLeft.deps, { now: at(15), userIds: only })).toMatchObject({ here: 1, mails: 0 });
    const unknown = rooms(() => null);
    expect(await runAwayMail(unknown.deps, { now: at(15), userIds: only })).toMatchObject({ mails: 0 });
    expect(await mailsTo(seller)).toEqual([]);

    const leftLongAgo = rooms(() => ({ connected: false, lastSeenAt: at(4).getTime() }));
    expect(await runAwayMail(leftLongAgo.deps, { now: at(15), userIds: only })).toMatchObject({ mails: 1 });
  });

  test("'In the app only' mails nothing; a blocked sender's messages are never mailed", async () => {
    const quiet = await threeQuestions();
    await setModeStatement(t.db, quiet.seller.id, "messages", "in_app");
    const { deps, asked } = rooms();
    expect(await runAwayMail(deps, { now: at(30), userIds: [quiet.seller.id] })).toMatchObject({ candidates: 0, mails: 0 });
    expect(asked).toEqual([]);

    const blocked = await threeQuestions();
    expect(await blockUser(t.db, blocked.seller, blocked.buyer.id, at(5))).toMatchObject({ ok: true });
    expect(await runAwayMail(deps, { now: at(30), userIds: [blocked.seller.id] })).toMatchObject({ mails: 0 });
    expect(await mailsTo(blocked.seller)).toEqual([]);
  });

  test("a club direct message links to the club's Messages tab", async () => {
    const owner = await createTestUser(t.db, { firstName: "Olive" });
    const member = await createTestUser(t.db);
    const club = await createTestClub(t.db, owner, { name: "Riverside Hockey" });
    await addTestMember(t.db, club, member);
    await t.db.insert(clubDirectMessages).values({
      clubId: club.id,
      senderId: owner.id,
      receiverId: member.id,
      content: "Practice moved to 6",
      createdAt: at(0),
    });
    const { deps } = rooms();
    expect(await runAwayMail(deps, { now: at(11), userIds: [member.id] })).toMatchObject({ mails: 1 });
    const [mail] = await mailsTo(member);
    expect(mail.text).toContain("Olive User about Riverside Hockey: “Practice moved to 6”");
    expect(mail.text).toContain(`${ORIGIN}/club/${club.slug}?tab=messages&sub=dm&with=${owner.id}`);
  });

  test("a suspended person is not mailed", async () => {
    const { seller, buyer } = await threeQuestions();
    const admin = await createTestUser(t.db, { admin: true });
    await t.db.insert(suspensions).values({ userId: seller.id, reason: "scam", endsAt: null, createdBy: admin.id });
    const { deps } = rooms();
    expect(await runAwayMail(deps, { now: at(30), userIds: [seller.id, buyer.id] })).toMatchObject({ mails: 0 });
    expect(await mailsTo(seller)).toEqual([]);
  });
});

describe("e-mail when away: deals", () => {
  test("a meeting place to confirm is mailed once with a link to the deal; an offer is left to its own mail", async () => {
    const seller = await createTestUser(t.db, { firstName: "Sam" });
    const buyer = await createTestUser(t.db, { firstName: "Bea" });
    const listingId = await createTestListing(t.db, seller, { title: "Hockey skates", priceCents: 5000 });
    const made = await proposeDeal(
      t.db,
      buyer,
      { listingId, offeredListingIds: [], cashCents: 4000, cashFrom: "proposer", message: null },
      at(0),
    );
    if (!made.ok) throw new Error(made.error);
    const { deps } = rooms();
    const only = [seller.id, buyer.id];
    expect(await runAwayMail(deps, { now: at(20), userIds: only })).toMatchObject({ mails: 0 });

    expect(await acceptDeal(t.db, seller, made.deal.id, 1, at(21))).toMatchObject({ ok: true });
    expect(await proposeMeetup(t.db, seller, made.deal.id, { spotId: null, place: "Rink lobby", at: at(24 * 60) }, at(22))).toMatchObject({
      ok: true,
    });
    expect(await runAwayMail(deps, { now: at(40), userIds: only })).toMatchObject({ mails: 1 });
    const [mail, ...more] = await mailsTo(buyer);
    expect(more).toEqual([]);
    expect(mail.subject).toBe("A deal is waiting for you on LockerSwap");
    expect(mail.text).toContain("Confirm the meeting place for Hockey skates");
    expect(mail.text).toContain(`${ORIGIN}/deals/${made.deal.id}`);
    expect(await mailsTo(seller)).toEqual([]);
    expect(await runAwayMail(deps, { now: at(200), userIds: only })).toMatchObject({ mails: 0 });
  });
});

describe("e-mail when away: the daily mode", () => {
  test("'E-mail digest' gathers what is still unread once a day, without asking the room", async () => {
    const { seller, buyer } = await threeQuestions();
    await setModeStatement(t.db, seller.id, "messages", "email_digest");
    const { deps, asked } = rooms();
    const only = [seller.id, buyer.id];
    expect(await runAwayMail(deps, { now: at(30), userIds: only })).toMatchObject({ mails: 0 });
    expect(await runAwayMail(deps, { now: at(30), mode: "email_digest", userIds: only })).toMatchObject({ mails: 1 });
    expect(asked).toEqual([]);
    expect(await runAwayMail(deps, { now: at(60), mode: "email_digest", userIds: only })).toMatchObject({ mails: 0 });
    const [mail] = await mailsTo(seller);
    expect(mail.subject).toBe("3 unread messages on LockerSwap");
  });
});

describe("e-mail when away: deal mails in the daily mode", () => {
  test("'E-mail digest' for deals: the offer is not mailed at once but is in the daily mail", async () => {
    const seller = await createTestUser(t.db, { firstName: "Sam" });
    const buyer = await createTestUser(t.db, { firstName: "Bea" });
    await setModeStatement(t.db, seller.id, "deals", "email_digest");
    const listingId = await createTestListing(t.db, seller, { title: "Goalie mask", priceCents: 5000 });
    const made = await proposeDeal(
      t.db,
      buyer,
      { listingId, offeredListingIds: [], cashCents: 4000, cashFrom: "proposer", message: null },
      at(0),
    );
    if (!made.ok) throw new Error(made.error);
    const { deps } = rooms();
    const only = [seller.id, buyer.id];
    expect(await runAwayMail(deps, { now: at(30), userIds: only })).toMatchObject({ mails: 0 });
    expect(await runAwayMail(deps, { now: at(60), mode: "email_digest", userIds: only })).toMatchObject({ mails: 1 });
    const [mail, ...more] = await mailsTo(seller);
    expect(more).toEqual([]);
    expect(mail.text).toContain("Bea made an offer on Goalie mask");
    expect(mail.text).toContain(`${ORIGIN}/deals/${made.deal.id}`);
    // The buyer (default: e-mail right away) is in no daily mail; the next day's run tells nothing twice.
    expect(await mailsTo(buyer)).toEqual([]);
    expect(await runAwayMail(deps, { now: at(60 * 25), mode: "email_digest", userIds: only })).toMatchObject({ mails: 0 });
  });
});

/** A club whose owner wants club mail right away, and a request to join it made at `minutes`. */
async function requestToJoinAt(minutes: number, ownerMode: NotificationMode = "email_now") {
  const owner = await createTestUser(t.db, { firstName: "Olive", lastName: "Owner" });
  const asker = await createTestUser(t.db, { firstName: "Jay", lastName: "Joiner" });
  const club = await createTestClub(t.db, owner, { name: `Rink Rats ${owner.id.slice(0, 6)}`, joinMode: "approval" });
  await setModeStatement(t.db, owner.id, "clubs", ownerMode);
  const membershipId = await addTestMember(t.db, club, asker, { status: "pending" });
  await t.db
    .update(clubMembers)
    .set({ createdAt: at(minutes) })
    .where(eq(clubMembers.id, membershipId));
  return { owner, asker, club, membershipId };
}

describe("e-mail when away: club approvals and requests", () => {
  test("a join request mails its club's owner once after 10 minutes away, with a link to the Manage page", async () => {
    const { owner, asker, club } = await requestToJoinAt(0);
    const { deps } = rooms();
    const only = [owner.id, asker.id];
    expect(await runAwayMail(deps, { now: at(9), userIds: only })).toMatchObject({ mails: 0 });
    expect(await runAwayMail(deps, { now: at(11), userIds: only })).toMatchObject({ mails: 1 });
    const [mail, ...more] = await mailsTo(owner);
    expect(more).toEqual([]);
    expect(mail.subject).toBe("News from your club on LockerSwap");
    expect(mail.text).toContain(`Jay Joiner asks to join ${club.name}`);
    expect(mail.text).toContain(`${ORIGIN}/club/${club.slug}/manage`);
    expect(await runAwayMail(deps, { now: at(90), userIds: only })).toMatchObject({ mails: 0 });
  });

  test("'In the app only' (the default), a block, or no longer managing the club: no mail", async () => {
    const quiet = await requestToJoinAt(0, "in_app");
    const { deps, asked } = rooms();
    expect(await runAwayMail(deps, { now: at(30), userIds: [quiet.owner.id] })).toMatchObject({ candidates: 0 });
    expect(asked).toEqual([]);

    const blocked = await requestToJoinAt(0);
    expect(await blockUser(t.db, blocked.asker, blocked.owner.id, at(1))).toMatchObject({ ok: true });
    expect(await runAwayMail(deps, { now: at(30), userIds: [blocked.owner.id] })).toMatchObject({ mails: 0 });
    expect(await mailsTo(blocked.owner)).toEqual([]);

    // An admin who was demoted is told nothing of the club any more.
    const left = await requestToJoinAt(0, "in_app");
    const admin = await createTestUser(t.db);
    await setModeStatement(t.db, admin.id, "clubs", "email_now");
    const adminRow = await addTestMember(t.db, left.club, admin, { role: "admin" });
    await t.db.update(clubMembers).set({ role: "member", approvalNotified: true }).where(eq(clubMembers.id, adminRow));
    expect(await runAwayMail(deps, { now: at(30), userIds: [admin.id] })).toMatchObject({ mails: 0 });
  });

  test("a member is told once that their request was approved, however old the request; not once they left", async () => {
    const { owner, asker, club, membershipId } = await requestToJoinAt(-30 * 24 * 60, "in_app");
    await setModeStatement(t.db, asker.id, "clubs", "email_digest");
    const { deps } = rooms();
    expect(await runAwayMail(deps, { now: at(0), mode: "email_digest", userIds: [asker.id] })).toMatchObject({ mails: 0 });
    expect(await approveJoinRequest(t.db, owner, club.slug, membershipId)).toMatchObject({ ok: true });
    expect(await runAwayMail(deps, { now: at(60), mode: "email_digest", userIds: [asker.id] })).toMatchObject({ mails: 1 });
    const [mail] = await mailsTo(asker);
    expect(mail.text).toContain(`You've been approved: welcome to ${club.name}`);
    expect(mail.text).toContain(`${ORIGIN}/club/${club.slug}\n`);
    expect(await runAwayMail(deps, { now: at(60 * 25), mode: "email_digest", userIds: [asker.id] })).toMatchObject({ mails: 0 });

    const other = await requestToJoinAt(0, "in_app");
    await setModeStatement(t.db, other.asker.id, "clubs", "email_now");
    expect(await approveJoinRequest(t.db, other.owner, other.club.slug, other.membershipId)).toMatchObject({ ok: true });
    expect(await leaveClub(t.db, other.asker, other.club.slug)).toMatchObject({ ok: true });
    expect(await runAwayMail(deps, { now: at(30), userIds: [other.asker.id] })).toMatchObject({ candidates: 0 });
  });

  test("an approval is dated when it is given: mail about something newer than the request does not hide it", async () => {
    // Jay asked to join Rink Rats a month ago. He runs a club of his own, and was mailed today about a
    // request to it — after his own request, before Rink Rats approved him.
    const { owner, asker, club, membershipId } = await requestToJoinAt(-30 * 24 * 60, "in_app");
    await setModeStatement(t.db, asker.id, "clubs", "email_now");
    const own = await createTestClub(t.db, asker, { name: `Jay's Juniors ${asker.id.slice(0, 6)}`, joinMode: "approval" });
    const visitor = await createTestUser(t.db, { firstName: "Vi", lastName: "Visitor" });
    const request = await addTestMember(t.db, own, visitor, { status: "pending" });
    await t.db
      .update(clubMembers)
      .set({ createdAt: at(0) })
      .where(eq(clubMembers.id, request));
    const { deps } = rooms();
    expect(await runAwayMail(deps, { now: at(11), userIds: [asker.id] })).toMatchObject({ mails: 1 });

    expect(await approveJoinRequest(t.db, owner, club.slug, membershipId, at(20))).toMatchObject({ ok: true });
    expect(await runAwayMail(deps, { now: at(90), userIds: [asker.id] })).toMatchObject({ mails: 1 });
    const texts = (await mailsTo(asker)).map((mail) => mail.text);
    expect(texts).toHaveLength(2);
    expect(texts.filter((text) => text.includes(`Vi Visitor asks to join ${own.name}`))).toHaveLength(1);
    const approval = texts.find((text) => text.includes(`You've been approved: welcome to ${club.name}`));
    expect(approval).not.toContain("Vi Visitor"); // told once
    expect(await runAwayMail(deps, { now: at(200), userIds: [asker.id] })).toMatchObject({ mails: 0 });
  });
});

describe("e-mail when away: club announcements", () => {
  async function clubWithReader() {
    const owner = await createTestUser(t.db, { firstName: "Coach", lastName: "Kim" });
    const reader = await createTestUser(t.db, { firstName: "Rae" });
    const club = await createTestClub(t.db, owner, { name: `Ice Owls ${owner.id.slice(0, 6)}` });
    await addTestMember(t.db, club, reader, { approvalNotified: true });
    await setModeStatement(t.db, reader.id, "announcements", "email_now");
    await setModeStatement(t.db, owner.id, "announcements", "email_now");
    const announce = (content: string, minutes: number) =>
      t.db.insert(clubMessages).values({ clubId: club.id, userId: owner.id, messageType: "announcement", content, createdAt: at(minutes) });
    return { owner, reader, club, announce };
  }

  test("what was posted since they were last here is mailed once, linking to the Announcements tab; never to its author", async () => {
    const { owner, reader, club, announce } = await clubWithReader();
    await announce("Skate swap on Saturday", 0);
    await announce("Bring your old helmets", 20);
    // Connected until minute 10: the first was seen; the second is news after 10 more minutes away.
    const { deps } = rooms(() => ({ connected: false, lastSeenAt: at(10).getTime() }));
    const only = [owner.id, reader.id];
    expect(await runAwayMail(deps, { now: at(25), userIds: only })).toMatchObject({ mails: 0 });
    expect(await runAwayMail(deps, { now: at(31), userIds: only })).toMatchObject({ mails: 1 });
    const [mail, ...more] = await mailsTo(reader);
    expect(more).toEqual([]);
    expect(mail.subject).toBe("A new club announcement on LockerSwap");
    expect(mail.text).toContain(`Coach Kim in ${club.name}: “Bring your old helmets”`);
    expect(mail.text).not.toContain("Skate swap");
    expect(mail.text).toContain(`${ORIGIN}/club/${club.slug}?tab=messages&sub=announcements`);
    expect(await mailsTo(owner)).toEqual([]);
    expect(await runAwayMail(deps, { now: at(200), userIds: only })).toMatchObject({ mails: 0 });
  });

  test("an announcement held pending review is not mailed; released, it is news from its release, mailed once (ADR 104)", async () => {
    const { owner, reader, club, announce } = await clubWithReader();
    const [post] = await announce("Cheap skates, pay by gift card", 0).returning({ id: clubMessages.id });
    const [report] = await t.db
      .insert(reports)
      .values({
        reporterId: reader.id,
        targetType: "club_message",
        targetId: post.id,
        targetUserId: owner.id,
        reason: "scam",
        clubId: club.id,
      })
      .returning({ id: reports.id });
    const [hold] = await t.db
      .insert(heldContent)
      .values({ targetType: "club_message", targetId: post.id, targetUserId: owner.id, reportId: report.id })
      .returning({ id: heldContent.id });
    const { deps } = rooms(() => ({ connected: false, lastSeenAt: at(-60).getTime() }));
    expect(await runAwayMail(deps, { now: at(30), userIds: [reader.id] })).toMatchObject({ mails: 0 });
    await t.db
      .update(heldContent)
      .set({ releasedAt: at(40), releasedBy: owner.id, outcome: "restored" })
      .where(eq(heldContent.id, hold.id));
    expect(await runAwayMail(deps, { now: at(60), userIds: [reader.id] })).toMatchObject({ mails: 1 });
    const [mail, ...more] = await mailsTo(reader);
    expect(more).toEqual([]);
    expect(mail.text).toContain("Cheap skates");
    expect(await runAwayMail(deps, { now: at(200), userIds: [reader.id] })).toMatchObject({ mails: 0 });
  });

  test("seen before they left: no mail, and their room is not asked again; a block or leaving the club: no mail", async () => {
    const seen = await clubWithReader();
    await seen.announce("Practice at 6", 0);
    const back = rooms(() => ({ connected: false, lastSeenAt: at(5).getTime() }));
    expect(await runAwayMail(back.deps, { now: at(30), userIds: [seen.reader.id] })).toMatchObject({ candidates: 1, mails: 0 });
    expect(await runAwayMail(back.deps, { now: at(35), userIds: [seen.reader.id] })).toMatchObject({ candidates: 0 });
    expect(back.asked).toEqual([seen.reader.id]);

    const blocked = await clubWithReader();
    await blocked.announce("Fees due", 0);
    expect(await blockUser(t.db, blocked.reader, blocked.owner.id, at(1))).toMatchObject({ ok: true });
    const { deps } = rooms();
    expect(await runAwayMail(deps, { now: at(30), userIds: [blocked.reader.id] })).toMatchObject({ mails: 0 });

    const left = await clubWithReader();
    await left.announce("Tournament next week", 0);
    expect(await leaveClub(t.db, left.reader, left.club.slug)).toMatchObject({ ok: true });
    expect(await runAwayMail(deps, { now: at(30), userIds: [left.reader.id] })).toMatchObject({ candidates: 0 });
    expect([...(await mailsTo(blocked.reader)), ...(await mailsTo(left.reader))]).toEqual([]);
  });
});
