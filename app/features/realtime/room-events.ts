// The realtime contract shared by server and browser (issue 12). The database is the source of
// truth; a room only fans an event out so open pages can update (or refetch) without a reload.
// Events carry ids and already-rendered-safe plain data, never anything the room's audience may not
// see: a club room's audience is the club's active members, a user room's audience is one user.
// A DM is NEVER published to a club room.

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

export type ClubRequestEvent = {
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
  | { type: "club.request.created"; request: ClubRequestEvent }
  | { type: "club.request.updated"; request: ClubRequestEvent }
  | { type: "club.request.deleted"; clubId: string; id: string }
  /** Membership changed (joined, left, removed, role): pages refetch the roster / DM list. */
  | { type: "club.members.changed"; clubId: string };

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
  /** Something changed the user's unread counts; badges refetch /api/badges (derived from read_at). */
  | { type: "badges.changed" }
  /** Tells the browser to drop its socket: left / removed / signed out (the server also closes it). */
  | { type: "access.revoked"; room: string };

export type RoomEvent = ClubEvent | UserEvent | { type: string; [key: string]: unknown };
