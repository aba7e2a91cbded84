// The club Messages tab (spec 02 §2 Messages tab, issue 12 item 1): sub-tabs as URL state, the
// group chat and announcements (this file) and direct messages (club-dm.tsx). Everything here is a
// real form first; with JavaScript the composer posts with a fetcher, live events from the club
// room add and remove messages, and older history pages in as you scroll up.
import type { RoomStatus } from "~/hooks/use-room";
import { Form, Link, useFetcher, useRevalidator } from "@remix-run/react";
import { useCallback, useEffect, useRef, useState, type KeyboardEvent, type ReactNode } from "react";
import { CHAT_TEXT } from "~/features/messaging/chat-copy";
import { formatRelativeTime } from "~/shared/format";
import type { ChatMessageData, MessagesTabData } from "~/web/club-messages-tab.server";
import type { ChatMessageEvent, ClubEvent } from "~/features/realtime/room-events";
import { useHydrated } from "~/hooks/use-hydrated";
import { useRoom, type RoomAccess } from "~/hooks/use-room";
import { CLUB_MESSAGE_MAX_LENGTH } from "~/shared/schemas/club-message-limits";
import { ClubDirectMessages } from "./club-dm";
import { showToast, type ToastMessage } from "./toaster";
import { buttonClass, inputClass } from "./ui/styles";

const SUB_TABS = [
  { key: "chat", label: "Group Chat" },
  { key: "announcements", label: "Announcements" },
  { key: "dm", label: "Direct Messages" },
] as const;

export function ClubMessagesTab({ slug, data }: { slug: string; data: MessagesTabData }) {
  return (
    <div className="space-y-4">
      <nav aria-label="Messages">
        <ul className="flex flex-wrap gap-2">
          {SUB_TABS.map((tab) => (
            <li key={tab.key}>
              <Link
                to={`?tab=messages&sub=${tab.key}`}
                preventScrollReset
                aria-current={data.sub === tab.key ? "page" : undefined}
                className={`inline-flex min-h-11 items-center rounded-full px-4 text-sm font-semibold ${
                  data.sub === tab.key ? "bg-brand-600 text-white" : "bg-slate-100 text-slate-700 hover:bg-slate-200"
                }`}
              >
                {tab.label}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      {data.chat ? <ClubChat key={`${slug}:${data.chat.kind}`} slug={slug} data={data} chat={data.chat} /> : null}
      {data.dm ? <ClubDirectMessages key={`${slug}:${data.dm.withId ?? ""}`} slug={slug} data={data} dm={data.dm} /> : null}
    </div>
  );
}

// ---------------------------------------------------------------------------------------------
// Shared by chat and DMs
// ---------------------------------------------------------------------------------------------

type Ordered = { id: string; createdAt: string };
const before = (a: Ordered, b: Ordered) => (a.createdAt === b.createdAt ? a.id < b.id : a.createdAt < b.createdAt);

/**
 * What to show: the loader's page plus what arrived since (live, sent, older pages), minus what was
 * deleted. After a revalidation the loader is the truth for its own range, so a message deleted
 * while the socket was down disappears, and nothing is shown twice (ids are the keys).
 */
export function useMergedMessages<T extends Ordered>(loaded: T[]) {
  const [extra, setExtra] = useState<T[]>([]);
  const [deleted, setDeleted] = useState<ReadonlySet<string>>(() => new Set());
  const oldest = loaded[0];
  const newest = loaded[loaded.length - 1];
  const byId = new Map<string, T>();
  for (const m of extra) if (!oldest || before(m, oldest) || before(newest, m)) byId.set(m.id, m);
  for (const m of loaded) byId.set(m.id, m);
  const messages = [...byId.values()].filter((m) => !deleted.has(m.id)).sort((a, b) => (before(a, b) ? -1 : 1));
  const add = useCallback((list: T[]) => setExtra((prev) => [...prev.filter((p) => !list.some((m) => m.id === p.id)), ...list]), []);
  const remove = useCallback((id: string) => setDeleted((prev) => new Set(prev).add(id)), []);
  const restore = useCallback(
    (id: string) =>
      setDeleted((prev) => {
        const next = new Set(prev);
        next.delete(id);
        return next;
      }),
    [],
  );
  return { messages, add, remove, restore };
}

/** The clock relative times are measured against: the loader's at first (same text on server and client), then the browser's. */
export function useNow(serverNow: string) {
  const [now, setNow] = useState(() => new Date(serverNow).getTime());
  useEffect(() => {
    setNow(Date.now());
    const timer = setInterval(() => setNow(Date.now()), 30_000);
    return () => clearInterval(timer);
  }, []);
  return now;
}

/** Joins a room and revalidates the page after a reconnect (catch up from the database). */
export function useLiveRoom(access: RoomAccess, onEvent: (event: { type: string; [key: string]: unknown }) => void) {
  // The first token is enough to join; loader revalidations mint new ones, which must not reconnect.
  const [room] = useState(access);
  const status = useRoom(room, onEvent);
  const revalidator = useRevalidator();
  const wasOpen = useRef(false);
  const dropped = useRef(false);
  useEffect(() => {
    if (status === "open") {
      if (wasOpen.current && dropped.current) revalidator.revalidate();
      wasOpen.current = true;
      dropped.current = false;
    } else if (status === "paused" && wasOpen.current) {
      dropped.current = true;
    }
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [status]);
  return status;
}

function useOnline() {
  const [online, setOnline] = useState(true);
  useEffect(() => {
    const update = () => setOnline(navigator.onLine);
    update();
    window.addEventListener("online", update);
    window.addEventListener("offline", update);
    return () => {
      window.removeEventListener("online", update);
      window.removeEventListener("offline", update);
    };
  }, []);
  return online;
}

function newClientId() {
  if (typeof crypto.randomUUID === "function") return crypto.randomUUID();
  const b = crypto.getRandomValues(new Uint8Array(16));
  b[6] = (b[6] & 0x0f) | 0x40;
  b[8] = (b[8] & 0x3f) | 0x80;
  const h = [...b].map((x) => x.toString(16).padStart(2, "0")).join("");
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`;
}

type ComposerResult = { ok: boolean; toast?: ToastMessage | null; error?: string; chat?: ChatMessageData; dm?: unknown };

/**
 * The message box: a real form (intent, hidden fields, the client-made id). Enter sends,
 * Shift+Enter adds a line, Send is disabled while the trimmed text is empty; the text stays until
 * the server says it is stored, and the id stays with it so a retry is stored once.
 */
export function MessageComposer({
  action,
  fields,
  initialClientId,
  label,
  placeholder,
  submitLabel,
  onSent,
}: {
  action: string;
  fields: Record<string, string>;
  initialClientId: string;
  label: string;
  placeholder: string;
  submitLabel: string;
  onSent: (result: ComposerResult) => void;
}) {
  const hydrated = useHydrated();
  const online = useOnline();
  const fetcher = useFetcher<ComposerResult>();
  const form = useRef<HTMLFormElement>(null);
  const [text, setText] = useState("");
  const [clientId, setClientId] = useState(initialClientId);
  const [error, setError] = useState<string | null>(null);
  const handled = useRef<unknown>(null);
  const sending = fetcher.state !== "idle";

  useEffect(() => {
    // fetcher.data arrives while the page revalidates ("loading"); act on it then, before the
    // revalidated list can unmount this component.
    const result = fetcher.data;
    if (!result || handled.current === result) return;
    handled.current = result;
    if (result.ok) {
      setText("");
      setClientId(newClientId());
      setError(null);
      onSent(result);
    } else {
      setError(result.error ?? null);
    }
    if (result.toast) showToast(result.toast);
  }, [fetcher.data, onSent]);

  const empty = text.trim().length === 0;
  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key !== "Enter" || event.shiftKey || event.nativeEvent.isComposing) return;
    event.preventDefault();
    if (!empty && !sending && online) form.current?.requestSubmit();
  };
  const Wrapper = hydrated ? fetcher.Form : Form;
  return (
    <Wrapper ref={form} method="post" action={action} className="space-y-1">
      {Object.entries(fields).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      <input type="hidden" name="clientId" value={clientId} />
      {hydrated ? <input type="hidden" name="respond" value="json" /> : null}
      <div className="flex items-end gap-2">
        <textarea
          name="content"
          aria-label={label}
          placeholder={placeholder}
          rows={2}
          maxLength={CLUB_MESSAGE_MAX_LENGTH}
          required
          value={text}
          onChange={(event) => setText(event.target.value)}
          onKeyDown={onKeyDown}
          aria-invalid={error ? true : undefined}
          className={`${inputClass} mt-0 resize-none`}
        />
        <button type="submit" disabled={hydrated && (empty || sending || !online)} className={buttonClass.primary}>
          {sending ? "Sending..." : submitLabel}
        </button>
      </div>
      {!online ? (
        <p role="status" className="text-sm text-amber-800">
          {CHAT_TEXT.offline}
        </p>
      ) : null}
      {error ? (
        <p role="alert" className="text-sm text-red-700">
          {error}
        </p>
      ) : null}
    </Wrapper>
  );
}

/**
 * A 400 px area that opens at the newest message without JavaScript (column-reverse keeps the
 * bottom in view and keeps the reading position when older messages are added above).
 */
export function MessageScroller({ label, children, top }: { label: string; children: ReactNode; top?: ReactNode }) {
  return (
    <div role="log" aria-label={label} aria-live="polite" tabIndex={0} className="flex h-[400px] flex-col-reverse overflow-y-auto rounded-lg border border-slate-200 bg-white p-3">
      <div className="space-y-3">
        {top}
        {children}
      </div>
    </div>
  );
}

export function LiveStatus({ status }: { status: RoomStatus }) {
  const hydrated = useHydrated();
  if (!hydrated || status !== "paused") return null;
  return (
    <p role="status" className="text-sm text-amber-800">
      {CHAT_TEXT.livePaused}
    </p>
  );
}

/**
 * Older history, shared by the group chat, announcements and DM conversations: as the top of the
 * scroller comes into view (or on the button), the next page up from the messages route's loader
 * (`before` = the cursor), one page at a time. Without JavaScript, a link to the tab's older page.
 * Returns what goes at the top of the MessageScroller.
 */
export function useOlderHistory<T extends Ordered>({
  action,
  older: loadedOlder,
  add,
  params,
  tabParams,
}: {
  /** The messages route (its loader answers `?before=` with `{ messages, older }`). */
  action: string;
  older: string | null;
  add: (list: T[]) => void;
  /** What the loader needs besides the cursor (kind, or the DM partner). */
  params: Record<string, string>;
  /** The tab's own URL state for the no-JavaScript link (sub, with). */
  tabParams: Record<string, string>;
}): ReactNode {
  const hydrated = useHydrated();
  const [older, setOlder] = useState(loadedOlder);
  useEffect(() => setOlder(loadedOlder), [loadedOlder]);
  const olderPage = useFetcher<{ messages: T[]; older: string | null }>();
  const sentinel = useRef<HTMLDivElement>(null);
  const query = new URLSearchParams(params).toString();
  const loadOlder = useCallback(() => {
    if (older && olderPage.state === "idle") olderPage.load(`${action}?${query}&${new URLSearchParams({ before: older })}`);
  }, [older, olderPage, action, query]);
  useEffect(() => {
    if (olderPage.state === "idle" && olderPage.data) {
      add(olderPage.data.messages);
      setOlder(olderPage.data.older);
    }
  }, [olderPage.state, olderPage.data, add]);
  useEffect(() => {
    const el = sentinel.current;
    if (!el || !older) return;
    const observer = new IntersectionObserver((entries) => entries.some((entry) => entry.isIntersecting) && loadOlder());
    observer.observe(el);
    return () => observer.disconnect();
  }, [older, loadOlder]);
  if (!older) return null;
  return (
    <div ref={sentinel} className="text-center">
      {hydrated ? (
        <button type="button" onClick={loadOlder} className="text-sm font-semibold text-brand-700 underline">
          {olderPage.state === "idle" ? CHAT_TEXT.olderMessages : "Loading..."}
        </button>
      ) : (
        <Link to={`?${new URLSearchParams({ tab: "messages", ...tabParams, before: older })}`} className="text-sm font-semibold text-brand-700 underline">
          {CHAT_TEXT.olderMessages}
        </Link>
      )}
    </div>
  );
}

/** On an older page reached without JavaScript: the way back to the newest messages. */
export function BackToLatest({ href }: { href: string }) {
  return (
    <p className="text-sm">
      <Link to={href} className="font-semibold text-brand-700 underline">
        Back to the latest messages
      </Link>
    </p>
  );
}

// ---------------------------------------------------------------------------------------------
// Group chat and announcements
// ---------------------------------------------------------------------------------------------

const fromEvent = (m: ChatMessageEvent): ChatMessageData => ({ id: m.id, kind: m.kind, content: m.content, author: m.author, createdAt: m.createdAt });

function ClubChat({ slug, data, chat }: { slug: string; data: MessagesTabData; chat: NonNullable<MessagesTabData["chat"]> }) {
  const hydrated = useHydrated();
  const now = useNow(data.now);
  const { messages, add, remove } = useMergedMessages(chat.messages);
  const isAnnouncements = chat.kind === "announcement";
  const canPost = !isAnnouncements || data.can.postAnnouncement;
  const action = `/club/${slug}/messages`;

  const status = useLiveRoom(data.rooms.club, (event) => {
    const e = event as ClubEvent;
    if (e.type === "club.message.created" && e.message.kind === chat.kind) add([fromEvent(e.message)]);
    else if (e.type === "club.message.deleted") remove(e.id);
  });

  const sub = isAnnouncements ? "announcements" : "chat";
  const top = useOlderHistory({ action, older: chat.older, add, params: { kind: chat.kind }, tabParams: { sub } });

  const onSent = useCallback((result: ComposerResult) => result.chat && add([result.chat]), [add]);
  const deleteMessage = useDeleteMessage(action, remove);

  return (
    <div className="space-y-3" data-testid="club-chat" data-live={hydrated ? status : undefined}>
      <LiveStatus status={status} />
      {chat.paged ? <BackToLatest href={`?tab=messages&sub=${sub}`} /> : null}
      <MessageScroller label={isAnnouncements ? "Announcements" : "Group Chat"} top={top}>
        {messages.length === 0 ? (
          <p className="py-10 text-center text-slate-600">{isAnnouncements ? CHAT_TEXT.announcementsEmpty : CHAT_TEXT.chatEmpty}</p>
        ) : (
          <ul className="space-y-3">
            {messages.map((m) => (
              <li key={m.id} data-message-id={m.id} className={`rounded-lg px-3 py-2 ${m.author.id === data.viewerId ? "bg-brand-50" : "bg-slate-50"}`}>
                <div className="flex items-baseline justify-between gap-2">
                  <p className="text-sm">
                    <span className="font-semibold text-slate-900">{m.author.name}</span>{" "}
                    <time dateTime={m.createdAt} className="text-slate-600">
                      {formatRelativeTime(m.createdAt, now)}
                    </time>
                  </p>
                  {m.author.id === data.viewerId || data.can.deleteAny ? (
                    <DeleteMessage action={action} id={m.id} kind={m.kind} onSubmit={deleteMessage} />
                  ) : null}
                </div>
                <p className="mt-1 whitespace-pre-wrap break-words text-slate-800">{m.content}</p>
              </li>
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

function DeleteMessage({ action, id, kind, onSubmit }: { action: string; id: string; kind: string; onSubmit: (form: HTMLFormElement) => void }) {
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
      <button type="submit" className="min-h-11 px-2 text-sm text-red-700 underline">
        Delete<span className="sr-only"> message</span>
      </button>
    </Form>
  );
}
