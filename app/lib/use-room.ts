import PartySocket from "partysocket";
import { useEffect, useRef, useState } from "react";

export type RoomEvent = { type: string; [key: string]: unknown };
export type RoomAccess = { party: string; room: string; token: string };

/**
 * Joins a realtime room with a token minted by the loader and calls `onEvent` for every event the
 * server publishes. Rooms only fan out; the page's data still comes from loaders.
 */
export function useRoom(access: RoomAccess | null, onEvent: (event: RoomEvent) => void) {
  const handler = useRef(onEvent);
  handler.current = onEvent;
  const [status, setStatus] = useState<"connecting" | "open" | "closed">("connecting");

  useEffect(() => {
    if (!access) return;
    const socket = new PartySocket({
      host: window.location.host,
      protocol: window.location.protocol === "https:" ? "wss" : "ws",
      party: access.party,
      room: access.room,
      query: { token: access.token },
      maxRetries: 5,
    });
    socket.addEventListener("open", () => setStatus("open"));
    socket.addEventListener("close", () => setStatus("closed"));
    socket.addEventListener("message", (message: MessageEvent) => {
      try {
        handler.current(JSON.parse(String(message.data)) as RoomEvent);
      } catch {
        // Not ours to interpret; rooms only carry JSON events.
      }
    });
    return () => socket.close();
  }, [access?.party, access?.room, access?.token]);

  return status;
}
