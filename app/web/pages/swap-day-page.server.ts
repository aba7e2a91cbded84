// A Swap Day's page, /club/{slug}/swap-days/{id} (ADR 088): the event as this member may see it — its phases
// with their dates and where it stands now. Null: 404 (no such event in a club this viewer is an active member of).
import type { Db } from "#db/client";
import type { ClubAccess } from "~/features/clubs/club-access.server";
import { clubCan } from "~/features/permissions/club";
import { swapDayPhase } from "~/features/swap-days/phase";
import { formatWallClock, getSwapDay } from "~/features/swap-days/swap-days.server";
import { myItemsQuery, offerableListingsQuery, type MyItem } from "~/features/swap-days/items.server";
import { sql } from "drizzle-orm";
import { wantCounts } from "~/features/swap-days/wants.server";
import { SWAP_DAY_DATE_FIELDS, type SwapDayPhase } from "~/shared/copy/swap-days";

export type SwapDayPage = {
  id: string;
  name: string;
  place: string;
  mode: "table" | "meetup";
  phase: SwapDayPhase;
  /** The phases' dates as written for people, in order. */
  dates: { field: string; label: string; at: string; iso: string }[];
  seed: number;
  canOrganise: boolean;
  /** The viewer's own items (theirs only), with their tag codes and what became of them. */
  myItems: MyItem[];
  /** The listings the viewer may still offer, while the event takes items; [] otherwise. */
  offerable: { id: string; title: string; priceCents: number }[];
  takingItems: boolean;
  /** Items offered in all (a count: nobody sees another member's list before the results). */
  itemsOffered: number;
  /** Organisers: how many want lists and wants there are (counts only, ADR 089); null for everyone else. */
  wantCounts: { lists: number; wants: number } | null;
  /** The results are stored: the page links to them. */
  solved: boolean;
};

export async function getSwapDayPage(db: Db, access: ClubAccess, id: string, now = new Date()): Promise<SwapDayPage | null> {
  const row = await getSwapDay(db, access, id);
  if (!row || !access.viewer) return null;
  const phase = swapDayPhase(row, now);
  const takingItems = (phase === "items" || phase === "wants") && clubCan(access, "joinSwapDay");
  const canOrganise = clubCan(access, "organiseSwapDay");
  const [myItems, offerable, [count]] = await db.batch([
    myItemsQuery(db, access.viewer, row.id),
    offerableListingsQuery(db, access.viewer, row.id, row.clubId),
    db.all<{ n: number }>(sql`select count(*) as n from swap_day_items where swap_day_id = ${row.id} and status = 'offered'`),
  ]);
  return {
    id: row.id,
    name: row.name,
    place: row.place,
    mode: row.mode,
    phase,
    dates: SWAP_DAY_DATE_FIELDS.map(([field, label]) => ({ field, label, at: formatWallClock(row[field]), iso: row[field].toISOString() })),
    seed: row.seed,
    canOrganise,
    myItems,
    offerable: takingItems ? offerable.map((l) => ({ id: l.id, title: l.title, priceCents: Number(l.price_cents) })) : [],
    takingItems,
    itemsOffered: Number(count?.n ?? 0),
    wantCounts: canOrganise && !row.solvedAt ? await wantCounts(db, row.id) : null,
    solved: row.solvedAt !== null,
  };
}
