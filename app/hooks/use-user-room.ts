// The signed-in header holds the browser tab's ONE user-room socket (ADR 064: a browser holds at
// most one user socket plus the club it is looking at). It re-broadcasts every event of that room
// on `window`, so a page (/messages) can react without opening a second socket.
import { useFetcher } from "@remix-run/react";
import { useCallback, useEffect, useRef, useState } from "react";
import { useRoom, type RoomAccess, type RoomEvent, type RoomKind } from "./use-room";
import type { WaitingDeal } from "~/features/trade/deals-waiting.server";
import type { NewMatch } from "~/features/matching/matches.server";

const USER_EVENT = "lockerswap:user-event";
/**
 * Fresh counts from /api/badges, re-broadcast so a page's own badge follows the header's (the club
 * page's Messages tab: ~/components/clubs/club-unread-badge, which spells the same name rather than import it, so
 * the header's chunk gains no shared-chunk dependency, ADR 033).
 */
export const BADGES_EVENT = "lockerswap:badges";
/** Events after which the badge counts are refetched (they are derived from read_at on the server). */
export const BADGE_EVENTS: ReadonlySet<RoomEvent<"user">["type"]> = new Set([
  "badges.changed",
  "dm.created",
  "dm.read",
  "listing.message.created",
  // The matcher found something (ADR 071): 'New matches' and the bell's count come with the badges.
  "matches.changed",
]);

/** 'New matches' in the bell's menu: the newest unseen few and how many (matchedAt is not shown). */
export type MenuMatches = { items: Omit<NewMatch, "matchedAt">[]; count: number };

export type Badges = {
  directMessages: number;
  total: number;
  /** Deals waiting for you (the bell, ADR 068): from /api/badges once refetched; until then the loader's. */
  dealsWaiting?: number;
  deals?: WaitingDeal[];
  /** Unseen matches (ADR 071): from /api/badges once refetched; until then the loader's. */
  newMatches?: MenuMatches;
};
/** What /api/badges answers (app/features/messaging/inbox.server.ts `unreadCounts`, plus the deals waiting). */
export type LiveCounts = Badges & { perClub: Record<string, number> };

/**
 * Loaders mint a fresh token on every revalidation; reconnecting each time would drop events in the
 * gap. Keep the room's first access for a few minutes (tokens live ten), then take the newer one.
 */
export function useStableRoomAccess<K extends RoomKind>(access: RoomAccess<K> | null, maxAgeMs = 5 * 60 * 1000): RoomAccess<K> | null {
  const kept = useRef<{ access: RoomAccess<K>; at: number } | null>(null);
  if (!access) {
    kept.current = null;
    return null;
  }
  const current = kept.current;
  if (!current || current.access.room !== access.room || current.access.party !== access.party || Date.now() - current.at > maxAgeMs) {
    kept.current = { access, at: Date.now() };
  }
  return kept.current!.access;
}

/**
 * The header's badges: the loader's counts, refetched from /api/badges whenever the user room says so,
 * or when `refresh` is called (after marking matches seen in this tab).
 */
export function useLiveBadges(initial: Badges, room: RoomAccess<"user">) {
  const fetcher = useFetcher<LiveCounts>();
  const [badges, setBadges] = useState(initial);
  const { directMessages, total, dealsWaiting } = initial;
  const matchesCount = initial.newMatches?.count;
  // Fresher loader counts win; the lists (deals, matches) then come from the loader too (left undefined).
  useEffect(() => setBadges({ directMessages, total, dealsWaiting }), [directMessages, total, dealsWaiting, matchesCount]);
  useEffect(() => {
    if (fetcher.data && typeof fetcher.data.total === "number") {
      const { directMessages, total, dealsWaiting, deals, newMatches } = fetcher.data;
      setBadges({ directMessages, total, dealsWaiting, deals, newMatches });
      window.dispatchEvent(new CustomEvent(BADGES_EVENT, { detail: fetcher.data }));
    }
  }, [fetcher.data]);
  const load = useRef(fetcher.load);
  load.current = fetcher.load;
  const status = useRoom(useStableRoomAccess(room), (event) => {
    if (BADGE_EVENTS.has(event.type)) load.current("/api/badges");
    window.dispatchEvent(new CustomEvent(USER_EVENT, { detail: event }));
  });
  const refresh = useCallback(() => load.current("/api/badges"), []);
  return { badges, status, refresh };
}

/** Calls `onEvent` for each event of the signed-in user's room (delivered by the header's socket). */
export function useUserRoomEvents(onEvent: (event: RoomEvent<"user">) => void) {
  const handler = useRef(onEvent);
  handler.current = onEvent;
  useEffect(() => {
    const listener = (event: Event) => handler.current((event as CustomEvent<RoomEvent<"user">>).detail);
    window.addEventListener(USER_EVENT, listener);
    return () => window.removeEventListener(USER_EVENT, listener);
  }, []);
}
