import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { clubMembers, listingLocks, listings, swapDayItems, swapDays } from "#db/schema";
import { createTestDb, type TestDb } from "../../../tests/setup/test-db";
import { addTestMember, createTestClub, createTestListing, createTestUser, type TestClub, type TestUser } from "../../../tests/factories";
import { saleDeal } from "../../../tests/deal-fixtures";
import { openSwapDay as openSwapDayOf } from "../../../tests/swap-day-fixtures";
import { getClubAccess } from "../clubs/club-access.server";
import { acceptDeal } from "../trade/deal-transitions.server";
import { freezeSwapDay, offerItem, withdrawItem } from "./items.server";

let t: TestDb;
let owner: TestUser;
let mel: TestUser;
let nia: TestUser;
let stranger: TestUser;
let club: TestClub;
let elsewhere: TestClub;

const NOW = new Date();
const hours = (n: number) => new Date(NOW.getTime() + n * 3600_000);

beforeAll(async () => {
  t = await createTestDb();
  owner = await createTestUser(t.db, { firstName: "Olive" });
  mel = await createTestUser(t.db, { firstName: "Mel" });
  nia = await createTestUser(t.db, { firstName: "Nia" });
  stranger = await createTestUser(t.db, { firstName: "Stan" });
  club = await createTestClub(t.db, owner);
  elsewhere = await createTestClub(t.db, stranger);
  await addTestMember(t.db, club, mel);
  await addTestMember(t.db, club, nia);
  await addTestMember(t.db, elsewhere, mel);
});
afterAll(() => t.cleanup());

const accessOf = async (user: TestUser | null, c: TestClub = club) => (await getClubAccess(t.db, user, c.slug))!;

/** A Swap Day taking items now (items opened an hour ago, lists close in two days). */
const openSwapDay = () => openSwapDayOf(t.db, club, owner, { now: NOW });
const offer = async (user: TestUser, day: string, listingId: string, limits = { addUpToCents: null, needBackCents: null }) =>
  offerItem(t.db, await accessOf(user), day, { listingId, ...limits }, NOW);
const item = async (id: string) => (await t.db.select().from(swapDayItems).where(eq(swapDayItems.id, id)))[0];

describe("offering items (ADR 088)", () => {
  test("a member offers a public listing and a listing of this club: a short code, the title and price as offered, the limits", async () => {
    const day = await openSwapDay();
    const pub = await createTestListing(t.db, mel, { title: "Skates size 4", priceCents: 3000 });
    const here = await createTestListing(t.db, mel, { title: "Shin pads", clubs: [club] });
    const a = await offer(mel, day, pub, { addUpToCents: 500, needBackCents: null } as never);
    const b = await offer(mel, day, here);
    if (!a.ok || !b.ok) throw new Error("offered");
    expect(await item(a.itemId)).toMatchObject({
      title: "Skates size 4",
      priceCents: 3000,
      addUpToCents: 500,
      ownerId: mel.id,
      status: "offered",
    });
    expect((await item(a.itemId)).code).toMatch(/^[ACDEFGHJKLMNPQRTUVWXY34679]{5}$/);
    expect((await item(a.itemId)).code).not.toBe((await item(b.itemId)).code);
  });

  test("offering the same listing again answers the stored item and stores nothing twice", async () => {
    const day = await openSwapDay();
    const listing = await createTestListing(t.db, mel);
    const first = await offer(mel, day, listing);
    const again = await offer(mel, day, listing);
    expect(first).toMatchObject({ ok: true, created: true });
    expect(again).toEqual({ ok: true, itemId: first.ok ? first.itemId : "", created: false });
    expect(await t.db.select().from(swapDayItems).where(eq(swapDayItems.listingId, listing))).toHaveLength(1);
  });

  test("someone else's listing, a listing only in another club and a sold listing are refused; a stranger may not offer", async () => {
    const day = await openSwapDay();
    const nias = await createTestListing(t.db, nia);
    const otherClubs = await createTestListing(t.db, mel, { clubs: [elsewhere] });
    const sold = await createTestListing(t.db, mel);
    await t.db.update(listings).set({ status: "sold" }).where(eq(listings.id, sold));
    for (const listing of [nias, otherClubs, sold]) expect(await offer(mel, day, listing)).toEqual({ ok: false, error: "notOffered" });
    expect(await offer(stranger, day, await createTestListing(t.db, stranger))).toEqual({ ok: false, error: "forbidden" });
    expect(await t.db.select().from(swapDayItems).where(eq(swapDayItems.swapDayId, day))).toHaveLength(0);
  });

  test("once frozen nothing more is offered or withdrawn", async () => {
    const day = await openSwapDay();
    const kept = await offer(mel, day, await createTestListing(t.db, mel));
    await freezeSwapDay(t.db, await accessOf(owner), day, NOW);
    expect(await offer(mel, day, await createTestListing(t.db, mel))).toEqual({ ok: false, error: "notOpen" });
    expect(await withdrawItem(t.db, await accessOf(mel), day, kept.ok ? kept.itemId : "", NOW)).toEqual({ ok: false, error: "notFound" });
  });

  test("only its owner withdraws an item", async () => {
    const day = await openSwapDay();
    const made = await offer(mel, day, await createTestListing(t.db, mel));
    const id = made.ok ? made.itemId : "";
    expect(await withdrawItem(t.db, await accessOf(nia), day, id, NOW)).toEqual({ ok: false, error: "notFound" });
    expect(await withdrawItem(t.db, await accessOf(mel), day, id, NOW)).toEqual({ ok: true });
    expect(await item(id)).toBeUndefined();
  });
});

describe("the freeze holds what was offered", () => {
  test("an item accepted in a deal before the freeze leaves the event with its reason; one whose owner left is out", async () => {
    const day = await openSwapDay();
    const dealt = await saleDeal(t.db, "proposed", { seller: mel });
    const a = await offer(mel, day, dealt.listingId);
    const leaver = await createTestUser(t.db, { firstName: "Lee" });
    await addTestMember(t.db, club, leaver);
    const b = await offer(leaver, day, await createTestListing(t.db, leaver));
    const c = await offer(nia, day, await createTestListing(t.db, nia));
    await acceptDeal(t.db, mel, dealt.dealId, 1, NOW);
    await t.db.delete(clubMembers).where(eq(clubMembers.userId, leaver.id));
    expect(await freezeSwapDay(t.db, await accessOf(owner), day, NOW)).toEqual({ ok: true, frozen: true, removed: 2 });
    expect(await item(a.ok ? a.itemId : "")).toMatchObject({ status: "removed", removedReason: "deal" });
    expect(await item(b.ok ? b.itemId : "")).toMatchObject({ status: "removed", removedReason: "left" });
    expect(await item(c.ok ? c.itemId : "")).toMatchObject({ status: "offered", removedReason: null });
    expect(await freezeSwapDay(t.db, await accessOf(owner), day, NOW)).toEqual({ ok: true, frozen: false, removed: 0 });
  });

  test("after the freeze a deal on an offered item is refused as held, and nothing is locked", async () => {
    const day = await openSwapDay();
    const deal = await saleDeal(t.db, "proposed", { seller: mel });
    await offer(mel, day, deal.listingId);
    await freezeSwapDay(t.db, await accessOf(owner), day, NOW);
    expect(await acceptDeal(t.db, mel, deal.dealId, 1, NOW)).toMatchObject({ ok: false, error: "swapDayHold" });
    expect(await t.db.select().from(listingLocks).where(eq(listingLocks.listingId, deal.listingId))).toHaveLength(0);
  });

  test("the lists' close date holds items even before anyone presses freeze", async () => {
    const day = await openSwapDay();
    const deal = await saleDeal(t.db, "proposed", { seller: mel });
    await offer(mel, day, deal.listingId);
    await t.db
      .update(swapDays)
      .set({ listsCloseAt: hours(-0.5) })
      .where(eq(swapDays.id, day));
    expect(await acceptDeal(t.db, mel, deal.dealId, 1, NOW)).toMatchObject({ ok: false, error: "swapDayHold" });
  });

  test("a member and a stranger may not freeze", async () => {
    const day = await openSwapDay();
    expect(await freezeSwapDay(t.db, await accessOf(mel), day, NOW)).toEqual({ ok: false, error: "forbidden" });
    expect(await freezeSwapDay(t.db, await accessOf(stranger), day, NOW)).toEqual({ ok: false, error: "forbidden" });
    expect((await t.db.select().from(swapDays).where(eq(swapDays.id, day)))[0].frozenAt).toBeNull();
  });

  test("a freeze and a deal's accept at the same moment: exactly one wins, every time", async () => {
    for (let round = 0; round < 12; round++) {
      const day = await openSwapDay();
      const deal = await saleDeal(t.db, "proposed", { seller: mel });
      const made = await offer(mel, day, deal.listingId);
      const [frozen, accepted] = await Promise.all([
        freezeSwapDay(t.db, await accessOf(owner), day, NOW),
        acceptDeal(t.db, mel, deal.dealId, 1, NOW),
      ]);
      expect(frozen).toMatchObject({ ok: true, frozen: true });
      const row = await item(made.ok ? made.itemId : "");
      if (accepted.ok) expect(row).toMatchObject({ status: "removed", removedReason: "deal" });
      else {
        expect(accepted).toMatchObject({ error: "swapDayHold" });
        expect(row).toMatchObject({ status: "offered" });
      }
    }
  });
});
