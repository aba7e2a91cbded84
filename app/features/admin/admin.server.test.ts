import { randomBytes } from "node:crypto";
import { and, count, eq, sql, type SQL } from "drizzle-orm";
import type { SQLiteTable } from "drizzle-orm/sqlite-core";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import {
  adminAuditLog,
  clubDirectMessages,
  clubMembers,
  clubMessages,
  clubs,
  favorites,
  listingPhotos,
  listings,
  photoObjects,
  profiles,
  sessions,
  userRoles,
  users,
} from "#db/schema";
import { addTestMember, createTestClub, createTestListing, createTestUser, type TestUser } from "../../../tests/factories";
import { createTestDb, type TestDb } from "../../../tests/setup/test-db";
import { adminStats, searchClubs, searchUsers } from "./admin.server";
import { deleteClubAsAdmin, deleteUserAccount } from "./admin-deletions.server";
import { can, SITE } from "../permissions/can";
import { SITE_ACTIONS } from "../permissions/site";

let t: TestDb;
let admin: TestUser;
const word = () => randomBytes(4).toString("hex");
beforeAll(async () => {
  t = await createTestDb();
  admin = await createTestUser(t.db, { admin: true, firstName: "Ada" });
});
afterAll(() => t.cleanup());

const rows = async (table: SQLiteTable, where: SQL | undefined) => (await t.db.select({ n: count() }).from(table).where(where))[0].n;

test("only a site admin may do admin things (data, not ifs)", async () => {
  const member = await createTestUser(t.db);
  expect(SITE_ACTIONS.filter((a) => can(admin, a, SITE))).toEqual([...SITE_ACTIONS]);
  // What anyone signed in (and not suspended) may do on the site: write, their own account, report, block, appeal (ADR 095),
  // favorite (ADR 092).
  expect(SITE_ACTIONS.filter((a) => can(member, a, SITE))).toEqual(["write", "manageOwnAccount", "report", "block", "appeal", "favorite"]);
  expect(SITE_ACTIONS.filter((a) => can(null, a, SITE))).toEqual([]);
});

test("the stat cards equal select count(*); members_only and private count as not public", async () => {
  const owner = await createTestUser(t.db);
  await createTestClub(t.db, owner, { visibility: "public" });
  await createTestClub(t.db, owner, { visibility: "members_only" });
  await createTestClub(t.db, owner, { visibility: "private" });
  const stats = await adminStats(t.db);
  const [{ n: userCount }] = await t.db.select({ n: count() }).from(users);
  const [{ n: clubCount }] = await t.db.select({ n: count() }).from(clubs);
  const [{ n: publicCount }] = await t.db.select({ n: count() }).from(clubs).where(eq(clubs.visibility, "public"));
  expect(stats).toEqual({
    totalUsers: userCount,
    totalClubs: clubCount,
    publicClubs: publicCount,
    notPublicClubs: clubCount - publicCount,
  });
});

describe("searchUsers", () => {
  test("finds a user by the start of the e-mail, a name or the city; wildcards match literally nothing special", async () => {
    const tag = word();
    const u = await createTestUser(t.db, { email: `zed-${tag}@example.test`, firstName: `Quinby${tag}`, lastName: "Lark" });
    await createTestListing(t.db, u);
    const byEmail = await searchUsers(t.db, { q: `zed-${tag}` });
    expect(byEmail.rows.map((r) => r.id)).toEqual([u.id]);
    expect(byEmail.rows[0]).toMatchObject({ email: u.email, listingCount: 1, isAdmin: false });
    expect((await searchUsers(t.db, { q: `quinby${tag}` })).rows.map((r) => r.id)).toEqual([u.id]);
    expect((await searchUsers(t.db, { q: "%" })).total).toBe((await searchUsers(t.db, {})).total);
    expect((await searchUsers(t.db, { q: `_ed-${tag}` })).total).toBe(0);
    expect((await searchUsers(t.db, { q: "Ada" })).rows.find((r) => r.id === admin.id)?.isAdmin).toBe(true);
  });

  // ADR 077: the count stops past 1,000 without gathering the union; up to it, it is exact, and a user
  // matching two ways (name and city) counts once.
  test("counts exactly up to 1,000, then '1,000+'; each user once; either way the page is the newest matches", async () => {
    const tag = word();
    const at = Date.now() - 3_600_000;
    const made = Array.from({ length: 1_001 }, (_, i) => ({ id: `${tag}-${String(i).padStart(4, "0")}`, i }));
    await t.db.insert(users).values(made.map(({ id, i }) => ({ id, email: `${id}@count.test`, createdAt: new Date(at + i * 1000) })));
    await t.db.insert(profiles).values(
      made.map(({ id, i }) => ({
        userId: id,
        email: `${id}@count.test`,
        firstName: i < 3 ? `Cnt${tag}` : "Other",
        city: `Cnt${tag}ville`,
      })),
    );
    const many = await searchUsers(t.db, { q: `cnt${tag}` });
    expect(many).toMatchObject({ total: 1_000, capped: true });
    expect(many.rows.map((r) => r.id)).toEqual(
      made
        .slice(-25)
        .reverse()
        .map((u) => u.id),
    );
    // Remove one: exactly 1,000 match, counted through the union; the three also matching by first name count once.
    await t.db.delete(users).where(eq(users.id, made[1_000].id));
    const exact = await searchUsers(t.db, { q: `cnt${tag}` });
    expect(exact).toMatchObject({ total: 1_000, capped: false });
    expect(exact.rows.map((r) => r.id)).toEqual(
      made
        .slice(975, 1_000)
        .reverse()
        .map((u) => u.id),
    );
  });

  test("pages 25 at a time, newest first", async () => {
    const all = await searchUsers(t.db, {});
    expect(all.rows.length).toBeLessThanOrEqual(25);
    const times = all.rows.map((r) => r.joinedAt.getTime());
    expect([...times].sort((a, b) => b - a)).toEqual(times);
  });
});

test("searchClubs finds any club by name, whatever its visibility, with its member count", async () => {
  const owner = await createTestUser(t.db);
  const name = `Hidden Herons ${word()}`;
  const club = await createTestClub(t.db, owner, { name, visibility: "private" });
  const found = await searchClubs(t.db, { q: name.slice(7) });
  expect(found.rows).toEqual([expect.objectContaining({ id: club.id, name, visibility: "private", members: 1 })]);
});

describe("deleteUserAccount (02 §7 delete-user, ADR 044)", () => {
  test("removes the account and everything of theirs in one go, marks their photos for R2 deletion, and writes the audit log", async () => {
    const gone = await createTestUser(t.db);
    const other = await createTestUser(t.db);
    const listingId = await createTestListing(t.db, gone);
    await t.db
      .insert(listingPhotos)
      .values({ listingId, position: 0, r2Key: `${gone.id}/photo-${word()}.jpg`, contentType: "image/jpeg", byteSize: 10 });
    await t.db.insert(sessions).values({ userId: gone.id, tokenHash: word(), expiresAt: new Date(Date.now() + 60_000) });
    const otherListing = await createTestListing(t.db, other);
    await t.db.insert(favorites).values({ userId: gone.id, listingId: otherListing });
    const club = await createTestClub(t.db, other);
    await addTestMember(t.db, club, gone);
    await t.db.insert(clubMessages).values({ clubId: club.id, userId: gone.id, content: "hi", messageType: "chat" });
    await t.db.insert(clubDirectMessages).values({ clubId: club.id, senderId: other.id, receiverId: gone.id, content: "hello" });

    const result = await deleteUserAccount(t.db, admin, gone.id, "admin");
    expect(result).toMatchObject({ ok: true, email: gone.email, clubsPassedOn: 0, clubsDeleted: 0 });
    expect(result.ok && result.removedKeys).toHaveLength(1);
    expect(await rows(users, eq(users.id, gone.id))).toBe(0);
    expect(await rows(listings, eq(listings.userId, gone.id))).toBe(0);
    expect(await rows(sessions, eq(sessions.userId, gone.id))).toBe(0);
    expect(await rows(favorites, eq(favorites.userId, gone.id))).toBe(0);
    expect(await rows(clubMembers, eq(clubMembers.userId, gone.id))).toBe(0);
    expect(await rows(clubMessages, eq(clubMessages.userId, gone.id))).toBe(0);
    expect(await rows(clubDirectMessages, eq(clubDirectMessages.receiverId, gone.id))).toBe(0);
    expect(await rows(photoObjects, and(eq(photoObjects.ownerId, gone.id), eq(photoObjects.state, "deleting")))).toBe(1);
    const [entry] = await t.db.select().from(adminAuditLog).where(eq(adminAuditLog.targetId, gone.id));
    expect(entry).toMatchObject({ actorId: admin.id, action: "delete_user", targetType: "user", targetLabel: gone.email });
    // The other person's things are untouched.
    expect(await rows(listings, eq(listings.id, otherListing))).toBe(1);
  });

  test("clubs they own pass to the longest-standing admin, else the earliest member, else are deleted", async () => {
    const gone = await createTestUser(t.db);
    const withAdmin = await createTestClub(t.db, gone);
    const earlyMember = await createTestUser(t.db);
    const lateAdmin = await createTestUser(t.db);
    await addTestMember(t.db, withAdmin, earlyMember);
    await addTestMember(t.db, withAdmin, lateAdmin, { role: "admin" });
    const membersOnly = await createTestClub(t.db, gone);
    const first = await createTestUser(t.db);
    const second = await createTestUser(t.db);
    await addTestMember(t.db, membersOnly, first);
    await addTestMember(t.db, membersOnly, second);
    const alone = await createTestClub(t.db, gone);

    const result = await deleteUserAccount(t.db, admin, gone.id, "admin");
    expect(result).toMatchObject({ ok: true, clubsPassedOn: 2, clubsDeleted: 1 });
    const ownerOf = async (clubId: string) =>
      (
        await t.db
          .select({ userId: clubMembers.userId })
          .from(clubMembers)
          .where(and(eq(clubMembers.clubId, clubId), eq(clubMembers.role, "owner")))
      )[0]?.userId;
    expect(await ownerOf(withAdmin.id)).toBe(lateAdmin.id);
    expect(await ownerOf(membersOnly.id)).toBe(first.id);
    expect(await rows(clubs, eq(clubs.id, alone.id))).toBe(0);
  });

  test("an admin cannot delete themselves from the dashboard, nor the last site admin; a non-admin cannot delete anyone", async () => {
    const lone = await createTestDb();
    try {
      const onlyAdmin = await createTestUser(lone.db, { admin: true });
      const member = await createTestUser(lone.db);
      expect(await deleteUserAccount(lone.db, onlyAdmin, onlyAdmin.id, "admin")).toEqual({ ok: false, reason: "self" });
      expect(await deleteUserAccount(lone.db, onlyAdmin, onlyAdmin.id, "self")).toEqual({ ok: false, reason: "last_admin" });
      expect(await deleteUserAccount(lone.db, member, onlyAdmin.id, "admin")).toEqual({ ok: false, reason: "forbidden" });
      expect(await deleteUserAccount(lone.db, member, onlyAdmin.id, "self")).toEqual({ ok: false, reason: "forbidden" });
      expect((await lone.db.select({ n: count() }).from(userRoles))[0].n).toBe(1);
      expect(await deleteUserAccount(lone.db, member, member.id, "self")).toMatchObject({ ok: true });
      // A self-deletion writes no admin audit entry.
      expect((await lone.db.select({ n: count() }).from(adminAuditLog))[0].n).toBe(0);
    } finally {
      await lone.cleanup();
    }
  });
});

test("deleting a club takes its memberships and messages; a listing posted only there stays hidden, never public", async () => {
  const owner = await createTestUser(t.db);
  const seller = await createTestUser(t.db);
  const club = await createTestClub(t.db, owner, { name: `Doomed Dolphins ${word()}` });
  await addTestMember(t.db, club, seller);
  const listingId = await createTestListing(t.db, seller, { clubs: [club] });
  await t.db.insert(clubMessages).values({ clubId: club.id, userId: owner.id, content: "bye", messageType: "announcement" });
  expect(await deleteClubAsAdmin(t.db, admin, club.id)).toMatchObject({ ok: true, name: club.name });
  expect(await rows(clubMembers, eq(clubMembers.clubId, club.id))).toBe(0);
  expect(await rows(clubMessages, eq(clubMessages.clubId, club.id))).toBe(0);
  const [listing] = await t.db.select({ audience: listings.audience }).from(listings).where(eq(listings.id, listingId));
  expect(listing.audience).toBe("clubs");
  expect(await deleteClubAsAdmin(t.db, seller, club.id)).toEqual({ ok: false, reason: "forbidden" });
  const [entry] = await t.db.select().from(adminAuditLog).where(eq(adminAuditLog.targetId, club.id));
  expect(entry).toMatchObject({ action: "delete_club", targetLabel: club.name });
});

test("nobody can edit or delete the audit log, not even with SQL", async () => {
  const [entry] = await t.db.select().from(adminAuditLog).limit(1);
  const refusal = (run: Promise<unknown>) =>
    run.then(
      () => "changed",
      (error: Error & { cause?: Error }) => String(error.cause?.message ?? error.message),
    );
  expect(await refusal(t.db.run(sql`update admin_audit_log set target_label = 'x' where id = ${entry.id}`))).toMatch(/append-only/);
  expect(await refusal(t.db.run(sql`delete from admin_audit_log where id = ${entry.id}`))).toMatch(/append-only/);
  expect((await t.db.select().from(adminAuditLog).where(eq(adminAuditLog.id, entry.id)))[0]).toEqual(entry);
});

test("a site admin deleting someone's listing is in the audit log; a seller deleting their own is not", async () => {
  const { deleteListing } = await import("../listings/listings.server");
  const seller = await createTestUser(t.db);
  const byAdmin = await createTestListing(t.db, seller, { title: `Removed by admin ${word()}` });
  const bySeller = await createTestListing(t.db, seller);
  expect(await deleteListing(t.db, admin, byAdmin)).not.toBeNull();
  expect(await deleteListing(t.db, seller, bySeller)).not.toBeNull();
  const entries = await t.db.select().from(adminAuditLog).where(eq(adminAuditLog.action, "delete_listing"));
  expect(entries.filter((e) => e.targetId === byAdmin)).toEqual([expect.objectContaining({ actorId: admin.id, targetType: "listing" })]);
  expect(entries.filter((e) => e.targetId === bySeller)).toEqual([]);
});
