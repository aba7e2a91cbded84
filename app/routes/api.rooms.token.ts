import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { isRoomKind, roomAccessFor } from "~/features/realtime/rooms.server";
import { getUser } from "~/web/session.server";

const NO_STORE = { "Content-Type": "application/json", "Cache-Control": "no-store" };

/**
 * GET /api/rooms/token?kind=club&id=… → RoomAccess `{ party, room, token, expiresAt, kind, id }`
 * (ADR 039). useRoom asks for a fresh token before every reconnect, so access is decided again each
 * time by roomAccessFor:
 * 401 when signed out, 403 for a room the viewer may not join now (one answer for "no such club"
 * and "not a member", so ids cannot be probed). Never cached.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const kind = url.searchParams.get("kind") ?? "";
  const id = url.searchParams.get("id") ?? "";
  const viewer = await getUser(request, context);
  // The dev lobby is the only room a signed-out visitor may be in (and only where dev routes are on).
  if (!viewer && kind !== "lobby") return new Response(JSON.stringify({ error: "Sign in required" }), { status: 401, headers: NO_STORE });
  const access = isRoomKind(kind) ? await roomAccessFor(context, viewer, { kind, id }) : null;
  if (!access) return new Response(JSON.stringify({ error: "Forbidden" }), { status: 403, headers: NO_STORE });
  return new Response(JSON.stringify(access), { headers: NO_STORE });
}
