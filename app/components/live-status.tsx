import type { RoomStatus } from "~/hooks/use-room";

/**
 * "Live updates paused" (issue 12 §5): shown while a page's room is unreachable or reconnecting.
 * Writes still land (they go through actions); the page catches up when the room is back.
 * Drop it next to anything that updates live: `<LiveStatus status={useRoom(…)} />`.
 * Nothing is shown while connecting for the first time or while live.
 */
export function LiveStatus({ status, className = "" }: { status: RoomStatus; className?: string }) {
  return (
    <p role="status" aria-live="polite" className={`text-xs text-amber-700 ${className}`}>
      {status === "paused" ? (
        <>
          <span aria-hidden="true">● </span>Live updates paused
        </>
      ) : null}
    </p>
  );
}
