// Want lists and the solve's input (ADR 089): whose list may be saved, what is stored, and how the lists become
// the solver's input — blocks, members who left, groups, cash limits.
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { clubMembers, swapDayGroupItems, swapDayGroups, swapDayWants, userBlocks } from "#db/schema";
import { createTestDb, type TestDb } from "../../../tests/setup/test-db";
import { addTestMember, createTestClub, createTestUser, type TestClub, type TestUser } from "../../../tests/factories";
import { offerNewListing, openSwapDay } from "../../../tests/swap-day-fixtures";
import { getClubAccess } from "../clubs/club-access.server";
import { freezeSwapDay } from "./items.server";
import { loadSwapDayInput } from "./input.server";
import { saveWants, wantListFor } from "./wants.server";

let t: TestDb;
let owner: TestUser;
let club: TestClub;
const NOW = new Date();

beforeAll(async () => {
  t = await createTestDb();
  owner = await createTestUser(t.db, { firstName: "Olive" });
  club = await createTestClub(t.db, owner);
});
afterAll(() => t.cleanup());

const accessOf = async (user: TestUser) => (await getClubAccess(t.db, user, club.slug))!;

async function event(people: number) {
  const id = await openSwapDay(t.db, club, owner, { now: NOW });
  const users: TestUser[] = [];
  const items: string[] = [];
  for (let i = 0; i < people; i++) {
    const u = await createTestUser(t.db, { firstName: `P${i}` });
    await addTestMember(t.db, club, u);
    users.push(u);
    items.push(await offerNewListing(t.db, club, u, id, { priceCents: 1000 * (i + 1) }, undefined, NOW));
  }
  return { id, users, items };
}
const wantsOf = async (itemId: string) =>
  (await t.db.select().from(swapDayWants).where(eq(swapDayWants.itemId, itemId))).map((w) => [w.wantedItemId, w.rank]);

describe("saving a want list", () => {
  test("replaces the item's list in one batch: only other members' items of this event, ranks and limits kept", async () => {
    const e = await event(3);
    const other = await event(1);
    const save = (wants: Array<{ id: string; rank: number | null }>) =>
      saveWants(t.db, accessOf0, e.id, e.items[0], { wants, addUpToCents: 500, needBackCents: null }, NOW);
    const accessOf0 = await accessOf(e.users[0]);
    expect(
      await save([
        { id: e.items[1], rank: 2 },
        { id: e.items[0], rank: null },
        { id: other.items[0], rank: null },
      ]),
    ).toEqual({ ok: true, saved: 1 });
    expect(await wantsOf(e.items[0])).toEqual([[e.items[1], 2]]);
    expect(await save([{ id: e.items[2], rank: null }])).toEqual({ ok: true, saved: 1 });
    expect(await wantsOf(e.items[0])).toEqual([[e.items[2], 1]]);
    const list = await wantListFor(t.db, accessOf0, e.id, e.items[0], NOW);
    expect(list?.item.addUpToCents).toBe(500);
    expect(list?.candidates.map((c) => [c.id, c.wanted])).toEqual(
      expect.arrayContaining([
        [e.items[1], false],
        [e.items[2], true],
      ]),
    );
    expect(list?.candidates.map((c) => c.id)).not.toContain(e.items[0]);
  });

  test("someone else's item, a stranger, and a frozen event change nothing", async () => {
    const e = await event(2);
    expect(
      await saveWants(
        t.db,
        await accessOf(e.users[1]),
        e.id,
        e.items[0],
        { wants: [{ id: e.items[1], rank: null }], addUpToCents: null, needBackCents: null },
        NOW,
      ),
    ).toEqual({ ok: false, error: "notFound" });
    expect(await wantListFor(t.db, await accessOf(e.users[1]), e.id, e.items[0], NOW)).toBeNull();
    const stranger = await createTestUser(t.db);
    expect(
      await saveWants(t.db, await accessOf(stranger), e.id, e.items[0], { wants: [], addUpToCents: null, needBackCents: null }, NOW),
    ).toEqual({ ok: false, error: "forbidden" });
    await freezeSwapDay(t.db, await accessOf(owner), e.id, NOW);
    expect(
      await saveWants(
        t.db,
        await accessOf(e.users[0]),
        e.id,
        e.items[0],
        { wants: [{ id: e.items[1], rank: null }], addUpToCents: null, needBackCents: null },
        NOW,
      ),
    ).toEqual({ ok: false, error: "notOpen" });
    expect(await wantsOf(e.items[0])).toEqual([]);
  });

  test("a blocked member's items are neither listed nor stored", async () => {
    const e = await event(2);
    await t.db.insert(userBlocks).values({ blockerId: e.users[1].id, blockedId: e.users[0].id });
    const access = await accessOf(e.users[0]);
    expect((await wantListFor(t.db, access, e.id, e.items[0], NOW))?.candidates).toEqual([]);
    expect(
      await saveWants(
        t.db,
        access,
        e.id,
        e.items[0],
        { wants: [{ id: e.items[1], rank: null }], addUpToCents: null, needBackCents: null },
        NOW,
      ),
    ).toEqual({ ok: true, saved: 0 });
  });
});

describe("the solve's input (wants → SwapInput)", () => {
  test("codes as ids, cash limits, blocks between participants, members who left out, groups of others' items", async () => {
    const e = await event(4);
    const [a, b, c, d] = e.items;
    await t.db.insert(swapDayWants).values([
      { itemId: a, wantedItemId: b, rank: 3 },
      { itemId: b, wantedItemId: c },
      { itemId: c, wantedItemId: d },
      { itemId: d, wantedItemId: a },
    ]);
    await t.db.run(sql`update swap_day_items set add_up_to_cents = 250 where id = ${a}`);
    const [group] = await t.db.insert(swapDayGroups).values({ swapDayId: e.id, ownerId: e.users[0].id, name: "Any skates" }).returning();
    await t.db.insert(swapDayGroupItems).values([
      { groupId: group.id, itemId: b },
      { groupId: group.id, itemId: c },
      { groupId: group.id, itemId: a },
    ]);
    await t.db.insert(swapDayWants).values({ itemId: a, wantedGroupId: group.id });
    await t.db.insert(userBlocks).values({ blockerId: e.users[1].id, blockedId: e.users[2].id });
    await t.db.delete(clubMembers).where(eq(clubMembers.userId, e.users[3].id));
    const loaded = (await loadSwapDayInput(t.db, e.id))!;
    const code = (rowId: string) => [...loaded.rowIdOf].find(([, r]) => r === rowId)![0];
    expect(loaded.input.items.map((i) => i.id).sort()).toEqual([a, b, c].map(code).sort());
    expect(loaded.input.items.find((i) => i.id === code(a))).toMatchObject({ owner: e.users[0].id, priceCents: 1000, addUpToCents: 250 });
    expect(loaded.input.wants).toEqual(
      expect.arrayContaining([
        { item: code(a), wants: code(b), rank: 3 },
        { item: code(b), wants: code(c), rank: 1 },
        { item: code(a), wants: "G1", rank: 1 },
      ]),
    );
    expect(loaded.input.wants).toHaveLength(3); // c → d and d → a went with the member who left
    expect(loaded.input.groups?.map((g) => ({ ...g, members: [...g.members].sort() }))).toEqual([
      { id: "G1", owner: e.users[0].id, members: [code(b), code(c)].sort() },
    ]);
    expect(loaded.input.blocks).toEqual([[e.users[1].id, e.users[2].id].sort()]);
    expect(loaded.pseudonym(e.users[0].id)).toMatch(/^M\d$/);
  });
});
