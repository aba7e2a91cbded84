/**
 * Short-lived room tokens: a JWT (HS256, signed with REALTIME_SECRET) whose audience is one room
 * (`<party>/<room>`, the path a socket joins) and whose subject is the user. Signed only through
 * `roomAccessFor` (rooms.server.ts); verified by party/route-rooms.ts before a WebSocket reaches
 * the room's Durable Object (ADR 039).
 */
import { errors, jwtVerify, SignJWT } from "jose";

export const ROOM_TOKEN_TTL_SECONDS = 60 * 10;

/** The room a token opens, as the socket names it: `/parties/<party>/<room>`. */
export type RoomAddress = { party: string; room: string };

/** What a verified token says: who joined, until when (epoch seconds). */
export type RoomTokenClaims = { sub: string; exp: number };

const ALGORITHM = "HS256";

export const roomAudience = ({ party, room }: RoomAddress) => `${party}/${room}`;

/**
 * The key as bytes on every call, never a CryptoKey promise kept at module level: one request would
 * settle it and another await it, which workerd cancels as a hung request (ADR 011).
 */
const keyOf = (secret: string) => new TextEncoder().encode(secret);

/** A token for `sub` in this room, and when it stops opening it (`expiresAt`, epoch ms). */
export async function signRoomToken(
  secret: string,
  claims: RoomAddress & { sub: string },
  { now = Date.now(), ttlSeconds = ROOM_TOKEN_TTL_SECONDS }: { now?: number; ttlSeconds?: number } = {},
): Promise<{ token: string; expiresAt: number }> {
  const exp = Math.floor(now / 1000) + ttlSeconds;
  const token = await new SignJWT()
    .setProtectedHeader({ alg: ALGORITHM, typ: "JWT" })
    .setSubject(claims.sub)
    .setAudience(roomAudience(claims))
    .setIssuedAt(Math.floor(now / 1000))
    .setExpirationTime(exp)
    .sign(keyOf(secret));
  return { token, expiresAt: exp * 1000 };
}

export type RoomTokenCheck =
  { ok: true; claims: RoomTokenClaims } | { ok: false; reason: "malformed" | "algorithm" | "signature" | "room" | "expired" };

export async function verifyRoomToken(
  secret: string,
  token: string | null | undefined,
  expected: RoomAddress,
  now = Date.now(),
): Promise<RoomTokenCheck> {
  if (!token) return { ok: false, reason: "malformed" };
  try {
    const { payload } = await jwtVerify(token, keyOf(secret), {
      algorithms: [ALGORITHM],
      audience: roomAudience(expected),
      requiredClaims: ["sub", "exp"],
      currentDate: new Date(now),
    });
    return { ok: true, claims: { sub: payload.sub!, exp: payload.exp! } };
  } catch (error) {
    if (error instanceof errors.JWTExpired) return { ok: false, reason: "expired" };
    if (error instanceof errors.JWTClaimValidationFailed && error.claim === "aud") return { ok: false, reason: "room" };
    if (error instanceof errors.JWSSignatureVerificationFailed) return { ok: false, reason: "signature" };
    if (error instanceof errors.JOSEAlgNotAllowed) return { ok: false, reason: "algorithm" };
    return { ok: false, reason: "malformed" };
  }
}
