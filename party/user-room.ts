import type { Connection, ConnectionContext } from "partyserver";
import { BroadcastRoom } from "./broadcast-room";
import { PUBLISH_SECRET_HEADER, type Presence } from "../app/features/realtime/realtime.server";
import { userTag, type ConnectionClaims } from "./connection-claims";
import { timingSafeEqual } from "../app/platform/crypto";

/** Storage key of the last time this room had its user connected (ms): survives hibernation, unlike fields. */
const LAST_SEEN_KEY = "presence:lastSeenAt";

/**
 * One per user: their direct messages and unread badges (spec 01 §4, 02 §4). It also knows whether
 * its user is here (ADR 073, e-mail when away): an open connection now, else when the last one
 * closed — asked by the away-mail job through `?op=presence` (createPresenceOf), with the same
 * secret as a publish. Only a time is kept; what to mail is the job's rule, not the room's.
 */
export class UserRoom extends BroadcastRoom {
  async onConnect(connection: Connection<ConnectionClaims>, ctx: ConnectionContext) {
    await super.onConnect(connection, ctx);
    // Also on connect: should a close never be reported (a crash), the room still knows of a visit.
    if (this.isOwner(connection)) await this.seen();
  }

  async onClose(connection: Connection<ConnectionClaims>) {
    if (this.isOwner(connection)) await this.seen();
  }

  async onError(connection: Connection<ConnectionClaims>) {
    if (this.isOwner(connection)) await this.seen();
  }

  /** The room's user, as opposed to a guardian reading along (ADR 096). */
  private get ownerId() {
    return this.name.replace(/^user:/, "");
  }

  private isOwner(connection: Connection<ConnectionClaims>) {
    return connection.state?.sub === this.ownerId;
  }

  private seen(now = Date.now()) {
    return this.ctx.storage.put(LAST_SEEN_KEY, now);
  }

  async onRequest(request: Request) {
    if (new URL(request.url).searchParams.get("op") !== "presence") return super.onRequest(request);
    const secret = request.headers.get(PUBLISH_SECRET_HEADER) ?? "";
    if (request.method !== "POST" || !timingSafeEqual(secret, this.env.REALTIME_SECRET)) {
      return new Response("Forbidden", { status: 403 });
    }
    // getConnections() lists only open sockets, and is rebuilt from the runtime after hibernation.
    // Only the owner's own: a guardian reading along (ADR 096) is not the teen being here.
    const connected = [...this.getConnections(userTag(this.ownerId))].length > 0;
    const stored = await this.ctx.storage.get<number>(LAST_SEEN_KEY);
    return Response.json({ connected, lastSeenAt: connected ? Date.now() : (stored ?? null) } satisfies Presence);
  }
}
