// Club Swap Days in the demo (ADRs 088–090): five events of Brookline Youth Hockey Association, one per phase a
// newcomer should see — coming up, want lists open (the member has an item on offer and a list to fill), lists
// closed (the owner, an admin of the club, may press 'Find the swaps'), results published (a ring of six with cash,
// the member in it) and the hand-over under way at the swap table (two items already in). Made after the community
// is inserted, by the same domain functions the pages call (createSwapDay, offerItem, freezeSwapDay,
// solveAndStore, checkIn), with the dates around `now`, so every row is one the app itself could have written.
import { sql } from "drizzle-orm";
import type { Db } from "#db/client";
import { swapDayWants } from "#db/schema";
import { getClubAccess, type ClubAccess } from "~/features/clubs/club-access.server";
import type { Viewer } from "~/features/permissions/viewer";
import { checkIn } from "~/features/swap-days/handover.server";
import { freezeSwapDay, offerItem } from "~/features/swap-days/items.server";
import { solveAndStore } from "~/features/swap-days/results.server";
import { createSwapDay } from "~/features/swap-days/swap-days.server";

const HOUR = 3600_000;
const DAY = 24 * HOUR;
export const DEMO_SWAP_CLUB = "Brookline Youth Hockey Association";

type Offer = { itemId: string; owner: string };

export async function seedDemoSwapDays(db: Db, demo: { owner: string; member: string }, now: Date) {
  const [club] = await db.all<{ slug: string; id: string }>(sql`select id, slug from clubs where name = ${DEMO_SWAP_CLUB}`);
  if (!club) throw new Error(`${DEMO_SWAP_CLUB} is not seeded`);
  const viewers = new Map<string, ClubAccess>();
  const accessOf = async (userId: string) => {
    if (!viewers.has(userId)) {
      const [u] = await db.all<{ id: string; email: string; first_name: string | null; last_name: string | null; zip_code: string | null }>(
        sql`select u.id, u.email, p.first_name, p.last_name, p.zip_code from users u left join profiles p on p.user_id = u.id where u.id = ${userId}`,
      );
      const viewer: Viewer = {
        id: u.id,
        email: u.email,
        firstName: u.first_name,
        lastName: u.last_name,
        zipCode: u.zip_code,
        isAdmin: false,
      };
      viewers.set(userId, (await getClubAccess(db, viewer, club.slug))!);
    }
    return viewers.get(userId)!;
  };
  // Members with active listings they may offer (public, or listed in this club), two listings each at most.
  const rows = await db.all<{ user_id: string; listing_id: string }>(sql`select m.user_id, l.id as listing_id
    from club_members m join listings l on l.user_id = m.user_id and l.status = 'active'
      and (l.audience = 'public' or exists (select 1 from listing_clubs lc where lc.listing_id = l.id and lc.club_id = m.club_id))
    where m.club_id = ${club.id} and m.status = 'active' and m.user_id not in (${demo.owner})
    order by m.user_id = ${demo.member} desc, m.user_id, l.created_at, l.id`);
  const listingsOf = new Map<string, string[]>();
  for (const r of rows) listingsOf.set(r.user_id, [...(listingsOf.get(r.user_id) ?? []), r.listing_id]);
  const crowd = [...listingsOf.keys()].filter((id) => id !== demo.member);
  if (!listingsOf.has(demo.member) || crowd.length < 8)
    throw new Error(`${DEMO_SWAP_CLUB} needs more members with listings for the Swap Days`);
  const used = new Set<string>();
  /** The next listing of `userId` not yet in event `id`, offered at `at` (no cash limit: any ring's cash settles). */
  const offer = async (id: string, userId: string, at: Date, addUpToCents: number | null = null): Promise<Offer> => {
    const listingId = listingsOf.get(userId)!.find((l) => !used.has(`${id}:${l}`))!;
    used.add(`${id}:${listingId}`);
    const r = await offerItem(db, await accessOf(userId), id, { listingId, addUpToCents, needBackCents: null }, at);
    if (!r.ok) throw new Error(`offer in a demo Swap Day: ${r.error}`);
    return { itemId: r.itemId, owner: userId };
  };
  const create = async (name: string, mode: "table" | "meetup", dates: number[], createdAt: number) => {
    const id = crypto.randomUUID();
    const [itemsOpenAt, wantsOpenAt, listsCloseAt, resultsAt, handoverAt, closesAt] = dates.map((d) => new Date(now.getTime() + d));
    const made = await createSwapDay(
      db,
      await accessOf(demo.owner),
      { id, name, place: "Brookline Arena lobby", mode, itemsOpenAt, wantsOpenAt, listsCloseAt, resultsAt, handoverAt, closesAt },
      null,
      new Date(now.getTime() + createdAt),
    );
    if (!made.ok) throw new Error(`demo Swap Day: ${made.error}`);
    return id;
  };
  /** Each item of `ring` wants the next one's: one cycle, which the solver finds whole. */
  const cycle = (ring: Offer[]) =>
    db.insert(swapDayWants).values(ring.map((o, i) => ({ itemId: o.itemId, wantedItemId: ring[(i + 1) % ring.length].itemId })));

  // Coming up: items open in five days.
  await create("Summer camp swap", "meetup", [5 * DAY, 6 * DAY, 12 * DAY, 13 * DAY, 14 * DAY, 14 * DAY + 6 * HOUR], -HOUR);

  // Want lists open: the member's item and eight of the club's; two lists already ticked.
  const spring = await create("Spring gear swap", "table", [-3 * DAY, -2 * DAY, 4 * DAY, 5 * DAY, 6 * DAY, 6 * DAY + 5 * HOUR], -4 * DAY);
  const springItems = [await offer(spring, demo.member, new Date(now.getTime() - 2 * DAY))];
  for (const u of crowd.slice(0, 8)) springItems.push(await offer(spring, u, new Date(now.getTime() - 2 * DAY)));
  await cycle(springItems.slice(1, 4));

  // Lists closed by the organiser, not yet solved: the owner may press 'Find the swaps'.
  const closed = await create(
    "Skate sharpening swap",
    "table",
    [-4 * DAY, -3 * DAY, 2 * DAY, 3 * DAY, 4 * DAY, 4 * DAY + 4 * HOUR],
    -5 * DAY,
  );
  const closedItems: Offer[] = [];
  for (const u of crowd.slice(2, 7)) closedItems.push(await offer(closed, u, new Date(now.getTime() - 3 * DAY)));
  await cycle(closedItems.slice(0, 3));
  await cycle(closedItems.slice(3, 5));
  await freezeSwapDay(db, await accessOf(demo.owner), closed, new Date(now.getTime() - HOUR));

  // Results published: a ring of six with cash (its prices differ and nobody set a limit), the member in it,
  // and two items that did not trade.
  const winter = await create("Winter skate swap", "table", [-10 * DAY, -9 * DAY, -2 * DAY, -DAY, 2 * DAY, 2 * DAY + 5 * HOUR], -11 * DAY);
  const at = (d: number) => new Date(now.getTime() + d);
  const ring = [await offer(winter, demo.member, at(-9 * DAY))];
  for (const u of crowd.slice(0, 5)) ring.push(await offer(winter, u, at(-9 * DAY)));
  const untraded = [await offer(winter, crowd[5], at(-9 * DAY)), await offer(winter, crowd[6], at(-9 * DAY))];
  await cycle(ring);
  await db.insert(swapDayWants).values({ itemId: untraded[0].itemId, wantedItemId: ring[0].itemId });
  await freezeSwapDay(db, await accessOf(demo.owner), winter, at(-2 * DAY));
  const solved = await solveAndStore(db, winter, { now: at(-DAY), token: crypto.randomUUID() });
  if (solved.itemsTraded < 6) throw new Error(`the demo's ring of six did not solve: ${JSON.stringify(solved)}`);

  // The hand-over under way at the swap table: a ring of three and one of two, two items checked in.
  const fall = await create("Fall gear swap", "table", [-8 * DAY, -7 * DAY, -2 * DAY, -DAY, -HOUR, 6 * HOUR], -9 * DAY);
  const three = [await offer(fall, demo.member, at(-7 * DAY))];
  for (const u of crowd.slice(1, 3)) three.push(await offer(fall, u, at(-7 * DAY)));
  const two = [await offer(fall, crowd[3], at(-7 * DAY)), await offer(fall, crowd[4], at(-7 * DAY))];
  await cycle(three);
  await cycle(two);
  await freezeSwapDay(db, await accessOf(demo.owner), fall, at(-2 * DAY));
  const fallSolved = await solveAndStore(db, fall, { now: at(-DAY), token: crypto.randomUUID() });
  if (fallSolved.itemsTraded < 5) throw new Error(`the demo's hand-over did not solve: ${JSON.stringify(fallSolved)}`);
  const codes = await db.all<{ code: string }>(
    sql`select code from swap_day_items where id in (${three[1].itemId}, ${two[0].itemId}) order by code`,
  );
  for (const { code } of codes) await checkIn(db, await accessOf(demo.owner), fall, code, now);
  return { slug: club.slug, events: 5 };
}
