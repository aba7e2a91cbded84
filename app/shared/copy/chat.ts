// The Messages tab's texts (spec 02 §2, §8), verbatim where the spec has them. Plain strings:
// components and actions both import them.
import type { ClubToast } from "./clubs";
import { SAFETY_TEXT } from "./safety";

export const CHAT_TEXT = {
  chatEmpty: "No messages yet. Start the conversation!",
  // A message shown before the server has stored it (optimistic, ADR 075).
  sending: "Sending...",
  announcementsEmpty: "No announcements yet",
  announcementsAdminsOnly: "Only admins can post announcements",
  dmEmpty: "No other members yet",
  dmPick: "Choose a member to start a conversation",
  conversationEmpty: "No messages yet. Say hello!",
  olderMessages: "Older messages",
  livePaused: "Live updates paused. New messages appear when you reload.",
  offline: "You're offline. Your message will be kept until you can send it.",
  notAvailable: "This conversation is not available",
} as const;

const fail = (title: string, description?: string): ClubToast => ({ title, description, variant: "destructive" });
const done = (title: string): ClubToast => ({ title, variant: "success" });

export const CHAT_TOASTS = {
  sent: done("Message sent"),
  announcementPosted: done("Announcement posted"),
  deleted: done("Message deleted"),
  deleteFailed: fail("Failed to delete message"),
  sendFailed: fail("Error sending message", "Please try again"),
  // Beyond the spec (ADR 041): a clear message when the per-user limit is hit.
  rateLimited: fail("Slow down", "You're sending messages too quickly. Please wait a minute and try again."),
  notAllowed: fail("Error sending message", "Only admins can post announcements"),
  noRecipient: fail("Error sending message", "That person is not an active member of this group"),
  // One has blocked the other (ADR 069): the same words as every refusal across a block.
  blocked: fail("Error sending message", SAFETY_TEXT.blockedRefusal),
} as const satisfies Record<string, ClubToast>;
