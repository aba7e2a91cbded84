// The club page's Messages tab badge (issue 12 §3). Its own small module: the club page is also a
// visitor's page, and this must not pull the socket code (use-room) into its chunk (ADR 033).
import { useEffect, useState } from "react";

/** Fresh counts from /api/badges, re-broadcast by the header (useLiveBadges) so page badges follow it. */
export const BADGES_EVENT = "lockerswap:badges";

/** What /api/badges answers (app/domain/inbox.server.ts `unreadCounts`). */
export type LiveCounts = { directMessages: number; total: number; perClub: Record<string, number> };

/**
 * A club's Messages tab badge (issue 12 §3): the loader's count (from read_at, right after a reload
 * and after the tab marks DMs read), then whatever the header's live refetch says for this club.
 * `badge` is a new object on every load, so a fresh loader count always wins over an older live one.
 */
export function useClubUnreadBadge(badge: { clubId: string; unread: number } | null) {
  const [count, setCount] = useState(badge?.unread ?? 0);
  useEffect(() => setCount(badge?.unread ?? 0), [badge]);
  const clubId = badge?.clubId ?? null;
  useEffect(() => {
    if (!clubId) return;
    const listener = (event: Event) => {
      const counts = (event as CustomEvent<LiveCounts>).detail;
      if (counts.perClub) setCount(counts.perClub[clubId] ?? 0);
    };
    window.addEventListener(BADGES_EVENT, listener);
    return () => window.removeEventListener(BADGES_EVENT, listener);
  }, [clubId]);
  return count;
}
