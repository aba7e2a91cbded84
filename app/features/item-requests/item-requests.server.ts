// "On the Radar": items a club's members are looking for (spec 02 §2 On the Radar, §3 Club request,
// §4 Request, §5 Request). Members read and post; only the author fulfils or deletes, and only an
// open request. Who may is the permission table (readRequests, postRequest, fulfilOwnRequest,
// deleteOwnRequest); *whose* request it is sits in the SQL, so another member's forged POST
// matches no row and changes nothing. Writes publish to the club room after the database write.
import { and, desc, eq, sql, type SQL } from "drizzle-orm";
import type { Db } from "#db/client";
import { clubRequests, profiles } from "#db/schema";
import type { Publish } from "~/features/realtime/realtime.server";
import type { ItemRequestEvent } from "~/features/realtime/room-events";
import type { Viewer } from "../permissions/viewer";
import { clubCan } from "../permissions/club";
import { activeMemberOf, visibleClubIdBySlug, type ClubAccess } from "../clubs/club-access.server";
import { notBlockedWith } from "../safety/blocks.server";
import { notHeld } from "../safety/held-content.server";

/** The author's name as the Radar shows it: first and last name, else display name, else null ('Anonymous'). */
const authorName = sql<string | null>`nullif(trim(coalesce(
  nullif(trim(coalesce(${profiles.firstName}, '') || ' ' || coalesce(${profiles.lastName}, '')), ''),
  ${profiles.displayName}, '')), '')`;

const columns = {
  id: clubRequests.id,
  clubId: clubRequests.clubId,
  userId: clubRequests.userId,
  title: clubRequests.title,
  description: clubRequests.description,
  status: clubRequests.status,
  createdAt: clubRequests.createdAt,
  authorName,
};

export type ItemRequestRow = {
  id: string;
  clubId: string;
  userId: string;
  title: string;
  description: string | null;
  status: "open" | "fulfilled";
  createdAt: Date;
  authorName: string | null;
};

/** Publishing is optional so unit tests and scripts can call the writes without rooms. */
type ClubPublisher = Pick<Publish, "club"> | null;

export function requestEvent(row: ItemRequestRow): ItemRequestEvent {
  return {
    id: row.id,
    clubId: row.clubId,
    title: row.title,
    description: row.description,
    // A nameless author is shown as 'Anonymous'; their id still lets members contact them.
    author: row.authorName ? { id: row.userId, name: row.authorName } : null,
    authorId: row.userId,
    status: row.status,
    createdAt: row.createdAt.toISOString(),
  };
}

/** The club's requests, newest first (02 §7 club_requests), for members only; [] for anyone else. */
export async function listItemRequests(db: Db, access: ClubAccess): Promise<ItemRequestRow[]> {
  if (!clubCan(access, "readRequests") || !access.viewer) return [];
  return itemRequestsQuery(db, access.viewer, access.club.id);
}

/**
 * The same read for a page that has not read the club yet: keyed by the id of the club with this
 * slug that the viewer may see, active members only in the SQL — so it can go beside the club page's
 * batch (ADR 051). The caller still applies `clubCan(access, 'readRequests')`.
 */
export async function itemRequestsBySlug(db: Db, viewer: Viewer, slug: string): Promise<ItemRequestRow[]> {
  return itemRequestsQuery(db, viewer, visibleClubIdBySlug(viewer, slug));
}

/** Requests of anyone blocked either way are left out (ADR 069), as their listings are; back on unblock. */
function itemRequestsQuery(db: Db, viewer: Viewer, clubId: string | SQL) {
  return db
    .select(columns)
    .from(clubRequests)
    .leftJoin(profiles, eq(profiles.userId, clubRequests.userId))
    .where(
      and(
        eq(clubRequests.clubId, clubId),
        activeMemberOf(viewer, sql`${clubRequests.clubId}`),
        notBlockedWith(viewer.id, sql`${clubRequests.userId}`),
        notHeld("item_request", sql`${clubRequests.id}`, viewer, sql`${clubRequests.userId}`),
      ),
    )
    .orderBy(desc(clubRequests.createdAt), desc(clubRequests.id));
}

async function readRequest(db: Db, clubId: string, id: string): Promise<ItemRequestRow | null> {
  const [row] = await db
    .select(columns)
    .from(clubRequests)
    .leftJoin(profiles, eq(profiles.userId, clubRequests.userId))
    .where(and(eq(clubRequests.id, id), eq(clubRequests.clubId, clubId)))
    .limit(1);
  return row ?? null;
}

export type RequestWriteResult =
  { ok: true; request: ItemRequestRow; changed: boolean } | { ok: false; error: "forbidden" | "not_found" | "conflict" };

/**
 * Posts a request. `id` is made by the browser and becomes the row id (INSERT … ON CONFLICT DO
 * NOTHING): a double submit or a retry finds its own row and stores nothing twice; an id that is
 * someone else's row (or another club's) is refused.
 */
export async function postItemRequest(
  db: Db,
  access: ClubAccess,
  input: { id: string; title: string; description?: string | null },
  publish: ClubPublisher = null,
  now = new Date(),
): Promise<RequestWriteResult> {
  const viewer = access.viewer;
  if (!viewer || !clubCan(access, "postRequest")) return { ok: false, error: "forbidden" };
  const title = input.title.trim();
  const description = input.description?.trim() || null; // null when empty (02 §5)
  const inserted = await db
    .insert(clubRequests)
    .values({ id: input.id, clubId: access.club.id, userId: viewer.id, title, description, status: "open", createdAt: now, updatedAt: now })
    .onConflictDoNothing()
    .returning({ id: clubRequests.id });
  const row = await readRequest(db, access.club.id, input.id);
  if (!row || row.userId !== viewer.id) return { ok: false, error: "conflict" };
  const changed = inserted.length > 0;
  if (changed) publish?.club(access.club.id, { type: "club.request.created", request: requestEvent(row) });
  return { ok: true, request: row, changed };
}

/** The author marks their open request fulfilled (02 §4: open → fulfilled, author only). */
export async function fulfilItemRequest(
  db: Db,
  access: ClubAccess,
  id: string,
  publish: ClubPublisher = null,
): Promise<RequestWriteResult> {
  const viewer = access.viewer;
  if (!viewer || !clubCan(access, "fulfilOwnRequest")) return { ok: false, error: "forbidden" };
  const updated = await db
    .update(clubRequests)
    .set({ status: "fulfilled" })
    .where(
      and(
        eq(clubRequests.id, id),
        eq(clubRequests.clubId, access.club.id),
        eq(clubRequests.userId, viewer.id),
        eq(clubRequests.status, "open"),
        activeMemberOf(viewer, sql`${clubRequests.clubId}`),
      ),
    )
    .returning({ id: clubRequests.id });
  if (!updated.length) return { ok: false, error: "not_found" };
  const row = (await readRequest(db, access.club.id, id))!;
  publish?.club(access.club.id, { type: "club.request.updated", request: requestEvent(row) });
  return { ok: true, request: row, changed: true };
}

/** The author deletes their open request (02 §4: delete is offered only on the author's open requests). */
export async function deleteItemRequest(
  db: Db,
  access: ClubAccess,
  id: string,
  publish: ClubPublisher = null,
): Promise<{ ok: true } | { ok: false; error: "forbidden" | "not_found" }> {
  const viewer = access.viewer;
  if (!viewer || !clubCan(access, "deleteOwnRequest")) return { ok: false, error: "forbidden" };
  const deleted = await db
    .delete(clubRequests)
    .where(
      and(
        eq(clubRequests.id, id),
        eq(clubRequests.clubId, access.club.id),
        eq(clubRequests.userId, viewer.id),
        eq(clubRequests.status, "open"),
        activeMemberOf(viewer, sql`${clubRequests.clubId}`),
      ),
    )
    .returning({ id: clubRequests.id });
  if (!deleted.length) return { ok: false, error: "not_found" };
  publish?.club(access.club.id, { type: "club.request.deleted", clubId: access.club.id, id });
  return { ok: true };
}
