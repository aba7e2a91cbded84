import type { RoomStatus } from "~/hooks/use-room";

/**
 * "Live updates paused" (ADR 039): shown while a page's room is unreachable or reconnecting.
 * Writes still land (they go through actions); the page catches up when the room is back.
 * Drop it next to anything that updates live: `<LiveStatus status={useRoom(…)} />`.
 * Nothing is shown while connecting for the first time or while live. The one such component: the
 * listing conversation, the club chat and DMs pass their own words (`text`).
 * The status region is always there, so a screen reader announces the words when they appear.
 */
export function LiveStatus({
  status,
  className = "",
  text = "Live updates paused",
}: {
  status: RoomStatus;
  className?: string;
  text?: string;
}) {
  return (
    <p role="status" aria-live="polite" className={`text-xs text-amber-700 ${className}`}>
      {status === "paused" ? (
        <>
          <span aria-hidden="true">● </span>
          {text}
        </>
      ) : null}
    </p>
  );
}
