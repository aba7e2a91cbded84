// The sales price guidance is built from (ADR 086), written by the batch that completes a deal. A
// sale is the listing asked for at the price it went for: a sale's cash (paid by the proposer), or a
// swap's listed price when no cash changed hands; a swap with cash, a deal of several of the owner's
// listings or a listing without a type gives none. The listing's facts are copied (it may be
// deleted later), with whether it was public then and, if not, its clubs (sale_clubs).
import { sql, type SQL } from "drizzle-orm";
import type { Db } from "#db/client";

/** The price, as SQL over `d` (deals), `r` (its current revision) and `dl` (the listing asked for, as dealt). */
const salePrice = sql`case when d.kind = 'sale' then r.cash_cents else dl.price_cents end`;

/** Insert … select of the sales of the completed deals `which` (a condition over `d`). */
function salesInsert(which: SQL, completedAt: SQL) {
  return sql`insert into sales (deal_id, sport, equipment_type, brand, condition, zip_code, state, price_cents, is_public, completed_at)
    select d.id, l.sport, l.equipment_type, l.brand, l.condition, l.zip_code, l.state, ${salePrice}, l.audience = 'public', ${completedAt}
    from deals d
    join listings l on l.id = d.listing_id
    join deal_listings dl on dl.deal_id = d.id and dl.listing_id = d.listing_id
    join deal_revisions r on r.deal_id = d.id and r.number = d.revision
    where ${which} and l.equipment_type is not null
      and (select count(*) from deal_listings x where x.deal_id = d.id and x.side = 'owner') = 1
      and ((d.kind = 'sale' and (r.cash_cents = 0 or r.cash_from = 'proposer')) or (d.kind = 'swap' and r.cash_cents = 0))
    on conflict (deal_id) do nothing`;
}

function saleClubsInsert(which: SQL) {
  return sql`insert into sale_clubs (deal_id, club_id)
    select s.deal_id, lc.club_id from sales s join deals d on d.id = s.deal_id join listing_clubs lc on lc.listing_id = d.listing_id
    where ${which} and s.is_public = 0
    on conflict do nothing`;
}

/** The statements that record deal `dealId`'s sale, for the completing batch: they run only `when` it completed. */
export function saleStatements(db: Db, dealId: string, when: SQL, now: Date) {
  const which = sql`d.id = ${dealId} and d.state = 'completed' and ${when}`;
  return [db.run(salesInsert(which, sql`${now.getTime()}`)), db.run(saleClubsInsert(which))];
}

/** Records every completed deal's sale not recorded yet (the demo seed, the bench; migration 0017 runs the same SQL). */
export async function recordCompletedSales(db: Db): Promise<void> {
  const which = sql`d.state = 'completed'`;
  await db.batch([db.run(salesInsert(which, sql`coalesce(d.completed_at, d.updated_at)`)), db.run(saleClubsInsert(which))]);
}
