// Who may join which realtime room, and the one place a room token is minted (ADR 039,
// ADR 039): `roomAccessFor`. Loaders call it to hand a page its room; /api/rooms/token
// calls it again on every reconnect, so a token is minted only for someone allowed in *now*. Rooms
// themselves hold no rules.
import { sql } from "drizzle-orm";
import type { Db } from "#db/client";
import { clubs } from "#db/schema";
import type { AppEnv } from "~/platform/env.server";
import { clubRoomName, ROOM_KINDS, userRoomName, type Realtime } from "./realtime.server";
import type { RoomAccess, RoomKind } from "./room-events";
import { signRoomToken } from "./room-token.server";
import { clubCan } from "../permissions/club";
import { activeClubIdsOf, getClubAccessById, type ClubAccess } from "../clubs/club-access.server";
import type { Viewer } from "../permissions/viewer";
import { can } from "../permissions/can";
import { overseersOf } from "../families/oversight.server";

export type { RoomAccess };

/**
 * A room as the browser names it: a kind and the id of what it is about — a club id, a user id,
 * any short name for the dev lobby. (Listing threads live in the buyer's and seller's user rooms, ADR 050.)
 */
export type RoomRef<K extends RoomKind = RoomKind> = { kind: K; id: string };

/** A room the viewer may join: the party and room name a token is minted for. */
export type RoomGrant = { party: string; room: string };

/** What roomAccessFor reads from the request context (AppLoadContext has it). */
export type RoomContext = { db: Db; env: Pick<AppEnv, "REALTIME_SECRET" | "devRoutes"> };

const ID = /^[A-Za-z0-9_-]{1,64}$/;

export function isRoomKind(kind: string): kind is RoomKind {
  return Object.hasOwn(ROOM_KINDS, kind);
}

/**
 * Whether `viewer` may join `room` now, and under which name:
 * - club: who the club table lets read its messages (`readMessages`: active members; pending, strangers,
 *   site admins who are not members: no) — the room carries those tabs' live events;
 * - user: that user, and a teen's room also their confirmed guardians while the teen is a minor —
 *   the profile table's `oversee` (ADR 096): a guardian reads every conversation of the teen, live.
 *   Read-only like every room (a browser's messages are ignored, party/broadcast-room.ts);
 * - lobby: the dev/test room, only where dev routes are on (anyone, signed in or not).
 * Null means no, whatever the reason (unknown club, not a member, someone else's room).
 * `clubAccess`: the viewer's access a loader already read (its batch, ADR 052), so the same rule is
 * read off the row instead of asked of the database a second time.
 */
export async function roomGrantFor(
  db: Db,
  viewer: Viewer | null,
  room: RoomRef,
  options: { devRooms?: boolean; clubAccess?: ClubAccess } = {},
): Promise<RoomGrant | null> {
  const grant = (name: string): RoomGrant => ({ party: ROOM_KINDS[room.kind].party, room: name });
  if (room.kind === "lobby") return options.devRooms && ID.test(room.id) ? grant(room.id) : null;
  if (!viewer) return null;
  switch (room.kind) {
    case "user": {
      if (room.id === viewer.id) return grant(userRoomName(viewer.id));
      if (!ID.test(room.id)) return null;
      const guardianIds = await overseersOf(db, room.id);
      return can(viewer, "oversee", { kind: "profile", userId: room.id, guardianIds }) ? grant(userRoomName(room.id)) : null;
    }
    case "club": {
      if (!ID.test(room.id)) return null;
      const known = options.clubAccess;
      const access =
        known && known.club.id === room.id && known.viewer?.id === viewer.id ? known : await getClubAccessById(db, viewer, room.id);
      return access && clubCan(access, "readMessages") ? grant(clubRoomName(access.club.id)) : null;
    }
  }
}

/**
 * The page's ticket into a room (`RoomAccess`: party, room, token, expiresAt, kind, id) for useRoom,
 * or null when the viewer may not join. The only function that mints a room token. Signed-out
 * visitors get a throwaway subject in the dev lobby only. `now` / `ttlSeconds`: tests only.
 */
export async function roomAccessFor<K extends RoomKind>(
  context: RoomContext,
  viewer: Viewer | null,
  ref: RoomRef<K>,
  options: { clubAccess?: ClubAccess; now?: number; ttlSeconds?: number } = {},
): Promise<RoomAccess<K> | null> {
  const grant = await roomGrantFor(context.db, viewer, ref, { devRooms: context.env.devRoutes, clubAccess: options.clubAccess });
  if (!grant) return null;
  const sub = viewer?.id ?? `visitor-${crypto.randomUUID()}`;
  const { token, expiresAt } = await signRoomToken(
    context.env.REALTIME_SECRET,
    { ...grant, sub },
    { now: options.now, ttlSeconds: options.ttlSeconds },
  );
  return { ...grant, token, expiresAt, kind: ref.kind, id: ref.id };
}

/** The viewer's own room (DMs, listing questions, badges): always theirs, nobody else's. */
export async function userRoomAccess(context: RoomContext, viewer: Viewer): Promise<RoomAccess<"user">> {
  const access = await roomAccessFor(context, viewer, { kind: "user", id: viewer.id });
  if (!access) throw new Error("a user room refused its own user");
  return access;
}

/** A club's room for a loader that holds the viewer's club access; null unless an active member. */
export function clubRoomAccess(context: RoomContext, access: ClubAccess): Promise<RoomAccess<"club"> | null> {
  return roomAccessFor(context, access.viewer, { kind: "club", id: access.club.id }, { clubAccess: access });
}

type RealtimeContext = { realtime: Realtime; cloudflare: { ctx: { waitUntil(promise: Promise<unknown>): void } } };

/**
 * Takes a user out of a club's room at once (left or removed): their open sockets there are closed
 * and a reconnect is refused by the token endpoint. Fire-and-forget like publish.
 */
export function revokeClubRoom(context: RealtimeContext, clubId: string, userId: string) {
  context.cloudflare.ctx.waitUntil(context.realtime.disconnect("club", clubRoomName(clubId), userId));
}

/** A guardian's unlink (ADR 096): their open sockets in the teen's room close at once. */
export function revokeOversightRoom(context: RealtimeContext, teenId: string, guardianId: string) {
  context.cloudflare.ctx.waitUntil(context.realtime.disconnect("user", userRoomName(teenId), guardianId));
}

/**
 * Sign-out: closes the user's sockets in their own room and in the rooms of every club they are an
 * active member of (ADR 039). Other signed-in devices of the same user reconnect with a fresh token.
 * Awaited by the caller before the session row goes, so nothing arrives after the response.
 */
export async function disconnectEverywhere(context: { db: Db; realtime: Realtime }, userId: string) {
  const memberOf = await context.db
    .select({ id: clubs.id })
    .from(clubs)
    .where(sql`${clubs.id} in ${activeClubIdsOf({ id: userId })}`);
  await Promise.all([
    context.realtime.disconnect("user", userRoomName(userId), userId),
    ...memberOf.map((club) => context.realtime.disconnect("club", clubRoomName(club.id), userId)),
  ]);
}
