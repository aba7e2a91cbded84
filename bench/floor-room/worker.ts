/**
 * The floor of bench/realtime-fanout.ts (ADR 075): the plainest partyserver room on the same
 * runtime as ours — hibernating sockets, no token check, no database, no expiry alarm. A POST to
 * /parties/floor-room/<room> is sent as it is to every connection; what ours costs above this is ours.
 */
import { routePartykitRequest, Server } from "partyserver";

export class FloorRoom extends Server {
  static options = { hibernate: true };

  async onRequest(request: Request) {
    this.broadcast(await request.text());
    return new Response(null, { status: 204 });
  }

  onMessage() {}
}

export default {
  async fetch(request: Request, env: Record<string, unknown>) {
    // startStack waits for this before it hands the stack over.
    if (new URL(request.url).pathname === "/healthz") return new Response("ok");
    return (await routePartykitRequest(request, env as never)) ?? new Response("Not found", { status: 404 });
  },
};
