// The club's own gear (ADR 093): a lending library of club-owned items, each in sizes, each size a number of
// identical units (a unit is a row with its own history). Members queue borrow requests per item and size, first
// come first served; a manager lends a unit (a loan) and takes it back (the loan's check-in). What is "out" is an
// open loan (checked_in_at null), never a second copy of the fact: one open loan per unit is a unique index, one
// loan per request too, so two managers lending or taking back at once store one.
import { sql } from "drizzle-orm";
import { check, index, integer, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { users } from "./accounts";
import { clubs } from "./clubs";
import { col, createdAt, id, isNotBlank, isOneOf, timestamp, updatedAt } from "./columns";
import { GEAR_REQUEST_PERIODS, GEAR_REQUEST_STATUSES, LISTING_CONDITIONS, SPORT_KEYS } from "./enums";

export const gearItems = sqliteTable(
  "gear_items",
  {
    id: id(),
    clubId: text("club_id")
      .notNull()
      .references(() => clubs.id, { onDelete: "cascade" }),
    title: text("title").notNull(),
    sport: text("sport", { enum: SPORT_KEYS }).notNull(),
    equipmentType: text("equipment_type").notNull(),
    /** The one condition scale (ADR 006): the item's as added; each unit then carries its own. */
    condition: text("condition", { enum: LISTING_CONDITIONS }).notNull(),
    /** The club's label prefix: unit codes are `${tag}-${n}` (unique in the club). Upper-case letters, digits, dashes. */
    tagCode: text("tag_code").notNull(),
    notes: text("notes"),
    createdBy: text("created_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("gear_items_club_tag_code_idx").on(t.clubId, t.tagCode),
    index("gear_items_club_sport_idx").on(t.clubId, t.sport, t.equipmentType),
    check("gear_items_title", sql`${isNotBlank(t.title)} and length(${col(t.title)}) <= 100`),
    check("gear_items_type", sql`${isNotBlank(t.equipmentType)} and length(${col(t.equipmentType)}) <= 60`),
    check("gear_items_condition", isOneOf(t.condition, LISTING_CONDITIONS)),
    check("gear_items_sport", isOneOf(t.sport, SPORT_KEYS)),
    check("gear_items_tag_code", sql`length(${col(t.tagCode)}) between 2 and 12 and ${col(t.tagCode)} not glob '*[^A-Z0-9-]*'`),
    check("gear_items_notes", sql`${col(t.notes)} is null or length(${col(t.notes)}) <= 1000`),
  ],
);

export const gearUnits = sqliteTable(
  "gear_units",
  {
    id: id(),
    clubId: text("club_id")
      .notNull()
      .references(() => clubs.id, { onDelete: "cascade" }),
    itemId: text("item_id")
      .notNull()
      .references(() => gearItems.id, { onDelete: "cascade" }),
    size: text("size").notNull(),
    /** The size's place in the item's order of sizes ('swap up a size' takes the next rank): the order sizes were added. */
    sizeRank: integer("size_rank").notNull(),
    /** n of the item's units; the unit's code is `${tag}-${n}`, on its label. */
    number: integer("number").notNull(),
    code: text("code").notNull(),
    condition: text("condition", { enum: LISTING_CONDITIONS }).notNull(),
    retiredAt: timestamp("retired_at"),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("gear_units_club_code_idx").on(t.clubId, t.code),
    uniqueIndex("gear_units_item_number_idx").on(t.itemId, t.number),
    index("gear_units_item_size_idx").on(t.itemId, t.sizeRank, t.number),
    check("gear_units_size", sql`${isNotBlank(t.size)} and length(${col(t.size)}) <= 20`),
    check("gear_units_condition", isOneOf(t.condition, LISTING_CONDITIONS)),
    check("gear_units_number", sql`${col(t.number)} between 1 and 500`),
  ],
);

export const gearRequests = sqliteTable(
  "gear_requests",
  {
    /** Minted by the page's loader: a retry stores one request. */
    id: id(),
    clubId: text("club_id")
      .notNull()
      .references(() => clubs.id, { onDelete: "cascade" }),
    itemId: text("item_id")
      .notNull()
      .references(() => gearItems.id, { onDelete: "cascade" }),
    sizeRank: integer("size_rank").notNull(),
    userId: text("user_id").references(() => users.id, { onDelete: "cascade" }),
    period: text("period", { enum: GEAR_REQUEST_PERIODS }).notNull(),
    /** YYYY-MM-DD, for 'dates' requests. */
    fromDate: text("from_date"),
    toDate: text("to_date"),
    status: text("status", { enum: GEAR_REQUEST_STATUSES }).notNull().default("waiting"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    // The queue: first come, first served per item and size.
    index("gear_requests_queue_idx").on(t.itemId, t.sizeRank, t.status, t.createdAt),
    index("gear_requests_user_idx").on(t.userId, t.status),
    // One place in a queue per person.
    uniqueIndex("gear_requests_one_waiting_idx")
      .on(t.itemId, t.sizeRank, t.userId)
      .where(sql`${col(t.status)} = 'waiting'`),
    check("gear_requests_status", isOneOf(t.status, GEAR_REQUEST_STATUSES)),
    check("gear_requests_period", isOneOf(t.period, GEAR_REQUEST_PERIODS)),
    check(
      "gear_requests_dates",
      sql`(${col(t.period)} = 'season' and ${col(t.fromDate)} is null and ${col(t.toDate)} is null) or (${col(t.period)} = 'dates' and ${col(t.fromDate)} is not null and ${col(t.toDate)} >= ${col(t.fromDate)})`,
    ),
  ],
);

export const gearLoans = sqliteTable(
  "gear_loans",
  {
    /** Minted by the check-out page's loader: a retry lends once. */
    id: id(),
    clubId: text("club_id")
      .notNull()
      .references(() => clubs.id, { onDelete: "cascade" }),
    unitId: text("unit_id")
      .notNull()
      .references(() => gearUnits.id, { onDelete: "cascade" }),
    requestId: text("request_id").references(() => gearRequests.id, { onDelete: "set null" }),
    /** The borrower; kept when they leave or are removed from the club (a manager still sees the loan, overdue). */
    userId: text("user_id").references(() => users.id, { onDelete: "set null" }),
    checkedOutBy: text("checked_out_by").references(() => users.id, { onDelete: "set null" }),
    outAt: timestamp("out_at").notNull(),
    dueAt: timestamp("due_at").notNull(),
    conditionOut: text("condition_out", { enum: LISTING_CONDITIONS }).notNull(),
    /** A deposit as noted by the manager ('$20 cash'): text only, no money moves (ADR 093). */
    deposit: text("deposit"),
    checkedInAt: timestamp("checked_in_at"),
    checkedInBy: text("checked_in_by").references(() => users.id, { onDelete: "set null" }),
    conditionIn: text("condition_in", { enum: LISTING_CONDITIONS }),
    damageNotes: text("damage_notes"),
    /** When the due-soon and overdue reminders were sent (each once). */
    dueSoonSentAt: timestamp("due_soon_sent_at"),
    overdueSentAt: timestamp("overdue_sent_at"),
  },
  (t) => [
    // One open loan per unit: the database decides two check-outs of the same unit.
    uniqueIndex("gear_loans_one_open_per_unit_idx")
      .on(t.unitId)
      .where(sql`${col(t.checkedInAt)} is null`),
    uniqueIndex("gear_loans_request_idx")
      .on(t.requestId)
      .where(sql`${col(t.requestId)} is not null`),
    index("gear_loans_club_open_due_idx").on(t.clubId, t.checkedInAt, t.dueAt),
    index("gear_loans_unit_out_idx").on(t.unitId, t.outAt),
    index("gear_loans_user_idx").on(t.userId, t.checkedInAt),
    index("gear_loans_due_idx")
      .on(t.dueAt)
      .where(sql`${col(t.checkedInAt)} is null`),
    check("gear_loans_condition_out", isOneOf(t.conditionOut, LISTING_CONDITIONS)),
    check("gear_loans_condition_in", isOneOf(t.conditionIn, LISTING_CONDITIONS)),
    check("gear_loans_deposit", sql`${col(t.deposit)} is null or length(${col(t.deposit)}) <= 100`),
    check("gear_loans_damage_notes", sql`${col(t.damageNotes)} is null or length(${col(t.damageNotes)}) <= 1000`),
    check("gear_loans_due_after_out", sql`${col(t.dueAt)} > ${col(t.outAt)}`),
    check(
      "gear_loans_check_in",
      sql`(${col(t.checkedInAt)} is null and ${col(t.conditionIn)} is null) or (${col(t.checkedInAt)} is not null and ${col(t.conditionIn)} is not null)`,
    ),
  ],
);

export type GearItem = typeof gearItems.$inferSelect;
export type GearUnit = typeof gearUnits.$inferSelect;
export type GearRequest = typeof gearRequests.$inferSelect;
export type GearLoan = typeof gearLoans.$inferSelect;
