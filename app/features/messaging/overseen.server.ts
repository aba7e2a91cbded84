// A guardian reads their teen's conversations (ADR 096): a listing thread or a club DM between the
// teen and someone else, every message of it, read-only — nothing here writes, marks read or posts.
// The oversight is in the WHERE of every statement (`oversees`: a live link, the teen still a minor),
// so anyone else — another adult, an unlinked guardian, the guardian of a teen turned 18 — reads
// nothing and the page answers 404. Held messages (ADR 095) and blocks do not hide a message from
// the guardian: oversight is there to see what reached, or was aimed at, the teen.
import { sql } from "drizzle-orm";
import type { Db } from "#db/client";
import { memberName } from "../accounts/member-name.server";
import { guardianLine, oversees, overseenNameSql } from "../families/oversight.server";
import type { Viewer } from "../permissions/viewer";

export type OverseenRef = { kind: "listing" | "club"; subjectId: string; teenId: string; otherId: string };

export type OverseenMessage = { id: string; senderId: string; content: string; createdAt: Date };

export type OverseenConversation = {
  ref: OverseenRef;
  teen: { id: string; name: string };
  other: { id: string; name: string };
  subjectTitle: string;
  /** The listing's page or the club's slug, for the heading's link (the guardian may not be able to open either). */
  clubSlug: string | null;
  /** "Sam's guardian can read this conversation", as both sides see it. */
  line: string;
  messages: OverseenMessage[];
};

/** At most this many messages (the latest) on the guardian's page. */
export const OVERSEEN_PAGE_SIZE = 200;

/** The conversation `ref` names, for a guardian overseeing its teen; null for anyone else, or when there is none. */
export async function overseenConversation(
  db: Db,
  viewer: Viewer,
  ref: OverseenRef,
  now = new Date(),
): Promise<OverseenConversation | null> {
  if (ref.teenId === ref.otherId) return null;
  const allowed = oversees(viewer.id, sql`${ref.teenId}`, now);
  const [heads, rows] = await db.batch([
    db.all<{ teen_name: string; other_name: string; title: string | null; slug: string | null; line_name: string | null }>(sql`
      select (select ${memberName()} from profiles where profiles.user_id = ${ref.teenId}) as teen_name,
             (select ${memberName()} from profiles where profiles.user_id = ${ref.otherId}) as other_name,
             ${ref.kind === "listing" ? sql`(select title from listings where id = ${ref.subjectId})` : sql`(select name from clubs where id = ${ref.subjectId})`} as title,
             ${ref.kind === "club" ? sql`(select slug from clubs where id = ${ref.subjectId})` : sql`null`} as slug,
             ${overseenNameSql(sql`${ref.teenId}`, sql`${ref.otherId}`, now)} as line_name
        where ${allowed}`),
    ref.kind === "listing"
      ? db.all<{ id: string; sender_id: string; content: string; created_at: number }>(sql`
          select id, sender_id, content, created_at from listing_messages
            where listing_id = ${ref.subjectId} and ${pairOf(ref)} and ${allowed}
            order by created_at desc, id desc limit ${OVERSEEN_PAGE_SIZE}`)
      : db.all<{ id: string; sender_id: string; content: string; created_at: number }>(sql`
          select id, sender_id, content, created_at from club_direct_messages
            where club_id = ${ref.subjectId} and ${pairOf(ref)} and ${allowed}
            order by created_at desc, id desc limit ${OVERSEEN_PAGE_SIZE}`),
  ]);
  const head = heads[0];
  // No message, no conversation: an id pair that never wrote is not a thread to show.
  if (!head || head.title === null || rows.length === 0) return null;
  return {
    ref,
    teen: { id: ref.teenId, name: head.teen_name ?? "Member" },
    other: { id: ref.otherId, name: head.other_name ?? "Member" },
    subjectTitle: head.title,
    clubSlug: head.slug,
    // The viewer is a guardian who is neither side, so there is always a name; 'Member' if the teen has none.
    line: guardianLine(head.line_name ?? head.teen_name ?? "Member")!,
    messages: rows
      .reverse()
      .map((r) => ({ id: r.id, senderId: r.sender_id, content: r.content, createdAt: new Date(Number(r.created_at)) })),
  };
}

const pairOf = (ref: OverseenRef) =>
  sql`((sender_id = ${ref.teenId} and receiver_id = ${ref.otherId}) or (sender_id = ${ref.otherId} and receiver_id = ${ref.teenId}))`;
