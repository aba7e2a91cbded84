// Club Swap Days (ADR 088; the solver is ADR 080): an event of one club where many members trade at once.
// The phases are dates (items open → want lists open → lists close → results → hand-over → closed); what has
// happened is the columns set when it happened (frozen_at, solved_at). Offered items reference listings; wants,
// "any one of these" groups and cash limits are the solver's input; rings and steps its stored result.
import { sql } from "drizzle-orm";
import { check, index, integer, primaryKey, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { users } from "./accounts";
import { clubs } from "./clubs";
import { clubMessages } from "./messages";
import { listings } from "./listings";
import { deals } from "./deals";
import { col, createdAt, id, isNotBlank, isOneOf, timestamp, updatedAt } from "./columns";
import { SWAP_DAY_MODES, SWAP_ITEM_STATUSES, SWAP_RING_STATUSES } from "./enums";

export const swapDays = sqliteTable(
  "swap_days",
  {
    id: id(),
    clubId: text("club_id")
      .notNull()
      .references(() => clubs.id, { onDelete: "cascade" }),
    createdBy: text("created_by").references(() => users.id, { onDelete: "set null" }),
    name: text("name").notNull(),
    place: text("place").notNull(),
    mode: text("mode", { enum: SWAP_DAY_MODES }).notNull(),
    // The phases, as wall-clock times stored as UTC (the deal's meet-up convention, ADR 068).
    itemsOpenAt: timestamp("items_open_at").notNull(),
    wantsOpenAt: timestamp("wants_open_at").notNull(),
    listsCloseAt: timestamp("lists_close_at").notNull(),
    resultsAt: timestamp("results_at").notNull(),
    handoverAt: timestamp("handover_at").notNull(),
    closesAt: timestamp("closes_at").notNull(),
    /** The solver's seed (ADR 080 "Determinism"), drawn at creation, printed with the results. */
    seed: integer("seed").notNull(),
    /** The club announcement that told the members (kept so the announcement is written once). */
    announcementId: text("announcement_id").references(() => clubMessages.id, { onDelete: "set null" }),
    /** When the lists were frozen (the holds start); null until then. */
    frozenAt: timestamp("frozen_at"),
    /** When the result was stored (one batch, ADR 088); null until then. The first solve's token wins. */
    solvedAt: timestamp("solved_at"),
    solveToken: text("solve_token"),
    /** SHA-256 of the official-wants file the solve read (hex), printed on the results page. */
    inputChecksum: text("input_checksum"),
    /** The swap table's check-in cutoff (ADR 090): set once, by the batch that re-solves over the items brought. */
    checkinClosedAt: timestamp("checkin_closed_at"),
    /** The re-solve's token: the statements of its batch run only where it is the one stored (ADR 090). */
    resolveToken: text("resolve_token"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index("swap_days_club_id_handover_idx").on(t.clubId, t.handoverAt),
    check("swap_days_name", sql`${isNotBlank(t.name)} and length(${col(t.name)}) <= 100`),
    check("swap_days_place", sql`${isNotBlank(t.place)} and length(${col(t.place)}) <= 200`),
    check("swap_days_mode", isOneOf(t.mode, SWAP_DAY_MODES)),
    check(
      "swap_days_phase_order",
      sql`${col(t.itemsOpenAt)} <= ${col(t.wantsOpenAt)} and ${col(t.wantsOpenAt)} < ${col(t.listsCloseAt)}
        and ${col(t.listsCloseAt)} <= ${col(t.resultsAt)} and ${col(t.resultsAt)} <= ${col(t.handoverAt)}
        and ${col(t.handoverAt)} < ${col(t.closesAt)}`,
    ),
    check("swap_days_seed", sql`${col(t.seed)} between 1 and 2147483647`),
  ],
);

/** An item offered to a Swap Day: one of its owner's listings, with a short code for the table and cash limits. */
export const swapDayItems = sqliteTable(
  "swap_day_items",
  {
    id: id(),
    swapDayId: text("swap_day_id")
      .notNull()
      .references(() => swapDays.id, { onDelete: "cascade" }),
    listingId: text("listing_id").references(() => listings.id, { onDelete: "set null" }),
    ownerId: text("owner_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /** The tag's short code, unique in the event (letters and digits people can read aloud). */
    code: text("code").notNull(),
    /** The listing's title and price when offered: the want lists and the cash rule read these. */
    title: text("title").notNull(),
    priceCents: integer("price_cents").notNull(),
    /** "I'd add up to $X" / "I need at least $Y back" (ADR 080 "Cash"); null: no limit. */
    addUpToCents: integer("add_up_to_cents"),
    needBackCents: integer("need_back_cents"),
    status: text("status", { enum: SWAP_ITEM_STATUSES }).notNull().default("offered"),
    /** Why it left the event when removed (a deal accepted before the freeze), told to its owner. */
    removedReason: text("removed_reason"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("swap_day_items_code").on(t.swapDayId, t.code),
    uniqueIndex("swap_day_items_one_per_listing")
      .on(t.swapDayId, t.listingId)
      .where(sql`${col(t.listingId)} is not null`),
    index("swap_day_items_owner_idx").on(t.ownerId, t.swapDayId),
    index("swap_day_items_listing_idx").on(t.listingId),
    check("swap_day_items_status", isOneOf(t.status, SWAP_ITEM_STATUSES)),
    check("swap_day_items_code_shape", sql`length(${col(t.code)}) between 3 and 8 and ${col(t.code)} not glob '*[^A-Z0-9]*'`),
    check("swap_day_items_price", sql`${col(t.priceCents)} between 0 and 10000000`),
    check("swap_day_items_add_up_to", sql`${col(t.addUpToCents)} is null or ${col(t.addUpToCents)} between 0 and 10000000`),
    check("swap_day_items_need_back", sql`${col(t.needBackCents)} is null or ${col(t.needBackCents)} between 0 and 10000000`),
  ],
);

/** "Any one of these" (ADR 080 "Groups"): its owner receives at most one of its items. */
export const swapDayGroups = sqliteTable(
  "swap_day_groups",
  {
    id: id(),
    swapDayId: text("swap_day_id")
      .notNull()
      .references(() => swapDays.id, { onDelete: "cascade" }),
    ownerId: text("owner_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index("swap_day_groups_owner_idx").on(t.swapDayId, t.ownerId),
    check("swap_day_groups_name", sql`${isNotBlank(t.name)} and length(${col(t.name)}) <= 60`),
  ],
);

export const swapDayGroupItems = sqliteTable(
  "swap_day_group_items",
  {
    groupId: text("group_id")
      .notNull()
      .references(() => swapDayGroups.id, { onDelete: "cascade" }),
    itemId: text("item_id")
      .notNull()
      .references(() => swapDayItems.id, { onDelete: "cascade" }),
  },
  (t) => [primaryKey({ columns: [t.groupId, t.itemId] })],
);

/** "The owner of item would take wanted (an item, or one of their groups) for it", with an optional rank. */
export const swapDayWants = sqliteTable(
  "swap_day_wants",
  {
    itemId: text("item_id")
      .notNull()
      .references(() => swapDayItems.id, { onDelete: "cascade" }),
    wantedItemId: text("wanted_item_id").references(() => swapDayItems.id, { onDelete: "cascade" }),
    wantedGroupId: text("wanted_group_id").references(() => swapDayGroups.id, { onDelete: "cascade" }),
    /** 1 = first choice; a tie-break only (ADR 080). */
    rank: integer("rank").notNull().default(1),
  },
  (t) => [
    uniqueIndex("swap_day_wants_item")
      .on(t.itemId, t.wantedItemId)
      .where(sql`${col(t.wantedItemId)} is not null`),
    uniqueIndex("swap_day_wants_group")
      .on(t.itemId, t.wantedGroupId)
      .where(sql`${col(t.wantedGroupId)} is not null`),
    index("swap_day_wants_wanted_idx").on(t.wantedItemId),
    check("swap_day_wants_one_target", sql`(${col(t.wantedItemId)} is null) <> (${col(t.wantedGroupId)} is null)`),
    check("swap_day_wants_not_itself", sql`${col(t.wantedItemId)} is null or ${col(t.wantedItemId)} <> ${col(t.itemId)}`),
    check("swap_day_wants_rank", sql`${col(t.rank)} between 1 and 1000`),
  ],
);

/** A ring of the stored result (ADR 080): its steps below, in ring order. */
export const swapDayRings = sqliteTable(
  "swap_day_rings",
  {
    id: id(),
    swapDayId: text("swap_day_id")
      .notNull()
      .references(() => swapDays.id, { onDelete: "cascade" }),
    /** 1, 2, …: the solver's order. A re-solve (no-shows) numbers on from the last. */
    number: integer("number").notNull(),
    status: text("status", { enum: SWAP_RING_STATUSES }).notNull().default("proposed"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("swap_day_rings_number").on(t.swapDayId, t.number),
    check("swap_day_rings_status", isOneOf(t.status, SWAP_RING_STATUSES)),
  ],
);

/** One step of a ring: `item` goes to the owner of the next step; its owner receives `receives_item_id` and gets cash_cents (negative: pays). */
export const swapDayRingSteps = sqliteTable(
  "swap_day_ring_steps",
  {
    ringId: text("ring_id")
      .notNull()
      .references(() => swapDayRings.id, { onDelete: "cascade" }),
    position: integer("position").notNull(),
    itemId: text("item_id")
      .notNull()
      .references(() => swapDayItems.id, { onDelete: "cascade" }),
    receivesItemId: text("receives_item_id")
      .notNull()
      .references(() => swapDayItems.id, { onDelete: "cascade" }),
    cashCents: integer("cash_cents").notNull().default(0),
    /** Meet-up mode: when its owner confirmed the hand-over. */
    confirmedAt: timestamp("confirmed_at"),
    /** The completed deal of kind 'swap' (giver = owner, receiver = proposer) this step became: its reviews (ADR 090). */
    dealId: text("deal_id").references(() => deals.id, { onDelete: "set null" }),
  },
  (t) => [
    primaryKey({ columns: [t.ringId, t.position] }),
    // An item is given in at most one ring and received once: the database decides (ADR 088). A re-solve
    // (no-shows) deletes the rings it replaces.
    uniqueIndex("swap_day_ring_steps_item").on(t.itemId),
    uniqueIndex("swap_day_ring_steps_receives").on(t.receivesItemId),
  ],
);

/**
 * The solve's frozen input as TradeMaximizer's official-wants file (ADR 089), stored beside the result in its
 * batch: the download serves these bytes (their SHA-256 is swap_days.input_checksum), so a later block, a member
 * leaving or an account deleted never changes what was solved. A table of its own: the file can be megabytes and
 * swap_days is read on every club page.
 */
export const swapDayInputs = sqliteTable("swap_day_inputs", {
  swapDayId: text("swap_day_id")
    .primaryKey()
    .references(() => swapDays.id, { onDelete: "cascade" }),
  officialWants: text("official_wants").notNull(),
  createdAt: createdAt(),
});

/** At the swap table: an item brought (checked in) and given to its receiver (checked out), by an organiser. */
export const swapDayCheckins = sqliteTable("swap_day_checkins", {
  itemId: text("item_id")
    .primaryKey()
    .references(() => swapDayItems.id, { onDelete: "cascade" }),
  checkedInAt: timestamp("checked_in_at").notNull(),
  checkedInBy: text("checked_in_by").references(() => users.id, { onDelete: "set null" }),
  checkedOutAt: timestamp("checked_out_at"),
  checkedOutBy: text("checked_out_by").references(() => users.id, { onDelete: "set null" }),
});

export type SwapDay = typeof swapDays.$inferSelect;
export type NewSwapDay = typeof swapDays.$inferInsert;
export type SwapDayItem = typeof swapDayItems.$inferSelect;
