import { clubRolesOf } from "../permissions/club";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { createTestDb, type TestDb } from "../../../tests/setup/test-db";
import { addTestMember, createTestClub, createTestUser, type TestClub, type TestUser } from "../../../tests/factories";
import { verifyRoomToken } from "~/features/realtime/room-token.server";
import { leaveClub, removeMember } from "../clubs/membership.server";
import { and, eq } from "drizzle-orm";
import { clubMembers } from "#db/schema";
import { ROOM_KINDS } from "~/features/realtime/realtime.server";
import { clubRoomAccess, isRoomKind, roomAccessFor, roomGrantFor } from "./rooms.server";

let t: TestDb;
let owner: TestUser, member: TestUser, pending: TestUser, stranger: TestUser, siteAdmin: TestUser, leaver: TestUser;
let club: TestClub;

beforeAll(async () => {
  t = await createTestDb();
  owner = await createTestUser(t.db, { firstName: "Olive" });
  member = await createTestUser(t.db, { firstName: "Mia" });
  pending = await createTestUser(t.db, { firstName: "Pat" });
  stranger = await createTestUser(t.db, { firstName: "Stan" });
  siteAdmin = await createTestUser(t.db, { firstName: "Site", admin: true });
  leaver = await createTestUser(t.db, { firstName: "Lee" });
  club = await createTestClub(t.db, owner, { name: "Room club", slug: "room-club", visibility: "public", joinMode: "approval" });
  await addTestMember(t.db, club, member);
  await addTestMember(t.db, club, leaver);
  await addTestMember(t.db, club, pending, { status: "pending" });
});
afterAll(() => t.cleanup());

describe("roomGrantFor: who may join which room", () => {
  test("a club room admits its active members only", async () => {
    const room = { kind: "club" as const, id: club.id };
    expect(await roomGrantFor(t.db, owner, room)).toEqual({ party: "club-room", room: `club:${club.id}` });
    expect(await roomGrantFor(t.db, member, room)).toEqual({ party: "club-room", room: `club:${club.id}` });
    for (const outsider of [pending, stranger, siteAdmin, null]) expect(await roomGrantFor(t.db, outsider, room)).toBeNull();
    expect(await roomGrantFor(t.db, member, { kind: "club", id: "no-such-club" })).toBeNull();
  });

  test("a member who left is refused from then on", async () => {
    const room = { kind: "club" as const, id: club.id };
    expect(await roomGrantFor(t.db, leaver, room)).not.toBeNull();
    expect((await leaveClub(t.db, leaver, club.slug)).ok).toBe(true);
    expect(await roomGrantFor(t.db, leaver, room)).toBeNull();
  });

  test("a removed member is refused, and removeMember names them so their socket can be closed", async () => {
    const removed = await createTestUser(t.db, { firstName: "Rae" });
    await addTestMember(t.db, club, removed);
    const room = { kind: "club" as const, id: club.id };
    expect(await roomGrantFor(t.db, removed, room)).not.toBeNull();
    const [row] = await t.db
      .select({ id: clubMembers.id })
      .from(clubMembers)
      .where(and(eq(clubMembers.clubId, club.id), eq(clubMembers.userId, removed.id)));
    const result = await removeMember(t.db, owner, club.slug, row!.id);
    expect(result.ok && result.userId).toBe(removed.id);
    expect(await roomGrantFor(t.db, removed, room)).toBeNull();
  });

  test("a user room admits that user and nobody else", async () => {
    expect(await roomGrantFor(t.db, member, { kind: "user", id: member.id })).toEqual({ party: "user-room", room: `user:${member.id}` });
    expect(await roomGrantFor(t.db, stranger, { kind: "user", id: member.id })).toBeNull();
    expect(await roomGrantFor(t.db, siteAdmin, { kind: "user", id: member.id })).toBeNull();
    expect(await roomGrantFor(t.db, null, { kind: "user", id: member.id })).toBeNull();
  });

  test("there is no listing-thread room any more: its questions go to the two user rooms (ADR 050)", async () => {
    expect(isRoomKind("listing")).toBe(false);
    expect(Object.values(ROOM_KINDS).map((kind) => kind.party)).toEqual(["lobby-room", "club-room", "user-room"]);
  });

  test("the dev lobby exists only where dev routes are on", async () => {
    expect(await roomGrantFor(t.db, null, { kind: "lobby", id: "test" }, { devRooms: true })).toEqual({
      party: "lobby-room",
      room: "test",
    });
    expect(await roomGrantFor(t.db, member, { kind: "lobby", id: "test" })).toBeNull();
  });
});

describe("roomAccessFor: the one place a room token is minted", () => {
  const env = { REALTIME_SECRET: "unit-realtime-secret-0123456789abcdef0123", devRoutes: false };
  test("mints a token for the viewer and this room only, and names the room for the next token", async () => {
    const context = { db: t.db, env } as never;
    const access = await roomAccessFor(context, member, { kind: "club", id: club.id });
    expect(access).toMatchObject({ party: "club-room", room: `club:${club.id}`, kind: "club", id: club.id });
    const check = await verifyRoomToken(env.REALTIME_SECRET, access!.token, { party: "club-room", room: `club:${club.id}` });
    expect(check.ok && check.claims.sub).toBe(member.id);
    expect(await roomAccessFor(context, stranger, { kind: "club", id: club.id })).toBeNull();
  });

  test("says when its token stops working, so the browser decodes nothing", async () => {
    const now = Date.UTC(2026, 0, 1, 12, 0, 0);
    const access = await roomAccessFor({ db: t.db, env }, member, { kind: "user", id: member.id }, { now, ttlSeconds: 600 });
    expect(access!.expiresAt).toBe(now + 600_000);
    expect(await verifyRoomToken(env.REALTIME_SECRET, access!.token, access!, now + 599_000)).toMatchObject({
      ok: true,
      claims: { exp: (now + 600_000) / 1000 },
    });
    expect(await verifyRoomToken(env.REALTIME_SECRET, access!.token, access!, now + 600_000)).toEqual({ ok: false, reason: "expired" });
  });

  test("a loader's club access decides the club room without asking the database again", async () => {
    const access = (status: "active" | "pending", viewer: TestUser) => {
      const membership = { role: "member" as const, status };
      return { club, viewer, membership, roles: clubRolesOf(viewer, membership) } as never;
    };
    const noDb = { db: null, env } as never;
    expect(await clubRoomAccess(noDb, access("active", member))).toMatchObject({ kind: "club", room: `club:${club.id}` });
    expect(await clubRoomAccess(noDb, access("pending", pending))).toBeNull();
  });
});
