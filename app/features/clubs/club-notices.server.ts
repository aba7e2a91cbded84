// What waits for a person in their clubs, for the mail jobs (ADR 073, kind 'clubs' — "club approvals
// and requests"; notify/away.server.ts): the join requests they may approve, and their own requests
// approved and not yet seen. The same two things the bell lists (notifications/bell.server.ts);
// who may approve is the permission table's `approve` row (permissions/club.ts), as SQL.
import { sql, type SQL } from "drizzle-orm";
import type { Db } from "#db/client";
import { CLUB_VISIBILITIES } from "#db/schema/enums";
import type { Viewer } from "../permissions/viewer";
import { memberName } from "../accounts/member-name.server";
import { rolesAllowed } from "../permissions/club";
import { notBlockedWith } from "../safety/blocks.server";

/**
 * Condition: `approver` (a club_members alias, active) may approve join requests in `club` (a clubs
 * alias) — per visibility, the member roles the `approve` row grants. A site admin approves every
 * club but, as on the bell, is told only of the clubs they are a member of.
 */
export function mayApproveIn(approver: string, club: string): SQL {
  const alternatives = CLUB_VISIBILITIES.map((visibility) => {
    const roles = rolesAllowed("approve", visibility).filter((role) => role === "owner" || role === "admin" || role === "member");
    return roles.length === 0 ? sql`0 = 1` : sql`(${sql.raw(club)}.visibility = ${visibility} and ${sql.raw(approver)}.role in ${roles})`;
  });
  return sql`(${sql.join(alternatives, sql` or `)})`;
}

/** `(user_id, at)` of every join request someone may approve, made after `after` and by `until`: the mail jobs' coarse list. */
export function joinRequestNews(after: number, until: number): SQL {
  return sql`select mm.user_id as user_id, cm.created_at as at from club_members cm
      join clubs c on c.id = cm.club_id
      join club_members mm on mm.club_id = cm.club_id and mm.status = 'active' and ${mayApproveIn("mm", "c")}
      where cm.status = 'pending' and cm.created_at > ${after} and cm.created_at <= ${until}`;
}

/** When an approval was given: its own date, or (approved before migration 0015) its request's. */
const approvedAt = sql`coalesce(cm.approved_at, cm.created_at)`;

/** `(user_id, at)` of every approval its member has not seen (approval_notified = 0), dated when given. */
export function unseenApprovalNews(): SQL {
  return sql`select cm.user_id as user_id, ${approvedAt} as at from club_members cm
      where cm.status = 'active' and cm.approval_notified = 0`;
}

export type ClubNotice =
  | { what: "request"; clubSlug: string; clubName: string; name: string; at: Date }
  | { what: "approved"; clubSlug: string; clubName: string; at: Date };

/**
 * What waits for the viewer, oldest first: join requests in clubs they may approve made after
 * `requestsAfter` (never from someone either of them blocked), and their own unseen approvals
 * given after `approvalsAfter`. Only clubs they are an active member of.
 */
export async function clubNoticesFor(
  db: Db,
  viewer: Pick<Viewer, "id">,
  { requestsAfter, approvalsAfter, until }: { requestsAfter: Date; approvalsAfter: Date; until: Date },
  limit = 50,
): Promise<ClubNotice[]> {
  const rows = await db.all<{ what: "request" | "approved"; club_slug: string; club_name: string; name: string | null; at: number }>(sql`
    select 'request' as what, c.slug as club_slug, c.name as club_name, ${memberName()} as name, cm.created_at as at
      from club_members cm
      join clubs c on c.id = cm.club_id
      join club_members mm on mm.club_id = cm.club_id and mm.user_id = ${viewer.id} and mm.status = 'active' and ${mayApproveIn("mm", "c")}
      left join profiles on profiles.user_id = cm.user_id
      where cm.status = 'pending' and cm.created_at > ${requestsAfter.getTime()} and cm.created_at <= ${until.getTime()}
        and ${notBlockedWith(viewer.id, sql`cm.user_id`)}
    union all
    select 'approved', c.slug, c.name, null, ${approvedAt}
      from club_members cm join clubs c on c.id = cm.club_id
      where cm.user_id = ${viewer.id} and cm.status = 'active' and cm.approval_notified = 0
        and ${approvedAt} > ${approvalsAfter.getTime()}
    order by at
    limit ${limit}`);
  return rows.map((r) =>
    r.what === "request"
      ? { what: "request", clubSlug: r.club_slug, clubName: r.club_name, name: r.name ?? "Member", at: new Date(Number(r.at)) }
      : { what: "approved", clubSlug: r.club_slug, clubName: r.club_name, at: new Date(Number(r.at)) },
  );
}
