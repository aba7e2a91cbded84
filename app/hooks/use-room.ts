import { useEffect, useRef, useState } from "react";
import type PartySocket from "partysocket";
import type { RoomAccess, RoomEvent, RoomKind } from "~/features/realtime/room-events";

export type { RoomAccess, RoomEvent, RoomKind };
/** connecting: before the first open; open: live; paused: dropped and reconnecting, or refused. */
export type RoomStatus = "connecting" | "open" | "paused";
export type UseRoomOptions = {
  /**
   * Called after every reconnect (not the first connect): whatever was published while the socket
   * was down is lost, so the page catches up from the database — usually `revalidator.revalidate()`.
   */
  onReconnect?: () => void;
};

type Listener = {
  onEvent: (event: RoomEvent) => void;
  onReconnect: () => void;
  onStatus: (status: RoomStatus) => void;
};

/** One socket per room per page, however many components listen to it (a user room serves several). */
type SharedRoom = {
  access: RoomAccess;
  listeners: Set<Listener>;
  status: RoomStatus;
  socket: PartySocket | null;
  stopped: boolean;
};

// Browser-only module state (never runs on the Worker: sockets are opened in effects).
const rooms = new Map<string, SharedRoom>();

/** Reconnect backoff: 1 s, growing ×1.5 to 30 s, plus up to 1 s of jitter so a room restart is not a stampede. */
const BACKOFF = { minReconnectionDelay: 1000, maxReconnectionDelay: 30_000, reconnectionDelayGrowFactor: 1.5 };
const JITTER_MS = 1000;
/** A loader's token is reused for the first connect only while it has this long left. */
const TOKEN_SLACK_MS = 30_000;

function setStatus(shared: SharedRoom, status: RoomStatus) {
  shared.status = status;
  for (const listener of shared.listeners) listener.onStatus(status);
}

class RoomRefused extends Error {}

/** The token for the next connect: the loader's while fresh, else a new one from the server. */
async function nextToken(shared: SharedRoom, attempt: number): Promise<string> {
  const { access } = shared;
  if (attempt === 0 && access.expiresAt - Date.now() > TOKEN_SLACK_MS) return access.token;
  if (attempt > 0) await new Promise((resolve) => setTimeout(resolve, Math.random() * JITTER_MS));
  const params = new URLSearchParams({ kind: access.kind, id: access.id });
  const response = await fetch(`/api/rooms/token?${params}`, { cache: "no-store", credentials: "same-origin" });
  // Signed out, left the club, removed: the server says no, so stop asking until the page changes.
  if (response.status === 401 || response.status === 403) throw new RoomRefused(`room refused: ${response.status}`);
  if (!response.ok) throw new Error(`room token: ${response.status}`);
  const fresh = (await response.json()) as RoomAccess;
  return fresh.token;
}

async function open(key: string, shared: SharedRoom) {
  // Loaded on demand: partysocket stays out of the first-load bundle.
  const { default: PartySocketClass } = await import("partysocket");
  if (shared.stopped || rooms.get(key) !== shared) return;
  let attempt = 0;
  let opened = false;
  const socket = new PartySocketClass({
    host: window.location.host,
    protocol: window.location.protocol === "https:" ? "wss" : "ws",
    party: shared.access.party,
    room: shared.access.room,
    // Asked before every (re)connect: a fresh token, so access is decided again each time.
    query: async () => {
      try {
        return { token: await nextToken(shared, attempt++) };
      } catch (error) {
        if (error instanceof RoomRefused) {
          shared.stopped = true;
          socket.close();
          setStatus(shared, "paused");
        }
        throw error;
      }
    },
    ...BACKOFF,
  });
  shared.socket = socket;
  socket.addEventListener("open", () => {
    // A first connect that failed before it succeeded missed events too (the room was down when the
    // page loaded): catch up then as after any reconnect.
    const missed = opened || shared.status === "paused";
    setStatus(shared, "open");
    if (missed) for (const listener of shared.listeners) listener.onReconnect();
    opened = true;
  });
  // Dropped, or a first attempt failed: say so rather than "connecting" forever; retries go on.
  const paused = () => setStatus(shared, "paused");
  socket.addEventListener("close", paused);
  socket.addEventListener("error", paused);
  socket.addEventListener("message", (message: MessageEvent) => {
    let event: RoomEvent;
    try {
      event = JSON.parse(String(message.data)) as RoomEvent;
    } catch {
      return; // Not ours to interpret; rooms only carry JSON events.
    }
    for (const listener of shared.listeners) listener.onEvent(event);
  });
}

/**
 * Joins a realtime room and calls `onEvent` for every event the server publishes there — typed by
 * the room's kind, so a club room's handler sees club events only. Rooms only fan out; the page's
 * data still comes from loaders, and `options.onReconnect` lets it catch up after a drop.
 * Reconnects forever with backoff, with a fresh token each time (ADR 039). Several components on a
 * page listening to the same room share one socket.
 */
export function useRoom<K extends RoomKind>(
  access: RoomAccess<K> | null,
  onEvent: (event: RoomEvent<K>) => void,
  options: UseRoomOptions = {},
): RoomStatus {
  const handlers = useRef({ onEvent, onReconnect: options.onReconnect });
  handlers.current = { onEvent, onReconnect: options.onReconnect };
  const latest = useRef(access);
  latest.current = access;
  const [status, setLocalStatus] = useState<RoomStatus>("connecting");

  // Keyed on the room, not the token: a revalidation hands the page a new token without a new socket.
  const key = access ? `${access.party}/${access.room}` : null;
  useEffect(() => {
    const current = latest.current;
    if (!key || !current) return;
    let shared = rooms.get(key);
    if (!shared || shared.stopped) {
      shared = { access: current, listeners: new Set(), status: "connecting", socket: null, stopped: false };
      rooms.set(key, shared);
      void open(key, shared);
    }
    shared.access = current;
    const listener: Listener = {
      // The room's kind decides what it carries (room-events.ts): this socket is a K room's.
      onEvent: (event) => handlers.current.onEvent(event as RoomEvent<K>),
      onReconnect: () => handlers.current.onReconnect?.(),
      onStatus: setLocalStatus,
    };
    shared.listeners.add(listener);
    setLocalStatus(shared.status);
    const joined = shared;
    return () => {
      joined.listeners.delete(listener);
      if (joined.listeners.size > 0) return;
      joined.stopped = true;
      joined.socket?.close();
      if (rooms.get(key) === joined) rooms.delete(key);
    };
  }, [key]);

  // A newer ticket (after revalidation) is what the next reconnect falls back on.
  useEffect(() => {
    const shared = key ? rooms.get(key) : undefined;
    if (shared && access) shared.access = access;
  }, [key, access]);

  return status;
}
