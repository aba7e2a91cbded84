// Want lists (ADR 089): per offered item, the event's items its owner would take for it, with an optional rank
// (a tie-break only) and the item's cash limits. Every rule is in the SQL: the item is the viewer's, still offered,
// in this club's event, while want lists are open, and the viewer an active member; a wanted item is another
// member's item offered in the same event, and nobody the viewer blocked or was blocked by. A list is private to
// its author (the owner is in every WHERE). Saving replaces the item's list in one batch.
import { sql, type SQL } from "drizzle-orm";
import type { Db } from "#db/client";
import { photoUrl } from "../photos/urls";
import { notBlockedWith } from "../safety/blocks.server";
import { activeMemberOf, type ClubAccess } from "../clubs/club-access.server";
import { clubCan } from "../permissions/club";

/** The lists may change: want lists open by date, lists not closed (by date or by an organiser). */
const takingWants = (now: Date) =>
  sql`sd.wants_open_at <= ${now.getTime()} and sd.lists_close_at > ${now.getTime()} and sd.frozen_at is null`;

/** The viewer's offered item `itemId` in this club's event, while its lists may change (a condition). */
function ownItemOpen(access: ClubAccess, swapDayId: string, itemId: string, now: Date): SQL {
  const viewer = access.viewer!;
  return sql`exists (select 1 from swap_day_items si join swap_days sd on sd.id = si.swap_day_id
    where si.id = ${itemId} and si.owner_id = ${viewer.id} and si.status = 'offered'
      and sd.id = ${swapDayId} and sd.club_id = ${access.club.id} and ${takingWants(now)}
      and ${activeMemberOf(viewer, sql`sd.club_id`)})`;
}

export type WantCandidate = {
  id: string;
  code: string;
  title: string;
  priceCents: number;
  sport: string;
  equipmentType: string | null;
  size: string | null;
  condition: string;
  photo: string | null;
  /** Ticked on this item's list, with its rank (null: unranked). */
  wanted: boolean;
  rank: number | null;
};

export type WantList = {
  item: { id: string; code: string; title: string; priceCents: number; addUpToCents: number | null; needBackCents: number | null };
  candidates: WantCandidate[];
};

/**
 * The viewer's want list for one of their items, with every item they may tick; null when the item is not
 * theirs, not in this event, or the lists are not open (the route answers 404).
 */
export async function wantListFor(
  db: Db,
  access: ClubAccess,
  swapDayId: string,
  itemId: string,
  now = new Date(),
): Promise<WantList | null> {
  const viewer = access.viewer;
  if (!viewer || !clubCan(access, "joinSwapDay")) return null;
  const [[item], rows] = await db.batch([
    db.all<{
      id: string;
      code: string;
      title: string;
      price_cents: number;
      add_up_to_cents: number | null;
      need_back_cents: number | null;
    }>(
      sql`select si.id, si.code, si.title, si.price_cents, si.add_up_to_cents, si.need_back_cents from swap_day_items si
        where si.id = ${itemId} and ${ownItemOpen(access, swapDayId, itemId, now)}`,
    ),
    db.all<{
      id: string;
      code: string;
      title: string;
      price_cents: number;
      sport: string | null;
      equipment_type: string | null;
      size: string | null;
      condition: string | null;
      thumb: string | null;
      rank: number | null;
    }>(sql`select c.id, c.code, c.title, c.price_cents, l.sport, l.equipment_type, l.size, l.condition,
        (select coalesce(lp.thumb_key, lp.r2_key) from listing_photos lp where lp.listing_id = l.id order by lp.position limit 1) as thumb,
        w.rank
      from swap_day_items c
      left join listings l on l.id = c.listing_id
      left join swap_day_wants w on w.item_id = ${itemId} and w.wanted_item_id = c.id
      where c.swap_day_id = ${swapDayId} and c.status = 'offered' and c.owner_id <> ${viewer.id}
        and ${notBlockedWith(viewer.id, sql`c.owner_id`)} and ${ownItemOpen(access, swapDayId, itemId, now)}
      order by c.title collate nocase, c.code`),
  ]);
  if (!item) return null;
  return {
    item: {
      id: item.id,
      code: item.code,
      title: item.title,
      priceCents: Number(item.price_cents),
      addUpToCents: item.add_up_to_cents === null ? null : Number(item.add_up_to_cents),
      needBackCents: item.need_back_cents === null ? null : Number(item.need_back_cents),
    },
    candidates: rows.map((r) => ({
      id: r.id,
      code: r.code,
      title: r.title,
      priceCents: Number(r.price_cents),
      sport: r.sport ?? "",
      equipmentType: r.equipment_type,
      size: r.size,
      condition: r.condition ?? "",
      photo: r.thumb ? photoUrl(r.thumb) : null,
      wanted: r.rank !== null,
      rank: r.rank !== null && Number(r.rank) > 1 ? Number(r.rank) : null,
    })),
  };
}

export type SaveWantsInput = {
  wants: Array<{ id: string; rank: number | null }>;
  addUpToCents: number | null;
  needBackCents: number | null;
};

/** notFound: no item of the viewer's in this club's event (the route's 404); notOpen: theirs, but its lists are closed. */
export type SaveWantsResult = { ok: true; saved: number } | { ok: false; error: "forbidden" | "notFound" | "notOpen" };

/**
 * Replaces the item's want list and its cash limits, in one batch guarded by "the viewer's offered item, lists
 * open, an active member": a stale page or someone else's item changes nothing. Only other members' items offered
 * in this event, and nobody blocked either way, are stored; anything else in the POST is left out.
 */
export async function saveWants(
  db: Db,
  access: ClubAccess,
  swapDayId: string,
  itemId: string,
  input: SaveWantsInput,
  now = new Date(),
): Promise<SaveWantsResult> {
  const viewer = access.viewer;
  if (!viewer || !clubCan(access, "joinSwapDay")) return { ok: false, error: "forbidden" };
  const guard = ownItemOpen(access, swapDayId, itemId, now);
  const wants = JSON.stringify(input.wants.map((w) => ({ id: w.id, rank: w.rank ?? 1 })));
  const [[open], , inserted, , [own]] = await db.batch([
    db.all<{ n: number }>(sql`select count(*) as n where ${guard}`),
    db.run(sql`delete from swap_day_wants where item_id = ${itemId} and ${guard}`),
    db.run(sql`insert into swap_day_wants (item_id, wanted_item_id, rank)
      select ${itemId}, c.id, min(json_extract(j.value, '$.rank'))
      from json_each(${wants}) j join swap_day_items c on c.id = json_extract(j.value, '$.id')
      where c.swap_day_id = ${swapDayId} and c.status = 'offered' and c.owner_id <> ${viewer.id}
        and ${notBlockedWith(viewer.id, sql`c.owner_id`)} and ${guard}
      group by c.id
      on conflict do nothing`),
    db.run(sql`update swap_day_items set add_up_to_cents = ${input.addUpToCents}, need_back_cents = ${input.needBackCents},
      updated_at = ${now.getTime()} where id = ${itemId} and ${guard}`),
    // Why nothing was stored, read in the same batch: not the viewer's item here at all, or its lists closed.
    db.all<{ n: number }>(sql`select count(*) as n from swap_day_items si join swap_days sd on sd.id = si.swap_day_id
      where si.id = ${itemId} and si.owner_id = ${viewer.id} and sd.id = ${swapDayId} and sd.club_id = ${access.club.id}`),
  ]);
  if (!Number(open?.n ?? 0)) return { ok: false, error: Number(own?.n ?? 0) ? "notOpen" : "notFound" };
  return { ok: true, saved: inserted.rowsAffected };
}

/** Organisers' view before the results: how many lists and wants there are — counts, never whose or what. */
export async function wantCounts(db: Db, swapDayId: string): Promise<{ lists: number; wants: number }> {
  const [row] = await db.all<{ lists: number; wants: number }>(sql`select count(distinct w.item_id) as lists, count(*) as wants
    from swap_day_wants w join swap_day_items si on si.id = w.item_id where si.swap_day_id = ${swapDayId}`);
  return { lists: Number(row?.lists ?? 0), wants: Number(row?.wants ?? 0) };
}
