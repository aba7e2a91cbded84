// The /messages inbox and the unread badges (spec 02 §2 /messages, §4 read rules; 01 §2 bell count;
// ADR 042). There is no conversations table: a conversation is derived from the two message tables
// — per listing + other person (listing_messages) and per club + other person (club_direct_messages)
// — by one UNION ALL query. Every branch starts from "I am the sender" or "I am the receiver", so
// only the viewer's own conversations are ever read, and each branch uses its table's index.
// Counts are derived from read_at, never stored. A conversation with someone blocked either way is
// left out of the inbox and of every count (ADR 069): hidden, not deleted, so it comes back on unblock.
import { sql, type SQL } from "drizzle-orm";
import type { Db } from "#db/client";
import type { Publish } from "~/features/realtime/realtime.server";
import { listingReadableBy } from "../listings/listing-visibility.server";
import { notBlockedWith } from "../safety/blocks.server";
import { notHeld } from "../safety/held-content.server";
import { memberName } from "../accounts/member-name.server";
import { overseenTeenIds } from "../families/oversight.server";
import type { Viewer } from "../permissions/viewer";

export const INBOX_PAGE_SIZE = 20;

/**
 * Which conversations still exist for the viewer, over the aliases `listings` (joined on the
 * listing) and a club id: a listing they may still open (the listing page is where its thread is
 * read), a club they are still an active member of (DMs live in the members-only Messages tab).
 * The inbox and the badge counts use the same rule, so a badge never counts what cannot be opened.
 */
function listingStillOpen(viewer: Viewer): SQL {
  return listingReadableBy(viewer);
}
function clubStillMine(viewer: Viewer, clubId: SQL): SQL {
  return sql`exists (select 1 from club_members cm where cm.club_id = ${clubId} and cm.user_id = ${viewer.id} and cm.status = 'active')`;
}

export type Conversation = {
  kind: "listing" | "club";
  /** The listing id or the club id. */
  subjectId: string;
  /** The listing title or the club name. */
  subjectTitle: string;
  /** The club's slug (club conversations) for the link; null for listings. */
  clubSlug: string | null;
  /** The listing's seller (listing conversations): who is the buyer decides the thread. */
  sellerId: string | null;
  other: { id: string; name: string };
  lastMessage: { content: string; fromMe: boolean; createdAt: Date };
  unread: number;
  /**
   * Set when the viewer is not a side of it but reads it as the guardian of `teen` (ADR 096): `other`
   * is the other side. Never unread (a guardian's reading marks nothing).
   */
  overseen: { teen: { id: string; name: string } } | null;
};

export type InboxPage = { conversations: Conversation[]; total: number; page: number; pageSize: number; hasMore: boolean };

type Row = {
  kind: "listing" | "club";
  subject_id: string;
  other_id: string;
  last_at: number;
  last_content: string;
  last_sender_id: string;
  unread: number;
  subject_title: string;
  club_slug: string | null;
  seller_id: string | null;
  other_name: string;
  teen_id: string | null;
  teen_name: string | null;
  total_count: number;
};

/**
 * The viewer's conversations, newest first, `pageSize` at a time (page 1 = newest). Offset paging
 * over conversations (not messages): a person has tens of conversations, not millions (ADR 042).
 */
export async function inboxFor(db: Db, viewer: Viewer, opts: { page?: number; pageSize?: number; now?: Date } = {}): Promise<InboxPage> {
  const pageSize = Math.min(Math.max(opts.pageSize ?? INBOX_PAGE_SIZE, 1), 100);
  const page = Math.max(Math.floor(opts.page ?? 1), 1);
  const me = viewer.id;
  const rows = await db.all<Row>(sql`
    with parts as (
      select 'listing' as kind, lm.listing_id as subject_id, lm.receiver_id as other_id, lm.content, lm.created_at, lm.sender_id, 0 as unread
        from listing_messages lm where lm.sender_id = ${me}
      union all
      select 'listing', lm.listing_id, lm.sender_id, lm.content, lm.created_at, lm.sender_id, lm.read_at is null
        from listing_messages lm where lm.receiver_id = ${me}
      union all
      select 'club', dm.club_id, dm.receiver_id, dm.content, dm.created_at, dm.sender_id, 0
        from club_direct_messages dm where dm.sender_id = ${me}
      union all
      select 'club', dm.club_id, dm.sender_id, dm.content, dm.created_at, dm.sender_id, dm.read_at is null
        from club_direct_messages dm where dm.receiver_id = ${me}
    ),
    -- ADR 096: the conversations of the teens the viewer oversees, with someone other than the viewer.
    -- The teen is the side the viewer oversees (the first by id when both are); the other side is other_id.
    -- ADR 103: this branch reads the message tables directly; a future Requests/inbox split filters parts, never this.
    teens as ${overseenTeenIds(me, opts.now ?? new Date())},
    overseen as (
      select 'listing' as kind, lm.listing_id as subject_id, lm.sender_id as s, lm.receiver_id as r, lm.content, lm.created_at
        from listing_messages lm
        where (lm.sender_id in (select teen_id from teens) or lm.receiver_id in (select teen_id from teens))
          and lm.sender_id <> ${me} and lm.receiver_id <> ${me}
      union all
      select 'club', dm.club_id, dm.sender_id, dm.receiver_id, dm.content, dm.created_at
        from club_direct_messages dm
        where (dm.sender_id in (select teen_id from teens) or dm.receiver_id in (select teen_id from teens))
          and dm.sender_id <> ${me} and dm.receiver_id <> ${me}
    ),
    overseen_sides as (
      select kind, subject_id, content, created_at, s as sender_id,
             s in (select teen_id from teens) and (r not in (select teen_id from teens) or s < r) as teen_sent, s, r
        from overseen
    ),
    overseen_conversations as (
      select kind, subject_id, case when teen_sent then r else s end as other_id, case when teen_sent then s else r end as teen_id,
             max(created_at) as last_at, content as last_content, sender_id as last_sender_id, 0 as unread
        from overseen_sides group by kind, subject_id, teen_id, other_id
    ),
    -- SQLite: with a single max(), the bare columns come from the row holding that max (the latest message).
    -- The block filter sits here, in the query, so the page, its total and the badges agree.
    conversations as (
      select kind, subject_id, other_id, null as teen_id, max(created_at) as last_at, content as last_content, sender_id as last_sender_id,
             sum(unread) as unread
        from parts where ${notBlockedWith(me, sql`other_id`)} group by kind, subject_id, other_id
      union all
      select kind, subject_id, other_id, teen_id, last_at, last_content, last_sender_id, unread from overseen_conversations
    ),
    visible as (
      select c.*, listings.title as listing_title, listings.user_id as seller_id, null as club_name, null as club_slug
        from conversations c join listings on listings.id = c.subject_id
        where c.kind = 'listing' and (c.teen_id is not null or ${listingStillOpen(viewer)})
      union all
      select c.*, null, null, cl.name, cl.slug
        from conversations c join clubs cl on cl.id = c.subject_id
        where c.kind = 'club' and (c.teen_id is not null or ${clubStillMine(viewer, sql`c.subject_id`)})
    )
    select v.kind, v.subject_id, v.other_id, v.last_at, v.last_content, v.last_sender_id, v.unread,
           coalesce(v.listing_title, v.club_name) as subject_title, v.club_slug, v.seller_id,
           ${memberName()} as other_name, v.teen_id,
           (select ${memberName()} from profiles where profiles.user_id = v.teen_id) as teen_name, count(*) over () as total_count
      from visible v left join profiles on profiles.user_id = v.other_id
      order by v.last_at desc, v.kind, v.subject_id, v.other_id, v.teen_id
      limit ${pageSize} offset ${(page - 1) * pageSize}
  `);
  const total = rows[0]?.total_count ?? 0;
  return {
    conversations: rows.map((r) => ({
      kind: r.kind,
      subjectId: r.subject_id,
      subjectTitle: r.subject_title,
      clubSlug: r.club_slug,
      sellerId: r.seller_id,
      other: { id: r.other_id, name: r.other_name },
      lastMessage: { content: r.last_content, fromMe: r.last_sender_id === me, createdAt: new Date(Number(r.last_at)) },
      unread: Number(r.unread),
      overseen: r.teen_id ? { teen: { id: r.teen_id, name: r.teen_name ?? "Member" } } : null,
    })),
    total: Number(total),
    page,
    pageSize,
    hasMore: (page - 1) * pageSize + rows.length < Number(total),
  };
}

export type UnreadCounts = {
  /** Unread club DMs across the viewer's clubs (the bell adds these, 01 §2). */
  directMessages: number;
  /** Unread club DMs per club id (the club's Messages tab badge). */
  perClub: Record<string, number>;
  /** Unread questions and replies about listings. */
  listingMessages: number;
  /** Everything unread: the user menu's Messages entry and /messages. */
  total: number;
};

/**
 * The viewer's unread counts, from read_at, in ONE query (the root loader runs it on every page):
 * both branches read the `(receiver_id, read_at)` indexes, and the same "still open" and block rules as the inbox.
 */
export async function unreadCounts(db: Db, viewer: Viewer): Promise<UnreadCounts> {
  const me = viewer.id;
  const rows = await db.all<{ club_id: string | null; n: number }>(sql`
    select dm.club_id as club_id, count(*) as n
      from club_direct_messages dm
      where dm.receiver_id = ${me} and dm.read_at is null and ${clubStillMine(viewer, sql`dm.club_id`)}
        and ${notBlockedWith(me, sql`dm.sender_id`)}
      group by dm.club_id
    union all
    select null, count(*)
      from listing_messages lm join listings on listings.id = lm.listing_id
      where lm.receiver_id = ${me} and lm.read_at is null and ${listingStillOpen(viewer)}
        and ${notBlockedWith(me, sql`lm.sender_id`)} and ${notHeld("listing_message", sql`lm.id`)}
  `);
  const perClub: Record<string, number> = {};
  let directMessages = 0;
  let listingMessages = 0;
  for (const row of rows) {
    const n = Number(row.n);
    if (row.club_id === null) listingMessages += n;
    else {
      perClub[row.club_id] = n;
      directMessages += n;
    }
  }
  return { directMessages, perClub, listingMessages, total: directMessages + listingMessages };
}

export type UnreadMessage = {
  kind: "listing" | "club";
  /** The listing id or the club id. */
  subjectId: string;
  /** The listing title or the club name. */
  subjectTitle: string;
  clubSlug: string | null;
  sender: { id: string; name: string };
  content: string;
  createdAt: Date;
};

/**
 * The viewer's unread messages received after `since`, oldest first, at most `limit`: what the
 * e-mail when away gathers (ADR 073, notify/away.server.ts). The same "still open" and block
 * rules as unreadCounts, so a mail never tells of what the badge would not count.
 */
export async function unreadMessagesSince(db: Db, viewer: Viewer, since: Date, limit = 50): Promise<UnreadMessage[]> {
  const me = viewer.id;
  const rows = await db.all<{
    kind: "listing" | "club";
    subject_id: string;
    subject_title: string;
    club_slug: string | null;
    sender_id: string;
    sender_name: string;
    content: string;
    created_at: number;
  }>(sql`
    select 'club' as kind, dm.club_id as subject_id, cl.name as subject_title, cl.slug as club_slug, dm.sender_id as sender_id,
           ${memberName()} as sender_name, dm.content as content, dm.created_at as created_at
      from club_direct_messages dm join clubs cl on cl.id = dm.club_id left join profiles on profiles.user_id = dm.sender_id
      where dm.receiver_id = ${me} and dm.read_at is null and dm.created_at > ${since.getTime()}
        and ${clubStillMine(viewer, sql`dm.club_id`)} and ${notBlockedWith(me, sql`dm.sender_id`)}
    union all
    select 'listing', lm.listing_id, listings.title, null, lm.sender_id, ${memberName()}, lm.content, lm.created_at
      from listing_messages lm join listings on listings.id = lm.listing_id left join profiles on profiles.user_id = lm.sender_id
      where lm.receiver_id = ${me} and lm.read_at is null and lm.created_at > ${since.getTime()}
        and ${listingStillOpen(viewer)} and ${notBlockedWith(me, sql`lm.sender_id`)} and ${notHeld("listing_message", sql`lm.id`)}
    order by created_at
    limit ${limit}
  `);
  return rows.map((r) => ({
    kind: r.kind,
    subjectId: r.subject_id,
    subjectTitle: r.subject_title,
    clubSlug: r.club_slug,
    sender: { id: r.sender_id, name: r.sender_name },
    content: r.content,
    createdAt: new Date(Number(r.created_at)),
  }));
}

/**
 * Opening a listing's page reads its threads (ADR 042 §Read state): every message on it addressed to
 * the viewer becomes read. Tells the viewer's other tabs to refresh their badges when anything changed.
 */
export async function markListingMessagesRead(
  db: Db,
  viewer: Viewer,
  listingId: string,
  publish: Pick<Publish, "user"> | null = null,
  now = new Date(),
): Promise<number> {
  const result = await db.run(sql`
    update listing_messages set read_at = ${now.getTime()}
      where listing_id = ${listingId} and receiver_id = ${viewer.id} and read_at is null
        and exists (select 1 from listings where listings.id = ${listingId} and ${listingReadableBy(viewer)})`);
  const changed = Number(result.rowsAffected ?? 0);
  if (changed > 0) publish?.user(viewer.id, { type: "badges.changed" });
  return changed;
}
