// The realtime contract shared by server and browser (ADR 064). The database is the source of
// truth; a room only fans an event out so open pages can update (or refetch) without a reload.
// Events carry ids and already-rendered-safe plain data, never anything the room's audience may not
// see: a club room's audience is the club's active members, a user room's audience is one user.
// A DM is NEVER published to a club room.
//
// The union is closed and split per room kind: `RoomEvent<"club">` is everything a club room's socket
// can deliver, so a handler (`useRoom`) sees only its own room's events.

/** The kinds of room, one Durable Object class each (`ROOM_KINDS` in realtime.server.ts). */
export type RoomKind = "lobby" | "club" | "user";

/**
 * A page's ticket into a room, from `roomAccessFor` (rooms.server.ts) in a loader or from
 * /api/rooms/token: enough to connect now (`token`), to know when that token stops working
 * (`expiresAt`, epoch ms — the browser never decodes the token), and to ask for the next one
 * (`kind`, `id`; ADR 039).
 */
export type RoomAccess<K extends RoomKind = RoomKind> = {
  kind: K;
  id: string;
  party: string;
  room: string;
  token: string;
  expiresAt: number;
};

/** Plain author shape carried in events (the same the loaders render). */
export type EventAuthor = { id: string; name: string };

export type ChatMessageEvent = {
  id: string;
  clubId: string;
  kind: "chat" | "announcement";
  content: string;
  author: EventAuthor;
  createdAt: string; // ISO
};

export type ItemRequestEvent = {
  id: string;
  clubId: string;
  title: string;
  description: string | null;
  author: EventAuthor | null; // null when anonymous
  /** The author's id even when anonymous: the Contact link starts a DM with them. */
  authorId: string;
  status: "open" | "fulfilled";
  createdAt: string;
};

/** Events for everyone in one club's room (active members only). */
export type ClubEvent =
  | { type: "club.message.created"; message: ChatMessageEvent }
  | { type: "club.message.deleted"; clubId: string; id: string; kind: "chat" | "announcement" }
  | { type: "club.request.created"; request: ItemRequestEvent }
  | { type: "club.request.updated"; request: ItemRequestEvent }
  | { type: "club.request.deleted"; clubId: string; id: string };

export type DirectMessageEvent = {
  id: string;
  clubId: string;
  senderId: string;
  recipientId: string;
  content: string;
  sender: EventAuthor;
  createdAt: string;
  readAt: string | null;
};

export type ListingMessageEvent = { id: string; senderId: string; content: string; createdAt: string };

/** Events for one user's room (only that user): DMs, listing questions, badge counts. */
export type UserEvent =
  | { type: "dm.created"; message: DirectMessageEvent }
  | { type: "dm.read"; clubId: string; otherUserId: string }
  /**
   * A listing question or reply, to the buyer's and the seller's user rooms (not a room per thread).
   * `message` is the stored row as the Interested? card renders it (both receivers may read it).
   */
  | { type: "listing.message.created"; listingId: string; buyerId: string; messageId: string; message?: ListingMessageEvent }
  /**
   * A deal the user is a party to took a step (ADR 068): to both parties' rooms, after the batch
   * committed. The deal page and the listing's thread reload their data; badges refetch.
   */
  | { type: "deal.changed"; dealId: string; listingId: string | null; state: DealEventState; step: string }
  /** Something changed the user's unread counts; badges refetch /api/badges (derived from read_at). */
  | { type: "badges.changed" }
  /** The matcher found new listings for the user's saved searches or item requests (ADR 071). */
  | { type: "matches.changed" };

type DealEventState =
  | "proposed"
  | "accepted"
  | "meetup_agreed"
  | "handed_over"
  | "completed"
  | "declined"
  | "withdrawn"
  | "expired"
  | "voided"
  | "cancelled"
  | "lapsed";

/** The dev/test lobby (/dev/realtime): a line of text from a visitor. */
export type LobbyEvent = { type: "message"; text: string; from: string };

/** What server code may publish to each kind of room (realtime.server.ts `publish`). */
export type PublishedEvent = { lobby: LobbyEvent; club: ClubEvent; user: UserEvent };

/**
 * Sent by the room itself, in any kind of room (party/broadcast-room.ts), just before it closes a
 * user's sockets there with ROOM_CLOSE.revoked: left, removed, signed out (ADR 039).
 */
export type AccessRevokedEvent = { type: "access.revoked"; room: string };

/** Everything a socket in a room of kind K can receive. */
export type RoomEvent<K extends RoomKind = RoomKind> = PublishedEvent[K] | AccessRevokedEvent;
