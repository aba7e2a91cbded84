import { Form, useLocation } from "@remix-run/react";
import { useEffect } from "react";
import { useLiveBadges, type Badges } from "~/hooks/use-user-room";
import type { RoomAccess } from "~/hooks/use-room";
import { LocationDialog } from "../search/location-dialog";
import { NotificationsMenu, type NotificationsData } from "../notifications/notifications-menu";
import { Button, ButtonLink } from "../ui/button";

export type AccountUser = {
  email: string;
  firstName: string | null;
  zipCode: string | null;
  isAdmin: boolean;
  notifications: NotificationsData;
  /** Unread counts from read_at (ADR 042), kept live through the user room. */
  badges: Badges;
  userRoom: RoomAccess<"user">;
};

/** 01 §2: the first name, else the e-mail before the @ (its first 8 characters). */
export function menuName(user: Pick<AccountUser, "email" | "firstName">) {
  return user.firstName?.trim() || user.email.split("@")[0].slice(0, 8);
}

const ENTRIES = [
  { to: "/in-play", label: "In Play (My Listings)" },
  { to: "/messages", label: "Messages" },
  { to: "/on-deck", label: "On Deck (Favorites)" },
  { to: "/team-hub", label: "Team Hub" },
  { to: "/player-profile", label: "Player Profile" },
];

/** The signed-in part of the top navigation: ZIP chip, notifications bell, user menu. */
export function AccountMenu({ user }: { user: AccountUser }) {
  const location = useLocation();
  // The service worker (public/sw.js, ADR 087) registers for a signed-in person, from this chunk that only
  // they load — no visitor page pays its bytes (ADR 033). A new version that waits takes over here, once per
  // full page load (a navigation), so it never starts serving under a form being filled in.
  useEffect(() => {
    navigator.serviceWorker?.register("/sw.js").then(
      // No registration at all where workers are blocked (a browser setting, the e2e suite): then nothing to do.
      (r: ServiceWorkerRegistration | undefined) => r?.waiting?.postMessage("take-over"),
      () => {},
    );
  }, []);
  const here = `${location.pathname}${location.search}`;
  const { badges, status, refresh } = useLiveBadges(
    { ...user.badges, dealsWaiting: user.notifications.dealsWaiting, newMatches: user.notifications.matches },
    user.userRoom,
  );
  return (
    <>
      <LocationDialog zipCode={user.zipCode} redirectTo={here} />
      <NotificationsMenu
        notifications={user.notifications}
        unreadDirectMessages={badges.directMessages}
        dealsWaiting={badges.dealsWaiting}
        deals={badges.deals}
        matches={badges.newMatches}
        onMatchesSeen={refresh}
      />
      <details className="sm:relative" data-menu data-user-room={status} data-lazy-part="account-menu">
        <summary
          aria-label={`Account menu for ${menuName(user)}`}
          className="flex min-h-11 min-w-11 cursor-pointer list-none items-center justify-center gap-1 rounded-md px-2 py-2 text-sm font-medium text-slate-700 hover:text-brand-700 focus-visible:outline-2 focus-visible:outline-brand-600"
        >
          <svg
            viewBox="0 0 24 24"
            className="h-5 w-5 sm:hidden"
            aria-hidden="true"
            fill="none"
            stroke="currentColor"
            strokeWidth="2"
            strokeLinecap="round"
          >
            <circle cx="12" cy="8" r="4" />
            <path d="M4 21a8 8 0 0 1 16 0" />
          </svg>
          <span className="hidden max-w-[8rem] truncate sm:inline">{menuName(user)}</span>
          <span aria-hidden="true" className="hidden sm:inline">
            ▾
          </span>
        </summary>
        <div className="absolute inset-x-2 top-full z-40 sm:inset-x-auto sm:right-0 mt-2 sm:w-60 rounded-lg border border-slate-200 bg-white p-2 shadow-lg">
          <p className="px-3 py-1 text-sm font-semibold text-slate-900 sm:hidden">{menuName(user)}</p>
          <ul>
            {user.isAdmin ? (
              <li>
                <ButtonLink to="/admin" variant="ghost" size="sm">
                  Admin Dashboard
                </ButtonLink>
              </li>
            ) : null}
            {ENTRIES.map((entry) => (
              <li key={entry.to}>
                <ButtonLink to={entry.to} variant="ghost" size="sm" className="justify-between gap-2">
                  {entry.label}
                  {entry.to === "/messages" && badges.total > 0 ? (
                    <span data-testid="messages-badge" className="rounded-full bg-red-600 px-2 text-xs font-bold leading-5 text-white">
                      {badges.total}
                      <span className="sr-only"> unread</span>
                    </span>
                  ) : null}
                </ButtonLink>
              </li>
            ))}
            <li className="mt-1 border-t border-slate-100 pt-1">
              <Form method="post" action="/logout">
                <Button type="submit" variant="ghost" size="sm">
                  Sign Out
                </Button>
              </Form>
            </li>
          </ul>
        </div>
      </details>
    </>
  );
}
