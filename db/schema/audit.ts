// Admin audit log (ADR 044): who did what to whom, when. Append-only: the migration adds
// triggers that refuse every UPDATE and DELETE, so nobody — the app included — can edit it.
import { sql } from "drizzle-orm";
import { check, index, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { col, createdAt, id, isOneOf } from "./columns";

// Every moderation action (ADR 069) and every admin deletion. A club's owner or admin acting in
// their club's 'Reports' section is an actor too (`club_id` says which club).
export const AUDIT_ACTIONS = [
  "delete_user",
  "delete_club",
  "delete_listing",
  "delete_message",
  "delete_item_request",
  "dismiss_report",
  "warn_user",
  "suspend_user",
  "lift_suspension",
  "remove_member",
  // Trust (ADR 095): the automatic hold and silence (actor 'system'), a moderator's release, appeals' outcomes.
  "hide_by_weight",
  "silence_user",
  "lift_silence",
  "restore_content",
  "appeal_upheld",
  "appeal_denied",
  // The stolen-photo check (ADR 094): a match queued by the save (actor "system"), then decided.
  "queue_photo_match",
  "uphold_photo_match",
  "dismiss_photo_match",
] as const;
export const AUDIT_TARGET_TYPES = [
  "user",
  "club",
  "listing",
  "listing_message",
  "club_message",
  "direct_message",
  "item_request",
  "deal",
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];
export type AuditTargetType = (typeof AUDIT_TARGET_TYPES)[number];

export const adminAuditLog = sqliteTable(
  "admin_audit_log",
  {
    id: id(),
    // No foreign keys: an entry outlives both the admin's and the target's rows.
    actorId: text("actor_id").notNull(),
    actorEmail: text("actor_email").notNull(),
    action: text("action", { enum: AUDIT_ACTIONS }).notNull(),
    targetType: text("target_type", { enum: AUDIT_TARGET_TYPES }).notNull(),
    targetId: text("target_id").notNull(),
    // What the target was called when it went (an e-mail, a club name, a title).
    targetLabel: text("target_label").notNull(),
    // JSON: what went with it (counts, successor of owned clubs…).
    detail: text("detail"),
    // Why (a report's reason, a suspension's category), and the report acted on, if any.
    reason: text("reason"),
    reportId: text("report_id"),
    // Set when a club's owner or admin acted as the club's moderator.
    clubId: text("club_id"),
    createdAt: createdAt(),
  },
  (t) => [
    index("admin_audit_log_created_at_idx").on(sql`${t.createdAt} DESC`),
    index("admin_audit_log_actor_idx").on(t.actorId, t.createdAt),
    index("admin_audit_log_target_idx").on(t.targetType, t.targetId),
    check("admin_audit_log_action", isOneOf(t.action, AUDIT_ACTIONS)),
    check("admin_audit_log_target_type", isOneOf(t.targetType, AUDIT_TARGET_TYPES)),
    check("admin_audit_log_detail_length", sql`length(${col(t.detail)}) <= 4000`),
    check("admin_audit_log_reason_length", sql`length(${col(t.reason)}) <= 1000`),
  ],
);

export type AdminAuditEntry = typeof adminAuditLog.$inferSelect;
