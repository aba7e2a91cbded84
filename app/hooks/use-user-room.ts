// The signed-in header holds the browser tab's ONE user-room socket (issue 12: a browser holds at
// most one user socket plus the club it is looking at). It re-broadcasts every event of that room
// on `window`, so a page (/messages) can react without opening a second socket.
import { useFetcher } from "@remix-run/react";
import { useEffect, useRef, useState } from "react";
import { useRoom, type RoomAccess, type RoomEvent, type RoomKind } from "./use-room";
import type { WaitingDeal } from "~/features/trade/deals-waiting.server";

const USER_EVENT = "lockerswap:user-event";
/**
 * Fresh counts from /api/badges, re-broadcast so a page's own badge follows the header's (the club
 * page's Messages tab: ~/components/club-unread-badge, which spells the same name rather than import it, so
 * the header's chunk gains no shared-chunk dependency, ADR 033).
 */
export const BADGES_EVENT = "lockerswap:badges";
/** Events after which the badge counts are refetched (they are derived from read_at on the server). */
export const BADGE_EVENTS: ReadonlySet<RoomEvent<"user">["type"]> = new Set([
  "badges.changed",
  "dm.created",
  "dm.read",
  "listing.message.created",
]);

export type Badges = {
  directMessages: number;
  total: number;
  /** Deals waiting for you (the bell, issue 20): from /api/badges once refetched; until then the loader's. */
  dealsWaiting?: number;
  deals?: WaitingDeal[];
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

/** The header's badges: the loader's counts, refetched from /api/badges whenever the user room says so. */
export function useLiveBadges(initial: Badges, room: RoomAccess<"user">) {
  const fetcher = useFetcher<LiveCounts>();
  const [badges, setBadges] = useState(initial);
  const { directMessages, total, dealsWaiting } = initial;
  useEffect(() => setBadges({ directMessages, total, dealsWaiting }), [directMessages, total, dealsWaiting]);
  useEffect(() => {
    if (fetcher.data && typeof fetcher.data.total === "number") {
      const { directMessages, total, dealsWaiting, deals } = fetcher.data;
      setBadges({ directMessages, total, dealsWaiting, deals });
      window.dispatchEvent(new CustomEvent(BADGES_EVENT, { detail: fetcher.data }));
    }
  }, [fetcher.data]);
  const load = useRef(fetcher.load);
  load.current = fetcher.load;
  const status = useRoom(useStableRoomAccess(room), (event) => {
    if (BADGE_EVENTS.has(event.type)) load.current("/api/badges");
    window.dispatchEvent(new CustomEvent(USER_EVENT, { detail: event }));
  });
  return { badges, status };
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
