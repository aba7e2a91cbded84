import { type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { Link, useLoaderData, useRevalidator } from "@remix-run/react";
import { lazy, Suspense, useRef, useState, type MouseEvent } from "react";
import { inboxFor, unreadCounts } from "~/features/messaging/inbox.server";
import { dealHistoryFor } from "~/features/trade/deal-history.server";
import { DEAL_STATE_LABELS } from "~/shared/copy/deals";
import { requireUser } from "~/web/session.server";
import { formatRelativeTime } from "~/shared/format";
import { pageMeta } from "~/web/meta";
import { useHydrated } from "~/hooks/use-hydrated";
import { useUserRoomEvents } from "~/hooks/use-user-room";

// The inbox (spec 02 §2 /messages, ADR 042): every conversation of the viewer, newest first, paged.
export const meta: MetaFunction = () =>
  pageMeta("Messages — LockerSwap", "Your conversations with buyers, sellers and club members on LockerSwap, newest first.");

const INBOX_EVENTS = new Set(["dm.created", "listing.message.created", "badges.changed"]);

// Opened by a click, never part of the inbox's first load (ADR 033).
const ListingThreadDialog = lazy(() => import("~/components/listings/listing-thread-dialog"));

export async function loader({ request, context }: LoaderFunctionArgs) {
  const viewer = await requireUser(request, context);
  const pageParam = Number(new URL(request.url).searchParams.get("page") ?? "1");
  const page = Number.isSafeInteger(pageParam) && pageParam > 0 ? pageParam : 1;
  const [inbox, counts, { open }] = await Promise.all([
    inboxFor(context.db, viewer, { page }),
    unreadCounts(context.db, viewer),
    dealHistoryFor(context.db, viewer.id, { openOnly: true }),
  ]);
  // A listing conversation with an open deal between the same two people shows that deal (ADR 068).
  const dealOf = (listingId: string, otherId: string) => open.find((d) => d.listingId === listingId && d.otherId === otherId);
  return {
    // The deals in progress, at the top: each links to its page.
    openDeals: open.map((d) => ({ id: d.id, title: d.title, otherName: d.otherName, state: DEAL_STATE_LABELS[d.state] })),
    now: new Date().toISOString(),
    unreadTotal: counts.total,
    page: inbox.page,
    hasMore: inbox.hasMore,
    conversations: inbox.conversations.map((c) => ({
      key: `${c.kind}:${c.subjectId}:${c.other.id}`,
      kind: c.kind,
      title: c.subjectTitle,
      otherName: c.other.name,
      // Club DMs open in the club's Messages tab. A listing conversation opens in a dialog here with
      // JavaScript; this link to the listing page, where the thread also is, is the way without it.
      // A teen's conversation the viewer reads as their guardian (ADR 096) opens on its own read-only page.
      href: c.overseen
        ? `/messages/teen/${c.overseen.teen.id}?${new URLSearchParams({ kind: c.kind, subject: c.subjectId, with: c.other.id })}`
        : c.kind === "club"
          ? `/club/${c.clubSlug}?${new URLSearchParams({ tab: "messages", sub: "dm", with: c.other.id })}`
          : `/listing/${c.subjectId}`,
      thread: c.kind === "listing" && !c.overseen ? { listingId: c.subjectId, otherId: c.other.id } : null,
      overseenTeen: c.overseen?.teen.name ?? null,
      deal: (() => {
        const deal = c.kind === "listing" ? dealOf(c.subjectId, c.other.id) : undefined;
        return deal ? { id: deal.id, state: DEAL_STATE_LABELS[deal.state] } : null;
      })(),
      lastMessage: c.lastMessage.content,
      fromMe: c.lastMessage.fromMe,
      createdAt: c.lastMessage.createdAt.toISOString(),
      unread: c.unread,
    })),
  };
}

export default function MessagesPage() {
  const { conversations, unreadTotal, page, hasMore, now, openDeals } = useLoaderData<typeof loader>();
  const hydrated = useHydrated();
  const revalidator = useRevalidator();
  // A new message anywhere moves its conversation to the top: re-read the inbox from the database.
  useUserRoomEvents((event) => {
    if (INBOX_EVENTS.has(event.type) && revalidator.state === "idle") revalidator.revalidate();
  });
  // The listing conversation open in the dialog, and the link it was opened from (focus goes back there).
  const [open, setOpen] = useState<{ listingId: string; otherId: string; otherName: string; title: string } | null>(null);
  const opener = useRef<HTMLAnchorElement | null>(null);
  const openThread = (event: MouseEvent<HTMLAnchorElement>, c: (typeof conversations)[number]) => {
    // A new tab or window (modifier keys, middle click) still gets the listing page.
    if (!c.thread || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    opener.current = event.currentTarget;
    setOpen({ ...c.thread, otherName: c.otherName, title: c.title });
  };
  return (
    <div className="mx-auto max-w-3xl space-y-4">
      <div className="flex items-center gap-3">
        <h1 className="text-2xl font-bold">Messages</h1>
        {unreadTotal > 0 ? (
          <span data-testid="inbox-unread-total" className="rounded-full bg-red-600 px-2.5 py-0.5 text-sm font-bold text-white">
            {unreadTotal}
            <span className="sr-only"> unread</span>
          </span>
        ) : null}
      </div>
      {openDeals.length > 0 ? (
        <section aria-labelledby="open-deals-heading" className="rounded-lg border border-slate-200 bg-white px-4 py-3">
          <h2 id="open-deals-heading" className="text-sm font-semibold text-slate-700">
            Open deals
          </h2>
          <ul className="mt-1 divide-y divide-slate-100">
            {openDeals.map((deal) => (
              <li key={deal.id} data-testid="open-deal" className="flex flex-wrap items-center justify-between gap-2 py-1.5 text-sm">
                <Link
                  to={`/deals/${deal.id}`}
                  className="min-h-11 content-center font-medium text-brand-700 underline-offset-2 hover:underline"
                >
                  {deal.title} <span className="font-normal text-slate-600">with {deal.otherName}</span>
                </Link>
                <span className="rounded-full bg-slate-100 px-2 py-0.5 font-medium text-slate-700">{deal.state}</span>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      {conversations.length === 0 ? (
        <p className="rounded-lg border border-dashed border-slate-300 bg-white p-8 text-center text-slate-600">No messages yet</p>
      ) : (
        <ul
          aria-label="Conversations"
          className="h-[600px] divide-y divide-slate-200 overflow-y-auto rounded-lg border border-slate-200 bg-white"
        >
          {conversations.map((c) => (
            <li key={c.key} data-testid="conversation">
              <Link
                to={c.href}
                onClick={(event) => openThread(event, c)}
                aria-haspopup={hydrated && c.thread ? "dialog" : undefined}
                className="flex gap-3 px-4 py-3 hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-brand-600"
              >
                <span aria-hidden="true" className="mt-0.5 text-xl">
                  {c.kind === "club" ? "👥" : "🏷️"}
                </span>
                <span className="min-w-0 flex-1">
                  <span className="flex items-baseline justify-between gap-2">
                    <span className={`truncate ${c.unread > 0 ? "font-bold" : "font-semibold"} text-slate-900`}>
                      {c.overseenTeen ? `${c.overseenTeen} and ${c.otherName}` : c.otherName}
                    </span>
                    <time dateTime={c.createdAt} className="shrink-0 text-xs text-slate-500">
                      {formatRelativeTime(c.createdAt, hydrated ? Date.now() : now)}
                    </time>
                  </span>
                  <span className="block truncate text-sm text-slate-600">{c.title}</span>
                  {c.overseenTeen ? (
                    <span data-testid="overseen-note" className="block text-sm text-sky-900">
                      You can read this as {c.overseenTeen}&apos;s guardian
                    </span>
                  ) : null}
                  <span className="flex items-center justify-between gap-2">
                    <span className="truncate text-sm text-slate-700">
                      {c.fromMe && !c.overseenTeen ? "You: " : ""}
                      {c.lastMessage}
                    </span>
                    {c.unread > 0 ? (
                      <span className="shrink-0 rounded-full bg-red-600 px-2 text-xs font-bold leading-5 text-white">
                        {c.unread}
                        <span className="sr-only"> unread</span>
                      </span>
                    ) : null}
                  </span>
                </span>
              </Link>
              {c.deal ? (
                // A sibling of the conversation's link (a link holds no link): the deal between the same two people.
                <Link
                  to={`/deals/${c.deal.id}`}
                  data-testid="conversation-deal"
                  className="mx-4 mb-2 ml-12 inline-flex min-h-8 items-center gap-2 rounded-full bg-brand-50 px-3 text-xs font-semibold text-brand-800 hover:bg-brand-100"
                >
                  Deal: {c.deal.state}
                </Link>
              ) : null}
            </li>
          ))}
        </ul>
      )}
      {page > 1 || hasMore ? (
        <nav aria-label="Conversation pages" className="flex justify-between">
          {page > 1 ? (
            <Link to={page === 2 ? "/messages" : `/messages?page=${page - 1}`} className="font-medium text-brand-700 underline">
              Newer conversations
            </Link>
          ) : (
            <span />
          )}
          {hasMore ? (
            <Link to={`/messages?page=${page + 1}`} className="font-medium text-brand-700 underline">
              Older conversations
            </Link>
          ) : null}
        </nav>
      ) : null}
      {open ? (
        <Suspense fallback={null}>
          <ListingThreadDialog
            key={`${open.listingId}:${open.otherId}`}
            {...open}
            onClose={() => {
              setOpen(null);
              opener.current?.focus();
            }}
          />
        </Suspense>
      ) : null}
    </div>
  );
}
