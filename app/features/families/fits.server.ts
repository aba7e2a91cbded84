// 'Fits {player}' (ADR 091): a guardian's player's sizes — and the next size up, for growth — as one
// condition on `listings`, for the search's SQL. Read as the guardian: another family's player id
// gives no fit (the search runs unfiltered and says nothing of whose id it was).
import { sql, type SQL } from "drizzle-orm";
import type { Db } from "#db/client";
import { fittingSizes, SIZE_SCALES } from "~/shared/catalog/sizes";
import type { Viewer } from "../permissions/viewer";
import { playerOf, type FamilyPlayer } from "./players.server";

export type Fit = { playerId: string; firstName: string; label: string; where: SQL };

const json = (values: readonly string[]) => sql`(select value from json_each(${JSON.stringify(values)}))`;

/**
 * The fit condition of one player: for each size they have, a listing of a type sized that way
 * (SIZE_SCALES[kind].types) in that size or the next — and of one of their sports when they have any.
 * Null when nothing of theirs can fit (no sizes, or only a height).
 */
export function fitCondition(player: Pick<FamilyPlayer, "sports" | "sizes">): SQL | null {
  const arms = player.sizes
    .filter((size) => SIZE_SCALES[size.kind].types.length > 0)
    .map(
      (size) =>
        sql`(listings.equipment_type in ${json(SIZE_SCALES[size.kind].types)} and listings.size_numeric collate nocase in ${json(fittingSizes(size.kind, size.value))})`,
    );
  if (arms.length === 0) return null;
  const sizes = sql`(${sql.join(arms, sql` or `)})`;
  return player.sports.length ? sql`(listings.sport in ${json(player.sports)} and ${sizes})` : sizes;
}

/** The viewer's player `playerId` as a fit, or null: not theirs, unknown, nothing sized, or signed out. */
export async function fitFor(db: Db, viewer: Pick<Viewer, "id"> | null, playerId: string | null | undefined): Promise<Fit | null> {
  if (!viewer || !playerId || playerId.length > 100) return null;
  const player = await playerOf(db, viewer, playerId);
  const where = player ? fitCondition(player) : null;
  if (!player || !where) return null;
  return { playerId: player.id, firstName: player.firstName, label: `Fits ${player.firstName}`, where };
}

/** The viewer's players that have sizes to fit by: the 'Fits {player}' chips' names and ids. */
export function fittablePlayers(players: readonly FamilyPlayer[]): { id: string; firstName: string }[] {
  return players.filter((p) => fitCondition(p) !== null).map(({ id, firstName }) => ({ id, firstName }));
}
