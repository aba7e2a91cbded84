import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { clubMembers } from "#db/schema";
import { createTestDb, type TestDb } from "../../../tests/setup/test-db";
import { addTestMember, createTestClub, createTestUser, type TestClub, type TestUser } from "../../../tests/factories";
import { getClubAccess } from "./club-access.server";
import { CLUB_ERRORS } from "~/shared/copy/clubs";
import {
  approveJoinRequest,
  demoteMember,
  INVITE_CODE_RATE_LIMIT,
  joinClub,
  joinClubWithCode,
  leaveClub,
  promoteMember,
  rejectJoinRequest,
  removeMember,
  requestToJoin,
} from "./membership.server";

let t: TestDb;
let owner: TestUser;
let siteAdmin: TestUser;
beforeAll(async () => {
  t = await createTestDb();
  owner = await createTestUser(t.db, { firstName: "Olive" });
  siteAdmin = await createTestUser(t.db, { admin: true });
});
afterAll(() => t.cleanup());

async function membership(club: TestClub, user: TestUser) {
  const [row] = await t.db
    .select()
    .from(clubMembers)
    .where(and(eq(clubMembers.clubId, club.id), eq(clubMembers.userId, user.id)));
  return row ?? null;
}
const state = async (club: TestClub, user: TestUser) => {
  const row = await membership(club, user);
  return row ? `${row.status} ${row.role}` : "none";
};

describe("joining (02 §4): none → active, none → pending", () => {
  test("open club: join → active member, 'Joined group!'; joining twice changes nothing", async () => {
    const club = await createTestClub(t.db, owner, { joinMode: "open" });
    const sam = await createTestUser(t.db);
    expect(await joinClub(t.db, sam, club.slug)).toMatchObject({ ok: true });
    expect(await state(club, sam)).toBe("active member");
    expect(await joinClub(t.db, sam, club.slug)).toMatchObject({ ok: false, error: "alreadyMember" });
    expect(await state(club, sam)).toBe("active member");
  });

  test("signed out: 'Sign in required' and nothing written", async () => {
    const club = await createTestClub(t.db, owner, { joinMode: "open" });
    expect(await joinClub(t.db, null, club.slug)).toMatchObject({ ok: false, error: "signInRequired" });
    expect(CLUB_ERRORS.signInRequired).toMatchObject({ title: "Sign in required", description: "Please sign in to join this club" });
  });

  test("a join of the wrong kind, or while allow_join_requests is off, is refused", async () => {
    const approval = await createTestClub(t.db, owner, { joinMode: "approval" });
    const closed = await createTestClub(t.db, owner, { joinMode: "open", allowJoinRequests: false });
    const sam = await createTestUser(t.db);
    expect(await joinClub(t.db, sam, approval.slug)).toMatchObject({ ok: false, error: "wrongJoinMode" });
    expect(await joinClub(t.db, sam, closed.slug)).toMatchObject({ ok: false, error: "joinsClosed" });
    expect(await requestToJoin(t.db, sam, closed.slug)).toMatchObject({ ok: false, error: "joinsClosed" });
    expect(await state(approval, sam)).toBe("none");
    expect(await state(closed, sam)).toBe("none");
  });

  test("code club: trimmed code must equal the club's; required; wrong codes refused", async () => {
    const club = await createTestClub(t.db, owner, { joinMode: "code", inviteCode: "Tigers24" });
    const sam = await createTestUser(t.db);
    expect(await joinClubWithCode(t.db, sam, club.slug, "   ")).toMatchObject({ ok: false, error: "inviteCodeRequired" });
    expect(await joinClubWithCode(t.db, sam, club.slug, "tigers24")).toMatchObject({ ok: false, error: "invalidInviteCode" });
    expect(await state(club, sam)).toBe("none");
    expect(await joinClubWithCode(t.db, sam, club.slug, "  Tigers24 ")).toMatchObject({ ok: true });
    expect(await state(club, sam)).toBe("active member");
    expect(await joinClub(t.db, sam, club.slug)).toMatchObject({ ok: false, error: "alreadyMember" });
  });

  test("code attempts are rate-limited per person and club", async () => {
    const club = await createTestClub(t.db, owner, { joinMode: "code", inviteCode: "RIGHT-CODE" });
    const other = await createTestClub(t.db, owner, { joinMode: "code", inviteCode: "RIGHT-CODE" });
    const guesser = await createTestUser(t.db);
    for (let i = 0; i < INVITE_CODE_RATE_LIMIT.limit; i++) {
      expect(await joinClubWithCode(t.db, guesser, club.slug, `guess-${i}`)).toMatchObject({ error: "invalidInviteCode" });
    }
    expect(await joinClubWithCode(t.db, guesser, club.slug, "RIGHT-CODE")).toMatchObject({ ok: false, error: "tooManyAttempts" });
    expect(await state(club, guesser)).toBe("none");
    // Another club, or the same club after the window, is unaffected.
    expect(await joinClubWithCode(t.db, guesser, other.slug, "RIGHT-CODE")).toMatchObject({ ok: true });
    const later = new Date(Date.now() + INVITE_CODE_RATE_LIMIT.windowMs + 1000);
    expect(await joinClubWithCode(t.db, guesser, club.slug, "RIGHT-CODE", later)).toMatchObject({ ok: true });
  });

  test("approval club: request → pending; a second request changes nothing", async () => {
    const club = await createTestClub(t.db, owner, { joinMode: "approval" });
    const sam = await createTestUser(t.db);
    expect(await requestToJoin(t.db, sam, club.slug)).toMatchObject({ ok: true });
    expect(await state(club, sam)).toBe("pending member");
    expect(await requestToJoin(t.db, sam, club.slug)).toMatchObject({ ok: false, error: "alreadyPending" });
    expect(await joinClub(t.db, sam, club.slug)).toMatchObject({ ok: false, error: "alreadyPending" });
  });

  test("a private club is not found for a stranger, whatever they send", async () => {
    const club = await createTestClub(t.db, owner, { joinMode: "open", visibility: "private" });
    const sam = await createTestUser(t.db);
    expect(await joinClub(t.db, sam, club.slug)).toMatchObject({ ok: false, error: "notFound" });
    expect(await requestToJoin(t.db, sam, club.slug)).toMatchObject({ ok: false, error: "notFound" });
  });
});

describe("approving and rejecting (02 §4): pending → active, pending → removed", () => {
  test("approve → active with approval_notified reset, only once, only by a club admin/owner or site admin", async () => {
    const club = await createTestClub(t.db, owner, { joinMode: "approval" });
    const admin = await createTestUser(t.db);
    await addTestMember(t.db, club, admin, { role: "admin" });
    const member = await createTestUser(t.db);
    await addTestMember(t.db, club, member);
    const [a, b, c] = [await createTestUser(t.db), await createTestUser(t.db), await createTestUser(t.db)];
    const ids = await Promise.all([a, b, c].map((u) => addTestMember(t.db, club, u, { status: "pending" })));

    expect(await approveJoinRequest(t.db, member, club.slug, ids[0])).toMatchObject({ ok: false, error: "accessDenied" });
    expect(await approveJoinRequest(t.db, a, club.slug, ids[0])).toMatchObject({ ok: false, error: "accessDenied" });
    expect(await approveJoinRequest(t.db, null, club.slug, ids[0])).toMatchObject({ ok: false, error: "signInRequired" });
    expect(await state(club, a)).toBe("pending member");

    expect(await approveJoinRequest(t.db, admin, club.slug, ids[0])).toMatchObject({ ok: true });
    expect(await membership(club, a)).toMatchObject({ status: "active", approvalNotified: false });
    expect(await approveJoinRequest(t.db, admin, club.slug, ids[0])).toMatchObject({ ok: false, error: "noSuchRequest" });
    expect(await approveJoinRequest(t.db, owner, club.slug, ids[1])).toMatchObject({ ok: true });
    expect(await approveJoinRequest(t.db, siteAdmin, club.slug, ids[2])).toMatchObject({ ok: true });
  });

  test("reject removes the row; a request of another club cannot be touched through this one", async () => {
    const club = await createTestClub(t.db, owner, { joinMode: "approval" });
    const elsewhere = await createTestClub(t.db, owner, { joinMode: "approval" });
    const otherOwner = await createTestUser(t.db);
    const theirs = await createTestClub(t.db, otherOwner, { joinMode: "approval" });
    const sam = await createTestUser(t.db);
    const id = await addTestMember(t.db, club, sam, { status: "pending" });
    const theirId = await addTestMember(t.db, theirs, sam, { status: "pending" });

    expect(await rejectJoinRequest(t.db, owner, elsewhere.slug, id)).toMatchObject({ ok: false, error: "noSuchRequest" });
    expect(await rejectJoinRequest(t.db, owner, club.slug, theirId)).toMatchObject({ ok: false, error: "noSuchRequest" });
    expect(await state(theirs, sam)).toBe("pending member");
    expect(await rejectJoinRequest(t.db, owner, club.slug, id)).toMatchObject({ ok: true });
    expect(await state(club, sam)).toBe("none");
    expect(await rejectJoinRequest(t.db, owner, club.slug, id)).toMatchObject({ ok: false, error: "noSuchRequest" });
  });
});

describe("leaving (02 §4): active → removed; the owner cannot", () => {
  test("a member leaves and loses access at once; leaving again is refused", async () => {
    const club = await createTestClub(t.db, owner, { joinMode: "open", visibility: "private" });
    const sam = await createTestUser(t.db);
    await addTestMember(t.db, club, sam);
    expect(await getClubAccess(t.db, sam, club.slug)).not.toBeNull();
    expect(await leaveClub(t.db, sam, club.slug)).toMatchObject({ ok: true });
    expect(await state(club, sam)).toBe("none");
    expect(await getClubAccess(t.db, sam, club.slug)).toBeNull(); // private: gone with the membership
    expect(await leaveClub(t.db, sam, club.slug)).toMatchObject({ ok: false, error: "notFound" });
  });

  test("the owner cannot leave ('Cannot leave group'); a stranger or pending member is told they are not a member", async () => {
    const club = await createTestClub(t.db, owner, { joinMode: "approval" });
    const stranger = await createTestUser(t.db);
    const pending = await createTestUser(t.db);
    await addTestMember(t.db, club, pending, { status: "pending" });
    expect(await leaveClub(t.db, owner, club.slug)).toMatchObject({ ok: false, error: "cannotLeave" });
    expect(CLUB_ERRORS.cannotLeave.title).toBe("Cannot leave group");
    expect(await state(club, owner)).toBe("active owner");
    expect(await leaveClub(t.db, stranger, club.slug)).toMatchObject({ ok: false, error: "notMember" });
    expect(await leaveClub(t.db, pending, club.slug)).toMatchObject({ ok: false, error: "notMember" });
    expect(await state(club, pending)).toBe("pending member");
  });
});

describe("promote, demote, remove (ADR 025): nobody touches the owner", () => {
  test("the owner promotes and demotes; an admin may not demote another admin", async () => {
    const club = await createTestClub(t.db, owner);
    const [ann, ben] = [await createTestUser(t.db), await createTestUser(t.db)];
    const annId = await addTestMember(t.db, club, ann);
    const benId = await addTestMember(t.db, club, ben, { role: "admin" });
    expect(await promoteMember(t.db, ann, club.slug, benId)).toMatchObject({ ok: false, error: "accessDenied" });
    expect(await promoteMember(t.db, owner, club.slug, annId)).toMatchObject({ ok: true });
    expect(await state(club, ann)).toBe("active admin");
    expect(await demoteMember(t.db, ann, club.slug, benId)).toMatchObject({ ok: false, error: "forbidden" });
    expect(await state(club, ben)).toBe("active admin");
    expect(await demoteMember(t.db, owner, club.slug, annId)).toMatchObject({ ok: true });
    expect(await state(club, ann)).toBe("active member");
    expect(await demoteMember(t.db, owner, club.slug, annId)).toMatchObject({ ok: false, error: "noSuchMember" });
  });

  test("nobody can demote or remove the owner, not even a site admin", async () => {
    const club = await createTestClub(t.db, owner);
    const admin = await createTestUser(t.db);
    await addTestMember(t.db, club, admin, { role: "admin" });
    const ownerRow = (await membership(club, owner))!;
    for (const actor of [admin, siteAdmin, owner]) {
      expect(await demoteMember(t.db, actor, club.slug, ownerRow.id)).toMatchObject({ ok: false, error: "cannotChangeOwner" });
      expect(await removeMember(t.db, actor, club.slug, ownerRow.id)).toMatchObject({ ok: false, error: "cannotChangeOwner" });
    }
    expect(await state(club, owner)).toBe("active owner");
  });

  test("an admin removes a member; a member removes nobody; a site admin removes an admin", async () => {
    const club = await createTestClub(t.db, owner);
    const [admin, ann, ben] = [await createTestUser(t.db), await createTestUser(t.db), await createTestUser(t.db)];
    const adminId = await addTestMember(t.db, club, admin, { role: "admin" });
    const annId = await addTestMember(t.db, club, ann);
    await addTestMember(t.db, club, ben);
    expect(await removeMember(t.db, ben, club.slug, annId)).toMatchObject({ ok: false, error: "accessDenied" });
    expect(await removeMember(t.db, admin, club.slug, annId)).toMatchObject({ ok: true });
    expect(await state(club, ann)).toBe("none");
    expect(await removeMember(t.db, siteAdmin, club.slug, adminId)).toMatchObject({ ok: true });
    expect(await state(club, admin)).toBe("none");
  });
});
