// The site moderation queue (ADR 069): open reports grouped by what they are about, newest
// first, each with the reported content in context and the history of the people involved. Site
// admins only (`moderate`); the actions are in moderation.server.ts.
import { sql } from "drizzle-orm";
import type { Db } from "#db/client";
import type { ReportOutcome, ReportReason, ReportTargetType } from "#db/schema/enums";
import type { Viewer } from "../permissions/viewer";
import { can, SITE } from "../permissions/can";
import { contextOf, iso, name, type PersonRef, type TargetContext } from "./report-context.server";

export const QUEUE_PAGE_SIZE = 10;
const HISTORY = 10;

export type HistoryReport = {
  id: string;
  targetType: ReportTargetType;
  reason: ReportReason;
  status: "open" | "closed";
  outcome: ReportOutcome | null;
  createdAt: string;
  reporterEmail: string | null;
};

export type HistoryAction = {
  id: string;
  action: string;
  actorEmail: string;
  targetType: string;
  targetLabel: string;
  reason: string | null;
  clubId: string | null;
  createdAt: string;
};

export type ReportGroup = {
  targetType: ReportTargetType;
  targetId: string;
  count: number;
  latestAt: string;
  reasons: { reason: ReportReason; count: number }[];
  latestDetails: string | null;
  /** What was reported as it was when last reported (a message may be gone by now). */
  excerpt: string | null;
  reports: { id: string; reason: ReportReason; details: string | null; createdAt: string; reporterEmail: string | null }[];
  context: TargetContext;
  /** The person responsible for the target, with their current suspension, if any. */
  person: (PersonRef & { suspension: { id: string; endsAt: string | null; reason: ReportReason } | null }) | null;
  history: {
    aboutPerson: HistoryReport[];
    byReporters: HistoryReport[];
    actionsOnPerson: HistoryAction[];
    /** What the club's owner and admins did about this target or this person (club content only). */
    clubActions: HistoryAction[];
  };
};

export type ActiveSuspension = {
  id: string;
  userId: string;
  email: string;
  name: string;
  reason: ReportReason;
  endsAt: string | null;
  createdAt: string;
};

type GroupRow = {
  targetType: ReportTargetType;
  targetId: string;
  n: number;
  latestAt: number;
  targetUserId: string | null;
  clubId: string | null;
};
type ReportRow = {
  id: string;
  targetType: string;
  targetId: string;
  reporterId: string | null;
  reporterEmail: string | null;
  reason: ReportReason;
  details: string | null;
  excerpt: string | null;
  createdAt: number;
};

/** One page of the queue, and everyone suspended now (to lift). Null when the viewer may not moderate. */
export async function reportQueue(
  db: Db,
  viewer: Viewer,
  opts: { page?: number },
): Promise<{ groups: ReportGroup[]; total: number; page: number; suspensions: ActiveSuspension[] } | null> {
  if (!can(viewer, "moderate", SITE)) return null;
  const page = Math.max(1, Math.floor(opts.page ?? 1));
  const now = Date.now();
  const [rows, [{ n }], suspended] = await db.batch([
    db.all<GroupRow>(sql`select target_type as targetType, target_id as targetId, count(*) as n, max(created_at) as latestAt,
        max(target_user_id) as targetUserId, max(club_id) as clubId
      from reports where status = 'open'
      group by target_type, target_id
      order by latestAt desc, target_id
      limit ${QUEUE_PAGE_SIZE} offset ${(page - 1) * QUEUE_PAGE_SIZE}`),
    db.all<{ n: number }>(sql`select count(*) as n from (select 1 from reports where status = 'open' group by target_type, target_id)`),
    db.all<{ id: string; userId: string; email: string; name: string; reason: ReportReason; endsAt: number | null; createdAt: number }>(
      sql`select s.id, s.user_id as userId, u.email, ${name("p")} as name, s.reason, s.ends_at as endsAt, s.created_at as createdAt
        from suspensions s join users u on u.id = s.user_id left join profiles p on p.user_id = s.user_id
        where s.lifted_at is null and (s.ends_at is null or s.ends_at > ${now})
        order by s.created_at desc limit 100`,
    ),
  ]);
  const suspensions = suspended.map((s) => ({ ...s, endsAt: iso(s.endsAt), createdAt: iso(s.createdAt)! }));
  if (rows.length === 0) return { groups: [], total: Number(n), page, suspensions };
  const targets = sql.join(
    rows.map((g) => sql`(r.target_type = ${g.targetType} and r.target_id = ${g.targetId})`),
    sql` or `,
  );
  const reports =
    await db.all<ReportRow>(sql`select r.id, r.target_type as targetType, r.target_id as targetId, r.reporter_id as reporterId,
      u.email as reporterEmail, r.reason, r.details, r.excerpt, r.created_at as createdAt
    from reports r left join users u on u.id = r.reporter_id
    where r.status = 'open' and (${targets})
    order by r.created_at desc, r.id`);
  // Up to ten groups, each a handful of indexed reads, side by side.
  const groups = await Promise.all(rows.map((g) => groupOf(db, g, reports)));
  return { groups, total: Number(n), page, suspensions };
}

async function groupOf(db: Db, g: GroupRow, all: ReportRow[]): Promise<ReportGroup> {
  const reports = all.filter((r) => r.targetType === g.targetType && r.targetId === g.targetId);
  const reasons = new Map<ReportReason, number>();
  for (const r of reports) reasons.set(r.reason, (reasons.get(r.reason) ?? 0) + 1);
  const context = await contextOf(db, g.targetType, g.targetId);
  const personId = g.targetUserId ?? personOfContext(context);
  const reporterIds = [...new Set(reports.map((r) => r.reporterId).filter((id): id is string => Boolean(id)))];
  const [person, history] = await Promise.all([personOf(db, personId), historyOf(db, g, personId, reporterIds)]);
  return {
    targetType: g.targetType,
    targetId: g.targetId,
    count: Number(g.n),
    latestAt: iso(g.latestAt)!,
    reasons: [...reasons].map(([reason, count]) => ({ reason, count })).sort((a, b) => b.count - a.count),
    latestDetails: reports.find((r) => r.details)?.details ?? null,
    excerpt: reports.find((r) => r.excerpt)?.excerpt ?? null,
    reports: reports.map((r) => ({
      id: r.id,
      reason: r.reason,
      details: r.details,
      createdAt: iso(r.createdAt)!,
      reporterEmail: r.reporterEmail,
    })),
    context,
    person,
    history,
  };
}

/** The person responsible for what the context shows (owner, author, the person reported). */
export function personOfContext(context: TargetContext): string | null {
  switch (context.kind) {
    case "listing":
      return context.owner.id;
    case "user":
      return context.person.id;
    case "club":
      return context.owner?.id ?? null;
    case "messages":
      return context.messages.find((m) => m.reported)?.authorId ?? null;
    default:
      return null;
  }
}

async function personOf(db: Db, userId: string | null): Promise<ReportGroup["person"]> {
  if (!userId) return null;
  const [row] = await db.all<{
    id: string;
    email: string;
    name: string;
    suspensionId: string | null;
    endsAt: number | null;
    reason: ReportReason | null;
  }>(sql`select u.id, u.email, ${name("p")} as name, s.id as suspensionId, s.ends_at as endsAt, s.reason
    from users u left join profiles p on p.user_id = u.id
    left join suspensions s on s.user_id = u.id and s.lifted_at is null and (s.ends_at is null or s.ends_at > ${Date.now()})
    where u.id = ${userId}`);
  if (!row) return null;
  return {
    id: row.id,
    email: row.email,
    name: row.name,
    suspension: row.suspensionId ? { id: row.suspensionId, endsAt: iso(row.endsAt), reason: row.reason! } : null,
  };
}

async function historyOf(db: Db, g: GroupRow, personId: string | null, reporterIds: string[]): Promise<ReportGroup["history"]> {
  const notThisGroup = sql`not (r.target_type = ${g.targetType} and r.target_id = ${g.targetId} and r.status = 'open')`;
  type Row = Omit<HistoryReport, "createdAt"> & { createdAt: number };
  type ActionRow = Omit<HistoryAction, "createdAt"> & { createdAt: number };
  const reportColumns = sql`r.id, r.target_type as targetType, r.reason, r.status, r.outcome, r.created_at as createdAt, u.email as reporterEmail`;
  const actionColumns = sql`a.id, a.action, a.actor_email as actorEmail, a.target_type as targetType, a.target_label as targetLabel,
    a.reason, a.club_id as clubId, a.created_at as createdAt`;
  const none = <T>() => db.all<T>(sql`select null where 0`);
  const [aboutPerson, byReporters, actionsOnPerson, clubActions] = await db.batch([
    personId
      ? db.all<Row>(sql`select ${reportColumns} from reports r left join users u on u.id = r.reporter_id
          where r.target_user_id = ${personId} and ${notThisGroup} order by r.created_at desc limit ${HISTORY}`)
      : none<Row>(),
    reporterIds.length
      ? db.all<Row>(sql`select ${reportColumns} from reports r left join users u on u.id = r.reporter_id
          where r.reporter_id in (${sql.join(
            reporterIds.map((id) => sql`${id}`),
            sql`, `,
          )}) and ${notThisGroup} order by r.created_at desc limit ${HISTORY}`)
      : none<Row>(),
    personId
      ? db.all<ActionRow>(sql`select ${actionColumns} from admin_audit_log a
          where (a.target_type = 'user' and a.target_id = ${personId})
             or a.report_id in (select r.id from reports r where r.target_user_id = ${personId})
          order by a.created_at desc limit ${HISTORY}`)
      : none<ActionRow>(),
    g.clubId
      ? db.all<ActionRow>(sql`select ${actionColumns} from admin_audit_log a
          where a.club_id = ${g.clubId} and (a.target_id = ${g.targetId} or a.target_id = ${personId ?? ""})
          order by a.created_at desc limit ${HISTORY}`)
      : none<ActionRow>(),
  ]);
  const report = (r: Row): HistoryReport => ({ ...r, createdAt: iso(r.createdAt)! });
  const action = (a: ActionRow): HistoryAction => ({ ...a, createdAt: iso(a.createdAt)! });
  return {
    aboutPerson: aboutPerson.map(report),
    byReporters: byReporters.map(report),
    actionsOnPerson: actionsOnPerson.map(action),
    clubActions: clubActions.map(action),
  };
}
