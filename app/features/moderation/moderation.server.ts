// What a site moderator does with a group of open reports (ADR 069): dismiss, remove the content,
// warn, suspend or delete the person; and lift a suspension. Each is ONE batch that does the action,
// writes its one audit row and closes every open report on the target — so a retry, or a second
// moderator at the same moment, changes nothing and is told 'Already handled'.
//
// The guard: the batch first re-checks that the reports this request read are still open; if another
// request closed them meanwhile, it sets their status to NULL, which the NOT NULL column refuses, and
// the whole batch rolls back (the same trick as deals.server.ts). Deletions that already have their
// own batch (a listing with its photos and deals, a club, an account) take these statements in.
import { and, eq, or, sql } from "drizzle-orm";
import type { Db } from "#db/client";
import { clubDirectMessages, clubMessages, clubRequests, deals, listingMessages, reports, suspensions, warnings } from "#db/schema";
import type { ReportOutcome, ReportReason, ReportTargetType } from "#db/schema/enums";
import type { Viewer } from "../permissions/viewer";
import { deleteClubAsAdmin, deleteUserAccount } from "../admin/admin-deletions.server";
import { deleteListing, type ChangedDeal } from "../listings/listings.server";
import { can, SITE } from "../permissions/can";
import type { Publish } from "../realtime/realtime.server";
import { closeOpenDealsOf } from "../trade/deals.server";
import { auditStatement, type AuditEntry } from "../safety/audit.server";
import { releaseHoldStatement } from "../safety/held-content.server";
import { personOfContext } from "./moderation-queue.server";
import type { TargetContext } from "./report-context.server";
import { contextOf } from "./report-context.server";

type Target = { type: ReportTargetType; id: string };

export type ModerationInput =
  | { intent: "dismiss" | "remove" | "deleteAccount"; target: Target }
  | { intent: "warn"; target: Target; reason: ReportReason }
  | { intent: "suspend"; target: Target; reason: ReportReason; days: 1 | 7 | 30 | null }
  | { intent: "lift"; suspensionId: string };

export type ModerationRefusal = "forbidden" | "already_handled" | "not_found" | "not_removable" | "no_person" | "self" | "last_admin";

export type ModerationResult =
  | {
      ok: true;
      /** What was done, for the toast ("Listing removed"). */
      done: string;
      /** Photo and logo objects to delete from R2 now (finishPhotoDeletes). */
      removedKeys: string[];
      /** Deals the action closed: both parties are told (announceDealChanges). */
      changedDeals: ChangedDeal[];
      /** A deleted account: close its sockets (disconnectEverywhere) before the delete. */
      deletedUserId?: string;
    }
  | { ok: false; reason: ModerationRefusal };

type OpenReport = { id: string; reason: ReportReason; targetUserId: string | null };

async function openReportsOn(db: Db, target: Target): Promise<OpenReport[]> {
  return db
    .select({ id: reports.id, reason: reports.reason, targetUserId: reports.targetUserId })
    .from(reports)
    .where(and(eq(reports.targetType, target.type), eq(reports.targetId, target.id), eq(reports.status, "open")))
    .orderBy(sql`${reports.createdAt} desc`, reports.id);
}

/** Fails the batch when one of the reports this request read was closed by another since. */
function stillOpenGuard(db: Db, open: OpenReport[]) {
  return db.run(
    sql`update reports set status = null where status <> 'open' and id in (${sql.join(
      open.map((r) => sql`${r.id}`),
      sql`, `,
    )})`,
  );
}

function closeReports(db: Db, admin: Viewer, target: Target, outcome: ReportOutcome, now: Date, alsoAboutUserId?: string) {
  const onTarget = and(eq(reports.targetType, target.type), eq(reports.targetId, target.id));
  return db
    .update(reports)
    .set({ status: "closed", outcome, handledBy: admin.id, handledAt: now })
    .where(and(eq(reports.status, "open"), alsoAboutUserId ? or(onTarget, eq(reports.targetUserId, alsoAboutUserId)) : onTarget));
}

/** The reason most reports gave (the first, newest, on a tie). */
function mainReason(open: OpenReport[]): ReportReason {
  const counts = new Map<ReportReason, number>();
  for (const r of open) counts.set(r.reason, (counts.get(r.reason) ?? 0) + 1);
  return [...counts].sort((a, b) => b[1] - a[1])[0][0];
}

function labelOf(context: TargetContext, target: Target): string {
  switch (context.kind) {
    case "listing":
      return context.title;
    case "messages":
      return context.messages.find((m) => m.reported)?.content.slice(0, 80) ?? target.id;
    case "item_request":
      return context.title;
    case "deal":
      return `Deal${context.listingTitle ? ` for ${context.listingTitle}` : ""}`;
    case "club":
      return context.name;
    case "user":
      return context.person.email;
    case "gone":
      return `${target.type} ${target.id}`;
  }
}

const ok = (done: string, extra: Partial<Extract<ModerationResult, { ok: true }>> = {}): ModerationResult => ({
  ok: true,
  done,
  removedKeys: [],
  changedDeals: [],
  ...extra,
});

type ModerationOptions = {
  publish?: Publish;
  now?: Date;
  /** Called just before an account is deleted (to close its open sockets while its memberships are still there). */
  beforeDeleteAccount?: (userId: string) => Promise<unknown>;
};

/**
 * Runs a moderator's action. `publish` sends the removal of a club message or an item request to
 * the club's room so open pages drop it.
 */
export async function moderate(db: Db, admin: Viewer, input: ModerationInput, opts: ModerationOptions = {}): Promise<ModerationResult> {
  if (!can(admin, "moderate", SITE)) return { ok: false, reason: "forbidden" };
  const now = opts.now ?? new Date();
  if (input.intent === "lift") return liftSuspension(db, admin, input.suspensionId, now);
  const target = input.target;
  const open = await openReportsOn(db, target);
  if (open.length === 0) return { ok: false, reason: "already_handled" };
  try {
    return await act(db, admin, input, target, open, now, opts);
  } catch (error) {
    // The guard fired (or the batch failed another way): if the reports were closed meanwhile,
    // another request handled them and nothing of this one was stored.
    const stillOpen = await openReportsOn(db, target);
    if (open.some((r) => !stillOpen.some((s) => s.id === r.id))) return { ok: false, reason: "already_handled" };
    throw error;
  }
}

async function act(
  db: Db,
  admin: Viewer,
  input: Exclude<ModerationInput, { intent: "lift" }>,
  target: Target,
  open: OpenReport[],
  now: Date,
  { publish, beforeDeleteAccount }: ModerationOptions,
): Promise<ModerationResult> {
  const context = await contextOf(db, target.type, target.id);
  const reportId = open[0].id;
  const guard = stillOpenGuard(db, open);
  const audit = (entry: Omit<AuditEntry, "actor" | "reportId">) => auditStatement(db, { actor: admin, reportId, ...entry }, now);
  const label = labelOf(context, target);
  const detail = { reports: open.length, targetType: target.type, targetId: target.id };

  if (input.intent === "dismiss" || (input.intent === "remove" && context.kind === "gone")) {
    const outcome = input.intent === "dismiss" ? "dismissed" : "target_gone";
    await db.batch([
      guard,
      closeReports(db, admin, target, outcome, now),
      // Content hidden pending review comes back with the dismissal (ADR 095): one reading rule, one row to release.
      releaseHoldStatement(db, target.type, target.id, admin.id, "restored", now),
      audit({
        action: "dismiss_report",
        target: { type: target.type, id: target.id, label },
        reason: mainReason(open),
        detail: { ...detail, outcome },
      }),
    ]);
    return ok(outcome === "dismissed" ? "Reports dismissed" : "It was already gone; the reports are closed");
  }

  if (input.intent === "remove") return removeContent(db, admin, target, context, open, { guard, audit, label, detail, now, publish });

  // The person: who the reports name, else the target's owner or author.
  const personId = open.find((r) => r.targetUserId)?.targetUserId ?? personOfContext(context);
  if (!personId) return { ok: false, reason: "no_person" };
  if (personId === admin.id) return { ok: false, reason: "self" };
  const [personRow] = await db.all<{ email: string }>(sql`select email from users where id = ${personId}`);
  if (!personRow) return { ok: false, reason: "not_found" };
  const personTarget = { type: "user" as const, id: personId, label: personRow.email };

  if (input.intent === "warn") {
    await db.batch([
      guard,
      db.insert(warnings).values({ userId: personId, reason: input.reason, createdBy: admin.id, createdAt: now }),
      closeReports(db, admin, target, "warned", now),
      audit({ action: "warn_user", target: personTarget, reason: input.reason, detail }),
    ]);
    return ok("Warning sent");
  }

  if (input.intent === "suspend") {
    const endsAt = input.days === null ? null : new Date(now.getTime() + input.days * 86_400_000);
    const [releaseListings, unlock, closeDeals] = closeOpenDealsOf(db, personId, "account_suspended", now);
    const results = await db.batch([
      guard,
      // At most one unlifted suspension per person (a unique index): the new one replaces the old.
      db
        .update(suspensions)
        .set({ liftedAt: now, liftedBy: admin.id })
        .where(and(eq(suspensions.userId, personId), sql`${suspensions.liftedAt} is null`)),
      db.insert(suspensions).values({ userId: personId, reason: input.reason, endsAt, createdBy: admin.id, createdAt: now }),
      releaseListings,
      unlock,
      closeDeals.returning({
        dealId: deals.id,
        proposerId: deals.proposerId,
        ownerId: deals.ownerId,
        listingId: deals.listingId,
        state: deals.state,
      }),
      closeReports(db, admin, target, "suspended", now),
      audit({
        action: "suspend_user",
        target: personTarget,
        reason: input.reason,
        detail: { ...detail, days: input.days, endsAt: endsAt?.toISOString() ?? null },
      }),
    ]);
    return ok("Account suspended", { changedDeals: results[5] as ChangedDeal[] });
  }

  await beforeDeleteAccount?.(personId);
  // deleteAccount: the admin feature's deletion (its one audit row names the report), with every open
  // report about this person closed in the same batch.
  const deleted = await deleteUserAccount(db, admin, personId, "admin", {
    statements: [guard, closeReports(db, admin, target, "deleted", now, personId)],
    reason: mainReason(open),
    reportId,
  });
  if (!deleted.ok)
    return { ok: false, reason: deleted.reason === "last_admin" ? "last_admin" : deleted.reason === "self" ? "self" : "not_found" };
  return ok("Account deleted", { removedKeys: deleted.removedKeys, deletedUserId: personId });
}

async function removeContent(
  db: Db,
  admin: Viewer,
  target: Target,
  context: TargetContext,
  open: OpenReport[],
  step: {
    guard: ReturnType<typeof stillOpenGuard>;
    audit: (entry: Omit<AuditEntry, "actor" | "reportId">) => ReturnType<typeof auditStatement>;
    label: string;
    detail: Record<string, unknown>;
    now: Date;
    publish: Publish | undefined;
  },
): Promise<ModerationResult> {
  const { guard, audit, label, detail, now, publish } = step;
  const reason = mainReason(open);
  // The removal also ends any hold on the target (ADR 095), in the same batch.
  const close = closeReports(db, admin, target, "removed", now);
  const release = releaseHoldStatement(db, target.type, target.id, admin.id, "removed", now);
  switch (target.type) {
    case "listing": {
      // The listing feature's deletion: photos marked for deletion, its deals closed, its one audit row.
      const removed = await deleteListing(db, admin, target.id, { statements: [guard, close, release], reason, reportId: open[0].id });
      if (!removed) return { ok: false, reason: "not_found" };
      return ok("Listing removed", { removedKeys: removed.removedKeys, changedDeals: removed.changedDeals });
    }
    case "club": {
      const removed = await deleteClubAsAdmin(db, admin, target.id, { statements: [guard, close], reason, reportId: open[0].id });
      if (!removed.ok) return { ok: false, reason: removed.reason === "forbidden" ? "forbidden" : "not_found" };
      return ok("Club removed", { removedKeys: removed.removedKeys });
    }
    case "listing_message":
    case "direct_message": {
      const table = target.type === "listing_message" ? listingMessages : clubDirectMessages;
      const [deleted] = await db.batch([
        db.delete(table).where(eq(table.id, target.id)).returning({ senderId: table.senderId, receiverId: table.receiverId }),
        guard,
        close,
        release,
        audit({ action: "delete_message", target: { type: target.type, id: target.id, label }, reason, detail }),
      ]);
      // No removal event exists for these (ADR 069 left it out): both sides' badges refetch, and an
      // open thread drops the message on its next load.
      for (const row of deleted) for (const userId of [row.senderId, row.receiverId]) publish?.user(userId, { type: "badges.changed" });
      return ok("Message removed");
    }
    case "club_message": {
      const [deleted] = await db.batch([
        db
          .delete(clubMessages)
          .where(eq(clubMessages.id, target.id))
          .returning({ clubId: clubMessages.clubId, kind: clubMessages.messageType }),
        guard,
        close,
        release,
        audit({ action: "delete_message", target: { type: target.type, id: target.id, label }, reason, detail }),
      ]);
      for (const row of deleted)
        publish?.club(row.clubId, { type: "club.message.deleted", clubId: row.clubId, id: target.id, kind: row.kind });
      return ok("Message removed");
    }
    case "item_request": {
      const [deleted] = await db.batch([
        db.delete(clubRequests).where(eq(clubRequests.id, target.id)).returning({ clubId: clubRequests.clubId }),
        guard,
        close,
        release,
        audit({ action: "delete_item_request", target: { type: target.type, id: target.id, label }, reason, detail }),
      ]);
      for (const row of deleted) publish?.club(row.clubId, { type: "club.request.deleted", clubId: row.clubId, id: target.id });
      return ok("Request removed");
    }
    default:
      // A deal or a person is not content: dismiss, warn, suspend or delete the account instead.
      return { ok: false, reason: "not_removable" };
  }
}

async function liftSuspension(db: Db, admin: Viewer, suspensionId: string, now: Date): Promise<ModerationResult> {
  const [row] = await db.all<{ userId: string; reason: ReportReason; liftedAt: number | null; email: string }>(
    sql`select s.user_id as userId, s.reason, s.lifted_at as liftedAt, u.email
      from suspensions s join users u on u.id = s.user_id where s.id = ${suspensionId}`,
  );
  if (!row) return { ok: false, reason: "not_found" };
  if (row.liftedAt !== null) return { ok: false, reason: "already_handled" };
  try {
    await db.batch([
      // Lifted by another request meanwhile: reason NULL fails the batch (NOT NULL), nothing is stored twice.
      db.run(sql`update suspensions set reason = null where id = ${suspensionId} and lifted_at is not null`),
      db
        .update(suspensions)
        .set({ liftedAt: now, liftedBy: admin.id })
        .where(and(eq(suspensions.id, suspensionId), sql`${suspensions.liftedAt} is null`)),
      auditStatement(
        db,
        {
          actor: admin,
          action: "lift_suspension",
          target: { type: "user", id: row.userId, label: row.email },
          reason: row.reason,
          detail: { suspensionId },
        },
        now,
      ),
    ]);
  } catch (error) {
    const [again] = await db.select({ liftedAt: suspensions.liftedAt }).from(suspensions).where(eq(suspensions.id, suspensionId));
    if (again?.liftedAt) return { ok: false, reason: "already_handled" };
    throw error;
  }
  return ok("Suspension lifted");
}
