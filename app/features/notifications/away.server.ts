// E-mail when away (ADR 073): "a message or deal step for a person with no open connection to
// their user room for 10 minutes gets one e-mail that gathers everything unread since (never one per
// message; at most one every hour per kind), with links that open the conversation."
//
// A run, per kind ('messages', 'deals', 'clubs', 'announcements'): (1) one query finds who has
// something newer than their last away mail of that kind and at least 10 minutes old, whose setting
// for the kind is this run's mode, and who was not mailed of that kind in the last hour; (2) only those are asked whether they are here
// (their user room: a connection open now, or closed less than 10 minutes ago → not this time);
// (3) for each one away, what they are told is read again with the app's own rules (unreadMessagesSince:
// open listing, active club membership, no block either way; dealsWaitingQuery), as them; (4) the mail
// and the person's mark (away_mail_marks) are one batch, the mail queue sends after it committed, and
// the dedupe key names what the mail covers, so a retry or a second run at once sends nothing twice.
//
// 'E-mail digest' for these kinds is the same gathering once a day (the digest cron), without the
// presence check: a summary of what is still unread, not a nudge. 'In the app only' is never a candidate.
//
// 'clubs' (club approvals and requests): join requests in clubs the person may approve, and their own
// request approved and not yet seen (clubs/club-notices.server.ts). 'announcements': club
// announcements have no read state, so what is told is what was posted after their last mail of the
// kind and after their last connection (the user room's lastSeenAt, their sessions' last_seen_at).
import { sql, type SQL } from "drizzle-orm";
import type { Db } from "#db/client";
import type { NotificationMode } from "#db/schema/enums";
import type { MailConfig } from "~/platform/mail.server";
import type { Viewer } from "../permissions/viewer";
import { viewersById } from "../accounts/viewers-by-id.server";
import { unreadMessagesSince, type UnreadMessage } from "../messaging/inbox.server";
import type { Presence } from "../realtime/realtime.server";
import { dealsWaitingQuery, type WaitingKind } from "../trade/deals-waiting.server";
import { clubNoticesFor, joinRequestNews, unseenApprovalNews, type ClubNotice } from "../clubs/club-notices.server";
import { announcementNews, announcementsSince } from "../messaging/club-announcements.server";
import { drainMailQueue, queueMailStatement, type DrainReport } from "./mail-queue.server";
import { dealWaitingLine } from "~/shared/copy/deals";
import { modeOf } from "./settings.server";

/** How long a person must have been gone, and how old the oldest new thing must be. */
export const AWAY_AFTER_MS = 10 * 60_000;
/** At most one away mail per person and kind in this time (ADR 073). */
export const AWAY_MAIL_EVERY_MS = 60 * 60_000;
/** The daily mode's spacing: a little under a day, so a cron that fires a minute early still mails. */
const DAILY_EVERY_MS = 20 * 3600_000;
/** Never mailed of a kind before: what is older than this is left to the app (no flood of old news). */
const HORIZON_MS = 7 * 86_400_000;
/** The most a mail lists; the rest is one line ("and N more on LockerSwap"). */
const MAX_ITEMS = 30;
const EXCERPT_CHARS = 140;

/**
 * Deal steps mailed the moment they happen to people whose deals mode is 'e-mail right away' (ADR 068,
 * notifications/deal-mail.server.ts: an offer, a counter-offer): their away mail leaves them out rather than
 * tell of the same step twice. The daily mode (deal-mail sends those people nothing) includes them.
 */
const MAILED_AT_ONCE: ReadonlySet<WaitingKind> = new Set(["offer", "turn"]);
/** The deal states in which a step can wait for someone (deals-waiting.server.ts), without / with offers and turns. */
const MOVED_STATES = sql.raw(`('accepted', 'handed_over', 'completed')`);
const WAITING_STATES = sql.raw(`('proposed', 'accepted', 'handed_over', 'completed')`);

export const AWAY_KINDS = ["messages", "deals", "clubs", "announcements"] as const;
type AwayKind = (typeof AWAY_KINDS)[number];
type AwayMode = Extract<NotificationMode, "email_now" | "email_digest">;

export type AwayDeps = {
  db: Db;
  env: MailConfig & { APP_ORIGIN: string };
  /** The user room's answer (realtime.server.ts createPresenceOf); null = unreachable, so not this run. */
  presence: (userId: string) => Promise<Presence | null>;
};
export type AwayRun = { candidates: number; here: number; mails: number } & DrainReport;

/** `since`: their mark (covered_until) or the horizon; `mark`: the mark alone (null: never mailed of the kind). */
type Candidate = { userId: string; email: string; since: number; mark: number | null };
type Line = { at: number; text: string; link: string };

const excerpt = (text: string) => {
  const flat = text.replace(/\s+/g, " ").trim();
  return flat.length > EXCERPT_CHARS ? `${flat.slice(0, EXCERPT_CHARS - 1)}…` : flat;
};
const escape = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!);

/** The same place /messages opens a conversation: a club DM in the club's Messages tab, a listing's thread on its page. */
function conversationLink(origin: string, message: UnreadMessage) {
  return message.kind === "club"
    ? `${origin}/club/${message.clubSlug}?${new URLSearchParams({ tab: "messages", sub: "dm", with: message.sender.id })}`
    : `${origin}/listing/${message.subjectId}`;
}

/**
 * Who may get a mail of `kind` in this run: something of that kind newer than their mark (or the
 * horizon) and at least AWAY_AFTER_MS old (email_now), their mode for the kind, and no mail of the
 * kind within the spacing. A coarse list: the rules of what may be told are applied per person after.
 */
function candidatesQuery(db: Db, kind: AwayKind, mode: AwayMode, now: number, only: readonly string[] | null) {
  const ripe = mode === "email_now" ? now - AWAY_AFTER_MS : now;
  const spacing = now - (mode === "email_now" ? AWAY_MAIL_EVERY_MS : DAILY_EVERY_MS);
  const news = newsQuery(kind, mode, now - HORIZON_MS, ripe);
  return db.all<Candidate>(sql`
    select n.user_id as userId, u.email, coalesce(m.covered_until, ${now - HORIZON_MS}) as since, m.covered_until as mark
      from (${news}) n
      join users u on u.id = n.user_id
      left join away_mail_marks m on m.user_id = n.user_id and m.kind = ${kind}
      where n.at > coalesce(m.covered_until, 0)
        and (m.last_mailed_at is null or m.last_mailed_at <= ${spacing})
        and ${only ? sql`n.user_id in (select value from json_each(${JSON.stringify(only)}))` : sql`1 = 1`}
        and ${modeOf(sql`n.user_id`, kind)} = ${mode}
      group by n.user_id`);
}

/** `(user_id, at)` of everything of the kind that could be news for someone, after `after` and by `until`. */
function newsQuery(kind: AwayKind, mode: AwayMode, after: number, until: number): SQL {
  switch (kind) {
    // Unread messages to them.
    case "messages":
      return sql`select dm.receiver_id as user_id, dm.created_at as at from club_direct_messages dm
              where dm.read_at is null and dm.created_at > ${after} and dm.created_at <= ${until}
            union all
            select lm.receiver_id, lm.created_at from listing_messages lm
              where lm.read_at is null and lm.created_at > ${after} and lm.created_at <= ${until}`;
    // Deals of theirs that moved (in the daily mode, offers and counter-offers too: see MAILED_AT_ONCE).
    case "deals": {
      const states = mode === "email_now" ? MOVED_STATES : WAITING_STATES;
      return sql`select d.proposer_id as user_id, d.updated_at as at from deals d
              where d.proposer_id is not null and d.state in ${states} and d.updated_at > ${after} and d.updated_at <= ${until}
            union all
            select d.owner_id, d.updated_at from deals d
              where d.owner_id is not null and d.state in ${states} and d.updated_at > ${after} and d.updated_at <= ${until}`;
    }
    // An unseen approval is news however old its request (dated when given, or by its request before
    // migration 0015): no horizon, no wait.
    case "clubs":
      return sql`${joinRequestNews(after, until)} union all ${unseenApprovalNews()}`;
    case "announcements":
      return announcementNews(after, until);
  }
}

const clubLine = (notice: ClubNotice, origin: string): Line =>
  notice.what === "request"
    ? {
        at: notice.at.getTime(),
        text: `${notice.name} asks to join ${notice.clubName}`,
        link: `${origin}/club/${encodeURIComponent(notice.clubSlug)}/manage`,
      }
    : {
        at: notice.at.getTime(),
        text: `You've been approved: welcome to ${notice.clubName}`,
        link: `${origin}/club/${encodeURIComponent(notice.clubSlug)}`,
      };

type Gathering = { viewer: Viewer; since: number; mark: number | null; lastSeen: number; mode: AwayMode; now: Date; origin: string };

/** What the person is told of, as them, newer than `since`: lines oldest first, or none. */
async function gather(db: Db, kind: AwayKind, { viewer, since, mark, lastSeen, mode, now, origin }: Gathering): Promise<Line[]> {
  if (kind === "clubs") {
    const notices = await clubNoticesFor(
      db,
      viewer,
      { requestsAfter: new Date(since), approvalsAfter: new Date(mark ?? 0), until: now },
      MAX_ITEMS + 1,
    );
    return notices.map((notice) => clubLine(notice, origin));
  }
  if (kind === "announcements") {
    const posts = await announcementsSince(db, viewer, { after: new Date(Math.max(since, lastSeen)), until: now }, MAX_ITEMS + 1);
    return posts.map((post) => ({
      at: post.at.getTime(),
      text: `${post.author} in ${post.clubName}: “${excerpt(post.content)}”`,
      link: `${origin}/club/${encodeURIComponent(post.clubSlug)}?tab=messages&sub=announcements`,
    }));
  }
  if (kind === "messages") {
    const messages = await unreadMessagesSince(db, viewer, new Date(since), MAX_ITEMS + 1);
    return messages
      .filter((message) => message.createdAt.getTime() <= now.getTime())
      .map((message) => ({
        at: message.createdAt.getTime(),
        text: `${message.sender.name} about ${message.subjectTitle}: “${excerpt(message.content)}”`,
        link: conversationLink(origin, message),
      }));
  }
  const waiting = await dealsWaitingQuery(db, viewer, now);
  if (waiting.length === 0) return [];
  const ids = waiting.map((deal) => deal.dealId);
  const moved = await db.all<{ id: string; at: number }>(
    sql`select id, updated_at as at from deals where id in (select value from json_each(${JSON.stringify(ids)}))`,
  );
  const at = new Map(moved.map((row) => [row.id, Number(row.at)]));
  return waiting
    .filter((deal) => mode !== "email_now" || !MAILED_AT_ONCE.has(deal.kind as WaitingKind))
    .filter((deal) => (at.get(deal.dealId) ?? 0) > since && (at.get(deal.dealId) ?? 0) <= now.getTime())
    .map((deal) => ({
      at: at.get(deal.dealId)!,
      text: dealWaitingLine(deal.kind as WaitingKind, deal.title, deal.otherName),
      link: `${origin}/deals/${encodeURIComponent(deal.dealId)}`,
    }))
    .sort((a, b) => a.at - b.at);
}

function subjectOf(kind: AwayKind, count: number, more: boolean) {
  const n = `${count}${more ? "+" : ""}`;
  switch (kind) {
    case "messages":
      return count === 1 ? "1 unread message on LockerSwap" : `${n} unread messages on LockerSwap`;
    case "deals":
      return count === 1 ? "A deal is waiting for you on LockerSwap" : `${count} deals are waiting for you on LockerSwap`;
    case "clubs":
      return count === 1 ? "News from your club on LockerSwap" : `${n} club requests and approvals on LockerSwap`;
    case "announcements":
      return count === 1 ? "A new club announcement on LockerSwap" : `${n} new club announcements on LockerSwap`;
  }
}

const INTRO: Record<AwayKind, string> = {
  messages: "While you were away:",
  deals: "These deals wait for your next step:",
  clubs: "In your clubs:",
  announcements: "Posted in your clubs while you were away:",
};
/** Where "…and more" goes: the place that lists them all. */
const MORE_PATH: Record<AwayKind, string> = { messages: "/messages", deals: "/", clubs: "/clubs", announcements: "/clubs" };

function composeMail(kind: AwayKind, lines: Line[], origin: string) {
  const shown = lines.slice(0, MAX_ITEMS);
  const more = lines.length - shown.length;
  const subject = subjectOf(kind, shown.length, more > 0);
  const intro = INTRO[kind];
  const moreLink = `${origin}${MORE_PATH[kind]}`;
  const settings = `${origin}/player-profile`;
  const text = [
    intro,
    "",
    ...shown.map((line) => `- ${line.text}\n  ${line.link}`),
    ...(more > 0 ? [`…and more on LockerSwap: ${moreLink}`] : []),
    "",
    `Choose what we e-mail you: ${settings}`,
  ].join("\n");
  const html = [
    `<p>${escape(intro)}</p><ul>`,
    ...shown.map((line) => `<li><a href="${escape(line.link)}">${escape(line.text)}</a></li>`),
    `</ul>`,
    more > 0 ? `<p><a href="${escape(moreLink)}">…and more on LockerSwap</a></p>` : "",
    `<p><a href="${escape(settings)}">Choose what we e-mail you</a></p>`,
  ].join("");
  return { subject, text, html };
}

/** When each of these people last used the site (their sessions' last_seen_at, kept to 5 minutes). */
function lastVisits(db: Db, userIds: readonly string[]) {
  if (userIds.length === 0) return Promise.resolve([]);
  return db.all<{ userId: string; at: number }>(sql`select user_id as userId, max(last_seen_at) as at from sessions
    where user_id in (select value from json_each(${JSON.stringify(userIds)})) group by user_id`);
}

/**
 * Sends the away mails due at `now`, every kind, for people whose mode for the kind is `mode`.
 * `userIds` narrows the run to those people (tests on a shared stack).
 */
export async function runAwayMail(
  deps: AwayDeps,
  { now = new Date(), mode = "email_now", userIds = null }: { now?: Date; mode?: AwayMode; userIds?: readonly string[] | null } = {},
): Promise<AwayRun> {
  const { db, env } = deps;
  const origin = env.APP_ORIGIN.replace(/\/+$/, "");
  const t = now.getTime();
  const run: AwayRun = { candidates: 0, here: 0, mails: 0, sent: 0, failed: 0 };
  const kinds = AWAY_KINDS;
  const found = await Promise.all(kinds.map((kind) => candidatesQuery(db, kind, mode, t, userIds)));
  const everyone = [...new Set(found.flat().map((c) => c.userId))];
  run.candidates = everyone.length;
  if (everyone.length === 0) return { ...run, ...(await drainMailQueue(deps, now)) };

  // Asked once per person, and only of those with something to tell (a room wakes for each question).
  const away = new Set<string>();
  const lastSeen = new Map<string, number>();
  if (mode === "email_now") {
    const answers = await Promise.all(everyone.map(async (userId) => [userId, await deps.presence(userId)] as const));
    for (const [userId, presence] of answers) {
      const gone = presence !== null && !presence.connected && (presence.lastSeenAt === null || presence.lastSeenAt <= t - AWAY_AFTER_MS);
      if (gone) away.add(userId);
      else run.here += 1;
      if (presence?.lastSeenAt) lastSeen.set(userId, presence.lastSeenAt);
    }
  } else everyone.forEach((userId) => away.add(userId));
  // Announcements have no read state: what they could have seen is what was posted before their last visit.
  const announced = found[kinds.indexOf("announcements")].map((c) => c.userId).filter((userId) => away.has(userId));
  for (const row of await lastVisits(db, announced)) lastSeen.set(row.userId, Math.max(lastSeen.get(row.userId) ?? 0, Number(row.at)));

  // A deleted person is absent; a suspended one is not mailed (ADR 069: they may read, not be drawn back).
  const viewers = await viewersById(db, [...away], now);
  for (const [i, kind] of kinds.entries()) {
    for (const candidate of found[i]) {
      const viewer = viewers.get(candidate.userId);
      if (!away.has(candidate.userId) || !viewer || viewer.suspension) continue;
      const since = Number(candidate.since);
      const seen = Math.min(lastSeen.get(viewer.id) ?? 0, t);
      const mark = candidate.mark === null ? null : Number(candidate.mark);
      const lines = await gather(db, kind, { viewer, since, mark, lastSeen: seen, mode, now, origin });
      if (lines.length === 0 && kind === "announcements" && seen > since) {
        // All of it was posted before they last visited: move the mark past it (no mail), so the next
        // runs neither ask their room again nor count it as news.
        await db.run(sql`insert into away_mail_marks (user_id, kind, last_mailed_at, covered_until) values (${viewer.id}, ${kind}, 0, ${seen})
          on conflict (user_id, kind) do update set covered_until = max(away_mail_marks.covered_until, excluded.covered_until)`);
        continue;
      }
      // The rules may hide what the coarse query saw (a blocked sender): the wait counts from what is told.
      if (lines.length === 0 || (mode === "email_now" && lines[0].at > t - AWAY_AFTER_MS)) continue;
      const coveredUntil = Math.max(...lines.map((line) => line.at));
      const mail = composeMail(kind, lines, origin);
      await db.batch([
        queueMailStatement(
          db,
          { dedupeKey: `away:${viewer.id}:${kind}:${coveredUntil}`, userId: viewer.id, to: candidate.email, ...mail },
          now,
        ),
        db.run(sql`insert into away_mail_marks (user_id, kind, last_mailed_at, covered_until) values (${viewer.id}, ${kind}, ${t}, ${coveredUntil})
          on conflict (user_id, kind) do update set last_mailed_at = excluded.last_mailed_at,
            covered_until = max(away_mail_marks.covered_until, excluded.covered_until)`),
      ]);
      run.mails += 1;
    }
  }
  return { ...run, ...(await drainMailQueue(deps, now)) };
}
