// The club Messages tab's group chat and announcements (ADR 041; spec 02 §2 Messages tab,
// §3, §5, §6); direct messages are direct-messages.server.ts. Who may do what is the permission
// table (readMessages, postChat, postAnnouncement, deleteOwnChat, deleteAnyChat); "active member of
// this club" is also in every query, so a stale access object cannot read or write anything. After
// each write the function publishes to the club room (the database is the source of truth).
import { and, eq, sql, type SQL } from "drizzle-orm";
import { blockedByViewer, blockedWith } from "../safety/blocks.server";
import { notHeld } from "../safety/held-content.server";
import type { Db } from "#db/client";
import { clubMessages, profiles } from "#db/schema";
import type { Publish } from "~/features/realtime/realtime.server";
import type { ChatMessageEvent } from "~/features/realtime/room-events";
import { clubCan } from "../permissions/club";
import { activeMemberOf, type ClubAccess } from "../clubs/club-access.server";
import type { Viewer } from "../permissions/viewer";
import { rateLimitHit, rateLimitVerdict, withinRateLimit } from "../accounts/rate-limit.server";
import { memberName } from "../accounts/member-name.server";
import { CLUB_SEND_RATE_LIMIT, checkContent, clubSendRateKey, isUuid, type SendFailure } from "./message-rules.server";
import { historyPage } from "./paging.server";

export type ChatKind = "chat" | "announcement";

/** Latest N on open, then N older per page (never the whole history at once). */
export const CHAT_PAGE_SIZE = 50;

export type ChatMessageView = {
  id: string;
  kind: ChatKind;
  content: string;
  author: { id: string; name: string };
  createdAt: Date;
  /**
   * The viewer blocked the author (ADR 069): the page shows 'Message from a blocked member' with
   * 'Show'. One direction only — the person blocked sees the blocker's messages as before, so the
   * block is not given away. Live events between the two are not delivered at all (realtime.server.ts).
   */
  authorBlocked: boolean;
};

const activeMemberOfClub = (access: ClubAccess, clubId: SQL | typeof clubMessages.clubId = clubMessages.clubId) =>
  activeMemberOf(access.viewer, sql`${clubId}`);

/**
 * One page of a club's chat or announcements, oldest first: the latest `limit`, or the `limit`
 * before `before` (a cursor). `older` is the cursor of the next page up, null at the beginning.
 */
export async function listClubMessages(
  db: Db,
  access: ClubAccess,
  opts: { kind: ChatKind; before?: string | null; limit?: number },
): Promise<ClubMessagesPage | null> {
  if (!access.viewer || !clubCan(access, "readMessages")) return null;
  return toClubMessagesPage(await clubMessagesPageQuery(db, access.viewer, access.club.id, opts), opts);
}

export type ClubMessagesPage = { messages: ChatMessageView[]; older: string | null };
type ClubMessagesOptions = { kind: ChatKind; before?: string | null; limit?: number };

/**
 * listClubMessages' query alone, for a page that sends it beside its own batch (the club page's
 * Messages tab, ADR 051): the club as an id or as SQL for it (visibleClubIdBySlug), active members
 * only in the query itself. The caller applies `readMessages` before showing the result.
 */
export function clubMessagesPageQuery(db: Db, viewer: Viewer, clubId: string | SQL, opts: ClubMessagesOptions) {
  const paging = historyPage(clubMessages, opts.before);
  return db
    .select({
      id: clubMessages.id,
      kind: clubMessages.messageType,
      content: clubMessages.content,
      authorId: clubMessages.userId,
      authorName: memberName(),
      createdAt: clubMessages.createdAt,
      authorBlocked: blockedByViewer(viewer.id, clubMessages.userId),
    })
    .from(clubMessages)
    .leftJoin(profiles, eq(profiles.userId, clubMessages.userId))
    .where(
      and(
        eq(clubMessages.clubId, clubId),
        eq(clubMessages.messageType, opts.kind),
        activeMemberOf(viewer, sql`${clubMessages.clubId}`),
        // Hidden pending review by its reports' weight (ADR 095): gone for all but its author and admins.
        notHeld("club_message", sql`${clubMessages.id}`, viewer, sql`${clubMessages.userId}`),
        paging.olderThan,
      ),
    )
    .orderBy(...paging.orderBy)
    .limit((opts.limit ?? CHAT_PAGE_SIZE) + 1);
}

export function toClubMessagesPage(rows: Awaited<ReturnType<typeof clubMessagesPageQuery>>, opts: ClubMessagesOptions): ClubMessagesPage {
  const page = historyPage(clubMessages, opts.before).take(rows, opts.limit ?? CHAT_PAGE_SIZE);
  const messages = page.rows.map((r) => ({
    id: r.id,
    kind: r.kind,
    content: r.content,
    author: { id: r.authorId, name: r.authorName },
    createdAt: r.createdAt,
    authorBlocked: Boolean(r.authorBlocked),
  }));
  return { messages, older: page.older };
}

export type PostResult = { ok: true; message: ChatMessageView; created: boolean } | { ok: false; reason: SendFailure };

/**
 * A member posts to the chat; an owner/admin posts an announcement. `clientId` (a UUID the
 * composer made) becomes the row id, so a double submit or a retry stores one message: the second
 * insert does nothing and the first row is returned if it is the same message by the same person,
 * refused otherwise.
 */
export async function postClubMessage(
  db: Db,
  access: ClubAccess,
  input: { kind: ChatKind; content: string; clientId: string },
  publish?: Publish,
  now = new Date(),
): Promise<PostResult> {
  const viewer = access.viewer;
  if (!viewer || !clubCan(access, input.kind === "announcement" ? "postAnnouncement" : "postChat"))
    return { ok: false, reason: "forbidden" };
  const checked = checkContent(input.content);
  if (!checked.ok) return checked;
  if (!isUuid(input.clientId)) return { ok: false, reason: "bad_client_id" };
  const id = input.clientId.toLowerCase();

  const same = (row: { clubId: string; userId: string; content: string; messageType: string }) =>
    row.clubId === access.club.id && row.userId === viewer.id && row.content === checked.content && row.messageType === input.kind;
  // One batch (one round trip, one transaction): count the attempt unless this id is stored already
  // (a retry answers the stored message again without counting), insert only while still an active
  // member and within the limit, and read the row back with its author.
  const key = clubSendRateKey(viewer.id);
  // The same batch reads who is blocked either way with the author, for the fan-out (createPublish
  // would otherwise read it in a round trip of its own before the room hears of the message).
  const [counted, inserted, [stored], blocked] = await db.batch([
    rateLimitHit(db, key, CLUB_SEND_RATE_LIMIT, now, sql`not exists (select 1 from club_messages where id = ${id})`),
    db.run(sql`
      insert into club_messages (id, club_id, user_id, message_type, content, created_at)
      select ${id}, ${access.club.id}, ${viewer.id}, ${input.kind}, ${checked.content}, ${now.getTime()}
      where ${activeMemberOf(viewer, sql`${access.club.id}`)} and ${withinRateLimit(key, CLUB_SEND_RATE_LIMIT)}
      on conflict (id) do nothing`),
    clubMessageWithAuthor(db, id),
    db.all<{ id: string }>(sql`select blocked_id as id from ${blockedWith(viewer.id)}`),
  ]);
  const limit = rateLimitVerdict(counted, CLUB_SEND_RATE_LIMIT, now);
  if (limit && !limit.ok) return { ok: false, reason: "rate_limited" };
  if (!stored) return { ok: false, reason: "forbidden" };
  if (!same(stored.row)) return { ok: false, reason: "conflict" };
  const message = chatView(stored);
  const created = inserted.rowsAffected > 0;
  if (created)
    publish?.club(
      access.club.id,
      { type: "club.message.created", message: chatEvent(access.club.id, message) },
      { blockedWithAuthor: blocked.map((row) => row.id) },
    );
  return { ok: true, message, created };
}

/** A chat message by id with its author's display name (a query, so it can ride in a batch). */
function clubMessageWithAuthor(db: Db, id: string) {
  return db
    .select({ row: clubMessages, authorName: memberName() })
    .from(clubMessages)
    .leftJoin(profiles, eq(profiles.userId, clubMessages.userId))
    .where(eq(clubMessages.id, id))
    .limit(1);
}

function chatView({ row, authorName }: { row: typeof clubMessages.$inferSelect; authorName: string | null }): ChatMessageView {
  return {
    id: row.id,
    kind: row.messageType,
    content: row.content,
    author: { id: row.userId, name: authorName ?? "Member" },
    createdAt: row.createdAt,
    // Only the author reads this view (their own post): never someone they blocked.
    authorBlocked: false,
  };
}

export function chatEvent(clubId: string, m: ChatMessageView): ChatMessageEvent {
  return { id: m.id, clubId, kind: m.kind, content: m.content, author: m.author, createdAt: m.createdAt.toISOString() };
}

/**
 * A member deletes their own message; an owner/admin deletes any (02 §6). A message that is not
 * there, or not theirs to delete, is "not found".
 */
export async function deleteClubMessage(
  db: Db,
  access: ClubAccess,
  messageId: string,
  publish?: Publish,
): Promise<{ ok: true } | { ok: false; reason: "not_found" }> {
  const viewer = access.viewer;
  if (!viewer || !clubCan(access, "deleteOwnChat") || !isUuid(messageId)) return { ok: false, reason: "not_found" };
  const deleted = await db
    .delete(clubMessages)
    .where(
      and(
        eq(clubMessages.id, messageId.toLowerCase()),
        eq(clubMessages.clubId, access.club.id),
        activeMemberOfClub(access),
        clubCan(access, "deleteAnyChat") ? undefined : eq(clubMessages.userId, viewer.id),
      ),
    )
    .returning({ id: clubMessages.id, kind: clubMessages.messageType });
  if (!deleted.length) return { ok: false, reason: "not_found" };
  publish?.club(access.club.id, { type: "club.message.deleted", clubId: access.club.id, id: deleted[0].id, kind: deleted[0].kind });
  return { ok: true };
}
