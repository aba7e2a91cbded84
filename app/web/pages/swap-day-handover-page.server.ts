// The hand-over page, /club/{slug}/swap-days/{id}/handover (ADR 090): for the swap table's organisers, every
// item of a ring still to hand over with its check-in state; for each member, their own swaps (what they give and
// receive, confirmations in meet-up mode, the review once done). Null: 404 (not this club's member, or not solved).
import { sql } from "drizzle-orm";
import type { Db } from "#db/client";
import type { ClubAccess } from "~/features/clubs/club-access.server";
import { clubCan } from "~/features/permissions/club";
import { swapDayPhase } from "~/features/swap-days/phase";
import { getSwapDay } from "~/features/swap-days/swap-days.server";
import type { SwapDayPhase } from "~/shared/copy/swap-days";

export type TableStep = {
  itemId: string;
  code: string;
  title: string;
  from: string;
  to: string;
  ring: number;
  ringStatus: string;
  checkedIn: boolean;
  checkedOut: boolean;
  ringIn: boolean;
};

export type MySwap = {
  itemId: string;
  ring: number;
  ringStatus: string;
  gives: string;
  givesTo: string;
  receives: string;
  receivesFrom: string;
  confirmed: boolean;
  unconfirmed: number;
  /** The deals the ring became (giver → receiver): the viewer's two, to review from. */
  dealIds: string[];
};

export type HandoverPage = {
  id: string;
  name: string;
  place: string;
  mode: "table" | "meetup";
  phase: SwapDayPhase;
  canOrganise: boolean;
  checkinClosed: boolean;
  /** Organisers of a table event only; [] otherwise. */
  table: TableStep[];
  mine: MySwap[];
};

const first = (name: string | null) => name?.trim() || "A member";

type StepRow = {
  item_id: string;
  code: string;
  title: string;
  owner_id: string;
  giver: string | null;
  receiver: string | null;
  receives_title: string;
  receives_from: string | null;
  number: number;
  status: string;
  checked_in: number;
  checked_out: number;
  ring_in: number;
  confirmed_at: number | null;
  unconfirmed: number;
  deal_id: string | null;
  received_deal: string | null;
};

export async function getHandoverPage(db: Db, access: ClubAccess, id: string, now = new Date()): Promise<HandoverPage | null> {
  const day = await getSwapDay(db, access, id);
  if (!day || !access.viewer || !day.solvedAt) return null;
  const canOrganise = clubCan(access, "organiseSwapDay");
  const organiserTable = canOrganise && day.mode === "table";
  // One row per step: its item, the giver, the receiver (owner of the step that receives it), the ring's state.
  const rows = await db.all<StepRow>(sql`
    select st.item_id, si.code, si.title, si.owner_id, gp.first_name as giver, rp.first_name as receiver,
      ri2.title as receives_title, fp.first_name as receives_from, r.number, r.status,
      exists (select 1 from swap_day_checkins c where c.item_id = st.item_id) as checked_in,
      exists (select 1 from swap_day_checkins c where c.item_id = st.item_id and c.checked_out_at is not null) as checked_out,
      not exists (select 1 from swap_day_ring_steps s2 where s2.ring_id = r.id
        and not exists (select 1 from swap_day_checkins c2 where c2.item_id = s2.item_id)) as ring_in,
      st.confirmed_at,
      (select count(*) from swap_day_ring_steps s3 where s3.ring_id = r.id and s3.confirmed_at is null) as unconfirmed,
      st.deal_id, (select s4.deal_id from swap_day_ring_steps s4 where s4.receives_item_id = st.item_id) as received_deal
    from swap_day_rings r
    join swap_day_ring_steps st on st.ring_id = r.id
    join swap_day_items si on si.id = st.item_id
    join swap_day_items ri2 on ri2.id = st.receives_item_id
    join swap_day_ring_steps rs on rs.receives_item_id = st.item_id
    join swap_day_items ri on ri.id = rs.item_id
    left join profiles gp on gp.user_id = si.owner_id
    left join profiles rp on rp.user_id = ri.owner_id
    left join profiles fp on fp.user_id = ri2.owner_id
    where r.swap_day_id = ${day.id}
      ${organiserTable ? sql`` : sql`and (si.owner_id = ${access.viewer.id})`}
    order by r.number, st.position`);
  const viewerId = access.viewer.id;
  return {
    id: day.id,
    name: day.name,
    place: day.place,
    mode: day.mode,
    phase: swapDayPhase(day, now),
    canOrganise,
    checkinClosed: day.checkinClosedAt !== null,
    table: organiserTable
      ? rows
          .filter((r) => r.status === "proposed")
          .map((r) => ({
            itemId: r.item_id,
            code: r.code,
            title: r.title,
            from: first(r.giver),
            to: first(r.receiver),
            ring: Number(r.number),
            ringStatus: r.status,
            checkedIn: Boolean(Number(r.checked_in)),
            checkedOut: Boolean(Number(r.checked_out)),
            ringIn: Boolean(Number(r.ring_in)),
          }))
      : [],
    mine: rows
      .filter((r) => r.owner_id === viewerId)
      .map((r) => ({
        itemId: r.item_id,
        ring: Number(r.number),
        ringStatus: r.status,
        gives: r.title,
        givesTo: first(r.receiver),
        receives: r.receives_title,
        receivesFrom: first(r.receives_from),
        confirmed: r.confirmed_at !== null,
        unconfirmed: Number(r.unconfirmed),
        dealIds: [r.deal_id, r.received_deal].filter((d): d is string => d !== null),
      })),
  };
}
