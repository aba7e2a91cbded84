/**
 * A Swap Day solved and in its hand-over (ADR 090), made through the domain modules (createSwapDay, offerItem,
 * freezeSwapDay, solveAndStore) with the dates moved into the past, so Vitest and tests/security start from a
 * state the app reaches: a ring of three (Mel's skates → Nia, Nia's pads → Ola, Ola's helmet → Mel, cash in it;
 * Nia and Ola would also swap pads ↔ helmet) and a ring of two (Pia's bag ↔ Quin's gloves). Olive owns the club.
 */
import { eq } from "drizzle-orm";
import type { Db } from "../db/client";
import { swapDayItems, swapDayWants } from "../db/schema";
import { getClubAccess } from "../app/features/clubs/club-access.server";
import { freezeSwapDay, offerItem } from "../app/features/swap-days/items.server";
import { solveAndStore } from "../app/features/swap-days/results.server";
import { createSwapDay } from "../app/features/swap-days/swap-days.server";
import type { TestClub, TestUser } from "./factories";
import { createTestListing } from "./factories";

export type SwapPeople = { owner: TestUser; mel: TestUser; nia: TestUser; ola: TestUser; pia: TestUser; quin: TestUser };
const ITEMS = ["skates", "pads", "helmet", "bag", "gloves"] as const;
export type SwapItemKey = (typeof ITEMS)[number];

/**
 * A Swap Day of `club` made by its organiser through createSwapDay, taking items and want lists now: items and
 * want lists opened an hour before `now`, lists closing two days after it (the setup the feature tests share).
 */
export async function openSwapDay(
  db: Db,
  club: Pick<TestClub, "slug">,
  organiser: TestUser,
  { now = new Date(), mode = "table", name = "Swap" }: { now?: Date; mode?: "table" | "meetup"; name?: string } = {},
) {
  const hours = (n: number) => new Date(now.getTime() + n * 3600_000);
  const id = crypto.randomUUID();
  const made = await createSwapDay(
    db,
    (await getClubAccess(db, organiser, club.slug))!,
    {
      id,
      name,
      place: "Gym",
      mode,
      itemsOpenAt: hours(-1),
      wantsOpenAt: hours(-1),
      listsCloseAt: hours(48),
      resultsAt: hours(49),
      handoverAt: hours(50),
      closesAt: hours(60),
    },
    null,
    hours(-2),
  );
  if (!made.ok) throw new Error(made.error);
  return id;
}

/** `user` offers a new listing of theirs (`listing`: its title, price, sport …) to event `id`; the item's id. */
export async function offerNewListing(
  db: Db,
  club: Pick<TestClub, "slug">,
  user: TestUser,
  id: string,
  listing: Parameters<typeof createTestListing>[2] = {},
  limits: { addUpToCents: number | null; needBackCents: number | null } = { addUpToCents: null, needBackCents: null },
  now = new Date(),
) {
  const listingId = await createTestListing(db, user, listing);
  const r = await offerItem(db, (await getClubAccess(db, user, club.slug))!, id, { listingId, ...limits }, now);
  if (!r.ok) throw new Error(r.error);
  return r.itemId;
}

export async function solvedSwapDay(db: Db, club: TestClub, people: SwapPeople, mode: "table" | "meetup" = "table", now = new Date()) {
  const hours = (n: number) => new Date(now.getTime() + n * 3600_000);
  const accessOf = async (user: TestUser) => (await getClubAccess(db, user, club.slug))!;
  const id = crypto.randomUUID();
  const made = await createSwapDay(
    db,
    await accessOf(people.owner),
    {
      id,
      name: "Rink swap",
      place: "Rink",
      mode,
      itemsOpenAt: hours(-6),
      wantsOpenAt: hours(-6),
      listsCloseAt: hours(-4),
      resultsAt: hours(-3),
      handoverAt: hours(-1),
      closesAt: hours(10),
    },
    null,
    hours(-7),
  );
  if (!made.ok) throw new Error(made.error);
  const offer = async (user: TestUser, title: string, priceCents: number) => {
    const listingId = await createTestListing(db, user, { title, priceCents });
    const r = await offerItem(db, await accessOf(user), id, { listingId, addUpToCents: 1000, needBackCents: null }, hours(-5));
    if (!r.ok) throw new Error(r.error);
    return r.itemId;
  };
  const items: Record<SwapItemKey, string> = {
    skates: await offer(people.mel, "Skates", 3000),
    pads: await offer(people.nia, "Pads", 2500),
    helmet: await offer(people.ola, "Helmet", 3500),
    bag: await offer(people.pia, "Bag", 1000),
    gloves: await offer(people.quin, "Gloves", 1200),
  };
  await db.insert(swapDayWants).values([
    { itemId: items.skates, wantedItemId: items.helmet },
    { itemId: items.pads, wantedItemId: items.skates },
    { itemId: items.pads, wantedItemId: items.helmet, rank: 2 },
    { itemId: items.helmet, wantedItemId: items.pads },
    { itemId: items.bag, wantedItemId: items.gloves },
    { itemId: items.gloves, wantedItemId: items.bag },
  ]);
  await freezeSwapDay(db, await accessOf(people.owner), id, hours(-4));
  const solved = await solveAndStore(db, id, { now: hours(-3), token: crypto.randomUUID() });
  if (!solved.stored || solved.itemsTraded !== 5) throw new Error(`expected 5 items traded, got ${JSON.stringify(solved)}`);
  const rows = await db.select().from(swapDayItems).where(eq(swapDayItems.swapDayId, id));
  const code = Object.fromEntries(ITEMS.map((k) => [k, rows.find((r) => r.id === items[k])!.code])) as Record<SwapItemKey, string>;
  return { id, items, code };
}
