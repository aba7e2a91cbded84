// The swap table's hand-over and its no-shows (ADR 090): check-in by code (one row however many organisers type
// it), hand-out only once a ring is in, the re-solve at the cutoff (nothing handed out undone, the most trades over
// the items brought), a completed ring as swap deals the pair review, and the refusals.
import { eq, inArray, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { deals, listings, swapDayCheckins, swapDayItems, swapDayRings, swapDayRingSteps, swapDayWants } from "#db/schema";
import { createTestDb, type TestDb } from "../../../tests/setup/test-db";
import { solvedSwapDay } from "../../../tests/swap-day-fixtures";
import { addTestMember, createTestClub, createTestUser, type TestClub, type TestUser } from "../../../tests/factories";
import { getClubAccess } from "../clubs/club-access.server";
import { dealHistoryFor } from "../trade/deal-history.server";
import { reviewsForDeal, writeReview } from "../trade/reviews.server";
import { checkIn, handOut } from "./handover.server";
import { confirmHandover, lapseMeetupRings, reportMissing } from "./meetup-handover.server";
import { closeCheckin } from "./resolve.server";
import { acceptDeal } from "../trade/deal-transitions.server";
import { proposeDeal } from "../trade/deals.server";
import { solveSwapDay } from "./solver";

let t: TestDb;
let owner: TestUser;
let mel: TestUser;
let nia: TestUser;
let ola: TestUser;
let pia: TestUser;
let quin: TestUser;
let club: TestClub;
let elsewhere: TestClub;

const NOW = new Date();
const hours = (n: number) => new Date(NOW.getTime() + n * 3600_000);

beforeAll(async () => {
  t = await createTestDb();
  owner = await createTestUser(t.db, { firstName: "Olive" });
  [mel, nia, ola, pia, quin] = await Promise.all(
    ["Mel", "Nia", "Ola", "Pia", "Quin"].map((firstName) => createTestUser(t.db, { firstName })),
  );
  club = await createTestClub(t.db, owner);
  elsewhere = await createTestClub(t.db, await createTestUser(t.db));
  for (const u of [mel, nia, ola, pia, quin]) await addTestMember(t.db, club, u);
  await addTestMember(t.db, elsewhere, mel);
});
afterAll(() => t.cleanup());

const accessOf = async (user: TestUser, c: TestClub = club) => (await getClubAccess(t.db, user, c.slug))!;

const solvedTable = (mode: "table" | "meetup" = "table") => solvedSwapDay(t.db, club, { owner, mel, nia, ola, pia, quin }, mode, NOW);

const ringsOf = async (swapDayId: string) => {
  const rows = await t.db.all<{ ring: string; number: number; status: string; item: string }>(sql`select r.id as ring, r.number,
    r.status, st.item_id as item from swap_day_rings r join swap_day_ring_steps st on st.ring_id = r.id
    where r.swap_day_id = ${swapDayId} order by r.number, st.position`);
  const rings = new Map<string, { number: number; status: string; items: string[] }>();
  for (const r of rows) {
    const ring = rings.get(r.ring) ?? { number: Number(r.number), status: r.status, items: [] };
    ring.items.push(r.item);
    rings.set(r.ring, ring);
  }
  return [...rings.values()];
};

describe("the swap table (ADR 090)", () => {
  test("check-in by code, hand-out once the ring is in, one no-show re-solved, the pair reviews each other", async () => {
    const day = await solvedTable();
    const olive = await accessOf(owner);
    const first = await checkIn(t.db, olive, day.id, day.code.pads);
    expect(first).toMatchObject({ ok: true, created: true, item: { id: day.items.pads, title: "Pads" } });
    expect(await checkIn(t.db, olive, day.id, day.code.pads)).toMatchObject({ ok: true, created: false });
    for (const k of ["helmet", "bag", "gloves"] as const)
      expect(await checkIn(t.db, olive, day.id, day.code[k])).toMatchObject({ ok: true });
    // Mel (skates) is not here: the ring of three is not in, so nothing of it may be handed out.
    expect(await handOut(t.db, olive, day.id, day.items.pads)).toEqual({ ok: false, error: "notReady" });
    expect(await handOut(t.db, olive, day.id, day.items.bag)).toEqual({ ok: true, handedOut: true, ringCompleted: false });
    expect(await handOut(t.db, olive, day.id, day.items.bag)).toEqual({ ok: true, handedOut: false, ringCompleted: false });

    // The solve numbered its two rings 1 and 2 in the order of their smallest item id (ids are random here).
    const before = new Map((await ringsOf(day.id)).map((r) => [r.items.sort().join(), r.number]));
    const closed = await closeCheckin(t.db, olive, day.id);
    expect(closed).toMatchObject({ ok: true, closed: true, itemsBefore: 5, itemsTraded: 4, kept: 1 });
    expect(await closeCheckin(t.db, olive, day.id)).toMatchObject({ ok: true, closed: false });
    const rings = await ringsOf(day.id);
    // The ring with a hand-out is kept as it was, its number too; pads ↔ helmet is the new ring, numbered on (3).
    const bagRing = [day.items.bag, day.items.gloves].sort();
    expect(rings.map((r) => [r.number, r.items.sort()])).toEqual(
      expect.arrayContaining([
        [before.get(bagRing.join()) ?? -1, bagRing],
        [3, [day.items.pads, day.items.helmet].sort()],
      ]),
    );
    expect(rings).toHaveLength(2);
    const [skates] = await t.db.select().from(swapDayItems).where(eq(swapDayItems.id, day.items.skates));
    expect(skates.status).toBe("untraded");
    // After the cutoff a late arrival is not checked in.
    expect(await checkIn(t.db, olive, day.id, day.code.skates)).toEqual({ ok: false, error: "closed" });

    expect(await handOut(t.db, olive, day.id, day.items.gloves)).toEqual({ ok: true, handedOut: true, ringCompleted: true });
    expect(await handOut(t.db, olive, day.id, day.items.pads)).toMatchObject({ ok: true, ringCompleted: false });
    expect(await handOut(t.db, olive, day.id, day.items.helmet)).toMatchObject({ ok: true, ringCompleted: true });

    // Each step is a completed swap deal giver → receiver; the listings are sold; both histories say swapped.
    const steps = await t.db
      .select()
      .from(swapDayRingSteps)
      .where(inArray(swapDayRingSteps.itemId, Object.values(day.items)));
    expect(steps.every((s) => s.dealId !== null)).toBe(true);
    const made = await t.db
      .select()
      .from(deals)
      .where(
        inArray(
          deals.id,
          steps.map((s) => s.dealId!),
        ),
      );
    expect(made).toHaveLength(4);
    expect(made.every((d) => d.kind === "swap" && d.state === "completed")).toBe(true);
    const padsDeal = made.find((d) => d.ownerId === nia.id)!;
    expect(padsDeal.proposerId).toBe(ola.id);
    const sold = await t.db
      .select({ status: listings.status })
      .from(listings)
      .where(
        inArray(
          listings.id,
          made.map((d) => d.listingId!),
        ),
      );
    expect(sold.every((l) => l.status === "sold")).toBe(true);
    const niaHistory = await dealHistoryFor(t.db, nia.id);
    expect(niaHistory.swapped.map((d) => d.title).sort()).toEqual(["Helmet", "Pads"]);
    // Helmet (3,500) for pads (2,500): Ola gets $10 back from Nia through the pads' deal or the helmet's.
    const cash = await t.db.all<{ cents: number }>(sql`select sum(r.cash_cents) as cents from deal_revisions r
      where r.deal_id in (select value from json_each(${JSON.stringify(made.map((d) => d.id))}))`);
    expect(Number(cash[0].cents)).toBe(1000 + 200);

    // The pair reviews each other, double-blind as after any deal.
    expect(await writeReview(t.db, ola, padsDeal.id, { rating: 5, comment: "Great pads" })).toEqual({ ok: true, published: false });
    expect((await reviewsForDeal(t.db, nia, padsDeal.id))?.theirs).toBeNull();
    expect(await writeReview(t.db, nia, padsDeal.id, { rating: 4, comment: null })).toEqual({ ok: true, published: true });
    expect((await reviewsForDeal(t.db, nia, padsDeal.id))?.theirs).toMatchObject({ rating: 5 });
    expect(await writeReview(t.db, mel, padsDeal.id, { rating: 1, comment: null })).toEqual({ ok: false, error: "notFound" });
  });

  test("a traded item stays held until its ring is handed over: another buyer's offer on it cannot be accepted", async () => {
    const day = await solvedTable();
    const [item] = await t.db.select().from(swapDayItems).where(eq(swapDayItems.id, day.items.skates));
    expect(item.status).toBe("traded");
    const buyer = await createTestUser(t.db, { firstName: "Rae" });
    const made = await proposeDeal(
      t.db,
      buyer,
      { listingId: item.listingId!, offeredListingIds: [], cashCents: 2500, cashFrom: "proposer", message: null },
      NOW,
    );
    if (!made.ok) throw new Error(made.error);
    expect(await acceptDeal(t.db, mel, made.deal.id, 1, NOW)).toMatchObject({ ok: false, error: "swapDayHold" });
  });

  test("twelve check-ins of one code at once store one; six closes at once re-solve once", async () => {
    const day = await solvedTable();
    const olive = await accessOf(owner);
    const results = await Promise.all(Array.from({ length: 12 }, () => checkIn(t.db, olive, day.id, day.code.helmet)));
    expect(results.every((r) => r.ok)).toBe(true);
    expect(results.filter((r) => r.ok && r.created)).toHaveLength(1);
    expect(await t.db.select().from(swapDayCheckins).where(eq(swapDayCheckins.itemId, day.items.helmet))).toHaveLength(1);
    await checkIn(t.db, olive, day.id, day.code.pads);
    const closes = await Promise.all(Array.from({ length: 6 }, () => closeCheckin(t.db, olive, day.id)));
    expect(closes.filter((c) => c.ok && c.closed)).toHaveLength(1);
    expect(await ringsOf(day.id)).toEqual([expect.objectContaining({ number: 3, status: "proposed" })]);
  });

  test("refusals: a member who is not an organiser, another club's code, the wrong mode, a code of no trade", async () => {
    const day = await solvedTable();
    expect(await checkIn(t.db, await accessOf(mel), day.id, day.code.skates)).toEqual({ ok: false, error: "forbidden" });
    expect(await handOut(t.db, await accessOf(mel), day.id, day.items.skates)).toEqual({ ok: false, error: "forbidden" });
    expect(await closeCheckin(t.db, await accessOf(mel), day.id)).toEqual({ ok: false, error: "forbidden" });
    const other = await solvedTable();
    // The other event's code typed into this one: unknown here, nothing stored.
    const olive = await accessOf(owner);
    const cross = Object.values(other.code).find((c) => !Object.values(day.code).includes(c))!;
    expect(await checkIn(t.db, olive, day.id, cross)).toEqual({ ok: false, error: "unknownCode" });
    expect(await checkIn(t.db, olive, day.id, "ZZZZZZ")).toEqual({ ok: false, error: "unknownCode" });
    expect(
      await t.db
        .select()
        .from(swapDayCheckins)
        .where(inArray(swapDayCheckins.itemId, Object.values(other.items))),
    ).toEqual([]);
    const meetup = await solvedTable("meetup");
    expect(await checkIn(t.db, olive, meetup.id, meetup.code.pads)).toEqual({ ok: false, error: "closed" });
  });
});

describe("the re-solve over random check-ins (ADR 090)", () => {
  test("nothing handed out is undone and the count is the most the items brought allow", async () => {
    for (let round = 0; round < 4; round++) {
      const day = await solvedTable();
      const olive = await accessOf(owner);
      const brought = Object.entries(day.code).filter((_, i) => (round >> i) % 2 === 0 || i === 4);
      for (const [, code] of brought) await checkIn(t.db, olive, day.id, code);
      const handed: string[] = [];
      for (const k of ["bag", "gloves"] as const) {
        const r = await handOut(t.db, olive, day.id, day.items[k]);
        if (r.ok && r.handedOut) handed.push(day.items[k]);
      }
      const before = await t.db.select().from(swapDayRingSteps).where(inArray(swapDayRingSteps.itemId, handed));
      await closeCheckin(t.db, olive, day.id);
      const after = await t.db.select().from(swapDayRingSteps).where(inArray(swapDayRingSteps.itemId, handed));
      expect(after.map((s) => [s.ringId, s.receivesItemId])).toEqual(before.map((s) => [s.ringId, s.receivesItemId]));
      // The most trades over the items brought: the exact solver on them alone, as an independent count.
      const ids = brought.map(([k]) => day.items[k as keyof typeof day.items]);
      const wants = await t.db.select().from(swapDayWants).where(inArray(swapDayWants.itemId, ids));
      const rows = await t.db.select().from(swapDayItems).where(inArray(swapDayItems.id, ids));
      const best = solveSwapDay({
        mode: "table",
        seed: 1,
        items: rows.map((r) => ({ id: r.id, owner: r.ownerId, priceCents: r.priceCents, addUpToCents: r.addUpToCents ?? undefined })),
        wants: wants.filter((w) => ids.includes(w.wantedItemId!)).map((w) => ({ item: w.itemId, wants: w.wantedItemId! })),
      });
      const traded = (await ringsOf(day.id)).reduce((n, r) => n + r.items.length, 0);
      expect(traded).toBe(best.itemsTraded);
      const status = await t.db.select().from(swapDayRings).where(eq(swapDayRings.swapDayId, day.id));
      expect(status.every((r) => r.status !== "cancelled")).toBe(true);
    }
  });
});

describe("meet-up hand-over (ADR 090)", () => {
  test("each confirms their step, the last completes the ring; a missing item cancels a ring whole", async () => {
    const day = await solvedTable("meetup");
    const ring = async (item: string) =>
      (
        await t.db.all<{ status: string }>(sql`select r.status from swap_day_rings r join swap_day_ring_steps st on st.ring_id = r.id
        where st.item_id = ${item}`)
      )[0]?.status;
    expect(await confirmHandover(t.db, await accessOf(pia), day.id, day.items.gloves)).toEqual({ ok: false, error: "notFound" });
    expect(await confirmHandover(t.db, await accessOf(pia), day.id, day.items.bag)).toEqual({
      ok: true,
      confirmed: true,
      ringCompleted: false,
    });
    expect(await confirmHandover(t.db, await accessOf(pia), day.id, day.items.bag)).toEqual({
      ok: true,
      confirmed: false,
      ringCompleted: false,
    });
    const both = await Promise.all([
      confirmHandover(t.db, await accessOf(quin), day.id, day.items.gloves),
      reportMissing(t.db, await accessOf(pia), day.id, day.items.gloves),
    ]);
    // One of the two wins: completed (and the report changes nothing) or cancelled (and the confirm completes nothing).
    const status = await ring(day.items.bag);
    if (status === "completed") {
      expect(both[0]).toMatchObject({ ok: true, ringCompleted: true });
      expect(both[1]).not.toMatchObject({ cancelled: true });
    } else {
      expect(status).toBe("cancelled");
      expect(both[1]).toEqual({ ok: true, cancelled: true });
      expect(both[0]).not.toMatchObject({ ringCompleted: true });
    }
    // Mel reports the ring of three: cancelled whole, its items released; a stranger to the ring is refused.
    expect(await reportMissing(t.db, await accessOf(quin), day.id, day.items.skates)).toEqual({ ok: false, error: "notFound" });
    expect(await reportMissing(t.db, await accessOf(mel), day.id, day.items.pads)).toEqual({ ok: true, cancelled: true });
    expect(await ring(day.items.pads)).toBe("cancelled");
    const items = await t.db
      .select()
      .from(swapDayItems)
      .where(inArray(swapDayItems.id, [day.items.skates, day.items.pads, day.items.helmet]));
    expect(items.map((i) => i.status)).toEqual(["untraded", "untraded", "untraded"]);
    expect(await confirmHandover(t.db, await accessOf(nia), day.id, day.items.pads)).toEqual({ ok: false, error: "notFound" });
  });

  test("at the event's close, rings not confirmed lapse; a completed ring stays", async () => {
    const day = await solvedTable("meetup");
    await confirmHandover(t.db, await accessOf(pia), day.id, day.items.bag);
    expect(await confirmHandover(t.db, await accessOf(quin), day.id, day.items.gloves)).toMatchObject({ ringCompleted: true });
    expect(await lapseMeetupRings(t.db, hours(11))).toBeGreaterThanOrEqual(1);
    const rings = await ringsOf(day.id);
    const bagRing = rings.find((r) => r.items.includes(day.items.bag))!;
    const otherRing = rings.find((r) => r.items.includes(day.items.skates))!;
    expect([bagRing.status, otherRing.status]).toEqual(["completed", "cancelled"]);
  });
});
