/**
 * Short-lived HMAC tokens that let one signed-in user join one realtime room.
 * Format: base64url(JSON payload) "." base64url(HMAC-SHA256(payload)). Minted by loaders,
 * verified in server.ts before a WebSocket reaches the room's Durable Object.
 */
export type RoomTokenPayload = { party: string; room: string; sub: string; exp: number };

export const ROOM_TOKEN_TTL_SECONDS = 60 * 10;

const encoder = new TextEncoder();

/**
 * Imported on every call, never cached: a promise kept at module level would be settled by one
 * request and awaited by another, which workerd cancels as a hung request (issue 9, ADR 011).
 * Importing a raw HMAC key takes microseconds.
 */
function hmacKey(secret: string) {
  return crypto.subtle.importKey("raw", encoder.encode(secret), { name: "HMAC", hash: "SHA-256" }, false, ["sign", "verify"]);
}

function toBase64Url(bytes: Uint8Array) {
  let text = "";
  for (const b of bytes) text += String.fromCharCode(b);
  return btoa(text).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}

function fromBase64Url(text: string): Uint8Array<ArrayBuffer> | null {
  if (!/^[A-Za-z0-9_-]*$/.test(text)) return null;
  try {
    const binary = atob(text.replace(/-/g, "+").replace(/_/g, "/"));
    return Uint8Array.from(binary, (c) => c.charCodeAt(0));
  } catch {
    return null;
  }
}

export async function mintRoomToken(
  secret: string,
  claims: { party: string; room: string; sub: string },
  now = Date.now(),
  ttlSeconds = ROOM_TOKEN_TTL_SECONDS,
) {
  const payload: RoomTokenPayload = { ...claims, exp: Math.floor(now / 1000) + ttlSeconds };
  const body = toBase64Url(encoder.encode(JSON.stringify(payload)));
  const signature = await crypto.subtle.sign("HMAC", await hmacKey(secret), encoder.encode(body));
  return `${body}.${toBase64Url(new Uint8Array(signature))}`;
}

export type RoomTokenCheck =
  | { ok: true; payload: RoomTokenPayload }
  | { ok: false; reason: "malformed" | "signature" | "room" | "expired" };

export async function verifyRoomToken(
  secret: string,
  token: string | null | undefined,
  expected: { party: string; room: string },
  now = Date.now(),
): Promise<RoomTokenCheck> {
  const [body, sig, extra] = (token ?? "").split(".");
  const signature = sig ? fromBase64Url(sig) : null;
  if (!body || !signature || extra !== undefined) return { ok: false, reason: "malformed" };
  const valid = await crypto.subtle.verify("HMAC", await hmacKey(secret), signature, encoder.encode(body));
  if (!valid) return { ok: false, reason: "signature" };
  let payload: RoomTokenPayload;
  try {
    payload = JSON.parse(new TextDecoder().decode(fromBase64Url(body)!));
  } catch {
    return { ok: false, reason: "malformed" };
  }
  if (payload.party !== expected.party || payload.room !== expected.room) return { ok: false, reason: "room" };
  if (typeof payload.exp !== "number" || payload.exp * 1000 <= now) return { ok: false, reason: "expired" };
  return { ok: true, payload };
}
