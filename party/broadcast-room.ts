import { Server, type Connection, type ConnectionContext } from "partyserver";
import { PUBLISH_EXCEPT_HEADER, PUBLISH_SECRET_HEADER, ROOM_CLOSE } from "../app/features/realtime/realtime.server";
import type { AccessRevokedEvent } from "../app/features/realtime/room-events";
import { exceptedUsers, isExpired, nextExpiry, readClaims, receives, userTag, type ConnectionClaims } from "./connection-claims";
import { timingSafeEqual } from "../app/platform/crypto";

type RoomEnv = { REALTIME_SECRET: string };

/**
 * A room only fans out: server code publishes an event (after its database write) through the
 * Durable Object stub, and every connected browser receives it. Who may connect is decided
 * before the socket gets here (routeRooms verifies the room token, minted only for people
 * roomAccessFor lets in); no business rules live here.
 *
 * The token is honoured for its lifetime only, not for the life of the socket (ADR 039): each
 * connection carries its verified user id (a tag) and expiry (its state); an alarm closes it when
 * the token runs out, a broadcast never reaches an expired one, and an internal disconnect request
 * closes one user's sockets at once (left, removed, signed out). A publish may list users whose
 * connections skip that one event (PUBLISH_EXCEPT_HEADER); the room honours the list without knowing
 * why (the publisher's rule: blocks, ADR 069).
 */
export class BroadcastRoom extends Server<RoomEnv> {
  static options = { hibernate: true };

  getConnectionTags(_connection: Connection, ctx: ConnectionContext) {
    const claims = readClaims(ctx.request);
    return claims ? [userTag(claims.sub)] : [];
  }

  async onConnect(connection: Connection<ConnectionClaims>, ctx: ConnectionContext) {
    const claims = readClaims(ctx.request);
    if (isExpired(claims)) {
      connection.close(ROOM_CLOSE.expired, "token expired");
      return;
    }
    connection.setState(claims);
    await this.wakeUpAt(claims!.exp * 1000);
  }

  /** Keeps the alarm at the earliest expiry of any open connection. */
  private async wakeUpAt(at: number) {
    const current = await this.ctx.storage.getAlarm();
    if (current === null || at < current) await this.ctx.storage.setAlarm(at);
  }

  /** Closes the connections whose token ran out; returns the ones still allowed. */
  private closeExpired(now = Date.now()) {
    const live: Connection<ConnectionClaims>[] = [];
    for (const connection of this.getConnections<ConnectionClaims>()) {
      if (isExpired(connection.state, now)) connection.close(ROOM_CLOSE.expired, "token expired");
      else live.push(connection);
    }
    return live;
  }

  async onAlarm() {
    const live = this.closeExpired();
    const next = nextExpiry(live.map((c) => c.state));
    if (next !== null) await this.ctx.storage.setAlarm(next);
  }

  async onRequest(request: Request) {
    const secret = request.headers.get(PUBLISH_SECRET_HEADER) ?? "";
    if (request.method !== "POST" || !timingSafeEqual(secret, this.env.REALTIME_SECRET)) {
      return new Response("Forbidden", { status: 403 });
    }
    if (new URL(request.url).searchParams.get("op") === "disconnect") {
      const { userId } = (await request.json()) as { userId?: unknown };
      if (typeof userId !== "string" || !userId) return new Response("userId required", { status: 400 });
      let closed = 0;
      for (const connection of this.getConnections(userTag(userId))) {
        // Told first, so a page can say why; closed either way, whatever the browser does.
        connection.send(JSON.stringify({ type: "access.revoked", room: this.name } satisfies AccessRevokedEvent));
        connection.close(ROOM_CLOSE.revoked, "access revoked");
        closed++;
      }
      return Response.json({ closed });
    }
    const event = await request.text();
    const except = exceptedUsers(request.headers.get(PUBLISH_EXCEPT_HEADER));
    for (const connection of this.closeExpired()) if (receives(connection.state, except)) connection.send(event);
    return new Response(null, { status: 204 });
  }

  // Browsers only listen; anything they send is ignored (writes go through Remix actions).
  onMessage() {}
}
