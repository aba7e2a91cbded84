// The site moderation queue (issue 21 §3): open reports grouped by what they are about, newest
// first, each with the reported content in context and the history of the people involved. Site
// admins only (`moderate`); the actions are in moderation.server.ts.
import { sql, type SQL } from "drizzle-orm";
import type { Db } from "#db/client";
import type { ReportOutcome, ReportReason, ReportTargetType } from "#db/schema/enums";
import type { Viewer } from "../permissions/viewer";
import { can, SITE } from "../permissions/can";

export const QUEUE_PAGE_SIZE = 10;
/** How many messages either side of a reported one are shown (its thread, club chat or DM conversation). */
const AROUND = 3;
const HISTORY = 10;

const name = (p: string) =>
  sql.raw(
    `coalesce(nullif(trim(coalesce(${p}.first_name, '') || ' ' || coalesce(${p}.last_name, '')), ''), nullif(trim(${p}.display_name), ''), 'Member')`,
  );
const iso = (ms: number | null) => (ms === null ? null : new Date(Number(ms)).toISOString());

export type ContextMessage = {
  id: string;
  content: string;
  createdAt: string;
  authorId: string | null;
  authorName: string;
  reported: boolean;
};

/** The reported thing as it is now; `gone` when it was removed since (the report's excerpt stands in). */
export type TargetContext =
  | { kind: "gone" }
  | {
      kind: "listing";
      id: string;
      title: string;
      priceCents: number;
      status: string;
      thumbKey: string | null;
      owner: PersonRef;
    }
  | {
      kind: "messages";
      where: string;
      /** Link to where it lives (a listing, a club), when it still exists. */
      href: string | null;
      messages: ContextMessage[];
    }
  | { kind: "item_request"; id: string; title: string; description: string | null; status: string; club: { name: string; slug: string } }
  | {
      kind: "deal";
      id: string;
      state: string;
      listingTitle: string | null;
      proposer: PersonRef | null;
      owner: PersonRef | null;
    }
  | { kind: "club"; id: string; name: string; slug: string; visibility: string; members: number; owner: PersonRef | null }
  | { kind: "user"; person: PersonRef };

export type PersonRef = { id: string; email: string; name: string };

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

const person = (id: string | null, email: string | null, personName: string | null): PersonRef | null =>
  id && email ? { id, email, name: personName ?? "Member" } : null;

/** The reported thing now, in its surroundings. */
export async function contextOf(db: Db, type: ReportTargetType, id: string): Promise<TargetContext> {
  switch (type) {
    case "listing": {
      const [l] = await db.all<{
        id: string;
        title: string;
        priceCents: number;
        status: string;
        thumbKey: string | null;
        ownerId: string;
        email: string;
        ownerName: string;
      }>(sql`select l.id, l.title, l.price_cents as priceCents, l.status, l.user_id as ownerId, u.email, ${name("p")} as ownerName,
          (select coalesce(lp.thumb_key, lp.r2_key) from listing_photos lp where lp.listing_id = l.id order by lp.position limit 1) as thumbKey
        from listings l join users u on u.id = l.user_id left join profiles p on p.user_id = l.user_id where l.id = ${id}`);
      if (!l) return { kind: "gone" };
      return {
        kind: "listing",
        id: l.id,
        title: l.title,
        priceCents: l.priceCents,
        status: l.status,
        thumbKey: l.thumbKey,
        owner: { id: l.ownerId, email: l.email, name: l.ownerName },
      };
    }
    case "listing_message": {
      const [m] = await db.all<{ listingId: string; senderId: string; receiverId: string; title: string }>(
        sql`select m.listing_id as listingId, m.sender_id as senderId, m.receiver_id as receiverId, l.title
          from listing_messages m join listings l on l.id = m.listing_id where m.id = ${id}`,
      );
      if (!m) return { kind: "gone" };
      const scope = sql`from listing_messages m left join profiles p on p.user_id = m.sender_id
        where m.listing_id = ${m.listingId} and ((m.sender_id = ${m.senderId} and m.receiver_id = ${m.receiverId})
          or (m.sender_id = ${m.receiverId} and m.receiver_id = ${m.senderId}))`;
      return {
        kind: "messages",
        where: `Questions about “${m.title}”`,
        href: `/listing/${m.listingId}`,
        messages: await around(db, scope, sql`m.sender_id`, id),
      };
    }
    case "club_message": {
      const [m] = await db.all<{ clubId: string; kind: string; clubName: string; slug: string }>(
        sql`select m.club_id as clubId, m.message_type as kind, c.name as clubName, c.slug
          from club_messages m join clubs c on c.id = m.club_id where m.id = ${id}`,
      );
      if (!m) return { kind: "gone" };
      const scope = sql`from club_messages m left join profiles p on p.user_id = m.user_id
        where m.club_id = ${m.clubId} and m.message_type = ${m.kind}`;
      return {
        kind: "messages",
        where: `${m.kind === "announcement" ? "Announcements" : "Group chat"} of ${m.clubName}`,
        href: `/club/${m.slug}`,
        messages: await around(db, scope, sql`m.user_id`, id),
      };
    }
    case "direct_message": {
      const [m] = await db.all<{ clubId: string; senderId: string; receiverId: string; clubName: string }>(
        sql`select m.club_id as clubId, m.sender_id as senderId, m.receiver_id as receiverId, c.name as clubName
          from club_direct_messages m join clubs c on c.id = m.club_id where m.id = ${id}`,
      );
      if (!m) return { kind: "gone" };
      const scope = sql`from club_direct_messages m left join profiles p on p.user_id = m.sender_id
        where m.club_id = ${m.clubId} and ((m.sender_id = ${m.senderId} and m.receiver_id = ${m.receiverId})
          or (m.sender_id = ${m.receiverId} and m.receiver_id = ${m.senderId}))`;
      return {
        kind: "messages",
        where: `Direct messages in ${m.clubName}`,
        href: null,
        messages: await around(db, scope, sql`m.sender_id`, id),
      };
    }
    case "item_request": {
      const [r] = await db.all<{ id: string; title: string; description: string | null; status: string; clubName: string; slug: string }>(
        sql`select r.id, r.title, r.description, r.status, c.name as clubName, c.slug
          from club_requests r join clubs c on c.id = r.club_id where r.id = ${id}`,
      );
      if (!r) return { kind: "gone" };
      return {
        kind: "item_request",
        id: r.id,
        title: r.title,
        description: r.description,
        status: r.status,
        club: { name: r.clubName, slug: r.slug },
      };
    }
    case "deal": {
      const [d] = await db.all<{
        id: string;
        state: string;
        listingTitle: string | null;
        proposerId: string | null;
        proposerEmail: string | null;
        proposerName: string | null;
        ownerId: string | null;
        ownerEmail: string | null;
        ownerName: string | null;
      }>(sql`select d.id, d.state, l.title as listingTitle,
          d.proposer_id as proposerId, pu.email as proposerEmail, ${name("pp")} as proposerName,
          d.owner_id as ownerId, ou.email as ownerEmail, ${name("op")} as ownerName
        from deals d left join listings l on l.id = d.listing_id
        left join users pu on pu.id = d.proposer_id left join profiles pp on pp.user_id = d.proposer_id
        left join users ou on ou.id = d.owner_id left join profiles op on op.user_id = d.owner_id
        where d.id = ${id}`);
      if (!d) return { kind: "gone" };
      return {
        kind: "deal",
        id: d.id,
        state: d.state,
        listingTitle: d.listingTitle,
        proposer: person(d.proposerId, d.proposerEmail, d.proposerName),
        owner: person(d.ownerId, d.ownerEmail, d.ownerName),
      };
    }
    case "club": {
      const [c] = await db.all<{
        id: string;
        name: string;
        slug: string;
        visibility: string;
        members: number;
        ownerId: string | null;
        ownerEmail: string | null;
        ownerName: string | null;
      }>(sql`select c.id, c.name, c.slug, c.visibility,
          (select count(*) from club_members m where m.club_id = c.id and m.status = 'active') as members,
          o.user_id as ownerId, u.email as ownerEmail, ${name("p")} as ownerName
        from clubs c left join club_members o on o.club_id = c.id and o.role = 'owner'
        left join users u on u.id = o.user_id left join profiles p on p.user_id = o.user_id
        where c.id = ${id}`);
      if (!c) return { kind: "gone" };
      return {
        kind: "club",
        id: c.id,
        name: c.name,
        slug: c.slug,
        visibility: c.visibility,
        members: Number(c.members),
        owner: person(c.ownerId, c.ownerEmail, c.ownerName),
      };
    }
    case "user": {
      const [u] = await db.all<{ id: string; email: string; name: string }>(
        sql`select u.id, u.email, ${name("p")} as name from users u left join profiles p on p.user_id = u.id where u.id = ${id}`,
      );
      return u ? { kind: "user", person: u } : { kind: "gone" };
    }
  }
}

/** The reported message with up to AROUND messages either side, oldest first. `scope` is `from … where …` with alias m (and p for the author's profile). */
async function around(db: Db, scope: SQL, author: SQL, id: string): Promise<ContextMessage[]> {
  const columns = sql`m.id, m.content, m.created_at as createdAt, ${author} as authorId, ${name("p")} as authorName`;
  type Row = { id: string; content: string; createdAt: number; authorId: string | null; authorName: string };
  const at = sql`(select created_at from (select m.created_at, m.id ${scope} and m.id = ${id}))`;
  const [before, self, after] = await db.batch([
    db.all<Row>(sql`select ${columns} ${scope} and (m.created_at < ${at} or (m.created_at = ${at} and m.id < ${id}))
      order by m.created_at desc, m.id desc limit ${AROUND}`),
    db.all<Row>(sql`select ${columns} ${scope} and m.id = ${id}`),
    db.all<Row>(sql`select ${columns} ${scope} and (m.created_at > ${at} or (m.created_at = ${at} and m.id > ${id}))
      order by m.created_at, m.id limit ${AROUND}`),
  ]);
  return [...before.reverse(), ...self, ...after].map((m) => ({ ...m, createdAt: iso(m.createdAt)!, reported: m.id === id }));
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
