import { routePartykitRequest } from "partyserver";
import { ROOM_KINDS } from "../app/features/realtime/realtime.server";
import { verifyRoomToken } from "../app/features/realtime/room-token.server";
import { withClaims } from "./connection-claims";

/**
 * Routes /parties/<party>/<room> to the room's Durable Object. Only WebSocket joins come from
 * outside, each with a token for this exact room (a JWT checked by jose's jwtVerify with HS256 and
 * the audience `<party>/<room>` pinned; its verified user id and expiry go on to the room);
 * publishing is internal (the Durable Object stub, app/features/realtime/realtime.server.ts), never over HTTP.
 */
export function routeRooms(request: Request, env: Record<string, unknown>) {
  const secret = env.REALTIME_SECRET;
  if (typeof secret !== "string" || secret.length < 32) throw new Error("Invalid environment: REALTIME_SECRET is required");
  return routePartykitRequest(request, env as never, {
    onBeforeConnect: async (req, lobby) => {
      const kind = Object.values(ROOM_KINDS).find((k) => k.binding === lobby.className);
      if (!kind) return new Response("Not found", { status: 404 });
      const token = new URL(req.url).searchParams.get("token");
      const check = await verifyRoomToken(secret, token, { party: kind.party, room: lobby.name });
      if (!check.ok) return new Response(`Forbidden: ${check.reason}`, { status: 403 });
      // The room learns who joined and until when from these headers only (set here, never the browser's).
      return withClaims(req, check.claims);
    },
    onBeforeRequest: () => new Response("Forbidden", { status: 403 }),
  });
}
