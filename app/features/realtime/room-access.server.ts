// Minting room tokens for loaders, in one place (issue 12). The caller has already decided the
// viewer may be in the room (club: `can(access, "readMessages" | "readRequests")`; user: themselves).
// rt-core's `roomAccessFor(viewer, room)` (app/features/realtime/rooms.server.ts) will take over the decision;
// these two are the only places to switch.
import type { AppLoadContext } from "@remix-run/cloudflare";
import { clubRoomName, ROOM_KINDS, userRoomName } from "./realtime.server";
import { mintRoomToken } from "./room-token.server";
import type { RoomAccess } from "~/hooks/use-room";

export async function clubRoomAccess(context: Pick<AppLoadContext, "env">, viewerId: string, clubId: string): Promise<RoomAccess> {
  const party = ROOM_KINDS.club.party;
  const room = clubRoomName(clubId);
  // kind + id: useRoom asks /api/rooms/token for a fresh token on every reconnect (ADR 039).
  return { party, room, kind: "club", id: clubId, token: await mintRoomToken(context.env.REALTIME_SECRET, { party, room, sub: viewerId }) };
}

/** The viewer's own room (DMs, listing questions, badges): nobody else is ever given it. */
export async function userRoomAccess(context: Pick<AppLoadContext, "env">, viewerId: string): Promise<RoomAccess> {
  const party = ROOM_KINDS.user.party;
  const room = userRoomName(viewerId);
  return { party, room, kind: "user", id: viewerId, token: await mintRoomToken(context.env.REALTIME_SECRET, { party, room, sub: viewerId }) };
}
