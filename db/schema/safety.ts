// Safety (ADR 069): reports, blocks, suspensions and warnings. The audit trail of what moderators
// did is `admin_audit_log` (audit.ts).
import { sql } from "drizzle-orm";
import { check, index, primaryKey, real, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { users } from "./accounts";
import { clubs } from "./clubs";
import { col, createdAt, id, isOneOf, timestamp } from "./columns";
import { REPORT_OUTCOMES, REPORT_REASONS, REPORT_STATUSES, REPORT_TARGET_TYPES } from "./enums";

export const reports = sqliteTable(
  "reports",
  {
    id: id(),
    // Null once the reporter's account is deleted: the report stays for the target's history.
    reporterId: text("reporter_id").references(() => users.id, { onDelete: "set null" }),
    targetType: text("target_type", { enum: REPORT_TARGET_TYPES }).notNull(),
    // No foreign key: a report outlives what it is about (the moderator removes it).
    targetId: text("target_id").notNull(),
    // The person responsible for the target (author, owner, the reported user). Never shown to them
    // with the reporter; read for "the target's history".
    targetUserId: text("target_user_id"),
    // Club content (chat messages, announcements, item requests): its club's owner and admins moderate too.
    clubId: text("club_id").references(() => clubs.id, { onDelete: "set null" }),
    // A copy of what was reported, as it was (a message may be edited away or removed): ≤ 2,000.
    excerpt: text("excerpt"),
    reason: text("reason", { enum: REPORT_REASONS }).notNull(),
    details: text("details"),
    // The reporter's weight when they reported (ADR 095): never shown to the reported person or members.
    weight: real("weight").notNull().default(1),
    status: text("status", { enum: REPORT_STATUSES }).notNull().default("open"),
    outcome: text("outcome", { enum: REPORT_OUTCOMES }),
    handledBy: text("handled_by"),
    handledAt: timestamp("handled_at"),
    createdAt: createdAt(),
  },
  (t) => [
    // One open report per reporter per target: a second one is refused by the database.
    uniqueIndex("reports_one_open_per_reporter")
      .on(t.reporterId, t.targetType, t.targetId)
      .where(sql`${col(t.status)} = 'open'`),
    index("reports_target_idx").on(t.targetType, t.targetId, t.status),
    index("reports_status_created_at_idx").on(t.status, t.createdAt),
    index("reports_target_user_idx").on(t.targetUserId, t.createdAt),
    index("reports_reporter_idx").on(t.reporterId, t.createdAt),
    index("reports_club_idx").on(t.clubId, t.status),
    check("reports_target_type", isOneOf(t.targetType, REPORT_TARGET_TYPES)),
    check("reports_reason", isOneOf(t.reason, REPORT_REASONS)),
    check("reports_status", isOneOf(t.status, REPORT_STATUSES)),
    check("reports_outcome", isOneOf(t.outcome, REPORT_OUTCOMES)),
    check("reports_details", sql`${col(t.details)} is null or length(${col(t.details)}) <= 1000`),
    check("reports_other_has_details", sql`${col(t.reason)} <> 'other' or length(trim(coalesce(${col(t.details)}, ''))) > 0`),
    check("reports_excerpt", sql`${col(t.excerpt)} is null or length(${col(t.excerpt)}) <= 2000`),
    check(
      "reports_closed_has_outcome",
      sql`(${col(t.status)} = 'open' and ${col(t.outcome)} is null) or (${col(t.status)} = 'closed' and ${col(t.outcome)} is not null)`,
    ),
  ],
);

/** `blocker` blocked `blocked`: enforced both ways (neither reaches or sees the other). */
export const userBlocks = sqliteTable(
  "user_blocks",
  {
    blockerId: text("blocker_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    blockedId: text("blocked_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.blockerId, t.blockedId] }),
    // "Who blocked me" — the other direction of every block test.
    index("user_blocks_blocked_idx").on(t.blockedId, t.blockerId),
    check("user_blocks_not_self", sql`${col(t.blockerId)} <> ${col(t.blockedId)}`),
  ],
);

/**
 * A suspension: active while `lifted_at` is null and `ends_at` is null ('until lifted') or later
 * than now. A new one lifts the earlier ones in the same batch, so at most one row is unlifted.
 */
export const suspensions = sqliteTable(
  "suspensions",
  {
    id: id(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    reason: text("reason", { enum: REPORT_REASONS }).notNull(),
    endsAt: timestamp("ends_at"),
    createdBy: text("created_by").notNull(),
    createdAt: createdAt(),
    liftedAt: timestamp("lifted_at"),
    liftedBy: text("lifted_by"),
  },
  (t) => [
    uniqueIndex("suspensions_one_unlifted")
      .on(t.userId)
      .where(sql`${col(t.liftedAt)} is null`),
    index("suspensions_user_idx").on(t.userId, t.createdAt),
    check("suspensions_reason", isOneOf(t.reason, REPORT_REASONS)),
  ],
);

/** A moderator's warning: shown to the person once (a banner until they dismiss it). */
export const warnings = sqliteTable(
  "warnings",
  {
    id: id(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    reason: text("reason", { enum: REPORT_REASONS }).notNull(),
    createdBy: text("created_by").notNull(),
    createdAt: createdAt(),
    seenAt: timestamp("seen_at"),
  },
  (t) => [index("warnings_user_idx").on(t.userId, t.seenAt), check("warnings_reason", isOneOf(t.reason, REPORT_REASONS))],
);

export type Report = typeof reports.$inferSelect;
export type Suspension = typeof suspensions.$inferSelect;
