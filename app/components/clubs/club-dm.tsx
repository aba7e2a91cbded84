// Direct Messages of the club Messages tab (spec 02 §2, §4 read rules): the active members except
// me with unread counts, and a one-to-one conversation oldest first. Live through my own user room
// (a DM is never published to the club room); a message arriving in the open conversation is
// marked read at once with a small POST.
import { Link, useFetcher, useRevalidator } from "@remix-run/react";
import { useCallback, useEffect, useState } from "react";
import { CHAT_TEXT } from "~/shared/copy/chat";
import type { DirectMessageData, MessagesTabData } from "~/web/club-messages-tab.server";
import { formatRelativeTime } from "~/shared/format";
import type { DirectMessageEvent } from "~/features/realtime/room-events";
import { MessageComposer } from "../messaging/composer";
import { LiveStatus } from "../layout/live-status";
import { ReportLink } from "../safety/report-link";
import { GuardianLine } from "../messaging/guardian-line";
import { BlockLink } from "../safety/block-link";
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

type Dm = NonNullable<MessagesTabData["dm"]>;

const fromEvent = (m: DirectMessageEvent): DirectMessageData => ({
  id: m.id,
  senderId: m.senderId,
  receiverId: m.recipientId,
  content: m.content,
  createdAt: m.createdAt,
});

export function ClubDirectMessages({ slug, data, dm }: { slug: string; data: MessagesTabData; dm: Dm }) {
  const now = useNow(data.now);
  const partner = dm.conversation?.partner ?? null;
  const { messages, add } = useMergedMessages(dm.conversation?.messages ?? []);
  // Counts come from the database (loader); live arrivals for other conversations add to them.
  const [arrived, setArrived] = useState<Record<string, number>>({});
  useEffect(() => setArrived({}), [dm.members]);
  const markRead = useFetcher();
  const revalidator = useRevalidator();
  const clubId = data.rooms.club.room.replace(/^club:/, "");

  const status = useLiveRoom(data.rooms.user, (e) => {
    if (e.type === "dm.created" && e.message.clubId === clubId) {
      const m = e.message;
      const inOpen = partner && (m.senderId === partner.userId || m.recipientId === partner.userId);
      if (inOpen) {
        add([fromEvent(m)]);
        // 02 §4: read on realtime arrival in the open conversation.
        if (m.senderId === partner.userId) {
          markRead.submit({ intent: "read", with: partner.userId, respond: "json" }, { method: "post", action: `/club/${slug}/messages` });
        }
      } else if (m.recipientId === data.viewerId) {
        setArrived((prev) => ({ ...prev, [m.senderId]: (prev[m.senderId] ?? 0) + 1 }));
      }
    } else if (e.type === "dm.read" && e.clubId === clubId) {
      setArrived((prev) => ({ ...prev, [e.otherUserId]: 0 }));
    } else if (e.type === "access.revoked") {
      revalidator.revalidate();
    }
  });

  const action = `/club/${slug}/messages`;
  const withParams: Record<string, string> = partner ? { with: partner.userId } : {};
  const top = useOlderHistory({
    action,
    older: dm.conversation?.older ?? null,
    add,
    params: withParams,
    tabParams: { sub: "dm", ...withParams },
  });

  const onSent = useCallback((result: { dm?: unknown }) => result.dm && add([result.dm as DirectMessageData]), [add]);
  // Optimistic, as the group chat (ADR 075): a message on its way shows at once.
  const sendingNow = useSendingNow(action, { intent: "dm", recipientId: partner?.userId ?? "" }, messages);
  const unread = (userId: string, fromDb: number) => (arrived[userId] === 0 ? 0 : fromDb + (arrived[userId] ?? 0));

  return (
    <div className="space-y-3" data-testid="club-dm" data-live={status}>
      <LiveStatus status={status} text={CHAT_TEXT.livePaused} />
      <div className="grid gap-4 md:grid-cols-[16rem_1fr]">
        <nav aria-label="Members">
          {dm.members.length === 0 ? (
            <p className="text-slate-600">{CHAT_TEXT.dmEmpty}</p>
          ) : (
            <ul className="max-h-[400px] divide-y divide-slate-200 overflow-y-auto rounded-lg border border-slate-200 bg-white">
              {dm.members.map((member) => {
                const count = unread(member.userId, member.unread);
                const open = partner?.userId === member.userId;
                return (
                  <li key={member.userId}>
                    <Link
                      to={`?${new URLSearchParams({ tab: "messages", sub: "dm", with: member.userId })}`}
                      preventScrollReset
                      aria-current={open ? "page" : undefined}
                      className={`flex min-h-11 items-center justify-between gap-2 px-3 py-2 ${open ? "bg-brand-50 font-semibold" : "hover:bg-slate-50"}`}
                    >
                      <span className="min-w-0 truncate">{member.name}</span>
                      {member.minor ? (
                        // ADR 096: a club's DM list marks minors (never their age).
                        <span
                          data-testid="minor-marker"
                          className="ml-auto rounded-full bg-sky-100 px-2 py-0.5 text-xs font-semibold text-sky-900"
                        >
                          Teen
                        </span>
                      ) : null}
                      {count > 0 ? (
                        <span
                          className="rounded-full bg-brand-600 px-2 py-0.5 text-xs font-semibold text-white"
                          aria-label={`${count} unread`}
                        >
                          {count}
                        </span>
                      ) : null}
                    </Link>
                  </li>
                );
              })}
            </ul>
          )}
        </nav>
        <div className="min-w-0 space-y-3">
          {partner ? (
            <>
              <div className="flex flex-wrap items-center justify-between gap-2">
                <h2 className="text-lg font-semibold">{partner.name}</h2>
                <BlockLink
                  userId={partner.userId}
                  name={partner.name}
                  redirectTo={`/club/${slug}?tab=messages&sub=dm`}
                  back={`/club/${slug}?${new URLSearchParams({ tab: "messages", sub: "dm", with: partner.userId })}`}
                />
              </div>
              {partner.guardianLine ? <GuardianLine text={partner.guardianLine} /> : null}
              {dm.conversation?.paged ? (
                <BackToLatest href={`?${new URLSearchParams({ tab: "messages", sub: "dm", with: partner.userId })}`} />
              ) : null}
              <MessageScroller label={`Conversation with ${partner.name}`} top={top}>
                {messages.length === 0 && sendingNow.length === 0 ? (
                  <p className="py-10 text-center text-slate-600">{CHAT_TEXT.conversationEmpty}</p>
                ) : (
                  <ul className="space-y-3">
                    {messages.map((m) => {
                      const mine = m.senderId === data.viewerId;
                      return (
                        <li key={m.id} className={`max-w-[85%] rounded-lg px-3 py-2 ${mine ? "ml-auto bg-brand-50" : "bg-slate-50"}`}>
                          <p className="text-sm">
                            <span className="font-semibold text-slate-900">{mine ? "You" : partner.name}</span>{" "}
                            <time dateTime={m.createdAt} className="text-slate-600">
                              {formatRelativeTime(m.createdAt, now)}
                            </time>
                            {mine ? null : (
                              <ReportLink type="direct_message" id={m.id} label={`Report message from ${partner.name}`} className="ml-2" />
                            )}
                          </p>
                          <p className="mt-1 whitespace-pre-wrap break-words text-slate-800">{m.content}</p>
                        </li>
                      );
                    })}
                    {sendingNow.map((p) => (
                      <SendingMessage key={p.id} id={p.id} content={p.content} className="ml-auto max-w-[85%]" />
                    ))}
                  </ul>
                )}
              </MessageScroller>
              <MessageComposer
                key={partner.userId}
                action={action}
                fields={{ intent: "dm", recipientId: partner.userId }}
                initialClientId={data.clientId}
                label={`Message to ${partner.name}`}
                placeholder="Type a message..."
                submitLabel="Send"
                onSent={onSent}
              />
            </>
          ) : (
            <p className="rounded-lg border border-dashed border-slate-300 p-8 text-center text-slate-600">
              {dm.withId ? CHAT_TEXT.notAvailable : CHAT_TEXT.dmPick}
            </p>
          )}
        </div>
      </div>
    </div>
  );
}
