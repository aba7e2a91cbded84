// Club moderators (ADR 069): reports about a club's chat messages, announcements and item
// requests also go to that club's owner and admins — the `moderateReports` row of the club
// permission table — in the 'Reports' section of /club/{slug}/manage. They dismiss, remove the
// content, or remove the member who wrote it (the manage page's remove-member rules). Each action is
// one batch: the reports on the target are closed, the content or membership goes, and an audit row
// with `club_id` is written — or, when the report was handled meanwhile, nothing at all (below).
// Site admins see the same reports in their queue, and what the club did through `clubActionsOn`.
import { and, asc, desc, eq, inArray, isNotNull, or, sql, type SQL } from "drizzle-orm";
import type { Db } from "#db/client";
import { adminAuditLog, clubMembers, clubMessages, clubRequests, clubs, profiles, reports, users } from "#db/schema";
import type { ReportOutcome, ReportTargetType } from "#db/schema/enums";
import type { Publish } from "~/features/realtime/realtime.server";
import type { Viewer } from "../permissions/viewer";
import { getClubAccess, isRefusal, type ClubRefusal, type ClubSummary } from "../clubs/club-access.server";
import { clubPermission } from "../permissions/club";
import { manageableMember, memberRemovalStatement } from "../clubs/membership.server";
import { memberName } from "../accounts/member-name.server";
import { auditStatement, type AuditEntry } from "../safety/audit.server";

/** The report targets a club moderates: its group chat and announcements (club_message), its item requests. */
export const CLUB_MODERATED_TARGETS = ["club_message", "item_request"] as const satisfies readonly ReportTargetType[];
export type ClubTargetType = (typeof CLUB_MODERATED_TARGETS)[number];
// ---------------------------------------------------------------------------------------------
// Actions
// ---------------------------------------------------------------------------------------------

export type ClubModerationAction = "dismiss" | "remove" | "removeMember";

export type ClubModerationError =
  /** No report with this id about this club's content: 404, ids cannot be probed. */
  | "reportNotFound"
  | "alreadyHandled"
  /** Remove: the content is already gone (its author deleted it): dismiss instead. */
  | "contentGone";

export type ClubModerationResult =
  | {
      ok: true;
      club: ClubSummary;
      action: ClubModerationAction;
      targetType: ClubTargetType;
      /** Remove member: whose sockets in the club room the caller closes (ADR 039). */
      removedUserId: string | null;
    }
  | ClubRefusal
  /** `moderation` tells this section's own refusals from the club's (ClubRefusal, answered like every manage action). */
  | { ok: false; error: ClubModerationError; club: ClubSummary; moderation: true };

type TargetReport = { id: string; status: "open" | "closed"; targetType: ClubTargetType; targetId: string; targetUserId: string | null };

/** The report `reportId` if it is about this club's content (open or not). */
async function reportInClub(db: Db, clubId: string, reportId: string): Promise<TargetReport | null> {
  const [row] = await db
    .select({
      id: reports.id,
      status: reports.status,
      targetType: reports.targetType,
      targetId: reports.targetId,
      targetUserId: reports.targetUserId,
    })
    .from(reports)
    .where(and(eq(reports.id, reportId), eq(reports.clubId, clubId), inArray(reports.targetType, CLUB_MODERATED_TARGETS)))
    .limit(1);
  return row ? { ...row, targetType: row.targetType as ClubTargetType } : null;
}

/** The content row the report is about, in this club, if it is still there. */
async function contentOf(db: Db, clubId: string, report: TargetReport) {
  if (report.targetType === "club_message") {
    const [m] = await db
      .select({ id: clubMessages.id, userId: clubMessages.userId, label: clubMessages.content, kind: clubMessages.messageType })
      .from(clubMessages)
      .where(and(eq(clubMessages.id, report.targetId), eq(clubMessages.clubId, clubId)))
      .limit(1);
    return m ?? null;
  }
  const [r] = await db
    .select({ id: clubRequests.id, userId: clubRequests.userId, label: clubRequests.title })
    .from(clubRequests)
    .where(and(eq(clubRequests.id, report.targetId), eq(clubRequests.clubId, clubId)))
    .limit(1);
  return r ? { ...r, kind: "request" as const } : null;
}

/** Condition: the content the report is about is still in the club. */
function contentExists(clubId: string, report: TargetReport): SQL {
  return report.targetType === "club_message"
    ? sql`exists (select 1 from club_messages where id = ${report.targetId} and club_id = ${clubId})`
    : sql`exists (select 1 from club_requests where id = ${report.targetId} and club_id = ${clubId})`;
}

/**
 * Closes every open report on the target — the batch's first statement, and its guard. The row
 * `reportId` is always matched; its status becomes NULL (NOT NULL fails, the whole batch rolls back)
 * unless it is still open and `condition` holds. So of two moderators at once exactly one batch
 * commits, and a stale form changes nothing (ADR 068's "the database decides", with listings'
 * `setListingStatus` NOT NULL guard).
 */
function closeReports(db: Db, clubId: string, report: TargetReport, outcome: ReportOutcome, actor: Viewer, now: Date, condition: SQL) {
  return db
    .update(reports)
    .set({
      status: sql`(case when ${reports.status} = 'open' and ${condition} then 'closed' end)`,
      outcome,
      handledBy: actor.id,
      handledAt: now,
    })
    .where(
      and(
        eq(reports.clubId, clubId),
        eq(reports.targetType, report.targetType),
        eq(reports.targetId, report.targetId),
        or(eq(reports.status, "open"), eq(reports.id, report.id)),
      ),
    )
    .returning({ id: reports.id });
}

function contentDelete(db: Db, clubId: string, report: TargetReport) {
  return report.targetType === "club_message"
    ? db.delete(clubMessages).where(and(eq(clubMessages.id, report.targetId), eq(clubMessages.clubId, clubId)))
    : db.delete(clubRequests).where(and(eq(clubRequests.id, report.targetId), eq(clubRequests.clubId, clubId)));
}

/**
 * A club moderator acts on the report `reportId` (and every open report on its target):
 * - dismiss: the reports close as 'dismissed';
 * - remove: the message or request is deleted ('removed'); the club room is told so open pages drop it;
 * - removeMember: the author leaves the club by the manage page's remove-member rules (nobody removes
 *   the owner; admins remove members only), and the content goes with them ('member_removed').
 * One batch each, with an audit row per thing done (actor, `club_id`, the report id).
 */
export async function moderateClubReport(
  db: Db,
  viewer: Viewer | null,
  slug: string,
  input: { action: ClubModerationAction; reportId: string },
  publish?: Pick<Publish, "club">,
  now = new Date(),
): Promise<ClubModerationResult> {
  const access = clubPermission(await getClubAccess(db, viewer, slug), "moderateReports");
  if (isRefusal(access)) return access;
  const actor = viewer!;
  const club = access.club;
  const refuse = (error: ClubModerationError) => ({ ok: false as const, error, club, moderation: true as const });
  // Remove member's refusals are the manage page's own ('Member not found', 'Not allowed').
  const refuseMember = (error: "noSuchMember" | "cannotChangeOwner" | "forbidden"): ClubRefusal => ({ ok: false, error, club });
  const report = await reportInClub(db, club.id, input.reportId);
  if (!report) return refuse("reportNotFound");
  if (report.status !== "open") return refuse("alreadyHandled");
  const content = await contentOf(db, club.id, report);

  const reasons = await openReasons(db, club.id, report);
  const entry = (e: Pick<AuditEntry, "action" | "target" | "detail">): AuditEntry => ({
    ...e,
    actor: { id: actor.id, email: actor.email },
    reason: reasons,
    reportId: report.id,
    clubId: club.id,
  });
  const contentTarget = {
    type: report.targetType,
    id: report.targetId,
    label: content?.label ?? `${report.targetType === "club_message" ? "Message" : "Request"} ${report.targetId}`,
  };
  const removeContent = content
    ? [
        contentDelete(db, club.id, report),
        auditStatement(
          db,
          entry({
            action: report.targetType === "club_message" ? "delete_message" : "delete_item_request",
            target: contentTarget,
            detail: { kind: content.kind },
          }),
          now,
        ),
      ]
    : [];

  let removedUserId: string | null = null;
  let batch: Promise<unknown>;
  if (input.action === "dismiss") {
    batch = db.batch([
      closeReports(db, club.id, report, "dismissed", actor, now, sql`1 = 1`),
      auditStatement(db, entry({ action: "dismiss_report", target: contentTarget, detail: null }), now),
    ]);
  } else if (input.action === "remove") {
    if (!content) return refuse("contentGone");
    batch = db.batch([closeReports(db, club.id, report, "removed", actor, now, contentExists(club.id, report)), ...removeContent]);
  } else {
    const authorId = content?.userId ?? report.targetUserId;
    const [membership] = authorId
      ? await db
          .select({ id: clubMembers.id })
          .from(clubMembers)
          .where(and(eq(clubMembers.clubId, club.id), eq(clubMembers.userId, authorId), eq(clubMembers.status, "active")))
          .limit(1)
      : [];
    if (!membership) return refuseMember("noSuchMember");
    // The manage page's own rules: an active member, never the owner, admins remove members only.
    const found = await manageableMember(db, viewer, slug, membership.id, "removeMember");
    if ("ok" in found)
      return refuseMember(found.error === "noSuchMember" || found.error === "cannotChangeOwner" ? found.error : "forbidden");
    const [label] = await db
      .select({ name: memberName(), email: users.email })
      .from(users)
      .leftJoin(profiles, eq(profiles.userId, users.id))
      .where(eq(users.id, authorId!));
    const stillMember = sql`exists (select 1 from club_members where id = ${membership.id} and status = 'active' and role <> 'owner')`;
    removedUserId = authorId;
    batch = db.batch([
      closeReports(db, club.id, report, "member_removed", actor, now, stillMember),
      memberRemovalStatement(db, membership.id),
      auditStatement(
        db,
        entry({
          action: "remove_member",
          target: { type: "user", id: authorId!, label: label?.email ?? authorId! },
          detail: { name: label?.name ?? null },
        }),
        now,
      ),
      ...removeContent,
    ]);
  }

  try {
    await batch;
  } catch (error) {
    // The guard refused: say why from what is there now.
    const current = await reportInClub(db, club.id, report.id);
    if (!current) return refuse("reportNotFound");
    if (current.status !== "open") return refuse("alreadyHandled");
    if (input.action === "remove" && !(await contentOf(db, club.id, report))) return refuse("contentGone");
    if (input.action === "removeMember") return refuseMember("noSuchMember");
    throw error;
  }

  if (input.action !== "dismiss" && content) {
    publish?.club(
      club.id,
      content.kind === "request"
        ? { type: "club.request.deleted", clubId: club.id, id: content.id }
        : { type: "club.message.deleted", clubId: club.id, id: content.id, kind: content.kind },
    );
  }
  return { ok: true, club, action: input.action, targetType: report.targetType, removedUserId };
}

/** The reasons of the target's open reports, for the audit row ('harassment, other'). */
async function openReasons(db: Db, clubId: string, report: TargetReport): Promise<string> {
  const rows = await db
    .selectDistinct({ reason: reports.reason })
    .from(reports)
    .where(
      and(
        eq(reports.clubId, clubId),
        eq(reports.targetType, report.targetType),
        eq(reports.targetId, report.targetId),
        eq(reports.status, "open"),
      ),
    )
    .orderBy(asc(reports.reason));
  return rows.map((r) => r.reason).join(", ");
}

// ---------------------------------------------------------------------------------------------
// For the site admins' queue: what the club did
// ---------------------------------------------------------------------------------------------

export type ClubActionOnTarget = {
  targetType: ReportTargetType;
  targetId: string;
  action: (typeof adminAuditLog.$inferSelect)["action"];
  actorId: string;
  actorEmail: string;
  clubId: string;
  clubName: string | null;
  reportId: string;
  reason: string | null;
  createdAt: Date;
};

/**
 * What clubs' moderators did about these targets, for site admins to see (ADR 069): the audit rows with a `club_id` written for any report on them, newest first. Found
 * through the reports they name, so a removed member (an audit row about the user) shows beside
 * the message it was for.
 */
export async function clubActionsOn(db: Db, targets: readonly { type: ReportTargetType; id: string }[]): Promise<ClubActionOnTarget[]> {
  if (!targets.length) return [];
  const rows = await db
    .select({
      targetType: reports.targetType,
      targetId: reports.targetId,
      action: adminAuditLog.action,
      actorId: adminAuditLog.actorId,
      actorEmail: adminAuditLog.actorEmail,
      clubId: adminAuditLog.clubId,
      clubName: clubs.name,
      reportId: reports.id,
      reason: adminAuditLog.reason,
      createdAt: adminAuditLog.createdAt,
    })
    .from(adminAuditLog)
    .innerJoin(reports, eq(reports.id, adminAuditLog.reportId))
    .leftJoin(clubs, eq(clubs.id, adminAuditLog.clubId))
    .where(and(isNotNull(adminAuditLog.clubId), or(...targets.map((t) => and(eq(reports.targetType, t.type), eq(reports.targetId, t.id))))))
    .orderBy(desc(adminAuditLog.createdAt), asc(adminAuditLog.id));
  return rows.map((r) => ({ ...r, clubId: r.clubId! }));
}
