import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { clubRequests, profiles, userBlocks } from "#db/schema";
import { createTestDb, type TestDb } from "../../../tests/setup/test-db";
import { addTestMember, createTestClub, createTestUser, type TestClub, type TestUser } from "../../../tests/factories";
import { getClubAccess } from "../clubs/club-access.server";
import { deleteItemRequest, fulfilItemRequest, itemRequestsBySlug, listItemRequests, postItemRequest } from "./item-requests.server";
import type { ClubEvent } from "~/features/realtime/room-events";

let t: TestDb;
let owner: TestUser;
let author: TestUser;
let other: TestUser;
let stranger: TestUser;
let club: TestClub;
const published: { clubId: string; event: ClubEvent }[] = [];
const publish = { club: (clubId: string, event: ClubEvent) => void published.push({ clubId, event }) };

beforeAll(async () => {
  t = await createTestDb();
  owner = await createTestUser(t.db, { firstName: "Olive", lastName: "Owner" });
  author = await createTestUser(t.db, { firstName: "Ann", lastName: "Author" });
  other = await createTestUser(t.db, { firstName: "Otto", lastName: "Other" });
  stranger = await createTestUser(t.db, { firstName: "Stan" });
  club = await createTestClub(t.db, owner);
  await addTestMember(t.db, club, author);
  await addTestMember(t.db, club, other, { role: "admin" });
});
afterAll(() => t.cleanup());

const accessOf = async (user: TestUser | null) => (await getClubAccess(t.db, user, club.slug))!;

describe("On the Radar (02 §2, §4 Request, §5 Request)", () => {
  test("a member posts a request: trimmed title, empty description stored as null, published to the club room", async () => {
    const id = crypto.randomUUID();
    const result = await postItemRequest(t.db, await accessOf(author), { id, title: "  Size 9 cleats  ", description: "   " }, publish);
    expect(result).toMatchObject({
      ok: true,
      changed: true,
      request: { id, title: "Size 9 cleats", description: null, status: "open", authorName: "Ann Author" },
    });
    expect(published.at(-1)).toEqual({
      clubId: club.id,
      event: expect.objectContaining({ type: "club.request.created", request: expect.objectContaining({ id, authorId: author.id }) }),
    });
  });

  test("posting the same client-made id twice stores one request and publishes once", async () => {
    const id = crypto.randomUUID();
    const before = published.length;
    const first = await postItemRequest(t.db, await accessOf(author), { id, title: "Shin guards" }, publish);
    const again = await postItemRequest(t.db, await accessOf(author), { id, title: "Shin guards" }, publish);
    expect(first).toMatchObject({ ok: true, changed: true });
    expect(again).toMatchObject({ ok: true, changed: false });
    expect(await t.db.select().from(clubRequests).where(eq(clubRequests.id, id))).toHaveLength(1);
    expect(published.length).toBe(before + 1);
  });

  test("another member reusing someone's request id is refused and the row is unchanged", async () => {
    const id = crypto.randomUUID();
    await postItemRequest(t.db, await accessOf(author), { id, title: "Goalie gloves" });
    expect(await postItemRequest(t.db, await accessOf(other), { id, title: "Hijacked" })).toEqual({ ok: false, error: "conflict" });
    const [row] = await t.db.select().from(clubRequests).where(eq(clubRequests.id, id));
    expect(row).toMatchObject({ title: "Goalie gloves", userId: author.id });
  });

  test("non-members can neither read nor post", async () => {
    expect(await listItemRequests(t.db, await accessOf(stranger))).toEqual([]);
    expect(await postItemRequest(t.db, await accessOf(stranger), { id: crypto.randomUUID(), title: "x" })).toEqual({
      ok: false,
      error: "forbidden",
    });
  });

  test("only the author fulfils or deletes, even a club admin cannot; a fulfilled request can no longer be deleted", async () => {
    const id = crypto.randomUUID();
    await postItemRequest(t.db, await accessOf(author), { id, title: "Ball pump" });
    expect(await fulfilItemRequest(t.db, await accessOf(other), id)).toEqual({ ok: false, error: "not_found" });
    expect(await deleteItemRequest(t.db, await accessOf(other), id)).toEqual({ ok: false, error: "not_found" });
    expect(await deleteItemRequest(t.db, await accessOf(owner), id)).toEqual({ ok: false, error: "not_found" });
    const fulfilled = await fulfilItemRequest(t.db, await accessOf(author), id, publish);
    expect(fulfilled).toMatchObject({ ok: true, request: { status: "fulfilled" } });
    expect(published.at(-1)?.event.type).toBe("club.request.updated");
    expect(await deleteItemRequest(t.db, await accessOf(author), id)).toEqual({ ok: false, error: "not_found" });
  });

  test("the author deletes an open request; the club room hears it", async () => {
    const id = crypto.randomUUID();
    await postItemRequest(t.db, await accessOf(author), { id, title: "Old bag" });
    expect(await deleteItemRequest(t.db, await accessOf(author), id, publish)).toEqual({ ok: true });
    expect(published.at(-1)?.event).toEqual({ type: "club.request.deleted", clubId: club.id, id });
    expect(await t.db.select().from(clubRequests).where(eq(clubRequests.id, id))).toHaveLength(0);
  });

  test("list: newest first with the author's name, or null (shown as 'Anonymous') when they have none", async () => {
    const nameless = await createTestUser(t.db, { firstName: null, lastName: null });
    await t.db.update(profiles).set({ displayName: null }).where(eq(profiles.userId, nameless.id));
    await addTestMember(t.db, club, nameless);
    const id = crypto.randomUUID();
    await postItemRequest(t.db, await accessOf(nameless), { id, title: "Anything" }, null, new Date(Date.now() + 60_000));
    const list = await listItemRequests(t.db, await accessOf(author));
    expect(list[0]).toMatchObject({ id, authorName: null });
    expect(list.map((r) => r.createdAt.getTime())).toEqual([...list.map((r) => r.createdAt.getTime())].sort((a, b) => b - a));
  });
});

describe("a block hides each one's requests from the other (ADR 069)", () => {
  test("either way, in both reads; the rest of the club still sees them; unblocking brings them back", async () => {
    const c = await createTestClub(t.db, owner);
    const blocker = await createTestUser(t.db, { firstName: "Bea" });
    const blocked = await createTestUser(t.db, { firstName: "Bo" });
    await addTestMember(t.db, c, blocker);
    await addTestMember(t.db, c, blocked);
    const access = async (user: TestUser) => (await getClubAccess(t.db, user, c.slug))!;
    const mine = crypto.randomUUID();
    const theirs = crypto.randomUUID();
    await postItemRequest(t.db, await access(blocker), { id: mine, title: "Catcher's mitt" });
    await postItemRequest(t.db, await access(blocked), { id: theirs, title: "Batting helmet" });
    const seen = async (user: TestUser) => {
      const [viaAccess, viaSlug] = [await listItemRequests(t.db, await access(user)), await itemRequestsBySlug(t.db, user, c.slug)];
      expect(viaSlug).toEqual(viaAccess);
      return viaAccess.map((r) => r.id).sort();
    };
    const both = [mine, theirs].sort();
    expect(await seen(blocker)).toEqual(both);

    for (const [from, to] of [
      [blocker, blocked],
      [blocked, blocker],
    ]) {
      await t.db.insert(userBlocks).values({ blockerId: from.id, blockedId: to.id });
      expect(await seen(blocker)).toEqual([mine]);
      expect(await seen(blocked)).toEqual([theirs]);
      expect(await seen(owner)).toEqual(both);
      await t.db.delete(userBlocks).where(and(eq(userBlocks.blockerId, from.id), eq(userBlocks.blockedId, to.id)));
    }
    expect(await seen(blocker)).toEqual(both);
    expect(await seen(blocked)).toEqual(both);
  });
});
