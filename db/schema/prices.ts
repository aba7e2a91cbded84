// Prices over time (ADR 086): the sales that price guidance is built from, and the price drops that
// tell the people who favourited a listing. A sale is written by the batch that completes its deal
// (app/features/trade/deal-transitions.server.ts), from the listing as it was then; it outlives the
// listing (its facts are copied), not the deal.
import { sql } from "drizzle-orm";
import { check, index, integer, primaryKey, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { users } from "./accounts";
import { clubs } from "./clubs";
import { deals } from "./deals";
import { listings } from "./listings";
import { col, createdAt, id, isOneOf, timestamp } from "./columns";
import { LISTING_CONDITIONS, SPORT_KEYS } from "./enums";

/** One completed deal's price for the listing asked for: its cash, or a swap's listed price when no cash changed hands. */
export const sales = sqliteTable(
  "sales",
  {
    dealId: text("deal_id")
      .primaryKey()
      .references(() => deals.id, { onDelete: "cascade" }),
    sport: text("sport", { enum: SPORT_KEYS }).notNull(),
    equipmentType: text("equipment_type").notNull(),
    brand: text("brand"),
    condition: text("condition", { enum: LISTING_CONDITIONS }).notNull(),
    zipCode: text("zip_code").notNull(),
    state: text("state").notNull(),
    priceCents: integer("price_cents").notNull(),
    /** The listing was public when the deal completed: only these count for guidance outside a club (ADR 086). */
    isPublic: integer("is_public", { mode: "boolean" }).notNull(),
    completedAt: timestamp("completed_at").notNull(),
  },
  (t) => [
    // The guidance query (app/features/pricing/guidance.server.ts): sport, type and the conditions
    // lead, the date narrows, and every column it tests or reads rides along (the deal id for the club test), so it never reads a row.
    index("sales_guidance_idx").on(
      t.sport,
      t.equipmentType,
      t.condition,
      t.completedAt,
      t.isPublic,
      t.zipCode,
      t.state,
      t.brand,
      t.priceCents,
      t.dealId,
    ),
    check("sales_condition", isOneOf(t.condition, LISTING_CONDITIONS)),
    check("sales_price_cents", sql`${col(t.priceCents)} >= 0`),
  ],
);

/** The clubs a members-only sale was in: its price counts for guidance only among those clubs' members. */
export const saleClubs = sqliteTable(
  "sale_clubs",
  {
    dealId: text("deal_id")
      .notNull()
      .references(() => sales.dealId, { onDelete: "cascade" }),
    clubId: text("club_id")
      .notNull()
      .references(() => clubs.id, { onDelete: "cascade" }),
  },
  (t) => [primaryKey({ columns: [t.dealId, t.clubId] }), index("sale_clubs_club_id_idx").on(t.clubId, t.dealId)],
);

/**
 * A price drop waiting out its hour (ADR 086): one row per listing, from the price before the first
 * lowering. Raising the price back to it deletes the row; the scheduled job, an hour after
 * `dropped_at`, tells the favourites of what is still lower and deletes it.
 */
export const pendingPriceDrops = sqliteTable(
  "pending_price_drops",
  {
    listingId: text("listing_id")
      .primaryKey()
      .references(() => listings.id, { onDelete: "cascade" }),
    fromCents: integer("from_cents").notNull(),
    droppedAt: timestamp("dropped_at").notNull(),
  },
  (t) => [index("pending_price_drops_dropped_at_idx").on(t.droppedAt)],
);

/** 'Price drops' (ADR 086): a favourite that got cheaper, once per person per drop. */
export const priceDropNotices = sqliteTable(
  "price_drop_notices",
  {
    id: id(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    listingId: text("listing_id")
      .notNull()
      .references(() => listings.id, { onDelete: "cascade" }),
    fromCents: integer("from_cents").notNull(),
    toCents: integer("to_cents").notNull(),
    /** The drop's `dropped_at`: with the person and listing, what makes it once. */
    droppedAt: timestamp("dropped_at").notNull(),
    createdAt: createdAt(),
    seenAt: timestamp("seen_at"),
    emailedAt: timestamp("emailed_at"),
  },
  (t) => [
    uniqueIndex("price_drop_notices_once").on(t.userId, t.listingId, t.droppedAt),
    index("price_drop_notices_user_created_idx").on(t.userId, t.createdAt),
    index("price_drop_notices_unmailed_idx")
      .on(t.userId)
      .where(sql`${col(t.emailedAt)} is null`),
    check("price_drop_notices_drop", sql`${col(t.toCents)} < ${col(t.fromCents)}`),
  ],
);

export type Sale = typeof sales.$inferSelect;
export type PriceDropNotice = typeof priceDropNotices.$inferSelect;
