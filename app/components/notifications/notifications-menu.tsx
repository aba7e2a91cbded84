import { Form, Link, useLocation } from "@remix-run/react";
import { dealWaitingLine } from "~/shared/copy/deals";
import { useRef, useState, type SyntheticEvent } from "react";
import type { WaitingDeal } from "~/features/trade/deals-waiting.server";
import type { MenuMatches } from "~/hooks/use-user-room";
import { formatPrice } from "~/shared/format";
import { Button } from "../ui/button";

export type NotificationsData = {
  approvals: { membershipId: string; clubSlug: string; clubName: string }[];
  pendingJoinRequests: { clubSlug: string; clubName: string; count: number }[];
  /** Deals where the next move is yours (app/features/trade/deals-waiting.server.ts), the newest few. */
  deals: WaitingDeal[];
  dealsWaiting: number;
  /** 'New matches' (ADR 071): the newest unseen few and how many (in `count` too). */
  matches: MenuMatches;
  count: number;
};

type MenuMatch = MenuMatches["items"][number];
const matchKey = (match: MenuMatch) => `${match.kind}:${match.sourceId}:${match.source}:${match.id}`;

/** One match: the listing (photo, title, price as the viewer may see it) and where it came from. */
function MatchItem({ match }: { match: MenuMatch }) {
  // Its words and link come from the server (matches.server.ts), so a new kind costs the menu no code.
  const { from } = match;
  return (
    <li data-testid="new-match" className="rounded-md px-1 py-1 hover:bg-slate-50">
      <Link
        to={`/listing/${match.id}`}
        className="flex min-h-11 items-center gap-2 rounded-md text-sm focus-visible:outline-2 focus-visible:outline-brand-600"
      >
        {match.photo.photoUrl ? (
          <img
            src={match.photo.photoUrl}
            alt=""
            width={40}
            height={40}
            loading="lazy"
            className="h-10 w-10 shrink-0 rounded object-cover"
          />
        ) : (
          <span aria-hidden="true" className="h-10 w-10 shrink-0 rounded bg-slate-100" />
        )}
        <span className="min-w-0">
          <span className="block break-words font-medium text-slate-900">{match.title}</span>
          {match.priceCents === null ? null : <span className="block text-xs text-slate-600">{formatPrice(match.priceCents)}</span>}
        </span>
      </Link>
      <Link
        to={from.to}
        className="ml-12 inline-flex min-h-6 items-center break-words text-xs text-brand-700 underline focus-visible:outline-2 focus-visible:outline-brand-600"
      >
        {from.text}
      </Link>
    </li>
  );
}

/** One line per deal waiting for you (ADR 068). */
function waitingText({ kind, title, otherName }: WaitingDeal): string {
  return dealWaitingLine(kind, title, otherName);
}

/**
 * The bell and its menu (01 §2 Notifications menu). A <details>, so it opens without JavaScript.
 * Its count is pending requests plus approvals plus unread direct messages (01 §2), plus the deals
 * waiting for you (ADR 068) and unseen matches (ADR 071) — counts and lists live from /api/badges
 * when given, else the loader's.
 */
export function NotificationsMenu({
  notifications,
  unreadDirectMessages = 0,
  dealsWaiting,
  deals: liveDeals,
  matches: liveMatches,
  onMatchesSeen,
}: {
  notifications: NotificationsData;
  unreadDirectMessages?: number;
  dealsWaiting?: number;
  deals?: NotificationsData["deals"];
  /** Live from /api/badges when refetched, else the loader's. */
  matches?: MenuMatches;
  /** Called once this tab's 'seen' POST is answered (the header refetches its badges). */
  onMatchesSeen?: () => void;
}) {
  const { approvals, pendingJoinRequests } = notifications;
  const waiting = dealsWaiting ?? notifications.dealsWaiting;
  const deals = liveDeals ?? notifications.deals;
  const matches = liveMatches ?? notifications.matches;
  const location = useLocation();
  // The matches this tab marked seen: while they are still the newest data we have (before the
  // refetch answers), they count as 0. Any newer answer — with matches found since — counts again.
  const [seen, setSeen] = useState<MenuMatches | null>(null);
  // What the open menu keeps showing after marking them seen, so nothing vanishes under the reader.
  const [held, setHeld] = useState<MenuMatch[]>([]);
  const unseenCount = matches === seen ? 0 : matches.count;
  const unseen = matches === seen ? [] : matches.items;
  const shownKeys = new Set(unseen.map(matchKey));
  const shownMatches = [...unseen, ...held.filter((match) => !shownKeys.has(matchKey(match)))];
  const count =
    notifications.count - notifications.dealsWaiting - notifications.matches.count + waiting + unseenCount + unreadDirectMessages;
  const approved = approvals.length > 0;

  const onSeen = useRef(onMatchesSeen);
  onSeen.current = onMatchesSeen;

  // Opening the menu is seeing it (ADR 071): mark the matches seen (no JS: 'Mark as seen').
  const onToggle = (event: SyntheticEvent<HTMLDetailsElement>) => {
    if (!event.currentTarget.open) {
      setHeld([]);
      return;
    }
    if (unseenCount === 0) return;
    setSeen(matches);
    setHeld(matches.items);
    // A plain POST to the resource route, not a Remix fetcher: a fetcher action's revalidation that
    // finishes while a click on one of these links is still discovering the listing route (lazy route
    // discovery) aborts that navigation and completes it with the old matches — the listing page came
    // up as a 404 about one time in twelve (React Router 6.30; ADR 073). The menu keeps its own state,
    // and the badges are refetched when the server has it.
    void fetch("/notifications/acknowledge", { method: "POST", body: new URLSearchParams({ intent: "seenMatches" }) }).then(
      (response) => response.ok && onSeen.current?.(),
      () => undefined,
    );
  };
  return (
    <details className="sm:relative" data-menu onToggle={onToggle}>
      <summary
        aria-label={`Notifications (${count})`}
        className="relative flex h-11 w-11 cursor-pointer list-none items-center justify-center rounded-full text-slate-700 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-brand-600"
      >
        <svg
          viewBox="0 0 24 24"
          className="h-5 w-5"
          aria-hidden="true"
          fill="none"
          stroke="currentColor"
          strokeWidth="2"
          strokeLinecap="round"
        >
          <path d="M6 8a6 6 0 1 1 12 0c0 7 3 9 3 9H3s3-2 3-9M10.3 21a1.94 1.94 0 0 0 3.4 0" />
        </svg>
        {count > 0 ? (
          // White on brand-600 (#047857, 5.48:1) when green, on red-600 (4.77:1): WCAG AA's 4.5:1 for this
          // 12 px text (emerald-600, #009966, was 3.65:1).
          <span
            data-testid="notification-badge"
            data-approved={approved ? "true" : "false"}
            className={`absolute -right-0.5 -top-0.5 min-w-5 rounded-full px-1 text-center text-xs font-bold leading-5 text-white ${approved ? "bg-brand-600" : "bg-red-600"}`}
          >
            {count}
          </span>
        ) : null}
      </summary>
      <div className="absolute inset-x-2 top-full z-40 sm:inset-x-auto sm:right-0 mt-2 sm:w-80 rounded-lg border border-slate-200 bg-white p-3 shadow-lg">
        {unreadDirectMessages > 0 ? (
          <Link
            to="/messages"
            className="mb-2 flex items-center justify-between gap-2 rounded-md px-1 py-1.5 text-sm font-semibold text-slate-800 hover:bg-slate-50"
          >
            <span>Unread direct messages</span>
            <span className="rounded-full bg-red-100 px-2 py-0.5 text-xs font-semibold text-red-800">{unreadDirectMessages}</span>
          </Link>
        ) : null}
        {approvals.length === 0 &&
        pendingJoinRequests.length === 0 &&
        unreadDirectMessages === 0 &&
        deals.length === 0 &&
        shownMatches.length === 0 ? (
          <p className="px-1 py-2 text-sm text-slate-600">No notifications</p>
        ) : null}
        {deals.length > 0 ? (
          <section aria-labelledby="deals-waiting-heading" className="mb-2">
            <h2 id="deals-waiting-heading" className="px-1 text-sm font-semibold text-slate-700">
              Deals waiting for you
            </h2>
            <ul className="mt-1 space-y-1">
              {deals.map((deal) => (
                <li key={deal.dealId}>
                  <Link
                    to={`/deals/${deal.dealId}`}
                    data-testid="deal-waiting"
                    className="flex min-h-11 items-center rounded-md px-1 py-1.5 text-sm break-words hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-brand-600"
                  >
                    {waitingText(deal)}
                  </Link>
                </li>
              ))}
            </ul>
            {waiting > deals.length ? (
              <p className="px-1 text-xs text-slate-600">
                and {waiting - deals.length} more on your{" "}
                <Link to="/player-profile" className="font-medium text-brand-700 underline">
                  Player Profile
                </Link>
              </p>
            ) : null}
          </section>
        ) : null}
        {shownMatches.length > 0 ? (
          <section aria-labelledby="new-matches-heading" className="mb-2">
            <h2 id="new-matches-heading" className="px-1 text-sm font-semibold text-slate-700">
              New matches
            </h2>
            <ul className="mt-1 space-y-1">
              {shownMatches.map((match) => (
                <MatchItem key={matchKey(match)} match={match} />
              ))}
            </ul>
            {unseenCount > unseen.length ? (
              <p className="px-1 text-xs text-slate-600">
                and {unseenCount - unseen.length} more from your{" "}
                <Link to="/saved-searches" className="font-medium text-brand-700 underline">
                  saved searches
                </Link>
              </p>
            ) : null}
            {unseenCount > 0 ? (
              // Without JavaScript opening the menu cannot tell the server: this button does.
              <Form method="post" action="/notifications/acknowledge" className="mt-1 px-1">
                <input type="hidden" name="intent" value="seenMatches" />
                <input type="hidden" name="redirectTo" value={`${location.pathname}${location.search}`} />
                <Button type="submit" variant="secondary" size="sm">
                  Mark as seen
                </Button>
              </Form>
            ) : null}
          </section>
        ) : null}
        {approvals.length > 0 ? (
          <section aria-labelledby="approved-heading">
            <h2 id="approved-heading" className="px-1 text-sm font-semibold text-emerald-700">
              You've Been Approved!
            </h2>
            <ul className="mt-1 space-y-1">
              {approvals.map((row) => (
                <li key={row.membershipId}>
                  {/* The whole row is the 'View Club' control: a POST that acknowledges the notice, then opens the club (works without JS). */}
                  <Form method="post" action="/notifications/acknowledge">
                    <input type="hidden" name="membershipId" value={row.membershipId} />
                    <Button
                      type="submit"
                      aria-label={`View Club ${row.clubName}`}
                      variant="ghost"
                      size="sm"
                      className="justify-between gap-2 px-1 text-inherit hover:bg-emerald-50"
                    >
                      <span className="min-w-0 break-words">{row.clubName}</span>
                      <span className="shrink-0 rounded-full bg-emerald-100 px-2 py-0.5 text-xs font-semibold text-emerald-800">
                        View Club
                      </span>
                    </Button>
                  </Form>
                </li>
              ))}
            </ul>
          </section>
        ) : null}
        {pendingJoinRequests.length > 0 ? (
          <section aria-labelledby="pending-heading" className={approvals.length > 0 ? "mt-3 border-t border-slate-100 pt-2" : ""}>
            <h2 id="pending-heading" className="px-1 text-sm font-semibold text-slate-700">
              Pending Membership Requests
            </h2>
            <ul className="mt-1 space-y-1">
              {pendingJoinRequests.map((row) => (
                <li key={row.clubSlug}>
                  <Link
                    to={`/club/${row.clubSlug}/manage`}
                    className="flex min-h-11 items-center justify-between gap-2 rounded-md px-1 py-1.5 text-sm hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-brand-600"
                  >
                    <span className="min-w-0 break-words">{row.clubName}</span>
                    <span className="shrink-0 rounded-full bg-amber-100 px-2 py-0.5 text-xs font-semibold text-amber-800">
                      {row.count} {row.count === 1 ? "request" : "requests"}
                    </span>
                  </Link>
                </li>
              ))}
            </ul>
          </section>
        ) : null}
      </div>
    </details>
  );
}
