// Club announcements a person has not seen, for the mail jobs (ADR 073, kind 'announcements';
// notify/away.server.ts). Announcements keep no read state (club-chat.server.ts): "not seen" is
// "posted after a time the caller knows they had not seen it by" — their last away mail of the kind,
// their last connection. Read as club-chat.server.ts reads them: active members of the club only.
import { sql, type SQL } from "drizzle-orm";
import type { Db } from "#db/client";
import type { Viewer } from "../permissions/viewer";
import { activeMemberOf } from "../clubs/club-access.server";
import { notBlockedWith } from "../safety/blocks.server";
import { memberName } from "../accounts/member-name.server";
import { notHeld } from "../safety/held-content.server";

/**
 * An announcement held pending review (ADR 095) stays out of the mail until released, and is news
 * from its release (ADR 104): posted in the window and not held now, or restored in the window.
 */
function announcedIn(after: number, until: number): SQL {
  return sql`m.message_type = 'announcement' and ${notHeld("club_message", sql`m.id`)}
    and ((m.created_at > ${after} and m.created_at <= ${until})
      or m.id in (select h.target_id from held_content h where h.target_type = 'club_message' and h.outcome = 'restored'
        and h.released_at > ${after} and h.released_at <= ${until}))`;
}
/** When an announcement became news: its posting, or its latest release from a hold. */
const announcedAt = sql`max(m.created_at, coalesce((select max(h.released_at) from held_content h
  where h.target_type = 'club_message' and h.target_id = m.id and h.outcome = 'restored'), 0))`;

/** `(user_id, at)` per member of every announcement posted after `after` and by `until` (not to its author): the mail jobs' coarse list. */
export function announcementNews(after: number, until: number): SQL {
  return sql`select cm.user_id as user_id, ${announcedAt} as at from club_messages m
      join club_members cm on cm.club_id = m.club_id and cm.status = 'active' and cm.user_id <> m.user_id
      where ${announcedIn(after, until)}`;
}

export type AnnouncementNotice = { clubSlug: string; clubName: string; author: string; content: string; at: Date };

/**
 * The announcements in the viewer's clubs posted after `after` and by `until`, oldest first: never
 * their own, never one by someone either of them blocked (a mail cannot offer 'Show'), never in a
 * club they are no longer an active member of.
 */
export async function announcementsSince(
  db: Db,
  viewer: Pick<Viewer, "id">,
  { after, until }: { after: Date; until: Date },
  limit = 50,
): Promise<AnnouncementNotice[]> {
  const rows = await db.all<{ club_slug: string; club_name: string; author: string; content: string; at: number }>(sql`
    select c.slug as club_slug, c.name as club_name, ${memberName()} as author, m.content as content, ${announcedAt} as at
      from club_messages m join clubs c on c.id = m.club_id left join profiles on profiles.user_id = m.user_id
      where ${announcedIn(after.getTime(), until.getTime())}
        and m.user_id <> ${viewer.id} and ${activeMemberOf(viewer, sql`m.club_id`)} and ${notBlockedWith(viewer.id, sql`m.user_id`)}
    order by at
    limit ${limit}`);
  return rows.map((r) => ({
    clubSlug: r.club_slug,
    clubName: r.club_name,
    author: r.author,
    content: r.content,
    at: new Date(Number(r.at)),
  }));
}
