// The audit trail (ADR 069): every moderation action and every admin deletion is one row of
// `admin_audit_log`, written in the same batch as the action. Append-only: the table's triggers
// refuse UPDATE and DELETE (migrations 0005, 0010), and this module has no function that does either.
import type { Db } from "#db/client";
import { adminAuditLog, type AuditAction, type AuditTargetType } from "#db/schema";

export type AuditEntry = {
  actor: { id: string; email: string };
  action: AuditAction;
  target: { type: AuditTargetType; id: string; label: string };
  reason?: string | null;
  reportId?: string | null;
  /** Set when a club's owner or admin acted as their club's moderator. */
  clubId?: string | null;
  detail?: Record<string, unknown> | null;
};

type BatchItem = Parameters<Db["batch"]>[0][number];

/**
 * What a moderator's action adds to an existing deletion's batch (moderation.server.ts): its guard
 * and the closing of the reports, run after the deletion's own statements in the same batch, and
 * the reason and report that deletion's one audit row names.
 */
export type ModeratorBatch = {
  statements: BatchItem[];
  /** Guards that must run before the deletion's own statements (a row the deletion cascades away). */
  first?: BatchItem[];
  reason?: string | null;
  reportId?: string | null;
};

/** The insert for one audit row: put it in the batch that does the action. */
export function auditStatement(db: Db, entry: AuditEntry, now = new Date()) {
  return db.insert(adminAuditLog).values({
    actorId: entry.actor.id,
    actorEmail: entry.actor.email,
    action: entry.action,
    targetType: entry.target.type,
    targetId: entry.target.id,
    targetLabel: entry.target.label.slice(0, 200),
    reason: entry.reason?.slice(0, 1000) ?? null,
    reportId: entry.reportId ?? null,
    clubId: entry.clubId ?? null,
    detail: entry.detail ? JSON.stringify(entry.detail).slice(0, 4000) : null,
    createdAt: now,
  });
}
