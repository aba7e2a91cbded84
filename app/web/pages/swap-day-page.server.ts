// A Swap Day's page, /club/{slug}/swap-days/{id} (ADR 088): the event as this member may see it — its phases
// with their dates and where it stands now. Null: 404 (no such event in a club this viewer is an active member of).
import type { Db } from "#db/client";
import type { ClubAccess } from "~/features/clubs/club-access.server";
import { clubCan } from "~/features/clubs/club-access.server";
import { swapDayPhase } from "~/features/swap-days/phase";
import { formatWallClock, getSwapDay } from "~/features/swap-days/swap-days.server";
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
};

export async function getSwapDayPage(db: Db, access: ClubAccess, id: string, now = new Date()): Promise<SwapDayPage | null> {
  const row = await getSwapDay(db, access, id);
  if (!row) return null;
  return {
    id: row.id,
    name: row.name,
    place: row.place,
    mode: row.mode,
    phase: swapDayPhase(row, now),
    dates: SWAP_DAY_DATE_FIELDS.map(([field, label]) => ({ field, label, at: formatWallClock(row[field]), iso: row[field].toISOString() })),
    seed: row.seed,
    canOrganise: clubCan(access, "organiseSwapDay"),
  };
}
