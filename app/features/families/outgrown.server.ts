// The outgrown loop (ADR 091): each sport's season (app/shared/catalog/seasons.ts); two weeks before
// a player's season ends, and when it ends, each of their guardians gets one prompt — "Outgrown
// anything?" — leading to the gear the guardian got through LockerSwap, each with 'List it' and
// 'Find the next size'. A prompt is its (guardian, player, sport, season end, stage): the primary key
// makes "once" the database's rule, so the job may run any number of times a day.
import { sql } from "drizzle-orm";
import type { Db } from "#db/client";
import { SPORT_KEYS, type OutgrownStage, type SportKey } from "#db/schema/enums";
import { promptStage, seasonEndFor } from "~/shared/catalog/seasons";
import type { Viewer } from "../permissions/viewer";
import { guardianOf } from "./players.server";

export type OutgrownPrompt = {
  userId: string;
  playerId: string;
  firstName: string;
  sport: SportKey;
  seasonEnd: string;
  stage: OutgrownStage;
};

/**
 * Writes the prompts due on `today` (every guardian × player × sport whose season is in a stage) and
 * answers the ones new this run — for the caller to tell (notifications/outgrown-mail.server.ts).
 */
export async function writeDuePrompts(db: Db, today: Date): Promise<OutgrownPrompt[]> {
  // Which sports are in a stage today: at most a handful of the catalogue's, computed here.
  const due = SPORT_KEYS.flatMap((sport) => {
    const end = seasonEndFor(sport, today);
    const stage = promptStage(end, today);
    return stage ? [{ sport, end, stage }] : [];
  });
  if (due.length === 0) return [];
  const t = today.getTime();
  const inserted = await db.batch(
    due.map(({ sport, end, stage }) =>
      db.all<Omit<OutgrownPrompt, "firstName">>(sql`insert into outgrown_prompts (user_id, player_id, sport, season_end, stage, created_at)
          select g.user_id, p.id, ${sport}, ${end}, ${stage}, ${t}
          from players p join player_guardians g on g.player_id = p.id
          where (',' || p.sports || ',') like ${`%,${sport},%`}
          on conflict do nothing
          returning user_id as userId, player_id as playerId, sport, season_end as seasonEnd, stage`),
    ) as [ReturnType<typeof db.all<Omit<OutgrownPrompt, "firstName">>>],
  );
  const rows = (inserted as Omit<OutgrownPrompt, "firstName">[][]).flat();
  if (rows.length === 0) return [];
  const names = await db.all<{ id: string; firstName: string }>(
    sql`select id, first_name as firstName from players where id in (select value from json_each(${JSON.stringify([...new Set(rows.map((r) => r.playerId))])}))`,
  );
  const byId = new Map(names.map((n) => [n.id, n.firstName]));
  return rows.map((row) => ({ ...row, firstName: byId.get(row.playerId) ?? "" }));
}

/** The viewer's prompts not yet opened, newest first (the 'Family' section's notice). */
export async function openPromptsOf(db: Db, viewer: Pick<Viewer, "id">): Promise<Omit<OutgrownPrompt, "userId">[]> {
  return db.all(sql`select o.player_id as playerId, p.first_name as firstName, o.sport, o.season_end as seasonEnd, o.stage
    from outgrown_prompts o join players p on p.id = o.player_id
    where o.user_id = ${viewer.id} and o.seen_at is null and ${guardianOf(viewer, sql`o.player_id`)}
    order by o.created_at desc limit 5`);
}

/** Opening the outgrown page is seeing its prompts. */
export async function markPromptsSeen(db: Db, viewer: Pick<Viewer, "id">, playerId: string, now = new Date()): Promise<void> {
  await db.run(
    sql`update outgrown_prompts set seen_at = ${now.getTime()} where user_id = ${viewer.id} and player_id = ${playerId} and seen_at is null`,
  );
}

/** One item the guardian got through LockerSwap: what the listing said when the deal was made, and its details now. */
export type ReceivedItem = {
  dealListingId: string;
  title: string;
  sport: string | null;
  equipmentType: string | null;
  brand: string | null;
  size: string | null;
  sizeNumeric: string | null;
  completedAt: number;
};

/**
 * The gear the viewer received in completed deals (ADR 091 chooses "everything received", not a tag
 * per player): as the buyer of a sale, the listings of the owner's side; in a swap, the other side's.
 * The listing's current details where it still exists (its photos are never read: another person's).
 */
export async function receivedGearOf(db: Db, viewer: Pick<Viewer, "id">): Promise<ReceivedItem[]> {
  return db.all(sql`select dl.id as dealListingId, dl.title, l.sport, l.equipment_type as equipmentType, l.brand, l.size,
      l.size_numeric as sizeNumeric, d.completed_at as completedAt
    from deals d join deal_listings dl on dl.deal_id = d.id left join listings l on l.id = dl.listing_id
    where d.state = 'completed'
      and ((d.proposer_id = ${viewer.id} and dl.side = 'owner') or (d.kind = 'swap' and d.owner_id = ${viewer.id} and dl.side = 'proposer'))
    order by d.completed_at desc, dl.id limit 50`);
}

/** One received item of the viewer's, by its deal line's id, or null (not theirs, or not received). */
export async function receivedItemOf(db: Db, viewer: Pick<Viewer, "id">, dealListingId: string): Promise<ReceivedItem | null> {
  const items = await receivedGearOf(db, viewer);
  return items.find((item) => item.dealListingId === dealListingId) ?? null;
}
