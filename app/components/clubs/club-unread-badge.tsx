// The club page's Messages tab badge (ADR 050). A members-only chunk loaded on demand, like the
// Messages tab itself: the club page is also a visitor's page, near its first-load ceiling (ADR 033).
// It imports nothing at runtime from use-user-room (no socket code, no shared chunk for the header).
import { useEffect, useState } from "react";
import type { LiveCounts } from "~/hooks/use-user-room";

/** The header's re-broadcast of /api/badges (BADGES_EVENT in ~/hooks/use-user-room; same name, no import). */
export const CLUB_BADGES_EVENT = "lockerswap:badges";

/**
 * A club's Messages tab badge (ADR 050): the loader's count (from read_at, right after a reload
 * and after the tab marks DMs read), then whatever the header's live refetch says for this club.
 * `badge` is a new object on every load, so a fresh loader count wins over an older live one.
 */
export function useClubUnreadBadge(badge: { clubId: string; unread: number } | null) {
  const [live, setLive] = useState<[typeof badge, number]>();
  useEffect(() => {
    const listener = (event: Event) => setLive([badge, (event as CustomEvent<LiveCounts>).detail.perClub?.[badge!.clubId] ?? 0]);
    if (badge) addEventListener(CLUB_BADGES_EVENT, listener);
    return () => removeEventListener(CLUB_BADGES_EVENT, listener);
  }, [badge]);
  return live?.[0] === badge ? live[1] : (badge?.unread ?? 0);
}

/** The red count beside 'Messages' (nothing at 0); server-rendered, then live. The default export: lazy() takes it as is. */
export default function ClubUnreadBadge({ badge }: { badge: { clubId: string; unread: number } }) {
  const count = useClubUnreadBadge(badge);
  if (!count) return null;
  return (
    <span data-testid="club-messages-badge" className="ml-1.5 rounded-full bg-red-600 px-2 text-xs font-bold leading-5 text-white">
      {count}
      <span className="sr-only"> unread</span>
    </span>
  );
}
