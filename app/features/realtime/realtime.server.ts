import type { Bindings } from "~/platform/env.server";
import type { ClubEvent, PublishedEvent, RoomKind, UserEvent } from "./room-events";

export type { RoomKind };

/** Room kinds: the Durable Object binding and the kebab-case party name partyserver routes by. */
export const ROOM_KINDS = {
  lobby: { binding: "LobbyRoom", party: "lobby-room" },
  club: { binding: "ClubRoom", party: "club-room" },
  user: { binding: "UserRoom", party: "user-room" },
} as const satisfies Record<RoomKind, { binding: string; party: string }>;

export const PUBLISH_SECRET_HEADER = "x-lockerswap-publish";

/** Close codes a room uses when it ends a connection (the browser hook tells them apart). */
export const ROOM_CLOSE = {
  /** The token's time is up: reconnect with a fresh one from /api/rooms/token. */
  expired: 4001,
  /** The server took this user out (left, removed, signed out): the token endpoint decides what next. */
  revoked: 4003,
} as const;

export type Realtime = {
  /**
   * Fan an event out to everyone in a room. Call it after the database write: the database is the
   * source of truth, the room only fans out. Never throws; returns false when the room is unreachable.
   */
  publish<K extends RoomKind>(kind: K, room: string, event: PublishedEvent[K]): Promise<boolean>;
  /**
   * Close every connection of `userId` in a room at once (ADR 039): a member who left or was removed,
   * a session that signed out. Never throws; returns false when the room is unreachable.
   */
  disconnect(kind: RoomKind, room: string, userId: string): Promise<boolean>;
};

export function createRealtime(bindings: Bindings, secret: string): Realtime {
  /** An internal request to a room: the raw Durable Object stub, authenticated by the shared secret. */
  async function toRoom(kind: RoomKind, room: string, init: { search?: string; body: string }, what: string) {
    const { binding, party } = ROOM_KINDS[kind];
    try {
      // The raw stub, not partyserver's helpers: importing partyserver in route code breaks Vite dev.
      const namespace = bindings[binding] as DurableObjectNamespace;
      const stub = namespace.get(namespace.idFromName(room));
      const response = await stub.fetch(`https://rooms.internal/parties/${party}/${encodeURIComponent(room)}${init.search ?? ""}`, {
        method: "POST",
        headers: {
          "content-type": "application/json",
          "x-partykit-room": room,
          "x-partykit-namespace": party,
          [PUBLISH_SECRET_HEADER]: secret,
        },
        body: init.body,
      });
      return response.ok;
    } catch (error) {
      console.error(JSON.stringify({ level: "error", event: `realtime_${what}_failed`, kind, room, message: String(error) }));
      return false;
    }
  }
  return {
    publish: (kind, room, event) => toRoom(kind, room, { body: JSON.stringify(event) }, "publish"),
    disconnect: (kind, room, userId) => toRoom(kind, room, { search: `?op=disconnect`, body: JSON.stringify({ userId }) }, "disconnect"),
  };
}

/** Room names: one per club, one per user (ROOM_KINDS.club / ROOM_KINDS.user). */
export const clubRoomName = (clubId: string) => `club:${clubId}`;
export const userRoomName = (userId: string) => `user:${userId}`;

export type Publish = {
  /** To the club's room (its active members). Never a DM. */
  club(clubId: string, event: ClubEvent): void;
  /** To one user's room (that user only). */
  user(userId: string, event: UserEvent): void;
};

/**
 * Typed fan-out for domain write functions (issue 12): called after the database write, handed to
 * `waitUntil` so the response does not wait for the rooms. A room that cannot be reached loses
 * nothing: pages catch up from the database on reconnect.
 */
export function createPublish(realtime: Realtime, waitUntil: (promise: Promise<unknown>) => void): Publish {
  return {
    club: (clubId, event) => waitUntil(realtime.publish("club", clubRoomName(clubId), event)),
    user: (userId, event) => waitUntil(realtime.publish("user", userRoomName(userId), event)),
  };
}
