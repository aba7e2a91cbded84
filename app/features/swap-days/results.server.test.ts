// The solve's store (ADR 089): one result however many solves race, a re-run changes nothing, the statuses and
// the hold; and who reads what of the result.
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { swapDayInputs, swapDayItems, swapDayRings, swapDayRingSteps, swapDays, swapDayWants } from "#db/schema";
import { createTestDb, type TestDb } from "../../../tests/setup/test-db";
import { addTestMember, createTestClub, createTestUser, type TestClub, type TestUser } from "../../../tests/factories";
import { getClubAccess } from "../clubs/club-access.server";
import { offerNewListing, openSwapDay } from "../../../tests/swap-day-fixtures";
import { freezeSwapDay } from "./items.server";
import { officialWantsFor, resultsFor, solveAndStore } from "./results.server";
import { parseOfficialWants } from "./solver/official-wants";
import { solveSwapDay } from "./solver/index";

let t: TestDb;
let owner: TestUser;
let mel: TestUser;
let nia: TestUser;
let ola: TestUser;
let club: TestClub;

const NOW = new Date();
const hours = (n: number) => new Date(NOW.getTime() + n * 3600_000);

beforeAll(async () => {
  t = await createTestDb();
  owner = await createTestUser(t.db, { firstName: "Olive" });
  mel = await createTestUser(t.db, { firstName: "Mel" });
  nia = await createTestUser(t.db, { firstName: "Nia" });
  ola = await createTestUser(t.db, { firstName: "Ola" });
  club = await createTestClub(t.db, owner);
  for (const u of [mel, nia, ola]) await addTestMember(t.db, club, u);
});
afterAll(() => t.cleanup());

const accessOf = async (user: TestUser) => (await getClubAccess(t.db, user, club.slug))!;

/**
 * An event with a ring of three (Mel's skates → Nia, Nia's pads → Ola, Ola's helmet → Mel, cash in it) and an
 * item nobody wants (Olive's bag), frozen.
 */
async function frozenRingOfThree() {
  const id = await openSwapDay(t.db, club, owner, { now: NOW });
  const offer = (user: TestUser, title: string, priceCents: number) =>
    offerNewListing(t.db, club, user, id, { title, priceCents }, { addUpToCents: 1000, needBackCents: null }, NOW);
  const skates = await offer(mel, "Skates", 3000);
  const pads = await offer(nia, "Pads", 2500);
  const helmet = await offer(ola, "Helmet", 3500);
  const bag = await offer(owner, "Bag", 1000);
  await t.db.insert(swapDayWants).values([
    { itemId: skates, wantedItemId: helmet },
    { itemId: pads, wantedItemId: skates },
    { itemId: helmet, wantedItemId: pads },
  ]);
  await freezeSwapDay(t.db, await accessOf(owner), id, NOW);
  return { id, skates, pads, helmet, bag };
}

describe("solveAndStore (ADR 089)", () => {
  test("twelve solves at once store one result; a re-run changes nothing", async () => {
    const day = await frozenRingOfThree();
    const outcomes = await Promise.all(
      Array.from({ length: 12 }, (_, i) => solveAndStore(t.db, day.id, { now: NOW, token: `solve-${i}` })),
    );
    expect(outcomes.filter((o) => o.stored)).toHaveLength(1);
    for (const o of outcomes) expect(o).toMatchObject({ itemsTraded: 3, rings: 1 });
    const rings = await t.db.select().from(swapDayRings).where(eq(swapDayRings.swapDayId, day.id));
    expect(rings).toHaveLength(1);
    const steps = await t.db.select().from(swapDayRingSteps).where(eq(swapDayRingSteps.ringId, rings[0].id));
    expect(steps).toHaveLength(3);
    expect(steps.reduce((sum, s) => sum + s.cashCents, 0)).toBe(0);
    const statuses = Object.fromEntries(
      (await t.db.select().from(swapDayItems).where(eq(swapDayItems.swapDayId, day.id))).map((i) => [i.id, i.status]),
    );
    expect(statuses).toEqual({ [day.skates]: "traded", [day.pads]: "traded", [day.helmet]: "traded", [day.bag]: "untraded" });
    const [stored] = await t.db.select().from(swapDays).where(eq(swapDays.id, day.id));
    const again = await solveAndStore(t.db, day.id, { now: hours(1), token: "later" });
    expect(again).toEqual({ stored: false, itemsTraded: 3, rings: 1 });
    expect((await t.db.select().from(swapDays).where(eq(swapDays.id, day.id)))[0]).toEqual(stored);
  });

  test("a retry with the same token and clock stores nothing twice", async () => {
    const day = await frozenRingOfThree();
    const [a, b] = await Promise.all([0, 1].map(() => solveAndStore(t.db, day.id, { now: NOW, token: "same" })));
    expect([a.stored, b.stored].filter(Boolean)).toHaveLength(1);
    expect(await t.db.select().from(swapDayRings).where(eq(swapDayRings.swapDayId, day.id))).toHaveLength(1);
  });

  test("the stored file's checksum is the event's, and the file re-solves to the same count", async () => {
    const day = await frozenRingOfThree();
    await solveAndStore(t.db, day.id, { now: NOW, token: "x" });
    const [input] = await t.db.select().from(swapDayInputs).where(eq(swapDayInputs.swapDayId, day.id));
    const [row] = await t.db.select().from(swapDays).where(eq(swapDays.id, day.id));
    const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(input.officialWants));
    expect(row.inputChecksum).toBe(Array.from(new Uint8Array(digest), (b) => b.toString(16).padStart(2, "0")).join(""));
    expect(input.officialWants).toContain(`SEED=${row.seed}`);
    expect(input.officialWants).not.toMatch(/Mel|Nia|Ola|Olive|@/);
    expect(solveSwapDay(parseOfficialWants(input.officialWants).input).itemsTraded).toBe(3);
  });

  test("an event whose lists are still open is not solved", async () => {
    const id = await openSwapDay(t.db, club, owner, { now: NOW, name: "Open" });
    expect(await solveAndStore(t.db, id, { now: NOW, token: "early" })).toEqual({ stored: false, itemsTraded: 0, rings: 0 });
    expect((await t.db.select().from(swapDays).where(eq(swapDays.id, id)))[0].solvedAt).toBeNull();
  });
});

describe("resultsFor (ADR 089)", () => {
  test("each member reads their own outcome with first names and cash; organisers read every ring", async () => {
    const day = await frozenRingOfThree();
    expect(await resultsFor(t.db, await accessOf(mel), day.id)).toMatchObject({ solved: false, mine: [], rings: null });
    await solveAndStore(t.db, day.id, { now: NOW, token: "r" });
    const melView = (await resultsFor(t.db, await accessOf(mel), day.id))!;
    expect(melView).toMatchObject({
      solved: true,
      itemsTraded: 3,
      itemsTotal: 4,
      membersTrading: 3,
      ringCount: 1,
      rings: null,
      canDownload: true,
    });
    // Mel gives skates ($30) to Nia and receives the helmet ($35) from Ola: pays $5.
    expect(melView.mine).toEqual([
      {
        code: expect.any(String),
        title: "Skates",
        traded: true,
        givesTo: "Nia",
        receives: { code: expect.any(String), title: "Helmet", firstName: "Ola" },
        cashCents: -500,
      },
    ]);
    const olive = (await resultsFor(t.db, await accessOf(owner), day.id))!;
    expect(olive.mine).toEqual([{ code: expect.any(String), title: "Bag", traded: false, givesTo: null, receives: null, cashCents: 0 }]);
    expect(olive.rings).toHaveLength(1);
    expect(olive.rings![0].steps.map((s) => s.owner).sort()).toEqual(["Mel", "Nia", "Ola"]);
    expect(await officialWantsFor(t.db, await accessOf(mel), day.id)).toContain("!BEGIN-OFFICIAL-NAMES");
  });

  test("a member without an item in the solve may not download the lists", async () => {
    const day = await frozenRingOfThree();
    await t.db.run(sql`delete from swap_day_items where id = ${day.bag}`);
    await solveAndStore(t.db, day.id, { now: NOW, token: "d" });
    const stranger = await createTestUser(t.db, { firstName: "Sam" });
    await addTestMember(t.db, club, stranger);
    expect((await resultsFor(t.db, await accessOf(stranger), day.id))!.canDownload).toBe(false);
    expect(await officialWantsFor(t.db, await accessOf(stranger), day.id)).toBeNull();
  });
});
