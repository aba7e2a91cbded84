// Direct messages between two active members of one club (ADR 041; spec 02 §2 Direct
// Messages, §4 read rules, §6). Every function needs `sendDm` (members only), and "active member of
// this club" is also in every query. A DM is published to the two people's own rooms, never to the
// club room.
import { and, asc, eq, isNull, ne, or, sql, type SQL } from "drizzle-orm";
import type { Db } from "#db/client";
import { clubDirectMessages, clubMembers, profiles } from "#db/schema";
import type { Publish } from "~/features/realtime/realtime.server";
import type { DirectMessageEvent } from "~/features/realtime/room-events";
import { clubCan } from "../permissions/club";
import { activeMemberOf, type ClubAccess } from "../clubs/club-access.server";
import type { Viewer } from "../permissions/viewer";
import { rateLimitHit, rateLimitVerdict, withinRateLimit } from "../accounts/rate-limit.server";
import { blockBetween } from "../safety/blocks.server";
import { memberName } from "../accounts/member-name.server";
import { isMinorSql } from "../accounts/viewer-columns.server";
import { guardianLine, overseenNameSql } from "../families/oversight.server";
import { CLUB_SEND_RATE_LIMIT, checkContent, clubSendRateKey, isUuid, type SendFailure } from "./message-rules.server";
import { historyPage } from "./paging.server";

/** A DM conversation: its latest N on open, then N older per page, like the group chat. */
export const DIRECT_MESSAGE_PAGE_SIZE = 100;

export type DirectMessageView = {
  id: string;
  senderId: string;
  receiverId: string;
  content: string;
  createdAt: Date;
  readAt: Date | null;
};

/** `minor`: the member is under 18 (the list marks them, ADR 096; never their age). */
export type DirectMessageMember = { userId: string; name: string; unread: number; minor: boolean };

/** The active members except the viewer, each with how many of their DMs to the viewer are unread. */
export async function listDmMembers(db: Db, access: ClubAccess): Promise<DirectMessageMember[] | null> {
  const viewer = access.viewer;
  if (!viewer || !clubCan(access, "sendDm")) return null;
  return toDmMembers(await dmMembersQuery(db, access.club.id, viewer));
}

function dmMembersQuery(db: Db, clubId: string | SQL, viewer: Viewer) {
  const unread = sql<number>`(select count(*) from club_direct_messages d
    where d.club_id = ${clubId} and d.receiver_id = ${viewer.id} and d.sender_id = ${clubMembers.userId} and d.read_at is null)`;
  return db
    .select({ userId: clubMembers.userId, name: memberName(), unread, minor: isMinorSql(sql`${clubMembers.userId}`, new Date()) })
    .from(clubMembers)
    .leftJoin(profiles, eq(profiles.userId, clubMembers.userId))
    .where(
      and(
        eq(clubMembers.clubId, clubId),
        eq(clubMembers.status, "active"),
        ne(clubMembers.userId, viewer.id),
        activeMemberOf(viewer, sql`${clubMembers.clubId}`),
      ),
    )
    .orderBy(asc(memberName()), asc(clubMembers.userId));
}

const toDmMembers = (rows: Awaited<ReturnType<typeof dmMembersQuery>>): DirectMessageMember[] =>
  rows.map((r) => ({ ...r, unread: Number(r.unread), minor: Boolean(r.minor) }));

/** Whether `userId` is an active member of the viewer's club, other than the viewer. */
async function dmPartner(db: Db, access: ClubAccess, userId: string) {
  if (!isDmPartnerId(access, userId)) return null;
  const [row] = await dmPartnerQuery(db, access.club.id, userId, access.viewer!.id);
  return row ? toPartner(row) : null;
}

const isDmPartnerId = (access: ClubAccess, userId: string | null | undefined): userId is string =>
  Boolean(access.viewer && userId && userId !== access.viewer.id && isUuid(userId));

/**
 * `asker`: when given, only for an active member of that club (a batch sent before the access check).
 * `overseenName`: the teen of the two whose guardian reads the conversation (ADR 096), for its line.
 */
function dmPartnerQuery(db: Db, clubId: string | SQL, userId: string, viewerId: string, asker?: Viewer) {
  return db
    .select({
      userId: clubMembers.userId,
      name: memberName(),
      overseenName: overseenNameSql(sql`${viewerId}`, sql`${clubMembers.userId}`, new Date()),
    })
    .from(clubMembers)
    .leftJoin(profiles, eq(profiles.userId, clubMembers.userId))
    .where(
      and(
        eq(clubMembers.clubId, clubId),
        eq(clubMembers.userId, userId),
        eq(clubMembers.status, "active"),
        asker ? activeMemberOf(asker, sql`${clubMembers.clubId}`) : undefined,
      ),
    )
    .limit(1);
}

type DmPartnerRow = Awaited<ReturnType<typeof dmPartnerQuery>>[number];
const toPartner = (row: DmPartnerRow) => ({ userId: row.userId, name: row.name, guardianLine: guardianLine(row.overseenName) });

const between = (clubId: string | SQL, a: string, b: string) =>
  and(
    eq(clubDirectMessages.clubId, clubId),
    or(
      and(eq(clubDirectMessages.senderId, a), eq(clubDirectMessages.receiverId, b)),
      and(eq(clubDirectMessages.senderId, b), eq(clubDirectMessages.receiverId, a)),
    ),
  );

/**
 * The conversation with one other active member, oldest first: its latest `limit` (DIRECT_MESSAGE_PAGE_SIZE),
 * or the `limit` before `before`; `older` pages further up like the group chat (historyPage).
 */
export async function getDmConversation(
  db: Db,
  access: ClubAccess,
  otherUserId: string,
  opts: { before?: string | null; limit?: number } = {},
): Promise<DirectMessageConversation | null> {
  const viewer = access.viewer;
  if (!viewer || !clubCan(access, "sendDm")) return null;
  const partner = await dmPartner(db, access, otherUserId);
  if (!partner) return null;
  return toDmConversation(partner, await dmConversationQuery(db, access.club.id, viewer, partner.userId, opts), opts);
}

export type DirectMessageConversation = {
  partner: { userId: string; name: string; guardianLine: string | null };
  messages: DirectMessageView[];
  older: string | null;
};

function dmConversationQuery(
  db: Db,
  clubId: string | SQL,
  viewer: Viewer,
  partnerId: string,
  opts: { before?: string | null; limit?: number },
) {
  const paging = historyPage(clubDirectMessages, opts.before);
  return db
    .select({
      id: clubDirectMessages.id,
      senderId: clubDirectMessages.senderId,
      receiverId: clubDirectMessages.receiverId,
      content: clubDirectMessages.content,
      createdAt: clubDirectMessages.createdAt,
      readAt: clubDirectMessages.readAt,
    })
    .from(clubDirectMessages)
    .where(and(between(clubId, viewer.id, partnerId), activeMemberOf(viewer, sql`${clubDirectMessages.clubId}`), paging.olderThan))
    .orderBy(...paging.orderBy)
    .limit((opts.limit ?? DIRECT_MESSAGE_PAGE_SIZE) + 1);
}

function toDmConversation(
  partner: DirectMessageConversation["partner"],
  rows: Awaited<ReturnType<typeof dmConversationQuery>>,
  opts: { before?: string | null; limit?: number },
): DirectMessageConversation {
  const page = historyPage(clubDirectMessages, opts.before).take(rows, opts.limit ?? DIRECT_MESSAGE_PAGE_SIZE);
  return { partner, messages: page.rows, older: page.older };
}

export type OpenedDirectMessages = { members: DirectMessageMember[]; conversation: DirectMessageConversation | null; unread: number };

/**
 * The Direct Messages sub-tab opened (02 §4), in one batch (one round trip, one transaction): marks
 * read what the viewer received here — from `withId` only when a conversation is open, all of it
 * otherwise — then reads the members with their unread counts, the open conversation and the
 * viewer's unread total, all after the marking. Sent beside the club page's own batch (ADR 052) with
 * the club as SQL (visibleClubIdBySlug): every statement is limited to an active member of that club
 * in the query itself (sendDm is MEMBERS), so for anyone else it marks and reads nothing. The caller
 * hands the result to openedDirectMessages once it has the access check.
 */
export async function directMessagesBatch(
  db: Db,
  viewer: Viewer,
  clubId: string | SQL,
  opts: { withId: string | null; before?: string | null },
  now = new Date(),
) {
  const partnerId = opts.withId && opts.withId !== viewer.id && isUuid(opts.withId) ? opts.withId : null;
  const markRead = db
    .update(clubDirectMessages)
    .set({ readAt: now })
    .where(
      and(
        eq(clubDirectMessages.clubId, clubId),
        eq(clubDirectMessages.receiverId, viewer.id),
        isNull(clubDirectMessages.readAt),
        opts.withId ? eq(clubDirectMessages.senderId, opts.withId) : undefined,
        activeMemberOf(viewer, sql`${clubDirectMessages.clubId}`),
      ),
    )
    .returning({ clubId: clubDirectMessages.clubId, senderId: clubDirectMessages.senderId });
  const reads = [dmMembersQuery(db, clubId, viewer), unreadDirectMessagesQuery(db, clubId, viewer.id)] as const;
  if (!partnerId) {
    const [updated, members, unread] = await db.batch([markRead, ...reads]);
    return { updated, members, unread, partner: [], conversationRows: [], opts };
  }
  const [updated, members, unread, partner, conversationRows] = await db.batch([
    markRead,
    ...reads,
    dmPartnerQuery(db, clubId, partnerId, viewer.id, viewer),
    dmConversationQuery(db, clubId, viewer, partnerId, opts),
  ]);
  return { updated, members, unread, partner, conversationRows, opts };
}

/** directMessagesBatch's result for a viewer who may send DMs here (null otherwise), its events published. */
export function openedDirectMessages(
  access: ClubAccess,
  batch: Awaited<ReturnType<typeof directMessagesBatch>>,
  publish?: Publish,
): OpenedDirectMessages | null {
  const viewer = access.viewer;
  if (!viewer || !clubCan(access, "sendDm")) return null;
  if (batch.updated.length && publish) {
    for (const otherUserId of new Set(batch.updated.map((u) => u.senderId)))
      publish.user(viewer.id, { type: "dm.read", clubId: access.club.id, otherUserId });
    publish.user(viewer.id, { type: "badges.changed" });
  }
  // Only an active member is a partner: without one there is no conversation, whatever the rows.
  const [partner] = batch.partner;
  return {
    members: toDmMembers(batch.members),
    conversation: partner ? toDmConversation(toPartner(partner), batch.conversationRows, batch.opts) : null,
    unread: Number(batch.unread[0]?.n ?? 0),
  };
}

export type DirectMessageSendResult = { ok: true; message: DirectMessageView; created: boolean } | { ok: false; reason: SendFailure };

/** A DM to another active member of the same club (02 §6). Idempotent on `clientId` like posts. */
export async function sendDirectMessage(
  db: Db,
  access: ClubAccess,
  input: { recipientId: string; content: string; clientId: string },
  publish?: Publish,
  now = new Date(),
): Promise<DirectMessageSendResult> {
  const viewer = access.viewer;
  if (!viewer || !clubCan(access, "sendDm")) return { ok: false, reason: "forbidden" };
  const checked = checkContent(input.content);
  if (!checked.ok) return checked;
  if (!isUuid(input.clientId)) return { ok: false, reason: "bad_client_id" };
  const partner = await dmPartner(db, access, input.recipientId);
  if (!partner) return { ok: false, reason: "no_recipient" };
  const id = input.clientId.toLowerCase();

  const same = (row: typeof clubDirectMessages.$inferSelect) =>
    row.clubId === access.club.id && row.senderId === viewer.id && row.receiverId === partner.userId && row.content === checked.content;
  // One batch, as postClubMessage: count unless a retry, insert while both are active members,
  // neither has blocked the other (ADR 069) and within the limit, read the row back with the
  // sender's name (for the event). The block is read in the same batch, to say why nothing was stored.
  const key = clubSendRateKey(viewer.id);
  const blocked = blockBetween(viewer.id, partner.userId);
  const [[between], counted, inserted, [stored]] = await db.batch([
    db.all<{ blocked: number }>(sql`select ${blocked} as blocked`),
    rateLimitHit(db, key, CLUB_SEND_RATE_LIMIT, now, sql`not exists (select 1 from club_direct_messages where id = ${id})`),
    db.run(sql`
      insert into club_direct_messages (id, club_id, sender_id, receiver_id, content, created_at)
      select ${id}, ${access.club.id}, ${viewer.id}, ${partner.userId}, ${checked.content}, ${now.getTime()}
      where ${activeMemberOf(viewer, sql`${access.club.id}`)} and ${activeMemberOf({ id: partner.userId }, sql`${access.club.id}`)}
        and not ${blocked} and ${withinRateLimit(key, CLUB_SEND_RATE_LIMIT)}
      on conflict (id) do nothing`),
    db
      .select({ row: clubDirectMessages, senderName: memberName() })
      .from(clubDirectMessages)
      .leftJoin(profiles, eq(profiles.userId, clubDirectMessages.senderId))
      .where(eq(clubDirectMessages.id, id))
      .limit(1),
  ]);
  const limit = rateLimitVerdict(counted, CLUB_SEND_RATE_LIMIT, now);
  if (limit && !limit.ok) return { ok: false, reason: "rate_limited" };
  if (!stored) return { ok: false, reason: between?.blocked ? "blocked" : "forbidden" };
  const row = stored.row;
  if (!same(row)) return { ok: false, reason: "conflict" };
  const created = inserted.rowsAffected > 0;
  if (created && publish) {
    const event: DirectMessageEvent = {
      id: row.id,
      clubId: row.clubId,
      senderId: row.senderId,
      recipientId: row.receiverId,
      content: row.content,
      sender: { id: viewer.id, name: stored.senderName ?? "Member" },
      createdAt: row.createdAt.toISOString(),
      readAt: null,
    };
    // Only the two people's own rooms — never the club room. The batch that stored it read that no
    // block stands between them (it would have stored nothing): the receiver's room, whose only
    // audience is the receiver, needs no look-up of its own (KnownAudience; ADR 075).
    publish.user(row.receiverId, { type: "dm.created", message: event }, { blockedWithAuthor: [] });
    publish.user(row.receiverId, { type: "badges.changed" });
    publish.user(row.senderId, { type: "dm.created", message: event });
  }
  return { ok: true, message: row, created };
}

/**
 * 02 §4: read_at is set for the viewer's unread DMs in this club — all of them (opening the Direct
 * Messages tab) or those from one member (opening that conversation, or a message arriving in it).
 * Only messages *to* the viewer; the sender sees nothing of this but counts. Returns how many.
 */
export async function markDirectMessagesRead(
  db: Db,
  access: ClubAccess,
  opts: { from?: string | null } = {},
  publish?: Publish,
  now = new Date(),
): Promise<number> {
  const viewer = access.viewer;
  if (!viewer || !clubCan(access, "sendDm")) return 0;
  const updated = await db
    .update(clubDirectMessages)
    .set({ readAt: now })
    .where(
      and(
        eq(clubDirectMessages.clubId, access.club.id),
        eq(clubDirectMessages.receiverId, viewer.id),
        isNull(clubDirectMessages.readAt),
        opts.from ? eq(clubDirectMessages.senderId, opts.from) : undefined,
      ),
    )
    .returning({ senderId: clubDirectMessages.senderId });
  if (updated.length && publish) {
    for (const otherUserId of new Set(updated.map((u) => u.senderId)))
      publish.user(viewer.id, { type: "dm.read", clubId: access.club.id, otherUserId });
    publish.user(viewer.id, { type: "badges.changed" });
  }
  return updated.length;
}

/** The viewer's unread DMs in this club (the Messages tab badge; derived from read_at). */
export async function unreadDirectMessageCount(db: Db, access: ClubAccess): Promise<number> {
  if (!access.viewer || !clubCan(access, "sendDm")) return 0;
  const [row] = await unreadDirectMessagesQuery(db, access.club.id, access.viewer.id);
  return Number(row?.n ?? 0);
}

/**
 * The count's query alone, for a page that reads it in its own batch (the club page, ADR 051) with
 * the club as an id or as SQL for it; the caller applies `sendDm` to the result as above.
 */
export function unreadDirectMessagesQuery(db: Db, clubId: string | SQL, viewerId: string) {
  return db
    .select({ n: sql<number>`count(*)` })
    .from(clubDirectMessages)
    .where(
      and(sql`${clubDirectMessages.clubId} = ${clubId}`, eq(clubDirectMessages.receiverId, viewerId), isNull(clubDirectMessages.readAt)),
    );
}
