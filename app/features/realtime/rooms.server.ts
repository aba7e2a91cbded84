// Who may join which realtime room (issue 12 "Design", ADR 039): the one place that decides. Loaders
// call roomAccessPayload to hand a page its room token; /api/rooms/token calls it again on every
// reconnect, so a token is minted only for someone allowed in *now*. Rooms themselves hold no rules.
import type { AppLoadContext } from "@remix-run/cloudflare";
import { and, eq, sql } from "drizzle-orm";
import type { Db } from "#db/client";
import { clubs } from "#db/schema";
import { clubRoomName, ROOM_KINDS, userRoomName, type RoomKind } from "~/features/realtime/realtime.server";
import { mintRoomToken } from "~/features/realtime/room-token.server";
import { activeClubIdsOf, activeMemberOf } from "../clubs/club-access.server";
import type { Viewer } from "../accounts/viewer";

/**
 * A room as the browser names it: a kind and the id of what it is about — a club id, a user id,
 * any short name for the dev lobby. (Listing threads live in the buyer's and seller's user rooms, ADR 050.)
 */
export type RoomRef = { kind: RoomKind; id: string };

/** A room the viewer may join: the party and room name a token is minted for. */
export type RoomGrant = { party: string; room: string };

/** What a loader hands the page: enough to connect now (`token`) and to ask for a fresh token later. */
export type RoomAccessPayload = RoomGrant & { token: string; kind: RoomKind; id: string };

const ID = /^[A-Za-z0-9_-]{1,64}$/;

export function isRoomKind(kind: string): kind is RoomKind {
  return Object.hasOwn(ROOM_KINDS, kind);
}

/**
 * Whether `viewer` may join `room` now, and under which name:
 * - club: the club's active members (pending, strangers, site admins who are not members: no);
 * - user: that user only;
 * - lobby: the dev/test room, only where dev routes are on (anyone, signed in or not).
 * Null means no, whatever the reason (unknown club, not a member, someone else's room).
 */
export async function roomAccessFor(
  db: Db,
  viewer: Viewer | null,
  room: RoomRef,
  options: { devRooms?: boolean } = {},
): Promise<RoomGrant | null> {
  const grant = (name: string): RoomGrant => ({ party: ROOM_KINDS[room.kind].party, room: name });
  if (room.kind === "lobby") return options.devRooms && ID.test(room.id) ? grant(room.id) : null;
  if (!viewer) return null;
  switch (room.kind) {
    case "user":
      return room.id === viewer.id ? grant(userRoomName(viewer.id)) : null;
    case "club": {
      if (!ID.test(room.id)) return null;
      const [club] = await db
        .select({ id: clubs.id })
        .from(clubs)
        .where(and(eq(clubs.id, room.id), activeMemberOf(viewer)))
        .limit(1);
      return club ? grant(clubRoomName(club.id)) : null;
    }
  }
}

/**
 * The page's ticket into a room: `{ party, room, token, kind, id }` for useRoom, or null when the
 * viewer may not join. Signed-out visitors get a throwaway subject in the dev lobby only.
 */
export async function roomAccessPayload(
  context: Pick<AppLoadContext, "db" | "env">,
  viewer: Viewer | null,
  kind: RoomKind,
  id: string,
): Promise<RoomAccessPayload | null> {
  const grant = await roomAccessFor(context.db, viewer, { kind, id }, { devRooms: context.env.devRoutes });
  if (!grant) return null;
  const sub = viewer?.id ?? `visitor-${crypto.randomUUID()}`;
  const token = await mintRoomToken(context.env.REALTIME_SECRET, { ...grant, sub });
  return { ...grant, token, kind, id };
}

/**
 * Takes a user out of a club's room at once (left or removed): their open sockets there are closed
 * and a reconnect is refused by the token endpoint. Fire-and-forget like publish.
 */
export function revokeClubRoom(context: Pick<AppLoadContext, "realtime" | "cloudflare">, clubId: string, userId: string) {
  context.cloudflare.ctx.waitUntil(context.realtime.disconnect("club", clubRoomName(clubId), userId));
}

/**
 * Sign-out: closes the user's sockets in their own room and in the rooms of every club they are an
 * active member of (ADR 039). Other signed-in devices of the same user reconnect with a fresh token.
 * Awaited by the caller before the session row goes, so nothing arrives after the response.
 */
export async function disconnectEverywhere(context: Pick<AppLoadContext, "db" | "realtime">, userId: string) {
  const memberOf = await context.db
    .select({ id: clubs.id })
    .from(clubs)
    .where(sql`${clubs.id} in ${activeClubIdsOf({ id: userId })}`);
  await Promise.all([
    context.realtime.disconnect("user", userRoomName(userId), userId),
    ...memberOf.map((club) => context.realtime.disconnect("club", clubRoomName(club.id), userId)),
  ]);
}
