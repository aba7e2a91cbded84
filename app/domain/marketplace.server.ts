import { sql } from "drizzle-orm";
import type { Db } from "#db/client";

/** Figures for the home page's welcome: how much gear and how many groups are live right now. */
export async function marketplaceStats(db: Db) {
  const [row] = await db.all<{ listings: number; clubs: number }>(sql`
    select
      (select count(*) from listings where status in ('active', 'pending_pickup')) as listings,
      (select count(*) from clubs where visibility = 'public') as clubs`);
  return { listings: Number(row?.listings ?? 0), clubs: Number(row?.clubs ?? 0) };
}
