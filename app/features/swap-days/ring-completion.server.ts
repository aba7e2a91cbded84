// A ring that has changed hands becomes deals (ADR 090): each step — giver → receiver — is one completed deal of
// kind 'swap' between those two people, so the listing reads as swapped in both histories (ADR 068's history) and
// the pair reviews each other through the deal's own double-blind reviews, with no second review model. The ring's
// cash is settled between neighbours (the solver's `settle`), so each deal carries what its receiver pays its giver.
import { sql, type SQL } from "drizzle-orm";
import type { Db } from "#db/client";
import { completionStatements } from "../trade/deal-transitions.server";
import { settle } from "./solver/rings";

export type BatchItem = Parameters<Db["batch"]>[0][number];

export type StoredStep = { position: number; itemId: string; ownerId: string; cashCents: number };

/**
 * The statements that complete `ringId` once `done` holds (every item handed out at the table, or every person
 * confirmed in meet-up mode), for a batch: the ring → completed, one deal per step (ids minted here; written only
 * where the step has none yet, so a second completion stores nothing twice), the listings sold (the deal model's
 * completion: other open deals on them voided), the items → traded.
 */
export function ringCompletionStatements(
  db: Db,
  ring: { id: string; steps: StoredStep[]; place: string; handoverAt: Date; swapDayName: string },
  done: SQL,
  now: Date,
) {
  const ms = now.getTime();
  const steps = [...ring.steps].sort((a, b) => a.position - b.position);
  const L = steps.length;
  // settle(): step k pays the owner of step k+1 (whose item it receives) f(k).
  const payments = settle(steps.map((s) => ({ owner: s.ownerId, cashCents: s.cashCents })));
  const pays = (from: string, to: string) => payments.find((p) => p.from === from && p.to === to)?.cents ?? 0;
  const completed = sql`exists (select 1 from swap_day_rings r where r.id = ${ring.id} and r.status = 'completed')`;
  const statements: BatchItem[] = [
    db.run(sql`update swap_day_rings set status = 'completed', updated_at = ${ms}
      where id = ${ring.id} and status = 'proposed' and ${done}`),
  ];
  for (let k = 0; k < L; k++) {
    const give = steps[k];
    const receiver = steps[(k - 1 + L) % L].ownerId;
    const cents = pays(receiver, give.ownerId);
    const dealId = crypto.randomUUID();
    const mine = sql`exists (select 1 from deals d where d.id = ${dealId})`;
    statements.push(
      db.run(sql`insert into deals (id, proposer_id, owner_id, listing_id, kind, state, turn, revision, last_revision_at,
          accepted_at, meetup_place, meetup_at, meetup_confirmed_at, handed_over_by_proposer_at, handed_over_by_owner_at,
          completed_at, transition_id, created_at, updated_at)
        select ${dealId}, ${receiver}, ${give.ownerId}, si.listing_id, 'swap', 'completed', null, 1, ${ms}, ${ms}, ${ring.place},
          ${ring.handoverAt.getTime()}, ${ms}, ${ms}, ${ms}, ${ms}, ${crypto.randomUUID()}, ${ms}, ${ms}
        from swap_day_items si
        where si.id = ${give.itemId} and ${completed}
          and exists (select 1 from swap_day_ring_steps st where st.ring_id = ${ring.id} and st.position = ${give.position} and st.deal_id is null)`),
      db.run(sql`insert into deal_revisions (deal_id, number, author, cash_cents, cash_from, message, created_at)
        select ${dealId}, 1, 'owner', ${cents}, ${cents > 0 ? "proposer" : null}, ${`Swap Day: ${ring.swapDayName}`.slice(0, 500)}, ${ms}
        where ${mine}`),
      db.run(sql`insert into deal_listings (id, deal_id, listing_id, side, listing_version, title, price_cents)
        select ${crypto.randomUUID()}, ${dealId}, si.listing_id, 'owner', coalesce(l.version, 1), si.title, si.price_cents
        from swap_day_items si left join listings l on l.id = si.listing_id
        where si.id = ${give.itemId} and ${mine}`),
      db.run(sql`update swap_day_ring_steps set deal_id = ${dealId}
        where ring_id = ${ring.id} and position = ${give.position} and deal_id is null and ${mine}`),
      ...completionStatements(db, dealId, mine, now),
    );
  }
  statements.push(
    db.run(sql`update swap_day_items set status = 'traded', updated_at = ${ms}
      where id in (select st.item_id from swap_day_ring_steps st where st.ring_id = ${ring.id}) and ${completed}`),
  );
  return statements;
}

/** A ring's steps as stored, for `ringCompletionStatements`. */
export async function storedSteps(db: Db, ringId: string): Promise<StoredStep[]> {
  const rows = await db.all<{ position: number; item_id: string; owner_id: string; cash_cents: number }>(sql`
    select st.position, st.item_id, si.owner_id, st.cash_cents from swap_day_ring_steps st
    join swap_day_items si on si.id = st.item_id where st.ring_id = ${ringId} order by st.position`);
  return rows.map((r) => ({ position: Number(r.position), itemId: r.item_id, ownerId: r.owner_id, cashCents: Number(r.cash_cents) }));
}
