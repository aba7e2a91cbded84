import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { sql } from "drizzle-orm";
import { createTestDb, type TestDb } from "../../../tests/setup/test-db";
import { addTestMember, createTestClub, createTestUser, type TestClub, type TestUser } from "../../../tests/factories";
import { getClubAccess } from "../clubs/club-access.server";
import { addGearItem, addGearUnits, declineBorrowRequest, requestToBorrow, retireGearUnit } from "./library.server";
import { checkInGear, checkOutGear, dueAtOf, seasonLastDay } from "./loans.server";
import { getKeeperLibrary, getMemberLibrary } from "./reads.server";
import { csvCell, gearCsv, getInventory } from "./inventory.server";

let t: TestDb;
let owner: TestUser;
let keeper: TestUser;
let keeper2: TestUser;
let mel: TestUser;
let max: TestUser;
let club: TestClub;
const NOW = new Date("2027-01-10T12:00:00Z");
const later = (days: number) => new Date(NOW.getTime() + days * 86_400_000);
const access = async (u: TestUser | null) => (await getClubAccess(t.db, u, club.slug))!;
const uuid = () => crypto.randomUUID();

beforeAll(async () => {
  t = await createTestDb();
  owner = await createTestUser(t.db, { firstName: "Olive" });
  keeper = await createTestUser(t.db, { firstName: "Eve" });
  keeper2 = await createTestUser(t.db, { firstName: "Ed" });
  mel = await createTestUser(t.db, { firstName: "Mel" });
  max = await createTestUser(t.db, { firstName: "Max" });
  club = await createTestClub(t.db, owner);
  await addTestMember(t.db, club, keeper, { role: "equipment_manager" });
  await addTestMember(t.db, club, keeper2, { role: "equipment_manager" });
  await addTestMember(t.db, club, mel);
  await addTestMember(t.db, club, max);
});
afterAll(() => t.cleanup());

const item = (over = {}) => ({
  id: uuid(),
  title: "Loaner skates",
  sport: "hockey" as const,
  equipmentType: "Skates",
  condition: "gently-used" as const,
  tagCode: "SK",
  notes: null,
  size: "5",
  count: 1,
  ...over,
});
let clock = NOW.getTime();
/** Each request a millisecond after the last: the queue's order is the order they came in. */
const borrow = async (u: TestUser, itemId: string, size: string) =>
  requestToBorrow(t.db, await access(u), { id: uuid(), itemId, size, period: "season", fromDate: null, toDate: null }, new Date(++clock));

describe("the gear library (ADR 093)", () => {
  let itemId: string;
  const requestIds: string[] = [];

  test("an equipment manager adds an item with units; a member may not; a tag code is the club's once", async () => {
    const values = item();
    expect(await addGearItem(t.db, await access(keeper), values, NOW)).toEqual({ ok: true, created: true });
    expect(await addGearItem(t.db, await access(keeper), values, NOW)).toEqual({ ok: true, created: false });
    itemId = values.id;
    expect(await addGearUnits(t.db, await access(keeper), { itemId, size: "6", count: 2 }, NOW)).toEqual({ ok: true, added: 2 });
    expect(await addGearItem(t.db, await access(mel), item({ tagCode: "XX" }), NOW)).toEqual({ ok: false, error: "forbidden" });
    expect(await addGearItem(t.db, await access(keeper), item(), NOW)).toEqual({ ok: false, error: "tagTaken" });
    const lib = await getMemberLibrary(t.db, await access(mel), NOW);
    expect(lib.items[0].sizes.map((s) => [s.size, s.units, s.free])).toEqual([
      ["5", 1, 1],
      ["6", 2, 2],
    ]);
  });

  test("requests queue first come first served; the last free unit approved twice at once → one loan", async () => {
    for (const u of [mel, max]) {
      const r = await borrow(u, itemId, "5");
      expect(r.ok).toBe(true);
    }
    expect(await borrow(mel, itemId, "5")).toEqual({ ok: false, error: "alreadyQueued" });
    const k = await getKeeperLibrary(t.db, await access(keeper), NOW);
    expect(k.queue.map((q) => [q.borrower.split(" ")[0], q.position])).toEqual([
      ["Mel", 1],
      ["Max", 2],
    ]);
    requestIds.push(...k.queue.map((q) => q.id));
    // Max is second: refused while Mel waits ahead.
    const skip = await checkOutGear(t.db, await access(keeper), lend(requestIds[1]), NOW);
    expect(skip).toEqual({ ok: false, error: "notFirstInQueue" });
    // Twelve concurrent approvals of Mel's request, by two keepers, each with its own loan id → one loan.
    const results = await Promise.all(
      Array.from({ length: 12 }, async (_, i) => checkOutGear(t.db, await access(i % 2 ? keeper : keeper2), lend(requestIds[0]), NOW)),
    );
    expect(results.filter((r) => r.ok).length).toBe(1);
    const [{ n }] = await t.db.all<{ n: number }>(sql`select count(*) as n from gear_loans`);
    expect(Number(n)).toBe(1);
    // Max is now first, but the only size-5 unit is out.
    expect(await checkOutGear(t.db, await access(keeper), lend(requestIds[1]), NOW)).toEqual({ ok: false, error: "noFreeUnit" });
  });

  test("a member sees only their own loans and requests", async () => {
    const melLib = await getMemberLibrary(t.db, await access(mel), NOW);
    expect(melLib.loans.map((l) => l.unitCode)).toEqual(["SK-1"]);
    const maxLib = await getMemberLibrary(t.db, await access(max), NOW);
    expect(maxLib.loans).toEqual([]);
    expect(maxLib.requests.map((r) => r.position)).toEqual([1]);
  });

  test("two keepers checking the same unit in at once → one check-in; with 'swap up a size' Mel gets a size 6 in the same batch", async () => {
    const results = await Promise.all(
      Array.from({ length: 8 }, async (_, i) =>
        checkInGear(
          t.db,
          await access(i % 2 ? keeper : keeper2),
          {
            unitCode: "SK-1",
            conditionIn: "well-worn",
            damageNotes: "scuffed",
            swapUp: { requestId: uuid(), loanId: uuid(), dueAt: later(100) },
          },
          new Date(NOW.getTime() + 1000 + i),
        ),
      ),
    );
    const ok = results.filter((r) => r.ok);
    expect(ok.length).toBe(1);
    expect(ok[0]).toMatchObject({ ok: true, swap: { lent: expect.stringMatching(/^SK-[23]$/) } });
    const melLib = await getMemberLibrary(t.db, await access(mel), NOW);
    expect(melLib.loans.map((l) => l.size)).toEqual(["6"]);
    // The history of SK-1 is kept: the loan with its condition in and damage notes.
    const [h] = await t.db.all<{ c: string; d: string }>(
      sql`select l.condition_in as c, l.damage_notes as d from gear_loans l join gear_units u on u.id = l.unit_id where u.code = 'SK-1'`,
    );
    expect(h).toEqual({ c: "well-worn", d: "scuffed" });
  });

  test("inventory counts and the CSV export, with formula cells escaped", async () => {
    const inv = await getInventory(t.db, await access(keeper), NOW);
    expect(inv.counts.map((c) => [c.size, c.in, c.out])).toEqual([
      ["5", 1, 0],
      ["6", 1, 1],
    ]);
    expect(inv.usage[0]).toMatchObject({ season: "2026–27", unitsLent: 2, units: 3 });
    for (const hostile of ["=1+1", "+SUM(A1)", "-2", "@cmd"]) expect(csvCell(hostile)).toBe(`'${hostile}`);
    expect(csvCell('a,"b"')).toBe('"a,""b"""');
    await addGearItem(t.db, await access(keeper), item({ tagCode: "HX", title: "=HYPERLINK(evil)" }), NOW);
    const csv = await gearCsv(t.db, await access(keeper));
    expect(csv).toContain("'=HYPERLINK(evil)");
    expect(csv).not.toMatch(/(^|,)=HYPERLINK/m);
    expect(await gearCsv(t.db, await access(mel))).not.toContain("SK-1");
  });
});

describe("the keepers' other steps (ADR 097)", () => {
  test("a keeper declines a waiting request and the next moves up; a member may not decline, nor a keeper twice", async () => {
    const values = item({ tagCode: "HE", title: "Helmet", size: "M", count: 1 });
    await addGearItem(t.db, await access(keeper), values, NOW);
    await borrow(mel, values.id, "M");
    await borrow(max, values.id, "M");
    const queueOf = async () => (await getKeeperLibrary(t.db, await access(keeper), NOW)).queue.filter((q) => q.itemId === values.id);
    const [first] = await queueOf();
    expect(await declineBorrowRequest(t.db, await access(max), first.id, NOW)).toEqual({ ok: false, error: "forbidden" });
    const twice = await Promise.all([keeper, keeper2].map(async (k) => declineBorrowRequest(t.db, await access(k), first.id, NOW)));
    expect(twice.filter((r) => r.ok).length).toBe(1);
    expect((await queueOf()).map((q) => [q.borrower.split(" ")[0], q.position])).toEqual([["Max", 1]]);
  });

  test("a unit out on loan cannot be retired; one that is in is, and is no longer lent or counted as in", async () => {
    const values = item({ tagCode: "SG", title: "Shin guards", size: "S", count: 2 });
    await addGearItem(t.db, await access(keeper), values, NOW);
    await borrow(mel, values.id, "S");
    const [request] = (await getKeeperLibrary(t.db, await access(keeper), NOW)).queue.filter((q) => q.itemId === values.id);
    expect(await checkOutGear(t.db, await access(keeper), { ...lend(request.id), unitCode: "SG-1" }, NOW)).toMatchObject({ ok: true });
    expect(await retireGearUnit(t.db, await access(keeper), "SG-1", NOW)).toEqual({ ok: false, error: "alreadyOut" });
    expect(await retireGearUnit(t.db, await access(mel), "SG-2", NOW)).toEqual({ ok: false, error: "forbidden" });
    expect(await retireGearUnit(t.db, await access(keeper), "SG-2", NOW)).toEqual({ ok: true });
    expect(await retireGearUnit(t.db, await access(keeper), "SG-2", NOW)).toEqual({ ok: false, error: "noSuchUnit" });
    const inv = await getInventory(t.db, await access(keeper), NOW);
    expect(inv.counts.find((c) => c.equipmentType === "Skates" && c.size === "S")).toMatchObject({ in: 0, out: 1, retired: 1 });
  });

  test("a loan is due at the end of its day; a season's loan on 31 July, the season's last day", () => {
    expect(dueAtOf("2027-03-01").toISOString()).toBe("2027-03-01T23:59:59.999Z");
    expect(seasonLastDay(new Date("2027-01-10T12:00:00Z"))).toBe("2027-07-31");
    expect(seasonLastDay(new Date("2027-08-01T00:00:00Z"))).toBe("2028-07-31");
    expect(seasonLastDay(new Date("2027-07-31T20:00:00Z"))).toBe("2027-07-31");
  });
});

function lend(requestId: string) {
  return { loanId: uuid(), requestId, unitCode: null, dueAt: later(30), conditionOut: null, deposit: "$20 cash" };
}
