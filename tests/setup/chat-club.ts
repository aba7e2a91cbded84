/**
 * The club both chat test files use (app/features/messaging/{club-chat,direct-messages}.server.test.ts):
 * an owner, an admin, two members, a pending request and a stranger, on a real libSQL file.
 * Call `useChatClub()` once at the top of a test file; the bindings below are set before its tests run.
 */
import { afterAll, beforeAll } from "vitest";
import type { Publish } from "~/features/realtime/realtime.server";
import type { ClubEvent, UserEvent } from "~/features/realtime/room-events";
import { getClubAccess } from "~/features/clubs/club-access.server";
import { addTestMember, createTestClub, createTestUser, type TestClub, type TestUser } from "../factories";
import { createTestDb, type TestDb } from "./test-db";

export let t: TestDb;
export let owner: TestUser;
export let admin: TestUser;
export let member: TestUser;
export let other: TestUser;
export let pending: TestUser;
export let stranger: TestUser;
export let club: TestClub;

export function useChatClub() {
  beforeAll(async () => {
    t = await createTestDb();
    owner = await createTestUser(t.db, { firstName: "Olive", lastName: "Owner" });
    admin = await createTestUser(t.db, { firstName: "Ada", lastName: "Admin" });
    member = await createTestUser(t.db, { firstName: "Mia", lastName: "Member" });
    other = await createTestUser(t.db, { firstName: "Otto", lastName: "Other" });
    pending = await createTestUser(t.db, { firstName: "Pat", lastName: "Pending" });
    stranger = await createTestUser(t.db, { firstName: "Sam", lastName: "Stranger" });
    club = await createTestClub(t.db, owner, { joinMode: "approval" });
    await addTestMember(t.db, club, admin, { role: "admin" });
    await addTestMember(t.db, club, member);
    await addTestMember(t.db, club, other);
    await addTestMember(t.db, club, pending, { status: "pending" });
  });
  afterAll(() => t.cleanup());
}

/** The club access of `user` (null: a visitor), as a loader reads it. */
export const access = async (user: TestUser | null, c: TestClub = club) => (await getClubAccess(t.db, user, c.slug))!;

/** Records what would be fanned out, by room. */
export function recorder() {
  const club: [string, ClubEvent][] = [];
  const user: [string, UserEvent][] = [];
  const publish: Publish = { club: (id, e) => club.push([id, e]), user: (id, e) => user.push([id, e]) };
  return { publish, club, user };
}
