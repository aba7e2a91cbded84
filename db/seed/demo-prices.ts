// Price guidance and price drops in the demo (ADR 086). Guidance: fourteen completed sales of hockey
// skates around Cambridge over the demo's last 90 days (public, Bauer and CCM, like-new and gently used), so the
// listing form for hockey skates near the demo accounts says what they sold for, and a hockey skates
// listing's page shows its typical price. Written as deals, revisions and sold listings, as the deal
// steps would leave them; the seed's 'sales' step then records them like every other completed deal.
//
// Price drops: one public favourite of the club member's, still listed and not
// theirs, got cheaper two hours ago — a quarter off — and the job has told them: the notice is in
// their bell ('… dropped from $80 to $60'). Written as the job would have left it (the drop's hour
// is over, so no pending row), with the listing's price lowered and its version raised as an edit does.
import { sql } from "drizzle-orm";
import type { Db } from "#db/client";
import { dealListings, dealRevisions, deals, listings } from "#db/schema";
import type { Community } from "./community";
import { Random } from "./random";

const HOUR = 60 * 60 * 1000;
const DAY = 24 * HOUR;
const CAMBRIDGE = [
  { zip: "02138", city: "Cambridge" },
  { zip: "02139", city: "Cambridge" },
  { zip: "02140", city: "Cambridge" },
  { zip: "02144", city: "Somerville" },
  { zip: "02134", city: "Allston" },
];
const SKATE_DOLLARS = [45, 60, 55, 80, 40, 65, 70, 50, 95, 58, 62, 48, 75, 52];

/** The fourteen completed skate sales, between people of the crowd (never a demo account). Returns how many. */
export async function demoSkateSales(db: Db, c: Community, now: Date): Promise<number> {
  // Ids of their own generator: a second seed gives the same rows (seed.test.ts).
  const rng = new Random(8601);
  const demo = new Set(Object.values(c.demoUserIds));
  const crowd = c.users.filter((u) => !demo.has(u.id!)).map((u) => u.id!);
  const rows = SKATE_DOLLARS.map((dollars, i) => {
    const place = CAMBRIDGE[i % CAMBRIDGE.length]!;
    // Within the demo's 90 days (listed 6 days before): one every 6 days back from 3 days ago.
    const completedAt = new Date(now.getTime() - (3 + i * 6) * DAY);
    const listedAt = new Date(completedAt.getTime() - 6 * DAY);
    const listingId = rng.uuid();
    const dealId = rng.uuid();
    const title = `${i % 2 ? "CCM" : "Bauer"} hockey skates`;
    const listed = Math.round(dollars * 1.15) * 100;
    return {
      listing: {
        id: listingId,
        userId: crowd[i]!,
        title,
        priceCents: listed,
        sport: "hockey" as const,
        equipmentType: "Skates",
        brand: i % 2 ? "CCM" : "Bauer",
        condition: i % 3 ? ("gently-used" as const) : ("like-new" as const),
        zipCode: place.zip,
        city: place.city,
        state: "MA",
        status: "sold" as const,
        createdAt: listedAt,
        updatedAt: completedAt,
      },
      deal: {
        id: dealId,
        proposerId: crowd[crowd.length - 1 - i]!,
        ownerId: crowd[i]!,
        listingId,
        kind: "sale" as const,
        state: "completed" as const,
        turn: null,
        revision: 1,
        lastRevisionAt: listedAt,
        acceptedAt: listedAt,
        completedAt,
        transitionId: rng.uuid(),
        createdAt: listedAt,
        updatedAt: completedAt,
      },
      revision: {
        dealId,
        number: 1,
        author: "proposer" as const,
        cashCents: dollars * 100,
        cashFrom: "proposer" as const,
        createdAt: listedAt,
      },
      dealListing: { id: rng.uuid(), dealId, listingId, side: "owner" as const, listingVersion: 1, title, priceCents: listed },
    };
  });
  await db.batch([
    db.insert(listings).values(rows.map((r) => r.listing)),
    db.insert(deals).values(rows.map((r) => r.deal)),
    db.insert(dealRevisions).values(rows.map((r) => r.revision)),
    db.insert(dealListings).values(rows.map((r) => r.dealListing)),
  ]);
  return rows.length;
}

export async function countOf(db: Db, table: "sales" | "price_drop_notices"): Promise<number> {
  const [row] = await db.all<{ n: number }>(sql`select count(*) as n from ${sql.identifier(table)}`);
  return Number(row?.n ?? 0);
}

export async function demoPriceDrop(db: Db, c: Community, now: Date): Promise<number> {
  const memberId = c.demoUserIds.member;
  const [pick] = await db.all<{ id: string; price: number }>(sql`select l.id, l.price_cents as price from favorites f
    join listings l on l.id = f.listing_id
    where f.user_id = ${memberId} and l.user_id <> ${memberId} and l.audience = 'public' and l.status = 'active' and l.price_cents >= 2000
    order by l.price_cents desc, l.id limit 1`);
  if (!pick) return 0;
  const from = Number(pick.price);
  // Whole dollars, a quarter off.
  const to = Math.round((from * 0.75) / 100) * 100;
  const droppedAt = now.getTime() - 2 * HOUR;
  await db.batch([
    db.run(sql`update listings set price_cents = ${to}, version = version + 1, updated_at = ${droppedAt} where id = ${pick.id}`),
    db.run(sql`insert into price_drop_notices (id, user_id, listing_id, from_cents, to_cents, dropped_at, created_at)
      values (${new Random(8602).uuid()}, ${memberId}, ${pick.id}, ${from}, ${to}, ${droppedAt}, ${droppedAt + HOUR})`),
  ]);
  return 1;
}
