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
/**
 * On a publish: the user ids (comma-separated) whose connections must not receive this event. The
 * room honours the list and knows nothing of why (blocks, ADR 069: the rule is createPublish's).
 */
export const PUBLISH_EXCEPT_HEADER = "x-lockerswap-except";

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
  publish<K extends RoomKind>(kind: K, room: string, event: PublishedEvent[K], options?: PublishOptions): Promise<boolean>;
  /**
   * Close every connection of `userId` in a room at once (ADR 039): a member who left or was removed,
   * a session that signed out. Never throws; returns false when the room is unreachable.
   */
  disconnect(kind: RoomKind, room: string, userId: string): Promise<boolean>;
};

/** A user room's answer to `?op=presence`: lastSeenAt (ms) is now while connected, null when never seen. */
export type Presence = { connected: boolean; lastSeenAt: number | null };
/**
 * Whether a user has a connection open to their user room now, and when they last had one (e-mail
 * when away, ADR 073). Never throws; null when the room is unreachable (the caller waits).
 */
export type PresenceOf = (userId: string) => Promise<Presence | null>;

export type PublishOptions = {
  /** Users whose open connections in the room skip this event (everyone else gets it). */
  exceptUserIds?: readonly string[];
};

type RoomRequest = { search?: string; body: string; except?: readonly string[] };

/** An internal request to a room: the raw Durable Object stub, authenticated by the shared secret. Null when unreachable. */
async function roomRequest(bindings: Bindings, secret: string, kind: RoomKind, room: string, init: RoomRequest, what: string) {
  const { binding, party } = ROOM_KINDS[kind];
  try {
    // The raw stub, not partyserver's helpers: importing partyserver in route code breaks Vite dev.
    const namespace = bindings[binding] as DurableObjectNamespace;
    const stub = namespace.get(namespace.idFromName(room));
    return await stub.fetch(`https://rooms.internal/parties/${party}/${encodeURIComponent(room)}${init.search ?? ""}`, {
      method: "POST",
      headers: {
        "content-type": "application/json",
        "x-partykit-room": room,
        "x-partykit-namespace": party,
        [PUBLISH_SECRET_HEADER]: secret,
        ...(init.except?.length ? { [PUBLISH_EXCEPT_HEADER]: init.except.join(",") } : {}),
      },
      body: init.body,
    });
  } catch (error) {
    console.error(JSON.stringify({ level: "error", event: `realtime_${what}_failed`, kind, room, message: String(error) }));
    return null;
  }
}

export function createRealtime(bindings: Bindings, secret: string): Realtime {
  const toRoom = async (kind: RoomKind, room: string, init: RoomRequest, what: string) =>
    (await roomRequest(bindings, secret, kind, room, init, what))?.ok ?? false;
  return {
    publish: (kind, room, event, options) => toRoom(kind, room, { body: JSON.stringify(event), except: options?.exceptUserIds }, "publish"),
    disconnect: (kind, room, userId) => toRoom(kind, room, { search: `?op=disconnect`, body: JSON.stringify({ userId }) }, "disconnect"),
  };
}

/** Asks a user's own room (`?op=presence`, party/user-room.ts) through the same stub and secret as publish. */
export function createPresenceOf(bindings: Bindings, secret: string): PresenceOf {
  return async (userId) => {
    const response = await roomRequest(bindings, secret, "user", userRoomName(userId), { search: "?op=presence", body: "{}" }, "presence");
    if (!response?.ok) return null;
    const body = (await response.json().catch(() => null)) as Partial<Presence> | null;
    if (typeof body?.connected !== "boolean") return null;
    return { connected: body.connected, lastSeenAt: typeof body.lastSeenAt === "number" ? body.lastSeenAt : null };
  };
}

/** Room names: one per club, one per user (ROOM_KINDS.club / ROOM_KINDS.user). */
export const clubRoomName = (clubId: string) => `club:${clubId}`;
export const userRoomName = (userId: string) => `user:${userId}`;

export type Publish = {
  /** To the club's room (its active members). Never a DM. */
  club(clubId: string, event: ClubEvent, audience?: KnownAudience): void;
  /** To one user's room (that user only). */
  user(userId: string, event: UserEvent, audience?: KnownAudience): void;
};

/**
 * The people blocked either way with the event's author, already read by the caller in the same
 * batch as the write the event reports (`blockedWith(authorId)`, safety): then publishing needs no
 * look-up of its own and the room hears one round trip sooner (ADR 075). Same rule, same moment.
 */
export type KnownAudience = { blockedWithAuthor: readonly string[] };

/**
 * Whose words an event carries, or null when it carries none (ids, read marks, a deal's new state).
 * A closed switch: a new event type must say here whether a block holds it back. deal.changed is
 * nobody's words on purpose — the closing of deals by a block must reach both sides.
 */
export function eventAuthorId(event: ClubEvent | UserEvent): string | null {
  switch (event.type) {
    case "club.message.created":
      return event.message.author.id;
    case "club.request.created":
    case "club.request.updated":
      return event.request.authorId;
    case "dm.created":
      return event.message.senderId;
    case "listing.message.created":
      // Without the message the event is ids only: the page re-reads through the block-aware queries.
      return event.message?.senderId ?? null;
    case "club.message.deleted":
    case "club.request.deleted":
    case "dm.read":
    case "deal.changed":
    case "badges.changed":
    case "matches.changed":
      return null;
  }
}

/**
 * The ids of everyone blocked either way with a user, read from the database when asked (so a block
 * made a moment ago counts): `blockedAudience(db)` in blocked-audience.server.ts.
 */
export type BlockedWith = (userId: string) => Promise<readonly string[]>;

/**
 * Typed fan-out for domain write functions (ADR 064): called after the database write, handed to
 * `waitUntil` so the response does not wait for the rooms. A room that cannot be reached loses
 * nothing: pages catch up from the database on reconnect.
 *
 * Blocks (ADR 069, "an open socket of either stops receiving the other's events at once"): an
 * event that carries a person's words (`eventAuthorId`) is not delivered to anyone blocked either way
 * with that person. The ids are read from the database at publish time, in the request that
 * publishes, and handed to the room as a list to skip; the room itself holds no rule. Were the
 * look-up to fail, the event is not published (pages catch up on their next load) rather than sent
 * to people it must not reach.
 */
export function createPublish(realtime: Realtime, waitUntil: (promise: Promise<unknown>) => void, blockedWith: BlockedWith): Publish {
  async function send<K extends "club" | "user">(
    kind: K,
    room: string,
    event: PublishedEvent[K],
    owner: string | null,
    audience: KnownAudience | undefined,
  ) {
    const authorId = eventAuthorId(event);
    // A user's own words in their own room (the sender's copy of a DM) need no look-up.
    if (authorId === null || authorId === owner) return realtime.publish(kind, room, event);
    let except: readonly string[];
    try {
      except = audience ? audience.blockedWithAuthor : await blockedWith(authorId);
    } catch (error) {
      console.error(JSON.stringify({ level: "error", event: "realtime_audience_failed", kind, room, message: String(error) }));
      return false;
    }
    // A user room has one audience: when its owner is blocked with the author there is no one to tell.
    if (owner !== null && except.includes(owner)) return true;
    return realtime.publish(kind, room, event, except.length ? { exceptUserIds: except } : undefined);
  }
  return {
    club: (clubId, event, audience) => waitUntil(send("club", clubRoomName(clubId), event, null, audience)),
    user: (userId, event, audience) => waitUntil(send("user", userRoomName(userId), event, userId, audience)),
  };
}
