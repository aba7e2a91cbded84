// Reports (ADR 069): anyone signed in reports a listing, a message, an item request, a deal, a
// club or a person they can see. The target is read with the reporter's own visibility rules, so
// a report can neither reach nor confirm what its reporter could not open (unknown = not found, 404).
// The reported person is never told and never reads a report: nothing here publishes or mails.
import { sql, type SQL } from "drizzle-orm";
import type { Db } from "#db/client";
import { reports } from "#db/schema";
import type { ReportReason, ReportTargetType } from "#db/schema/enums";
import type { Viewer } from "../permissions/viewer";
import { hitRateLimit, type RateLimitRule } from "../accounts/rate-limit.server";
import { activeMemberOf, clubVisibleTo } from "../clubs/club-access.server";
import { listingReadableBy } from "../listings/listing-visibility.server";
import { crossingStatements, reportWeight } from "./weighted-reports.server";

/** Per account: enough for a bad evening, not for flooding the moderators' queue. */
export const REPORT_RATE_LIMIT: RateLimitRule = { limit: 10, windowMs: 60 * 60 * 1000 };
const reportRateKey = (userId: string) => `report:${userId}`;

const EXCERPT_MAX = 2000;

/** What is reported, as the reporter may see it; `returnTo` is built here, never from the request. */
export type ReportTarget = {
  type: ReportTargetType;
  id: string;
  /** The person responsible (author, owner, the person); null when their account is gone. */
  userId: string | null;
  /** Club content: its club's owner and admins moderate it too (ADR 069). */
  clubId: string | null;
  /** A copy of the title or text as it is now (≤ 2,000). */
  excerpt: string;
  /** Who wrote it / whom it is about, as the reporter already sees them; null for a listing or club. */
  personName: string | null;
  /** Where the reporter goes afterwards: the page of the reported thing. */
  returnTo: string;
};

export type ReportInput = { type: ReportTargetType; id: string; reason: ReportReason; details?: string | null };

export type ReportResult =
  | { ok: true; reportId: string; returnTo: string }
  | { ok: false; error: "not_found" }
  | { ok: false; error: "own" | "already_reported" | "rate_limited"; returnTo: string };

type Row = { userId: string | null; clubId?: string | null; excerpt: string | null; personName?: string | null; returnTo: string };

// Names as the reporter already sees them: first names between strangers (listing threads, deals,
// the seller card), the club's member name inside a club (chat, DMs, roster).
const firstName = (userId: SQL) =>
  sql`(select coalesce(nullif(trim(p.first_name), ''), nullif(trim(p.display_name), ''), 'Member') from profiles p where p.user_id = ${userId})`;
const memberName = (userId: SQL) =>
  sql`(select coalesce(nullif(trim(coalesce(p.first_name, '') || ' ' || coalesce(p.last_name, '')), ''), nullif(trim(p.display_name), ''), 'Member')
    from profiles p where p.user_id = ${userId})`;
const clubPath = (suffix = "") => sql`'/club/' || c.slug || ${suffix}`;

/** The statement that reads one kind of target, only where the viewer may see it. */
function targetQuery(viewer: Viewer, type: ReportTargetType, id: string): SQL {
  switch (type) {
    case "listing":
      // The listing page's own rule (listingOpenableBy, plus a sold listing's narrower audience).
      return sql`select listings.user_id as userId, listings.title as excerpt, '/listing/' || listings.id as returnTo
        from listings where listings.id = ${id} and ${listingReadableBy(viewer)}`;
    case "listing_message":
      // Its thread's two people (the sender and the receiver, one of them the listing's owner).
      return sql`select m.sender_id as userId, m.content as excerpt, ${firstName(sql`m.sender_id`)} as personName,
          '/listing/' || m.listing_id as returnTo
        from listing_messages m join listings l on l.id = m.listing_id
        where m.id = ${id} and (m.sender_id = ${viewer.id} or m.receiver_id = ${viewer.id} or l.user_id = ${viewer.id})`;
    case "club_message":
      return sql`select m.user_id as userId, m.club_id as clubId, m.content as excerpt, ${memberName(sql`m.user_id`)} as personName,
          ${clubPath("?tab=messages")} || case when m.message_type = 'announcement' then '&sub=announcements' else '' end as returnTo
        from club_messages m join clubs c on c.id = m.club_id
        where m.id = ${id} and ${activeMemberOf(viewer, sql`m.club_id`)}`;
    case "direct_message":
      // Private between two people: not the club's moderators' to read (no clubId), only the site's.
      return sql`select m.sender_id as userId, m.content as excerpt, ${memberName(sql`m.sender_id`)} as personName,
          ${clubPath("?tab=messages&sub=dm&with=")} || case when m.sender_id = ${viewer.id} then m.receiver_id else m.sender_id end as returnTo
        from club_direct_messages m join clubs c on c.id = m.club_id
        where m.id = ${id} and (m.sender_id = ${viewer.id} or m.receiver_id = ${viewer.id})`;
    case "item_request":
      return sql`select r.user_id as userId, r.club_id as clubId,
          r.title || coalesce(char(10) || r.description, '') as excerpt, ${memberName(sql`r.user_id`)} as personName,
          ${clubPath("?tab=radar")} as returnTo
        from club_requests r join clubs c on c.id = r.club_id
        where r.id = ${id} and ${activeMemberOf(viewer, sql`r.club_id`)}`;
    case "deal": {
      // About the other party (null once their account is gone); the title the deal keeps.
      const other = sql`(case when d.proposer_id = ${viewer.id} then d.owner_id else d.proposer_id end)`;
      return sql`select ${other} as userId,
          coalesce((select dl.title from deal_listings dl where dl.deal_id = d.id and dl.side = 'owner' order by dl.rowid limit 1), 'A deal') as excerpt,
          ${firstName(other)} as personName, '/deals/' || d.id as returnTo
        from deals d where d.id = ${id} and (d.proposer_id = ${viewer.id} or d.owner_id = ${viewer.id})`;
    }
    case "club":
      // About the club itself: the site's moderators, not its own admins (no clubId); its owner answers for it.
      return sql`select (select cm.user_id from club_members cm where cm.club_id = clubs.id and cm.role = 'owner' limit 1) as userId,
          clubs.name as excerpt, '/club/' || clubs.slug as returnTo
        from clubs where clubs.id = ${id} and ${clubVisibleTo(viewer)}`;
    case "user":
      // Only their first name: a report must not show more of a person than a listing page does.
      return sql`select u.id as userId, ${firstName(sql`u.id`)} as excerpt, ${firstName(sql`u.id`)} as personName, '/' as returnTo
        from users u where u.id = ${id}`;
  }
}

/** The target as this viewer may see it, or null (unknown, gone, or not theirs to see — all alike). */
export async function reportTargetFor(db: Db, viewer: Viewer, type: ReportTargetType, id: string): Promise<ReportTarget | null> {
  const [row] = await db.all<Row>(sql`${targetQuery(viewer, type, id)} limit 1`);
  if (!row) return null;
  return {
    type,
    id,
    userId: row.userId ?? null,
    clubId: row.clubId ?? null,
    excerpt: (row.excerpt ?? "").slice(0, EXCERPT_MAX),
    personName: row.personName ?? null,
    returnTo: row.returnTo,
  };
}

function isDuplicateOpenReport(error: unknown): boolean {
  for (let e = error as { message?: string; cause?: unknown } | undefined; e; e = e.cause as typeof e) {
    if (typeof e.message === "string" && /UNIQUE constraint failed: reports\.reporter_id/.test(e.message)) return true;
  }
  return false;
}

/**
 * Records a report. Refusals, in order: not_found (the viewer may not see it), own (their own
 * content, or themselves), rate_limited (REPORT_RATE_LIMIT per account), already_reported (an
 * open report of theirs on the same target — the partial unique index decides, so two at once
 * store one). The reporter id is stored for moderators only.
 */
export async function createReport(db: Db, viewer: Viewer, input: ReportInput, now = new Date()): Promise<ReportResult> {
  const target = await reportTargetFor(db, viewer, input.type, input.id);
  if (!target) return { ok: false, error: "not_found" };
  const { returnTo } = target;
  if (target.userId === viewer.id) return { ok: false, error: "own", returnTo };
  const limit = await hitRateLimit(db, reportRateKey(viewer.id), REPORT_RATE_LIMIT, now);
  if (!limit.ok) return { ok: false, error: "rate_limited", returnTo };
  const reportId = crypto.randomUUID();
  const details = input.details?.trim() || null;
  try {
    // One batch (ADR 095): the report with its reporter's weight, then the hold and the silence it
    // may cross into — decided by the database, so two reports at once hide the target once.
    await db.batch([
      db.insert(reports).values({
        id: reportId,
        reporterId: viewer.id,
        targetType: target.type,
        targetId: target.id,
        targetUserId: target.userId,
        clubId: target.clubId,
        excerpt: target.excerpt || null,
        reason: input.reason,
        details,
        weight: reportWeight(viewer.id, target.userId, now),
        createdAt: now,
      }),
      ...crossingStatements(
        db,
        {
          reportId,
          type: target.type,
          targetId: target.id,
          targetUserId: target.userId,
          reason: input.reason,
          label: target.excerpt || target.id,
        },
        now,
      ),
    ]);
  } catch (error) {
    if (isDuplicateOpenReport(error)) return { ok: false, error: "already_reported", returnTo };
    throw error;
  }
  return { ok: true, reportId, returnTo };
}
