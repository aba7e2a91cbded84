// The Messages tab's loader data (ADR 041): what /club/{slug}?tab=messages&sub=… shows to
// an active member. The club page's loader calls it after its own access check; everything here
// checks again in the query (club-chat.server.ts, direct-messages.server.ts), so nobody else gets message content.
import type { AppLoadContext } from "@remix-run/cloudflare";
import type { Db } from "#db/client";
import { clubCan } from "~/features/permissions/club";
import { visibleClubIdBySlug, type ClubAccess } from "~/features/clubs/club-access.server";
import { clubMessagesPageQuery, toClubMessagesPage, type ChatMessageView } from "~/features/messaging/club-chat.server";
import { directMessagesBatch, openedDirectMessages, type DirectMessageView } from "~/features/messaging/direct-messages.server";
import type { Viewer } from "~/features/permissions/viewer";
import { clubRoomAccess, userRoomAccess } from "~/features/realtime/rooms.server";

export const MESSAGE_SUBS = ["chat", "announcements", "dm"] as const;
export type MessageSub = (typeof MESSAGE_SUBS)[number];

export function messageSubFrom(url: URL): MessageSub {
  const sub = url.searchParams.get("sub");
  return (MESSAGE_SUBS as readonly string[]).includes(sub ?? "") ? (sub as MessageSub) : "chat";
}

export const serialiseChat = (m: ChatMessageView) => ({ ...m, createdAt: m.createdAt.toISOString() });
export const serialiseDm = (m: DirectMessageView) => ({
  id: m.id,
  senderId: m.senderId,
  receiverId: m.receiverId,
  content: m.content,
  createdAt: m.createdAt.toISOString(),
});
export type ChatMessageData = ReturnType<typeof serialiseChat>;
export type DirectMessageData = ReturnType<typeof serialiseDm>;

/** Which conversation (and page of it) the Direct Messages sub-tab opens for this URL. */
function dmOptions(url: URL) {
  return { withId: url.searchParams.get("with"), before: url.searchParams.get("before") };
}

/** Which page of which history the chat and announcements sub-tabs show for this URL. */
function chatPageOptions(url: URL) {
  return {
    kind: messageSubFrom(url) === "announcements" ? ("announcement" as const) : ("chat" as const),
    before: url.searchParams.get("before"),
  };
}

/**
 * The tab's database work, sent beside the club page's own batch (ADR 052): the chat or
 * announcements page, or Direct Messages' marking as read with its reads. Keyed by the club the
 * viewer may see (`visibleClubIdBySlug`) and limited to its active members in the SQL; nothing of
 * it reaches the page before loadMessagesTab has the access check.
 */
export async function readMessagesTab(db: Db, viewer: Viewer, slug: string, url: URL) {
  const club = visibleClubIdBySlug(viewer, slug);
  if (messageSubFrom(url) === "dm") return { of: "dm" as const, dm: await directMessagesBatch(db, viewer, club, dmOptions(url)) };
  return { of: "chat" as const, chatRows: await clubMessagesPageQuery(db, viewer, club, chatPageOptions(url)) };
}

/** Null when the viewer is not an active member (the caller answers 404). `read`: readMessagesTab's result. */
export async function loadMessagesTab(
  context: AppLoadContext,
  access: ClubAccess,
  url: URL,
  read: Awaited<ReturnType<typeof readMessagesTab>>,
) {
  const viewer = access.viewer;
  if (!viewer || !clubCan(access, "readMessages")) return null;
  // Both rooms through roomAccessFor (no second query: the club's is read off `access`).
  const [clubRoom, userRoom] = await Promise.all([clubRoomAccess(context, access), userRoomAccess(context, viewer)]);
  if (!clubRoom) return null;
  const sub = messageSubFrom(url);
  const base = {
    sub,
    viewerId: viewer.id,
    now: new Date().toISOString(),
    // The composer's client-made id (ADR 041): a fresh one with every render of the page.
    clientId: crypto.randomUUID(),
    can: { postAnnouncement: clubCan(access, "postAnnouncement"), deleteAny: clubCan(access, "deleteAnyChat") },
    rooms: { club: clubRoom, user: userRoom },
  };
  // readMessagesTab chose what to read from the same URL: `read.of` is "dm" exactly when `sub` is.
  if (read.of === "dm") {
    const { withId, before } = dmOptions(url);
    // 02 §4: opening a conversation marks it read; opening the tab marks all of them read.
    const opened = openedDirectMessages(access, read.dm, context.publish);
    if (!opened) return null;
    const { members, conversation, unread } = opened;
    return {
      ...base,
      chat: null,
      dm: {
        members,
        withId,
        /** The viewer's unread DMs in this club after this view marked some read (the tab badge). */
        unread,
        conversation: conversation
          ? {
              partner: conversation.partner,
              paged: Boolean(before),
              older: conversation.older,
              messages: conversation.messages.map(serialiseDm),
            }
          : null,
      },
    };
  }
  const options = chatPageOptions(url);
  const page = toClubMessagesPage(read.chatRows, options);
  return {
    ...base,
    chat: { kind: options.kind, paged: Boolean(options.before), older: page.older, messages: page.messages.map(serialiseChat) },
    dm: null,
  };
}

export type MessagesTabData = NonNullable<Awaited<ReturnType<typeof loadMessagesTab>>>;
