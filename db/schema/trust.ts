// Trust (ADR 095): content hidden pending review by the weight of its reports, people silenced by
// many established reporters, and appeals of any decision. The rules that fill these tables are
// app/features/safety/trust-rules.ts (data) and app/features/moderation/weighted-reports.server.ts.
import { sql } from "drizzle-orm";
import { check, index, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { users } from "./accounts";
import { col, createdAt, id, isOneOf, timestamp } from "./columns";

/** What reports' weight can hide pending review (a listing, a message, an item request). */
export const HELD_TARGET_TYPES = ["listing", "listing_message", "club_message", "item_request"] as const;
export type HeldTargetType = (typeof HELD_TARGET_TYPES)[number];
/** How a hold ended: a moderator (or an appeal) restored it, or the content was removed. */
export const HOLD_OUTCOMES = ["restored", "removed"] as const;

/**
 * A hold: the target is hidden from everyone but its owner and site admins while `released_at`
 * is null (safety/held-content.server.ts is the one reading rule). One unreleased hold per target:
 * the partial unique index is what makes two reports crossing the threshold at once hide it once.
 */
export const heldContent = sqliteTable(
  "held_content",
  {
    id: id(),
    targetType: text("target_type", { enum: HELD_TARGET_TYPES }).notNull(),
    targetId: text("target_id").notNull(),
    targetUserId: text("target_user_id"),
    // The report whose weight crossed the threshold (its insert's batch wrote this row).
    reportId: text("report_id").notNull(),
    heldAt: createdAt(),
    releasedAt: timestamp("released_at"),
    releasedBy: text("released_by"),
    outcome: text("outcome", { enum: HOLD_OUTCOMES }),
  },
  (t) => [
    uniqueIndex("held_content_one_unreleased")
      .on(t.targetType, t.targetId)
      .where(sql`${col(t.releasedAt)} is null`),
    index("held_content_user_idx").on(t.targetUserId, t.heldAt),
    check("held_content_target_type", isOneOf(t.targetType, HELD_TARGET_TYPES)),
    check("held_content_outcome", isOneOf(t.outcome, HOLD_OUTCOMES)),
  ],
);

/**
 * A silence: the person can read but not post (the site role `silenced`, permissions/site.ts)
 * while `lifted_at` is null — until a moderator decides. One unlifted per person.
 */
export const silences = sqliteTable(
  "silences",
  {
    id: id(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    reportId: text("report_id").notNull(),
    createdAt: createdAt(),
    liftedAt: timestamp("lifted_at"),
    liftedBy: text("lifted_by"),
  },
  (t) => [
    uniqueIndex("silences_one_unlifted")
      .on(t.userId)
      .where(sql`${col(t.liftedAt)} is null`),
  ],
);

/** The decisions a person may appeal, once each (ADR 099: a warning too). */
export const APPEAL_SUBJECTS = ["hold", "suspension", "silence", "removal", "warning"] as const;
export type AppealSubject = (typeof APPEAL_SUBJECTS)[number];
export const APPEAL_STATUSES = ["open", "upheld", "denied"] as const;
/** The longest appeal (ADR 099); the form's schema holds the same number (appeals.server.test.ts checks). */
export const APPEAL_MAX_LENGTH = 1000;

export const appeals = sqliteTable(
  "appeals",
  {
    id: id(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    subject: text("subject", { enum: APPEAL_SUBJECTS }).notNull(),
    // held_content.id, suspensions.id, silences.id, warnings.id, or the audit row of a removal.
    decisionId: text("decision_id").notNull(),
    // Who made the decision appealed ('system' for a hold or a silence): never its judge.
    decidedBy: text("decided_by").notNull(),
    text: text("text").notNull(),
    status: text("status", { enum: APPEAL_STATUSES }).notNull().default("open"),
    judgeId: text("judge_id"),
    judgedAt: timestamp("judged_at"),
    createdAt: createdAt(),
  },
  (t) => [
    // Once per decision: a second appeal (or a double submit) is refused by the database.
    uniqueIndex("appeals_one_per_decision").on(t.subject, t.decisionId),
    index("appeals_status_idx").on(t.status, t.createdAt),
    check("appeals_subject", isOneOf(t.subject, APPEAL_SUBJECTS)),
    check("appeals_status", isOneOf(t.status, APPEAL_STATUSES)),
    check("appeals_text", sql`length(trim(${col(t.text)})) > 0 and length(${col(t.text)}) <= ${sql.raw(String(APPEAL_MAX_LENGTH))}`),
    check("appeals_other_judge", sql`${col(t.judgeId)} is null or ${col(t.judgeId)} <> ${col(t.decidedBy)}`),
  ],
);

export type HeldContent = typeof heldContent.$inferSelect;
