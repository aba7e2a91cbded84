import { Server } from "partyserver";
import { PUBLISH_SECRET_HEADER } from "../app/lib/realtime.server";

type RoomEnv = { REALTIME_SECRET: string };

function sameSecret(a: string, b: string) {
  if (a.length !== b.length) return false;
  let diff = 0;
  for (let i = 0; i < a.length; i++) diff |= a.charCodeAt(i) ^ b.charCodeAt(i);
  return diff === 0;
}

/**
 * A room only fans out: server code publishes an event (after its database write) through the
 * Durable Object stub, and every connected browser receives it. Who may connect is decided
 * before the socket gets here (server.ts verifies the room token); no business rules live here.
 */
export class BroadcastRoom extends Server<RoomEnv> {
  static options = { hibernate: true };

  async onRequest(request: Request) {
    const secret = request.headers.get(PUBLISH_SECRET_HEADER) ?? "";
    if (request.method !== "POST" || !sameSecret(secret, this.env.REALTIME_SECRET)) {
      return new Response("Forbidden", { status: 403 });
    }
    this.broadcast(await request.text());
    return new Response(null, { status: 204 });
  }

  // Browsers only listen; anything they send is ignored (writes go through Remix actions).
  onMessage() {}
}
