import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { profiles, sessions, users, zipCodes } from "#db/schema";
import { addTestMember, createTestClub, createTestListing, createTestUser, type TestUser } from "../../../tests/factories";
import { createTestDb, type TestDb } from "../../../tests/setup/test-db";
import { hashPassword } from "./password.server";
import { changePassword, CHANGE_PASSWORD_LIMIT, getProfilePage, signOutOtherSessions, updateOwnProfile } from "./profile.server";
import { can } from "../permissions/can";
import { PROFILE_ACTIONS, PROFILE_PERMISSIONS, type ProfileAction } from "../permissions/profile";
import type { Viewer } from "../permissions/viewer";

const profileCan = (viewer: Viewer, userId: string, action: ProfileAction) => can(viewer, action, { kind: "profile", userId });

const PEPPER = "a-test-pepper-of-at-least-32-characters!!";
let t: TestDb;
let me: TestUser;
let other: TestUser;
let admin: TestUser;
beforeAll(async () => {
  t = await createTestDb();
  me = await createTestUser(t.db, { firstName: "Pat", lastName: "Player", zipCode: "02139" });
  other = await createTestUser(t.db, { firstName: "Olga" });
  admin = await createTestUser(t.db, { admin: true });
  await t.db
    .insert(zipCodes)
    .values({ zip: "10001", city: "New York", state: "NY", latitude: 40.75, longitude: -73.99 })
    .onConflictDoNothing();
});
afterAll(() => t.cleanup());

async function addSession(userId: string, tokenHash: string) {
  await t.db.insert(sessions).values({ userId, tokenHash, expiresAt: new Date(Date.now() + 3_600_000) });
}

describe("who may do what on a profile page (data, spec 02 §2 /player-profile)", () => {
  test("the person edits; a site admin only reads; anyone else sees nothing", () => {
    expect(PROFILE_ACTIONS.filter((a) => profileCan(me, me.id, a))).toEqual(PROFILE_ACTIONS.filter((a) => a !== "oversee"));
    expect(PROFILE_ACTIONS.filter((a) => profileCan(admin, me.id, a))).toEqual(["view"]);
    expect(PROFILE_ACTIONS.filter((a) => profileCan(other, me.id, a))).toEqual([]);
    // An admin on their own page is simply themselves.
    expect(profileCan(admin, admin.id, "edit")).toBe(true);
    expect(PROFILE_PERMISSIONS.other.includes("view")).toBe(false);
  });
});

describe("getProfilePage", () => {
  test("own page: account, listings with status, clubs with role, other sessions", async () => {
    const club = await createTestClub(t.db, other);
    await addTestMember(t.db, club, me, { role: "admin" });
    const listingId = await createTestListing(t.db, me, { title: "Size 5 ball" });
    await addSession(me.id, "here");
    await addSession(me.id, "elsewhere");
    const found = await getProfilePage(t.db, me, me.id, "here");
    expect(found.ok).toBe(true);
    if (!found.ok) return;
    expect(found.page.role).toBe("self");
    expect(found.page.user).toMatchObject({ email: me.email, firstName: "Pat", lastName: "Player", zipCode: "02139" });
    expect(found.page.listings).toEqual([expect.objectContaining({ id: listingId, title: "Size 5 ball", status: "active" })]);
    expect(found.page.clubs).toEqual([expect.objectContaining({ slug: club.slug, role: "admin", status: "active" })]);
    expect(found.page.otherSessions).toBe(1);
  });

  test("a non-admin asking for someone else is denied before anything is read; an admin reads; unknown ids are not found", async () => {
    expect(await getProfilePage(t.db, other, me.id)).toEqual({ ok: false, reason: "denied" });
    expect(await getProfilePage(t.db, other, "no-such-user")).toEqual({ ok: false, reason: "denied" });
    const asAdmin = await getProfilePage(t.db, admin, me.id);
    expect(asAdmin.ok && asAdmin.page.role).toBe("siteAdmin");
    expect(asAdmin.ok && asAdmin.page.otherSessions).toBe(0);
    expect(await getProfilePage(t.db, admin, "no-such-user")).toEqual({ ok: false, reason: "not_found" });
  });
});

describe("updateOwnProfile", () => {
  test("names are saved as typed; city and state come from the ZIP, never from the form", async () => {
    const saved = await updateOwnProfile(t.db, me, { firstName: "McKenzie", lastName: "de la Cruz", zipCode: "10001" });
    expect(saved).toEqual({ ok: true, city: "New York", state: "NY" });
    const [row] = await t.db.select().from(profiles).where(eq(profiles.userId, me.id));
    expect(row).toMatchObject({ firstName: "McKenzie", lastName: "de la Cruz", zipCode: "10001", city: "New York", state: "NY" });
  });

  test("a ZIP that names no place clears city and state", async () => {
    expect(await updateOwnProfile(t.db, me, { zipCode: "00000" })).toEqual({ ok: true, city: null, state: null });
  });
});

describe("changePassword", () => {
  test("needs the current password; the change signs out every other session in the same batch", async () => {
    const user = await createTestUser(t.db);
    const old = await hashPassword("old-secret", PEPPER);
    await t.db
      .update(users)
      .set({ passwordHash: old.hash, passwordAlgo: old.algo, passwordParams: old.params })
      .where(eq(users.id, user.id));
    await addSession(user.id, "this-one");
    await addSession(user.id, "stolen");
    expect(await changePassword(t.db, PEPPER, user, "this-one", { currentPassword: "wrong", newPassword: "new-secret" })).toEqual({
      ok: false,
      reason: "wrong_password",
    });
    const [unchanged] = await t.db.select().from(users).where(eq(users.id, user.id));
    expect(unchanged.passwordHash).toBe(old.hash);
    expect(await changePassword(t.db, PEPPER, user, "this-one", { currentPassword: "old-secret", newPassword: "new-secret" })).toEqual({
      ok: true,
      signedOut: 1,
    });
    const left = await t.db.select({ tokenHash: sessions.tokenHash }).from(sessions).where(eq(sessions.userId, user.id));
    expect(left).toEqual([{ tokenHash: "this-one" }]);
    const [changed] = await t.db.select().from(users).where(eq(users.id, user.id));
    expect(changed.passwordHash).not.toBe(old.hash);
  });

  test("wrong current passwords are rate-limited per account; a Google-only account has none to change", async () => {
    const user = await createTestUser(t.db);
    expect(await changePassword(t.db, PEPPER, user, "x", { currentPassword: "a", newPassword: "bbbbbb" })).toEqual({
      ok: false,
      reason: "no_password",
    });
    const old = await hashPassword("right-one", PEPPER);
    await t.db
      .update(users)
      .set({ passwordHash: old.hash, passwordAlgo: old.algo, passwordParams: old.params })
      .where(eq(users.id, user.id));
    const reasons = [];
    for (let i = 0; i <= CHANGE_PASSWORD_LIMIT.limit; i++) {
      const r = await changePassword(t.db, PEPPER, user, "x", { currentPassword: "guess", newPassword: "bbbbbb" });
      reasons.push(r.ok ? "ok" : r.reason);
    }
    expect(reasons.at(-1)).toBe("rate_limited");
    expect(reasons.slice(0, CHANGE_PASSWORD_LIMIT.limit - 1).every((r) => r === "wrong_password")).toBe(true);
  });
});

test("signOutOtherSessions keeps only this browser's session", async () => {
  const user = await createTestUser(t.db);
  await addSession(user.id, "mine");
  await addSession(user.id, "phone");
  await addSession(user.id, "laptop");
  await addSession(other.id, "not-theirs");
  expect(await signOutOtherSessions(t.db, user, "mine")).toBe(2);
  expect(await t.db.select({ h: sessions.tokenHash }).from(sessions).where(eq(sessions.userId, user.id))).toEqual([{ h: "mine" }]);
  expect((await t.db.select().from(sessions).where(eq(sessions.userId, other.id))).length).toBe(1);
});
