/**
 * One-click unsubscribe links (ADR 071, RFC 8058): a JWT (HS256, SESSION_SECRET, audience
 * 'unsubscribe') naming the person and what they stop — every match e-mail, or one saved search's.
 * It works signed out, from any mail client, for a year (an old mail's link then says it expired and
 * where to turn e-mails off instead). Whoever holds the link can only turn e-mails off for that person.
 */
import { errors, jwtVerify, SignJWT } from "jose";

export type UnsubscribeScope = { kind: "matches" } | { kind: "search"; searchId: string };
export type UnsubscribeClaims = { userId: string; scope: UnsubscribeScope };

const AUDIENCE = "unsubscribe";
const TTL_SECONDS = 365 * 24 * 3600;
const keyOf = (secret: string) => new TextEncoder().encode(secret);

export async function signUnsubscribeToken(secret: string, claims: UnsubscribeClaims, now = new Date()): Promise<string> {
  const scope = claims.scope.kind === "matches" ? "matches" : `search:${claims.scope.searchId}`;
  return new SignJWT({ scope })
    .setProtectedHeader({ alg: "HS256" })
    .setSubject(claims.userId)
    .setAudience(AUDIENCE)
    .setIssuedAt(Math.floor(now.getTime() / 1000))
    .setExpirationTime(Math.floor(now.getTime() / 1000) + TTL_SECONDS)
    .sign(keyOf(secret));
}

/**
 * The claims of a valid token; 'expired' for a genuine one past its year; null for anything else
 * (bad signature, another audience, malformed, too long).
 */
export async function verifyUnsubscribeToken(secret: string, token: string): Promise<UnsubscribeClaims | "expired" | null> {
  if (token.length > 1000) return null;
  try {
    const { payload } = await jwtVerify(token, keyOf(secret), { audience: AUDIENCE, algorithms: ["HS256"] });
    if (typeof payload.sub !== "string" || typeof payload.scope !== "string") return null;
    if (payload.scope === "matches") return { userId: payload.sub, scope: { kind: "matches" } };
    const search = /^search:([0-9a-f-]{36})$/.exec(payload.scope);
    return search ? { userId: payload.sub, scope: { kind: "search", searchId: search[1] } } : null;
  } catch (error) {
    if (error instanceof errors.JWTExpired) return "expired";
    if (error instanceof errors.JOSEError || error instanceof TypeError) return null;
    throw error;
  }
}
