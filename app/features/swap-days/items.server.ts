// What members offer to a Swap Day, and the freeze that holds it (ADR 088). A member offers their own active
// listings — public, or listed in this club — while items are open; the want lists' phase still takes new items.
// Who may is the club table (joinSwapDay, organiseSwapDay); whose item it is, the phase and "still an active
// member" sit in the SQL, so a stale page's POST changes nothing.
import { and, asc, eq, sql } from "drizzle-orm";
import type { Db } from "#db/client";
import { swapDayItems, swapDays } from "#db/schema";
import { activeMemberOf, type ClubAccess } from "../clubs/club-access.server";
import { clubCan } from "../permissions/club";

/** Tag codes: letters and digits that read aloud and type without confusion (no 0/O, 1/I, 2/Z, 5/S, 8/B). */
const CODE_ALPHABET = "ACDEFGHJKLMNPQRTUVWXY34679";
const CODE_LENGTH = 5;

function drawCode(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(CODE_LENGTH));
  return Array.from(bytes, (b) => CODE_ALPHABET[b % CODE_ALPHABET.length]).join("");
}

/** The event is taking items: items open by date, lists not closed (neither by date nor by an organiser). */
const takingItems = (now: Date) =>
  sql`sd.items_open_at <= ${now.getTime()} and sd.lists_close_at > ${now.getTime()} and sd.frozen_at is null`;

export type OfferResult = { ok: true; itemId: string; created: boolean } | { ok: false; error: "forbidden" | "notOpen" | "notOffered" };

/**
 * Offers one of the viewer's listings. One statement: inserted only if the event is this club's and taking items,
 * the viewer is an active member, and the listing is theirs, active, and public or listed in this club. A listing
 * offered already answers its row (a retry stores nothing twice). A code already taken is drawn again.
 */
export async function offerItem(
  db: Db,
  access: ClubAccess,
  swapDayId: string,
  input: { listingId: string; addUpToCents: number | null; needBackCents: number | null },
  now = new Date(),
): Promise<OfferResult> {
  const viewer = access.viewer;
  if (!viewer || !clubCan(access, "joinSwapDay")) return { ok: false, error: "forbidden" };
  for (let attempt = 0; attempt < 4; attempt++) {
    const id = crypto.randomUUID();
    const [inserted, [existing]] = await db.batch([
      db.run(sql`
        insert into swap_day_items (id, swap_day_id, listing_id, owner_id, code, title, price_cents, add_up_to_cents,
          need_back_cents, status, created_at, updated_at)
        select ${id}, sd.id, l.id, ${viewer.id}, ${drawCode()}, l.title, l.price_cents, ${input.addUpToCents}, ${input.needBackCents},
          'offered', ${now.getTime()}, ${now.getTime()}
        from swap_days sd join listings l on l.id = ${input.listingId}
        where sd.id = ${swapDayId} and sd.club_id = ${access.club.id} and ${takingItems(now)}
          and ${activeMemberOf(viewer, sql`sd.club_id`)}
          and l.user_id = ${viewer.id} and l.status = 'active'
          and (l.audience = 'public' or exists (select 1 from listing_clubs lc where lc.listing_id = l.id and lc.club_id = sd.club_id))
        on conflict do nothing`),
      db
        .select({ id: swapDayItems.id })
        .from(swapDayItems)
        .where(
          and(eq(swapDayItems.swapDayId, swapDayId), eq(swapDayItems.listingId, input.listingId), eq(swapDayItems.ownerId, viewer.id)),
        ),
    ]);
    if (existing) return { ok: true, itemId: existing.id, created: inserted.rowsAffected > 0 };
    // Nothing stored and not offered before: the event or the listing refused, unless the code was taken (then draw again).
    const [open] = await db.all<{ n: number }>(sql`select count(*) as n from swap_days sd
      join listings l on l.id = ${input.listingId} and l.user_id = ${viewer.id} and l.status = 'active'
      where sd.id = ${swapDayId} and sd.club_id = ${access.club.id} and ${takingItems(now)}`);
    if (!Number(open?.n ?? 0)) {
      const [day] = await db.all<{ n: number }>(sql`select count(*) as n from swap_days sd where sd.id = ${swapDayId}
        and sd.club_id = ${access.club.id} and ${takingItems(now)}`);
      return { ok: false, error: Number(day?.n ?? 0) ? "notOffered" : "notOpen" };
    }
  }
  return { ok: false, error: "notOffered" };
}

/** The owner takes an item back while the event still takes items (its wants go with it). */
export async function withdrawItem(db: Db, access: ClubAccess, swapDayId: string, itemId: string, now = new Date()) {
  const viewer = access.viewer;
  if (!viewer || !clubCan(access, "joinSwapDay")) return { ok: false as const, error: "forbidden" as const };
  const removed = await db.run(sql`delete from swap_day_items where id = ${itemId} and swap_day_id = ${swapDayId}
    and owner_id = ${viewer.id} and status = 'offered'
    and exists (select 1 from swap_days sd where sd.id = ${swapDayId} and sd.club_id = ${access.club.id} and ${takingItems(now)})`);
  return removed.rowsAffected > 0 ? { ok: true as const } : { ok: false as const, error: "notFound" as const };
}

export type MyItem = {
  id: string;
  code: string;
  title: string;
  priceCents: number;
  addUpToCents: number | null;
  needBackCents: number | null;
  status: string;
  removedReason: string | null;
};

/** The viewer's own items in the event (their author only: the owner is in the WHERE). */
export function myItemsQuery(db: Db, viewer: { id: string }, swapDayId: string) {
  return db
    .select({
      id: swapDayItems.id,
      code: swapDayItems.code,
      title: swapDayItems.title,
      priceCents: swapDayItems.priceCents,
      addUpToCents: swapDayItems.addUpToCents,
      needBackCents: swapDayItems.needBackCents,
      status: swapDayItems.status,
      removedReason: swapDayItems.removedReason,
    })
    .from(swapDayItems)
    .where(and(eq(swapDayItems.swapDayId, swapDayId), eq(swapDayItems.ownerId, viewer.id)))
    .orderBy(asc(swapDayItems.createdAt), asc(swapDayItems.id));
}

/** The viewer's listings they could offer: their own, active, public or in this club, not offered yet. */
export function offerableListingsQuery(db: Db, viewer: { id: string }, swapDayId: string, clubId: string) {
  return db.all<{ id: string; title: string; price_cents: number }>(sql`
    select l.id, l.title, l.price_cents from listings l
    where l.user_id = ${viewer.id} and l.status = 'active'
      and (l.audience = 'public' or exists (select 1 from listing_clubs lc where lc.listing_id = l.id and lc.club_id = ${clubId}))
      and not exists (select 1 from swap_day_items si where si.swap_day_id = ${swapDayId} and si.listing_id = l.id)
    order by l.created_at desc, l.id limit 100`);
}

export type FreezeResult = { ok: true; frozen: boolean; removed: number } | { ok: false; error: "forbidden" | "notFound" };

/** Why an item left the event at the freeze, as its owner is told on the event page. */
export const REMOVED_REASONS = { deal: "deal", gone: "gone", left: "left" } as const;

/**
 * An organiser closes the lists (or the job does at the date). One batch: first the items that cannot be held —
 * a listing accepted in a deal (a lock), sold or gone, or an owner no longer an active member — leave the event
 * with their reason; then `frozen_at` is set. Both only while not frozen yet, so a second press changes nothing.
 * A deal accepted after this batch is refused by its own UPDATE (the hold, deal-transitions.server.ts).
 */
export async function freezeSwapDay(db: Db, access: ClubAccess | null, swapDayId: string, now = new Date()): Promise<FreezeResult> {
  if (access && !clubCan(access, "organiseSwapDay")) return { ok: false, error: "forbidden" };
  const clubId = access?.club.id;
  const notFrozen = sql`exists (select 1 from swap_days sd where sd.id = ${swapDayId} and sd.frozen_at is null
    ${clubId ? sql`and sd.club_id = ${clubId}` : sql``})`;
  const reason = sql`case
    when not exists (select 1 from club_members cm join swap_days sd on sd.id = swap_day_items.swap_day_id
      where cm.club_id = sd.club_id and cm.user_id = swap_day_items.owner_id and cm.status = 'active') then ${REMOVED_REASONS.left}
    when exists (select 1 from listing_locks ll where ll.listing_id = swap_day_items.listing_id) then ${REMOVED_REASONS.deal}
    when not exists (select 1 from listings l where l.id = swap_day_items.listing_id and l.status = 'active') then ${REMOVED_REASONS.gone}
  end`;
  const [removed, frozen] = await db.batch([
    db.run(sql`update swap_day_items set status = 'removed', removed_reason = ${reason}, updated_at = ${now.getTime()}
      where swap_day_id = ${swapDayId} and status = 'offered' and ${notFrozen} and (${reason}) is not null`),
    db
      .update(swapDays)
      .set({ frozenAt: now, updatedAt: now })
      .where(and(eq(swapDays.id, swapDayId), sql`${swapDays.frozenAt} is null`, clubId ? eq(swapDays.clubId, clubId) : undefined)),
  ]);
  if (frozen.rowsAffected === 0) {
    const [row] = await db
      .select({ id: swapDays.id })
      .from(swapDays)
      .where(and(eq(swapDays.id, swapDayId), clubId ? eq(swapDays.clubId, clubId) : undefined));
    if (!row) return { ok: false, error: "notFound" };
  }
  return { ok: true, frozen: frozen.rowsAffected > 0, removed: removed.rowsAffected };
}
