// The signed-in half of the listing page's 'Interested?' card (listing-interested-card.tsx): the
// buyer's conversation or the seller's threads, live through the user room. Its own chunk, so a
// signed-out visitor's first load carries neither it nor the room hook (ADR 033).
import { Link, useFetcher, useRevalidator } from "@remix-run/react";
import { useEffect, useRef, useState } from "react";
import { useHydrated } from "~/hooks/use-hydrated";
import { MESSAGE_MAX_LENGTH } from "~/shared/schemas/limits";
import { useRoom, type RoomAccess } from "~/hooks/use-room";
import { LiveStatus } from "../layout/live-status";
import { ReportLink } from "../safety/report-link";
import { BlockLink } from "../safety/block-link";
import { showToast, type ToastMessage } from "../layout/toaster";
import { Button } from "../ui/button";
import { Textarea } from "../ui/textarea";
import { GuardianLine } from "../messaging/guardian-line";

/**
 * `warning`: the scam warning the receiver sees beside a first message (ADR 095); `held`: the sender's
 * notice on their own message hidden pending review, with its appeal link (ADR 104). Words from the loader.
 */
type Message = {
  id: string;
  senderId: string;
  content: string;
  createdAt: string;
  warning?: string | null;
  held?: { text: string; href: string; link: string } | null;
};
/** A deal's step between the messages (ADR 068): its words come from the server (deal-timeline.server.ts). */
type DealStep = { id: string; dealId: string; text: string; createdAt: string };
/** `closed`: nobody to reply to (a deleted buyer's deal). Steps are optional: an older loader answer has none. */
/** `guardianLine`: "Sam's guardian can read this conversation" (ADR 096), from the loader. */
export type Thread = {
  buyerId: string;
  buyerName: string;
  messages: Message[];
  steps?: DealStep[];
  closed?: boolean;
  guardianLine?: string | null;
};
/** What the listing action answers a fetcher's message (app/routes/listing.$id.tsx). */
type MessageReply = { ok: boolean; toast: ToastMessage; message?: Message };

/**
 * Interested? (spec 02 §2), signed in. A buyer: their conversation
 * with the seller and a question box. The seller: 'This is your listing' and one thread per buyer.
 * Sending is a plain POST without JavaScript; with it, a fetcher that shows the message at once
 * (optimistic) and empties the box. New messages also arrive live through the viewer's user room
 * (one socket for all threads); after a reconnect the page refetches what it missed (ADR 039).
 */
export default function ListingThread({
  listingId,
  viewer,
  isOwner,
  threads,
  access,
  sellerId = null,
  sellerName = "",
}: {
  listingId: string;
  viewer: { id: string };
  isOwner: boolean;
  threads: Thread[];
  access: RoomAccess<"user"> | null;
  /** The seller, for a buyer's 'Block' link (ADR 069); null for the seller themself. */
  sellerId?: string | null;
  sellerName?: string;
}) {
  // Live messages by buyer (= thread), from the user room.
  const [live, setLive] = useState<Record<string, Message[]>>({});
  const revalidator = useRevalidator();
  const known = new Set(threads.map((t) => t.buyerId));
  const status = useRoom(
    access,
    (event) => {
      // A deal on this listing moved: its new step is in the loader's threads (ADR 068).
      if (event.type === "deal.changed") {
        // Not skipped while a revalidation runs: one started before the step committed would miss it.
        if (event.listingId === listingId) revalidator.revalidate();
        return;
      }
      if (event.type !== "listing.message.created" || event.listingId !== listingId) return;
      const message = event.message;
      // A new buyer's first question (the seller has no thread for them yet): the loader knows their name.
      if (!message || !known.has(event.buyerId)) {
        revalidator.revalidate();
        if (!message) return;
      }
      setLive((all) => {
        const list = all[event.buyerId] ?? [];
        return list.some((m) => m.id === message.id) ? all : { ...all, [event.buyerId]: [...list, message] };
      });
    },
    { onReconnect: () => revalidator.revalidate() },
  );
  if (isOwner) {
    return (
      <section className="rounded-xl bg-white p-6 shadow-sm">
        <h2 className="text-xl font-semibold">Interested?</h2>
        <p className="mt-2 text-slate-600">This is your listing</p>
        <LiveStatus status={status} />
        {threads.length === 0 ? <p className="mt-2 text-sm text-slate-500">No questions yet.</p> : null}
        <div className="mt-3 space-y-4">
          {threads.map((thread) => (
            <ThreadView
              key={thread.buyerId}
              viewerId={viewer.id}
              thread={thread}
              live={live[thread.buyerId] ?? []}
              reply
              // The seller's own listing stays visible to them after blocking a buyer: back to it.
              block={thread.closed ? null : { userId: thread.buyerId, name: thread.buyerName, redirectTo: `/listing/${listingId}` }}
            />
          ))}
        </div>
      </section>
    );
  }
  const own = threads[0] ?? { buyerId: viewer.id, buyerName: "", messages: [], steps: [] };
  return (
    <section className="rounded-xl bg-white p-6 shadow-sm">
      <h2 className="text-xl font-semibold">Interested?</h2>
      <p className="mt-1 text-sm text-slate-600">Ask the seller a question.</p>
      <LiveStatus status={status} />
      <ThreadView
        viewerId={viewer.id}
        thread={own}
        live={live[viewer.id] ?? []}
        // A blocked seller's listing is hidden from the buyer (listingVisibleTo): land on the home page.
        block={sellerId ? { userId: sellerId, name: sellerName, redirectTo: "/", back: `/listing/${listingId}` } : null}
      />
    </section>
  );
}

/**
 * One conversation on a listing: its messages and the box to ask (buyer) or reply (`reply`, the
 * seller). Also the thread of /messages' dialog, which passes `action` (the listing's route) since
 * it is not on the listing page.
 */
export function ThreadView({
  viewerId,
  thread,
  live,
  reply = false,
  action,
  block = null,
}: {
  viewerId: string;
  thread: Thread;
  live: Message[];
  reply?: boolean;
  action?: string;
  /** The other person of the thread, for its 'Block' link (ADR 069). */
  block?: { userId: string; name: string; redirectTo: string; back?: string } | null;
}) {
  const fetcher = useFetcher<MessageReply>();
  const sending = fetcher.state === "submitting";
  const sentNow = fetcher.data?.ok && fetcher.data.message ? [fetcher.data.message] : [];
  const byId = new Map([...thread.messages, ...live, ...sentNow].map((m) => [m.id, m]));
  // Messages and the deal's steps, by time (ISO strings sort as times).
  const items = [
    ...[...byId.values()].map((m) => ({ kind: "message" as const, ...m })),
    ...(thread.steps ?? []).map((s) => ({ kind: "step" as const, ...s })),
  ].sort((a, b) => a.createdAt.localeCompare(b.createdAt));
  // Optimistic: the question shows at once, until the server's copy replaces it.
  const pending = sending ? String(fetcher.formData?.get("content") ?? "").trim() : "";

  const formRef = useRef<HTMLFormElement>(null);
  const fieldRef = useRef<HTMLTextAreaElement>(null);
  const [draft, setDraft] = useState("");
  const hydrated = useHydrated();
  // This part hydrates after its chunk arrives: text typed into the server-rendered box meanwhile
  // is in the DOM but not in `draft`; adopt it rather than lose it (or send an empty question).
  useEffect(() => {
    const typed = fieldRef.current?.value;
    if (typed) setDraft((current) => current || typed);
  }, []);

  // The outcome's toast; on failure the text comes back into the box so nothing is lost.
  const lastSent = useRef("");
  const handled = useRef<MessageReply | null>(null);
  useEffect(() => {
    const outcome = fetcher.data;
    if (fetcher.state !== "idle" || !outcome || handled.current === outcome) return;
    handled.current = outcome;
    showToast(outcome.toast);
    if (!outcome.ok) setDraft((current) => current || lastSent.current);
  }, [fetcher.state, fetcher.data]);

  const label = reply ? `Reply to ${thread.buyerName}` : "Your question";
  const fieldId = `message-${thread.buyerId}`;
  return (
    <div className="rounded-lg border border-slate-200 p-3" data-testid="listing-thread">
      {reply || block ? (
        <div className="flex flex-wrap items-center justify-between gap-2">
          {reply ? <h3 className="font-semibold">{thread.buyerName}</h3> : <span />}
          {block ? <BlockLink {...block} /> : null}
        </div>
      ) : null}
      {thread.guardianLine ? <GuardianLine text={thread.guardianLine} /> : null}
      <ol
        className="max-h-96 space-y-2 overflow-y-auto"
        aria-label={reply ? `Conversation with ${thread.buyerName}` : "Conversation with the seller"}
      >
        {items.map((m) =>
          m.kind === "step" ? (
            // A deal's step: a compact line across the thread, not a bubble; it opens the deal.
            <li key={m.id} className="text-center text-xs" data-testid="deal-step">
              <Link
                to={`/deals/${m.dealId}`}
                className="inline-block rounded-full border border-amber-200 bg-amber-50 px-3 py-1 font-medium text-amber-900 hover:underline"
              >
                {m.text}
              </Link>
            </li>
          ) : (
            <li key={m.id} className={`rounded-lg px-3 py-2 text-sm ${m.senderId === viewerId ? "ml-6 bg-brand-50" : "mr-6 bg-slate-100"}`}>
              <span className="sr-only">{m.senderId === viewerId ? "You: " : "Them: "}</span>
              <span className="whitespace-pre-line">{m.content}</span>
              {m.warning ? (
                <strong
                  role="note"
                  className="mt-1 block rounded border border-amber-300 bg-amber-50 px-2 py-1 text-xs font-semibold text-amber-900"
                  data-testid="scam-warning"
                >
                  ⚠ {m.warning}
                </strong>
              ) : null}
              {m.held ? (
                <span
                  role="note"
                  className="mt-1 block rounded border border-slate-300 bg-white px-2 py-1 text-xs text-slate-800"
                  data-testid="held-notice"
                >
                  <strong className="font-semibold">Hidden pending review.</strong> {m.held.text}{" "}
                  <Link to={m.held.href} className="font-medium text-brand-700 underline underline-offset-2">
                    {m.held.link}
                  </Link>
                </span>
              ) : null}
              {m.senderId === viewerId ? null : (
                <ReportLink
                  type="listing_message"
                  id={m.id}
                  label={`Report message from ${reply ? thread.buyerName : "the seller"}`}
                  className="ml-2"
                />
              )}
            </li>
          ),
        )}
        {pending ? (
          <li className="ml-6 rounded-lg bg-brand-50 px-3 py-2 text-sm opacity-70" aria-busy="true">
            <span className="sr-only">You: </span>
            <span className="whitespace-pre-line">{pending}</span>
          </li>
        ) : null}
      </ol>
      {thread.closed ? null : (
        <fetcher.Form
          method="post"
          action={action}
          ref={formRef}
          preventScrollReset
          className="mt-2 space-y-2"
          onSubmit={() => {
            // The form data is read from the DOM before React re-renders, so clearing is safe here.
            lastSent.current = draft;
            setDraft("");
          }}
        >
          <input type="hidden" name="intent" value="message" />
          {hydrated ? <input type="hidden" name="via" value="fetcher" /> : null}
          {reply ? <input type="hidden" name="buyerId" value={thread.buyerId} /> : null}
          <label htmlFor={fieldId} className="sr-only">
            {label}
          </label>
          <Textarea
            ref={fieldRef}
            id={fieldId}
            name="content"
            rows={2}
            required
            maxLength={MESSAGE_MAX_LENGTH}
            value={draft}
            onChange={(e) => setDraft(e.target.value)}
            onKeyDown={(e) => {
              // Enter sends, Shift+Enter adds a line (spec 02 §5).
              if (e.key === "Enter" && !e.shiftKey) {
                e.preventDefault();
                if (draft.trim()) formRef.current?.requestSubmit();
              }
            }}
            placeholder={reply ? "Write a reply…" : "Is this still available?"}
            className="block w-full text-sm"
          />
          <Button type="submit" disabled={sending || (hydrated && !draft.trim())} className="text-sm disabled:opacity-50">
            {sending ? "Sending..." : reply ? "Reply" : "Send Message"}
          </Button>
        </fetcher.Form>
      )}
    </div>
  );
}
