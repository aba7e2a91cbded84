import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { clubMembers, clubMessages, swapDays } from "#db/schema";
import { createTestDb, type TestDb } from "../../../tests/setup/test-db";
import { addTestMember, createTestClub, createTestUser, type TestClub, type TestUser } from "../../../tests/factories";
import { getClubAccess } from "../clubs/club-access.server";
import type { ClubEvent } from "~/features/realtime/room-events";
import { getClubPage } from "~/web/pages/club-page.server";
import { swapDayPhase } from "./phase";
import { createSwapDay, getSwapDay, type NewSwapDayInput } from "./swap-days.server";

let t: TestDb;
let owner: TestUser;
let admin: TestUser;
let member: TestUser;
let stranger: TestUser;
let club: TestClub;
let other: TestClub;
const published: { clubId: string; event: ClubEvent }[] = [];
const publish = { club: (clubId: string, event: ClubEvent) => void published.push({ clubId, event }) };

const NOW = new Date("2027-03-01T12:00:00Z");
const day = (n: number) => new Date(NOW.getTime() + n * 24 * 3600_000);
const input = (over: Partial<NewSwapDayInput> = {}): NewSwapDayInput => ({
  id: crypto.randomUUID(),
  name: "Spring gear swap",
  place: "Clubhouse",
  mode: "table",
  itemsOpenAt: day(1),
  wantsOpenAt: day(3),
  listsCloseAt: day(5),
  resultsAt: day(6),
  handoverAt: day(7),
  closesAt: day(8),
  ...over,
});

beforeAll(async () => {
  t = await createTestDb();
  owner = await createTestUser(t.db, { firstName: "Olive", lastName: "Owner" });
  admin = await createTestUser(t.db, { firstName: "Ada" });
  member = await createTestUser(t.db, { firstName: "Mel" });
  stranger = await createTestUser(t.db, { firstName: "Stan" });
  club = await createTestClub(t.db, owner);
  other = await createTestClub(t.db, stranger);
  await addTestMember(t.db, club, admin, { role: "admin" });
  await addTestMember(t.db, club, member);
});
afterAll(() => t.cleanup());

const accessOf = async (user: TestUser | null, c: TestClub = club) => (await getClubAccess(t.db, user, c.slug))!;

describe("creating a Swap Day (ADR 088)", () => {
  test("an admin creates one: the Swap Day and its club announcement in one batch, the announcement published to the club room", async () => {
    const values = input();
    const result = await createSwapDay(t.db, await accessOf(admin), values, publish, NOW);
    expect(result).toMatchObject({
      ok: true,
      created: true,
      swapDay: { id: values.id, clubId: club.id, createdBy: admin.id, mode: "table" },
    });
    const [announcement] = await t.db.select().from(clubMessages).where(eq(clubMessages.id, values.id));
    expect(announcement).toMatchObject({ clubId: club.id, userId: admin.id, messageType: "announcement" });
    expect(announcement.content).toBe(
      "Swap Day: Spring gear swap — hand-over at Clubhouse, Mar 8, 2027, 12:00. Offer your items from Mar 2, 2027, 12:00; then tick what you would take for them.",
    );
    expect(published.at(-1)).toMatchObject({
      clubId: club.id,
      event: { type: "club.message.created", message: { id: values.id, kind: "announcement" } },
    });
    if (!result.ok) throw new Error("created");
    expect(result.swapDay.seed).toBeGreaterThanOrEqual(1);
  });

  test("the same id posted twice stores one Swap Day and one announcement, and publishes once", async () => {
    const values = input();
    const before = published.length;
    const first = await createSwapDay(t.db, await accessOf(owner), values, publish, NOW);
    const again = await createSwapDay(t.db, await accessOf(owner), values, publish, NOW);
    expect(first).toMatchObject({ ok: true, created: true });
    expect(again).toMatchObject({ ok: true, created: false });
    expect(await t.db.select().from(swapDays).where(eq(swapDays.id, values.id))).toHaveLength(1);
    expect(await t.db.select().from(clubMessages).where(eq(clubMessages.id, values.id))).toHaveLength(1);
    expect(published.length).toBe(before + 1);
  });

  test("a member, a stranger and a signed-out visitor are refused by the club table, and nothing is stored", async () => {
    for (const who of [member, stranger, null]) {
      const values = input();
      expect(await createSwapDay(t.db, await accessOf(who), values, publish, NOW)).toEqual({ ok: false, error: "forbidden" });
      expect(await t.db.select().from(swapDays).where(eq(swapDays.id, values.id))).toHaveLength(0);
    }
  });

  test("an organiser whose membership ended after the page was read stores nothing (the SQL checks active membership)", async () => {
    const leaver = await createTestUser(t.db, { firstName: "Lee" });
    await addTestMember(t.db, club, leaver, { role: "admin" });
    const stale = await accessOf(leaver);
    await t.db.delete(clubMembers).where(eq(clubMembers.userId, leaver.id));
    const values = input();
    expect(await createSwapDay(t.db, stale, values, publish, NOW)).toEqual({ ok: false, error: "forbidden" });
    expect(await t.db.select().from(clubMessages).where(eq(clubMessages.id, values.id))).toHaveLength(0);
  });

  test("another club's organiser reusing an existing id is refused and the row is unchanged", async () => {
    const values = input();
    await createSwapDay(t.db, await accessOf(owner), values, publish, NOW);
    expect(await createSwapDay(t.db, await accessOf(stranger, other), { ...values, name: "Hijack" }, publish, NOW)).toEqual({
      ok: false,
      error: "conflict",
    });
    const [row] = await t.db.select().from(swapDays).where(eq(swapDays.id, values.id));
    expect(row).toMatchObject({ clubId: club.id, name: "Spring gear swap" });
  });

  test("a hand-over in the past is refused", async () => {
    const past = input({
      itemsOpenAt: day(-9),
      wantsOpenAt: day(-8),
      listsCloseAt: day(-7),
      resultsAt: day(-6),
      handoverAt: day(-5),
      closesAt: day(-4),
    });
    expect(await createSwapDay(t.db, await accessOf(owner), past, publish, NOW)).toEqual({ ok: false, error: "handoverPast" });
  });

  test("the database refuses phases out of order, whatever the caller checked", async () => {
    await expect(createSwapDay(t.db, await accessOf(owner), input({ wantsOpenAt: day(6) }), publish, NOW)).rejects.toThrow();
  });
});

describe("reading Swap Days", () => {
  test("the club page lists upcoming and open Swap Days to members only, soonest hand-over first", async () => {
    const soon = input({
      name: "Soon",
      itemsOpenAt: day(0),
      wantsOpenAt: day(0),
      listsCloseAt: day(1),
      resultsAt: day(1),
      handoverAt: day(1),
      closesAt: day(2),
    });
    await createSwapDay(t.db, await accessOf(owner), soon, publish, NOW);
    const page = await getClubPage(t.db, member, club.slug, NOW);
    expect(page?.swapDays?.[0]).toMatchObject({ id: soon.id, name: "Soon", phase: "wants" });
    expect(page?.swapDays?.every((d) => d.phase !== "closed")).toBe(true);
    expect((await getClubPage(t.db, stranger, club.slug, NOW))?.swapDays).toBeNull();
    expect((await getClubPage(t.db, null, club.slug, NOW))?.swapDays).toBeNull();
  });

  test("an event opens for the club's members only, and not through another club's slug", async () => {
    const values = input();
    await createSwapDay(t.db, await accessOf(owner), values, publish, NOW);
    expect(await getSwapDay(t.db, await accessOf(member), values.id)).toMatchObject({ id: values.id });
    expect(await getSwapDay(t.db, await accessOf(stranger), values.id)).toBeNull();
    expect(await getSwapDay(t.db, await accessOf(stranger, other), values.id)).toBeNull();
  });
});

describe("a Swap Day's phase is its dates and what has happened", () => {
  const dates = { ...input(), frozenAt: null, solvedAt: null };
  test.each([
    [day(0), "upcoming"],
    [day(1), "items"],
    [day(4), "wants"],
    [day(5), "frozen"],
    [day(6.5), "frozen"],
    [day(9), "closed"],
  ] as const)("at %s without a solve: %s", (now, phase) => {
    expect(swapDayPhase(dates, now)).toBe(phase);
  });
  test("an organiser's early freeze and solve move it on before the dates do; the hand-over starts at its date", () => {
    expect(swapDayPhase({ ...dates, frozenAt: day(2) }, day(2))).toBe("frozen");
    expect(swapDayPhase({ ...dates, frozenAt: day(2), solvedAt: day(2) }, day(2))).toBe("results");
    expect(swapDayPhase({ ...dates, frozenAt: day(2), solvedAt: day(2) }, day(7))).toBe("handover");
  });
});
