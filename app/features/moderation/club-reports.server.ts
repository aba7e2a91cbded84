// The 'Reports' section of /club/{slug}/manage, read (ADR 069): reports about the club's chat,
// announcements and item requests, grouped by target with the messages around them. What the club's
// moderators do with them is club-moderation.server.ts.
import { and, asc, desc, eq, gt, inArray, lt, or } from "drizzle-orm";
import type { Db } from "#db/client";
import { clubMembers, clubMessages, clubRequests, clubs, profiles, reports, users } from "#db/schema";
import type { ReportReason } from "#db/schema/enums";
import { type ClubAccess } from "../clubs/club-access.server";
import { memberName } from "../accounts/member-name.server";
import { canManageMember, clubCan } from "../permissions/club";
import { CLUB_MODERATED_TARGETS, type ClubTargetType } from "./club-moderation.server";

/** Open report groups shown at once; a club with more sees the most reported first. */
const MAX_GROUPS = 30;
/** Messages shown before and after a reported one. */
const CONTEXT_MESSAGES = 2;

type ContentKind = "chat" | "announcement" | "request";

export type ClubReportContextMessage = { id: string; authorName: string; content: string; createdAt: string; reported: boolean };

/** One reported target and its open reports, as the Reports section shows it (dates as ISO strings). */
export type ClubReportGroup = {
  /** The oldest open report on the target: the forms post it, the action closes every open one. */
  reportId: string;
  targetType: ClubTargetType;
  targetId: string;
  /** null when the content is gone (its author deleted it, or it was removed): the report's excerpt stands in. */
  kind: ContentKind | null;
  count: number;
  reasons: { reason: ReportReason; count: number }[];
  /** What reporters wrote (never who they are: the section does not name reporters). */
  details: string[];
  firstReportedAt: string;
  content: { title: string | null; text: string | null; createdAt: string } | null;
  excerpt: string | null;
  /** The person responsible, with what the viewer may do to their membership. */
  author: { userId: string; name: string; isMember: boolean; removable: boolean } | null;
  /** The chat around a reported message, the reported one marked; [] for requests. */
  context: ClubReportContextMessage[];
};

/** Open reports about this club's content, grouped by target — for those who may moderate; else []. */
/**
 * The open reports on a club's chat messages, announcements and item requests, by the club's slug:
 * the manage loader reads them beside the manage page (one round trip, not one more after it), and
 * hands them to `clubReports` only once the permission table has let the viewer moderate.
 */
export function openClubReportRows(db: Db, slug: string) {
  return db
    .select({
      id: reports.id,
      targetType: reports.targetType,
      targetId: reports.targetId,
      targetUserId: reports.targetUserId,
      reason: reports.reason,
      details: reports.details,
      excerpt: reports.excerpt,
      createdAt: reports.createdAt,
    })
    .from(reports)
    .innerJoin(clubs, eq(clubs.id, reports.clubId))
    .where(and(eq(clubs.slug, slug), eq(reports.status, "open"), inArray(reports.targetType, CLUB_MODERATED_TARGETS)))
    .orderBy(asc(reports.createdAt), asc(reports.id))
    .limit(1000);
}
type OpenReportRow = Awaited<ReturnType<typeof openClubReportRows>>[number];

export async function clubReports(db: Db, access: ClubAccess, openRows?: OpenReportRow[]): Promise<ClubReportGroup[]> {
  if (!clubCan(access, "moderateReports")) return [];
  const clubId = access.club.id;
  const rows = openRows ?? (await openClubReportRows(db, access.club.slug));

  type Pending = { first: (typeof rows)[number]; all: (typeof rows)[number][] };
  const byTarget = new Map<string, Pending>();
  for (const row of rows) {
    const key = `${row.targetType}:${row.targetId}`;
    const group = byTarget.get(key);
    if (group) group.all.push(row);
    else byTarget.set(key, { first: row, all: [row] });
  }
  // Most reported first, then the oldest.
  const groups = [...byTarget.values()]
    .sort((a, b) => b.all.length - a.all.length || a.first.createdAt.getTime() - b.first.createdAt.getTime())
    .slice(0, MAX_GROUPS);
  if (!groups.length) return [];

  const idsOf = (type: ClubTargetType) => groups.filter((g) => g.first.targetType === type).map((g) => g.first.targetId);
  const messageIds = idsOf("club_message");
  const requestIds = idsOf("item_request");
  const [messages, requests] = await db.batch([
    db
      .select({
        id: clubMessages.id,
        kind: clubMessages.messageType,
        content: clubMessages.content,
        userId: clubMessages.userId,
        createdAt: clubMessages.createdAt,
      })
      .from(clubMessages)
      .where(and(eq(clubMessages.clubId, clubId), inArray(clubMessages.id, messageIds.length ? messageIds : [""]))),
    db
      .select({
        id: clubRequests.id,
        title: clubRequests.title,
        description: clubRequests.description,
        userId: clubRequests.userId,
        createdAt: clubRequests.createdAt,
      })
      .from(clubRequests)
      .where(and(eq(clubRequests.clubId, clubId), inArray(clubRequests.id, requestIds.length ? requestIds : [""]))),
  ]);
  const messageById = new Map(messages.map((m) => [m.id, m]));
  const requestById = new Map(requests.map((r) => [r.id, r]));

  const authorOf = (g: Pending) =>
    messageById.get(g.first.targetId)?.userId ??
    requestById.get(g.first.targetId)?.userId ??
    g.all.find((r) => r.targetUserId)?.targetUserId ??
    null;
  const authorIds = [...new Set(groups.map(authorOf).filter((id): id is string => id !== null))];

  // The authors (name, membership here) and, per reported message, the chat around it — one round trip.
  const [authors, ...around] = await db.batch([
    db
      .select({ userId: users.id, name: memberName(), role: clubMembers.role })
      .from(users)
      .leftJoin(profiles, eq(profiles.userId, users.id))
      .leftJoin(clubMembers, and(eq(clubMembers.userId, users.id), eq(clubMembers.clubId, clubId), eq(clubMembers.status, "active")))
      .where(inArray(users.id, authorIds.length ? authorIds : [""])),
    ...messages.flatMap((m) => [surrounding(db, clubId, m, "before"), surrounding(db, clubId, m, "after")]),
  ]);
  const authorById = new Map(authors.map((a) => [a.userId, a]));
  const contextById = new Map(
    messages.map((m, i) => [
      m.id,
      [...around[2 * i]!.reverse(), { ...m, name: authorById.get(m.userId)?.name ?? "Member" }, ...around[2 * i + 1]!],
    ]),
  );

  return groups.map(({ first, all }) => {
    const targetType = first.targetType as ClubTargetType;
    const message = messageById.get(first.targetId);
    const request = requestById.get(first.targetId);
    const authorId = authorOf({ first, all });
    const author = authorId ? authorById.get(authorId) : undefined;
    const reasons = new Map<ReportReason, number>();
    for (const r of all) reasons.set(r.reason, (reasons.get(r.reason) ?? 0) + 1);
    return {
      reportId: first.id,
      targetType,
      targetId: first.targetId,
      kind: message ? message.kind : request ? "request" : null,
      count: all.length,
      reasons: [...reasons].map(([reason, count]) => ({ reason, count })),
      details: all.map((r) => r.details?.trim() ?? "").filter(Boolean),
      firstReportedAt: first.createdAt.toISOString(),
      content: message
        ? { title: null, text: message.content, createdAt: message.createdAt.toISOString() }
        : request
          ? { title: request.title, text: request.description, createdAt: request.createdAt.toISOString() }
          : null,
      excerpt: first.excerpt,
      author: author
        ? {
            userId: author.userId,
            name: author.name,
            isMember: author.role !== null,
            removable: author.role !== null && canManageMember(access.roles, author.role),
          }
        : null,
      context: (contextById.get(first.targetId) ?? []).map((m) => ({
        id: m.id,
        authorName: m.name,
        content: m.content,
        createdAt: m.createdAt.toISOString(),
        reported: m.id === first.targetId,
      })),
    };
  });
}

/** Up to CONTEXT_MESSAGES messages of the same kind just before or after `m` (newest first when before). */
function surrounding(db: Db, clubId: string, m: { id: string; kind: "chat" | "announcement"; createdAt: Date }, side: "before" | "after") {
  const t = m.createdAt;
  const beyond =
    side === "before"
      ? or(lt(clubMessages.createdAt, t), and(eq(clubMessages.createdAt, t), lt(clubMessages.id, m.id)))
      : or(gt(clubMessages.createdAt, t), and(eq(clubMessages.createdAt, t), gt(clubMessages.id, m.id)));
  const order =
    side === "before" ? [desc(clubMessages.createdAt), desc(clubMessages.id)] : [asc(clubMessages.createdAt), asc(clubMessages.id)];
  return db
    .select({ id: clubMessages.id, content: clubMessages.content, createdAt: clubMessages.createdAt, name: memberName() })
    .from(clubMessages)
    .leftJoin(profiles, eq(profiles.userId, clubMessages.userId))
    .where(and(eq(clubMessages.clubId, clubId), eq(clubMessages.messageType, m.kind), beyond))
    .orderBy(...order)
    .limit(CONTEXT_MESSAGES);
}
