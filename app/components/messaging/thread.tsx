// The message thread kit of the club Messages tab (spec 02 §2, ADR 041), shared by the group
// chat, announcements and DM conversations: what to show (loaded + live + older pages − deleted),
// the live room, the scroller that opens at the newest message, and paging up. The box to write in
// is composer.tsx.
import { Link, useFetcher, useFetchers, useRevalidator } from "@remix-run/react";
import { useCallback, useEffect, useRef, useState, type ReactNode } from "react";
import { CHAT_TEXT } from "~/shared/copy/chat";
import { useHydrated } from "~/hooks/use-hydrated";
import { useRoom, type RoomAccess, type RoomEvent, type RoomKind } from "~/hooks/use-room";
import { Button } from "../ui/button";

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

/**
 * The clock relative times are measured against: the loader's at first (same text on server and client,
 * and the clock the messages' times come from), then the browser's every 30 s. Not at once on hydrating:
 * that re-rendered the whole history at load to change nothing — the page is seconds old (ADR 083).
 */
export function useNow(serverNow: string) {
  const [now, setNow] = useState(() => new Date(serverNow).getTime());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 30_000);
    return () => clearInterval(timer);
  }, []);
  return now;
}

/** Joins a room and revalidates the page after a reconnect (catch up from the database). */
export function useLiveRoom<K extends RoomKind>(access: RoomAccess<K>, onEvent: (event: RoomEvent<K>) => void) {
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

/**
 * A 400 px area that opens at the newest message without JavaScript (column-reverse keeps the
 * bottom in view and keeps the reading position when older messages are added above).
 */
export function MessageScroller({ label, children, top }: { label: string; children: ReactNode; top?: ReactNode }) {
  return (
    <div
      role="log"
      aria-label={label}
      aria-live="polite"
      // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex -- a scrollable region must be reachable by keyboard (axe scrollable-region-focusable)
      tabIndex={0}
      className="flex h-[400px] flex-col-reverse overflow-y-auto rounded-lg border border-slate-200 bg-white p-3"
    >
      <div className="space-y-3">
        {top}
        {children}
      </div>
    </div>
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
        <Button variant="link" onClick={loadOlder} className="text-sm font-semibold text-brand-700">
          {olderPage.state === "idle" ? CHAT_TEXT.olderMessages : "Loading..."}
        </Button>
      ) : (
        <Link
          to={`?${new URLSearchParams({ tab: "messages", ...tabParams, before: older })}`}
          className="text-sm font-semibold text-brand-700 underline"
        >
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

/**
 * Messages on their way (ADR 075): the composer's own submissions to `action` carrying `fields`,
 * shown at once under their client-made id — which is the stored message's id, so the real one takes
 * its place when it comes back (the response or the room, whichever is first). Refused, one goes and
 * the composer keeps its text with the reason.
 */
export function useSendingNow(action: string, fields: Record<string, string>, shown: readonly { id: string }[]) {
  return useFetchers()
    .filter(
      (f) =>
        f.state !== "idle" && f.formAction === action && Object.entries(fields).every(([name, value]) => f.formData?.get(name) === value),
    )
    .map((f) => ({ id: String(f.formData!.get("clientId")), content: String(f.formData!.get("content") ?? "").trim() }))
    .filter((p) => p.content && !shown.some((m) => m.id === p.id));
}

/** One message on its way: 'You', 'Sending...' and its words. */
export function SendingMessage({ id, content, className = "" }: { id: string; content: string; className?: string }) {
  return (
    <li data-message-id={id} data-sending="" className={`rounded-lg bg-brand-50 px-3 py-2 ${className}`}>
      <p className="text-sm">
        <span className="font-semibold text-slate-900">You</span> <span className="italic text-slate-600">{CHAT_TEXT.sending}</span>
      </p>
      <p className="mt-1 whitespace-pre-wrap break-words text-slate-800">{content}</p>
    </li>
  );
}
