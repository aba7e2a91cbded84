// Every kind pushes (ADR 100): the notifications that are not deal steps, each read back from what was
// stored (the route or job passes ids, never words), told as who and what kind, and queued through
// the one statement of push.server.ts (`pushNotices`), which keeps a person's 'Push' choice per kind
// and 'Show message text'. Called after the write committed: a route through `waitUntil`, a job
// after its batch. Each notice's key names it once, so a retry, a double submit or a second run
// stores no second delivery.
//
//   messages       a direct message in a club, a listing message       → its receiver
//   clubs          a request to join                                     → the club's owners and admins
//                  a request approved                                    → the member
//   announcements  a club announcement                                   → the club's other active members
//   matches        a matcher run's new matches, per saved search or item request → their owner
//   price_drops    a favourite's drop told (runPriceDrops)              → each person told
//   outgrown       'Outgrown anything?' written (runOutgrownPrompts)    → the guardian
import { sql } from "drizzle-orm";
import type { Db } from "#db/client";
import { memberName } from "../accounts/member-name.server";
import { MANAGING_MEMBER_ROLES } from "../permissions/club";
import { blockBetween } from "../safety/blocks.server";
import { notHeld } from "../safety/held-content.server";
import { KIND_PUSH } from "~/shared/copy/push";
import { formatPrice } from "~/shared/format";
import { pushExcerpt, pushNotices, type PushConfig, type PushNotice } from "./push.server";

export type KindPushDeps = { db: Db; env: PushConfig };

/** A direct message stored by sendDirectMessage (`created`): to its receiver, as the Direct Messages tab opens it. */
export async function pushDirectMessage(deps: KindPushDeps, messageId: string) {
  const rows = await deps.db.all<{ receiverId: string; senderId: string; sender: string; club: string; slug: string; content: string }>(sql`
    select dm.receiver_id as receiverId, dm.sender_id as senderId, ${memberName()} as sender, c.name as club, c.slug, dm.content
    from club_direct_messages dm join clubs c on c.id = dm.club_id left join profiles on profiles.user_id = dm.sender_id
    where dm.id = ${messageId}`);
  await pushNotices(
    deps,
    "messages",
    rows.map((row) => ({
      userId: row.receiverId,
      key: `dm:${messageId}`,
      title: KIND_PUSH.directMessage(row.sender, row.club),
      detail: pushExcerpt(row.content),
      url: `/club/${encodeURIComponent(row.slug)}?${new URLSearchParams({ tab: "messages", sub: "dm", with: row.senderId })}`,
      tag: `dm:${row.slug}:${row.senderId}`,
    })),
  );
}

/** A listing message stored by sendListingMessage: to its receiver, on the listing's page. */
export async function pushListingMessage(deps: KindPushDeps, messageId: string) {
  const rows = await deps.db.all<{ receiverId: string; sender: string; listingId: string; title: string; content: string }>(sql`
    select lm.receiver_id as receiverId, ${memberName()} as sender, l.id as listingId, l.title, lm.content
    from listing_messages lm join listings l on l.id = lm.listing_id left join profiles on profiles.user_id = lm.sender_id
    where lm.id = ${messageId}`);
  await pushNotices(
    deps,
    "messages",
    rows.map((row) => ({
      userId: row.receiverId,
      key: `listing-message:${messageId}`,
      title: KIND_PUSH.listingMessage(row.sender, row.title),
      detail: pushExcerpt(row.content),
      url: `/listing/${encodeURIComponent(row.listingId)}`,
      tag: `listing:${row.listingId}`,
    })),
  );
}

/** A request to join (still pending): to each active owner and admin of the club, never across a block. */
export async function pushJoinRequest(deps: KindPushDeps, clubId: string, requesterId: string) {
  const rows = await deps.db.all<{ userId: string; membershipId: string; name: string; club: string; slug: string }>(sql`
    select mm.user_id as userId, r.id as membershipId, ${memberName()} as name, c.name as club, c.slug
    from club_members r join clubs c on c.id = r.club_id
      join club_members mm on mm.club_id = r.club_id and mm.status = 'active' and mm.role in ${MANAGING_MEMBER_ROLES}
      left join profiles on profiles.user_id = r.user_id
    where r.club_id = ${clubId} and r.user_id = ${requesterId} and r.status = 'pending'
      and not ${blockBetween(sql`mm.user_id`, sql`r.user_id`)}`);
  await pushNotices(
    deps,
    "clubs",
    rows.map((row) => ({
      userId: row.userId,
      key: `join-request:${row.membershipId}`,
      title: KIND_PUSH.joinRequest(row.name, row.club),
      url: `/club/${encodeURIComponent(row.slug)}/manage`,
      tag: `club:${row.slug}:requests`,
    })),
  );
}

/** A request approved (approveJoinRequest): to the member. */
export async function pushApproval(deps: KindPushDeps, membershipId: string) {
  const rows = await deps.db.all<{ userId: string; club: string; slug: string }>(sql`
    select m.user_id as userId, c.name as club, c.slug from club_members m join clubs c on c.id = m.club_id
    where m.id = ${membershipId} and m.status = 'active'`);
  await pushNotices(
    deps,
    "clubs",
    rows.map((row) => ({
      userId: row.userId,
      key: `approved:${membershipId}`,
      title: KIND_PUSH.approved(row.club),
      url: `/club/${encodeURIComponent(row.slug)}`,
      tag: `club:${row.slug}`,
    })),
  );
}

/** A club announcement (postClubMessage, `created`): to every other active member, none blocked either way with its author. */
export async function pushAnnouncement(deps: KindPushDeps, messageId: string) {
  // The notices as a SELECT: a club of thousands is one statement, not one value per member.
  const [post] = await deps.db.all<{ author: string; club: string; slug: string; content: string }>(sql`
    select ${memberName()} as author, c.name as club, c.slug, m.content from club_messages m
    join clubs c on c.id = m.club_id left join profiles on profiles.user_id = m.user_id
    where m.id = ${messageId} and m.message_type = 'announcement' and ${notHeld("club_message", sql`m.id`)}`);
  if (!post) return;
  const url = `/club/${encodeURIComponent(post.slug)}?tab=messages&sub=announcements`;
  await pushNotices(
    deps,
    "announcements",
    sql`select cm.user_id, ${`announcement:${messageId}`} as notice_key, ${KIND_PUSH.announcement(post.author, post.club)} as title,
        ${pushExcerpt(post.content)} as detail, ${url} as url, ${`club:${post.slug}:announcements`} as tag
      from club_messages m join club_members cm on cm.club_id = m.club_id and cm.status = 'active' and cm.user_id <> m.user_id
      where m.id = ${messageId} and not ${blockBetween(sql`cm.user_id`, sql`m.user_id`)}`,
  );
}

/**
 * The matches a matcher run wrote at `matchedAt` (runMatcher's `now`: every match of a run carries
 * it): one push per saved search or item request with new matches, to its owner.
 */
export async function pushNewMatches(deps: KindPushDeps, matchedAt: Date) {
  const at = matchedAt.getTime();
  const rows = await deps.db.all<{
    userId: string;
    ownerId: string;
    what: "search" | "request";
    name: string;
    n: number;
    path: string;
  }>(sql`
    select m.user_id as userId, s.id as ownerId, 'search' as what, s.name, count(*) as n, '/saved-searches' as path
      from search_matches m join saved_searches s on s.id = m.saved_search_id where m.matched_at = ${at} group by s.id
    union all
    select m.user_id, r.id, 'request', r.title, count(*), '/club/' || c.slug || '/requests'
      from request_matches m join club_requests r on r.id = m.request_id join clubs c on c.id = r.club_id
      where m.matched_at = ${at} group by r.id`);
  await pushNotices(
    deps,
    "matches",
    rows.map((row) => ({
      userId: row.userId,
      key: `matches:${row.what}:${row.ownerId}:${at}`,
      title: KIND_PUSH.matches(Number(row.n), row.what === "search" ? `“${row.name}”` : `your request “${row.name}”`),
      url: row.path,
      tag: `matches:${row.ownerId}`,
    })),
  );
}

/** The price-drop notices runPriceDrops wrote: to each person told (the prices only with 'Show message text'). */
export async function pushPriceDrops(deps: KindPushDeps, noticeIds: readonly string[]) {
  if (noticeIds.length === 0) return;
  const rows = await deps.db.all<{ id: string; userId: string; listingId: string; title: string; fromCents: number; toCents: number }>(sql`
    select n.id, n.user_id as userId, n.listing_id as listingId, l.title, n.from_cents as fromCents, n.to_cents as toCents
    from price_drop_notices n join listings l on l.id = n.listing_id
    where n.id in (select value from json_each(${JSON.stringify(noticeIds)}))`);
  await pushNotices(
    deps,
    "price_drops",
    rows.map((row): PushNotice => ({
      userId: row.userId,
      key: `price-drop:${row.id}`,
      title: KIND_PUSH.priceDrop(row.title),
      detail: KIND_PUSH.priceDropDetail(formatPrice(Number(row.fromCents)), formatPrice(Number(row.toCents))),
      url: `/listing/${encodeURIComponent(row.listingId)}`,
      tag: `listing:${row.listingId}`,
    })),
  );
}

export type OutgrownNotice = { userId: string; playerId: string; firstName: string; sport: string; when: string; key: string };

/** 'Outgrown anything?' to the guardian: the player's name only with 'Show message text' (a child's name on a lock screen). */
export async function pushOutgrown(deps: KindPushDeps, prompts: readonly OutgrownNotice[]) {
  await pushNotices(
    deps,
    "outgrown",
    prompts.map((p) => ({
      userId: p.userId,
      key: p.key,
      title: KIND_PUSH.outgrown(p.sport, p.when),
      detail: KIND_PUSH.outgrownDetail(p.firstName, p.sport, p.when),
      url: `/family/outgrown/${encodeURIComponent(p.playerId)}`,
      tag: `outgrown:${p.playerId}`,
    })),
  );
}
