// The group chat and announcements of the club Messages tab (spec 02 §2, §6; ADR 041).
// Everything here is a real form first; with JavaScript the composer posts with a fetcher, live
// events from the club room add and remove messages, and older history pages in as you scroll up.
import { Form, useFetcher } from "@remix-run/react";
import { useCallback, useEffect, useRef } from "react";
import { CHAT_TEXT } from "~/shared/copy/chat";
import { SAFETY_TEXT } from "~/shared/copy/safety";
import { formatRelativeTime } from "~/shared/format";
import type { ChatMessageData, MessagesTabData } from "~/web/club-messages-tab.server";
import type { ChatMessageEvent } from "~/features/realtime/room-events";
import { useHydrated } from "~/hooks/use-hydrated";
import { MessageComposer, type ComposerResult } from "../messaging/composer";
import { LiveStatus } from "../layout/live-status";
import { ReportLink } from "../safety/report-link";
import {
  BackToLatest,
  MessageScroller,
  SendingMessage,
  useLiveRoom,
  useMergedMessages,
  useNow,
  useOlderHistory,
  useSendingNow,
} from "../messaging/thread";
import { showToast, type ToastMessage } from "../layout/toaster";
import { Button } from "../ui/button";

const fromEvent = (m: ChatMessageEvent): ChatMessageData => ({
  id: m.id,
  kind: m.kind,
  content: m.content,
  author: m.author,
  createdAt: m.createdAt,
  // The room never delivers the words of someone blocked either way (ADR 069).
  authorBlocked: false,
});

export function ClubChat({ slug, data, chat }: { slug: string; data: MessagesTabData; chat: NonNullable<MessagesTabData["chat"]> }) {
  const hydrated = useHydrated();
  const now = useNow(data.now);
  const { messages, add, remove } = useMergedMessages(chat.messages);
  const isAnnouncements = chat.kind === "announcement";
  const canPost = !isAnnouncements || data.can.postAnnouncement;
  const action = `/club/${slug}/messages`;

  const status = useLiveRoom(data.rooms.club, (e) => {
    if (e.type === "club.message.created" && e.message.kind === chat.kind) add([fromEvent(e.message)]);
    else if (e.type === "club.message.deleted") remove(e.id);
  });

  const sub = isAnnouncements ? "announcements" : "chat";
  const top = useOlderHistory({ action, older: chat.older, add, params: { kind: chat.kind }, tabParams: { sub } });

  const onSent = useCallback((result: ComposerResult) => result.chat && add([result.chat]), [add]);
  // Optimistic (ADR 075): a message on its way shows at once.
  const sendingNow = useSendingNow(action, { intent: "post", kind: chat.kind }, messages);
  const deleteMessage = useDeleteMessage(action, remove);

  return (
    <div className="space-y-3" data-testid="club-chat" data-live={hydrated ? status : undefined}>
      <LiveStatus status={status} text={CHAT_TEXT.livePaused} />
      {chat.paged ? <BackToLatest href={`?tab=messages&sub=${sub}`} /> : null}
      <MessageScroller label={isAnnouncements ? "Announcements" : "Group Chat"} top={top}>
        {messages.length === 0 && sendingNow.length === 0 ? (
          <p className="py-10 text-center text-slate-600">{isAnnouncements ? CHAT_TEXT.announcementsEmpty : CHAT_TEXT.chatEmpty}</p>
        ) : (
          <ul className="space-y-3">
            {messages.map((m) => (
              <li
                key={m.id}
                data-message-id={m.id}
                className={`rounded-lg px-3 py-2 ${m.author.id === data.viewerId ? "bg-brand-50" : "bg-slate-50"}`}
              >
                <div className="flex items-baseline justify-between gap-2">
                  <p className="text-sm">
                    <span className="font-semibold text-slate-900">{m.authorBlocked ? SAFETY_TEXT.blockedMessage : m.author.name}</span>{" "}
                    <time dateTime={m.createdAt} className="text-slate-600">
                      {formatRelativeTime(m.createdAt, now)}
                    </time>
                  </p>
                  <div className="flex items-center gap-1">
                    {m.author.id === data.viewerId ? null : (
                      <ReportLink
                        type="club_message"
                        id={m.id}
                        label={m.authorBlocked ? "Report this message" : `Report message from ${m.author.name}`}
                      />
                    )}
                    {m.author.id === data.viewerId || data.can.deleteAny ? (
                      <DeleteMessage action={action} id={m.id} kind={m.kind} onSubmit={deleteMessage} />
                    ) : null}
                  </div>
                </div>
                {m.authorBlocked ? (
                  <BlockedMessage name={m.author.name} content={m.content} />
                ) : (
                  <p className="mt-1 whitespace-pre-wrap break-words text-slate-800">{m.content}</p>
                )}
              </li>
            ))}
            {sendingNow.map((p) => (
              <SendingMessage key={p.id} id={p.id} content={p.content} />
            ))}
          </ul>
        )}
      </MessageScroller>
      {canPost ? (
        <MessageComposer
          action={action}
          fields={{ intent: "post", kind: chat.kind }}
          initialClientId={data.clientId}
          label={isAnnouncements ? "Announcement" : "Message"}
          placeholder={isAnnouncements ? "Write an announcement..." : "Type a message..."}
          submitLabel={isAnnouncements ? "Post" : "Send"}
          onSent={onSent}
        />
      ) : (
        <p className="rounded-lg bg-slate-50 p-3 text-center text-slate-700">{CHAT_TEXT.announcementsAdminsOnly}</p>
      )}
    </div>
  );
}

/**
 * A message of someone the viewer blocked, collapsed (ADR 069): 'Show' opens it. A <details>, so
 * it opens the same with or without JavaScript.
 */
function BlockedMessage({ name, content }: { name: string; content: string }) {
  return (
    <details className="group mt-1" data-testid="blocked-message">
      {/* A 24 px target; it says 'Hide' once open (the open state is CSS, so it is the same without JavaScript). */}
      <summary className="inline-flex min-h-6 cursor-pointer items-center text-sm font-semibold text-brand-700 underline-offset-2 hover:underline">
        <span className="group-open:hidden">{SAFETY_TEXT.showBlockedMessage}</span>
        <span className="hidden group-open:inline">{SAFETY_TEXT.hideBlockedMessage}</span>
      </summary>
      <p className="mt-1 text-sm font-semibold text-slate-900">{name}</p>
      <p className="mt-1 whitespace-pre-wrap break-words text-slate-800">{content}</p>
    </details>
  );
}

/**
 * One delete fetcher for the whole list: the message (and its button) may vanish through the live
 * event before the response arrives, and the toast must still show.
 */
function useDeleteMessage(action: string, onDeleted: (id: string) => void) {
  const fetcher = useFetcher<{ ok: boolean; toast: ToastMessage }>();
  const handled = useRef<unknown>(null);
  const pendingId = useRef<string | null>(null);
  useEffect(() => {
    const result = fetcher.data;
    if (!result || handled.current === result) return;
    handled.current = result;
    if (result.ok && pendingId.current) onDeleted(pendingId.current);
    showToast(result.toast);
  }, [fetcher.data, onDeleted]);
  return useCallback(
    (form: HTMLFormElement) => {
      const data = new FormData(form);
      pendingId.current = String(data.get("messageId"));
      data.set("respond", "json");
      fetcher.submit(data, { method: "post", action });
    },
    [fetcher, action],
  );
}

function DeleteMessage({
  action,
  id,
  kind,
  onSubmit,
}: {
  action: string;
  id: string;
  kind: string;
  onSubmit: (form: HTMLFormElement) => void;
}) {
  const hydrated = useHydrated();
  return (
    <Form
      method="post"
      action={action}
      onSubmit={(event) => {
        if (!hydrated) return;
        event.preventDefault();
        onSubmit(event.currentTarget);
      }}
    >
      <input type="hidden" name="intent" value="delete" />
      <input type="hidden" name="messageId" value={id} />
      <input type="hidden" name="kind" value={kind} />
      <Button type="submit" variant="link" size="sm" className="px-2 font-normal text-red-700">
        Delete<span className="sr-only"> message</span>
      </Button>
    </Form>
  );
}
