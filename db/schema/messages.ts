// Conversations: about a listing, a club's group chat, and direct messages inside a club
// (spec 02 §3 Listing message, Club message, Club direct message; §5 Messages).
import { sql } from "drizzle-orm";
import { check, index, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { users } from "./accounts";
import { clubs } from "./clubs";
import { col, createdAt, id, isNotBlank, isOneOf, timestamp } from "./columns";
import { CLUB_MESSAGE_TYPES } from "./enums";
import { listings } from "./listings";

export const listingMessages = sqliteTable(
  "listing_messages",
  {
    id: id(),
    listingId: text("listing_id")
      .notNull()
      .references(() => listings.id, { onDelete: "cascade" }),
    senderId: text("sender_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    receiverId: text("receiver_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    content: text("content").notNull(),
    // The scam rule a first message to a stranger matched (ADR 095): the receiver sees a warning beside it.
    scamSignal: text("scam_signal"),
    readAt: timestamp("read_at"), // null = unread
    createdAt: createdAt(),
  },
  (t) => [
    index("listing_messages_listing_id_created_at_idx").on(t.listingId, t.createdAt),
    index("listing_messages_receiver_id_read_at_idx").on(t.receiverId, t.readAt),
    // Inbox: "sender or receiver is me".
    index("listing_messages_sender_id_created_at_idx").on(t.senderId, t.createdAt),
    check("listing_messages_content", isNotBlank(t.content)),
    check("listing_messages_not_self", sql`${col(t.senderId)} <> ${col(t.receiverId)}`),
  ],
);

export const clubMessages = sqliteTable(
  "club_messages",
  {
    id: id(),
    clubId: text("club_id")
      .notNull()
      .references(() => clubs.id, { onDelete: "cascade" }),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    messageType: text("message_type", { enum: CLUB_MESSAGE_TYPES }).notNull().default("chat"),
    content: text("content").notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index("club_messages_club_id_created_at_idx").on(t.clubId, t.createdAt),
    index("club_messages_user_id_idx").on(t.userId),
    check("club_messages_message_type", isOneOf(t.messageType, CLUB_MESSAGE_TYPES)),
    check("club_messages_content", isNotBlank(t.content)),
  ],
);

export const clubDirectMessages = sqliteTable(
  "club_direct_messages",
  {
    id: id(),
    clubId: text("club_id")
      .notNull()
      .references(() => clubs.id, { onDelete: "cascade" }),
    senderId: text("sender_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    receiverId: text("receiver_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    content: text("content").notNull(),
    readAt: timestamp("read_at"), // null = unread
    createdAt: createdAt(),
  },
  (t) => [
    // Unread counts per receiver.
    index("club_direct_messages_receiver_id_read_at_idx").on(t.receiverId, t.readAt),
    // A conversation between two members of a club, oldest first.
    index("club_direct_messages_conversation_idx").on(t.clubId, t.senderId, t.receiverId, t.createdAt),
    index("club_direct_messages_sender_id_idx").on(t.senderId),
    check("club_direct_messages_content", isNotBlank(t.content)),
    check("club_direct_messages_not_self", sql`${col(t.senderId)} <> ${col(t.receiverId)}`),
  ],
);

export type ListingMessage = typeof listingMessages.$inferSelect;
export type NewListingMessage = typeof listingMessages.$inferInsert;
export type ClubMessage = typeof clubMessages.$inferSelect;
export type NewClubMessage = typeof clubMessages.$inferInsert;
export type ClubDirectMessage = typeof clubDirectMessages.$inferSelect;
export type NewClubDirectMessage = typeof clubDirectMessages.$inferInsert;
