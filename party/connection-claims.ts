// What a room knows about a connection: the user id and the expiry of the token it joined with,
// verified by routeRooms before the socket reaches the room (ADR 039). Plain functions, so the
// rules (who to close, when to wake up) are unit-tested without a Durable Object.

/** Headers routeRooms sets on a join it has verified (any the browser sent are replaced). */
export const CLAIM_HEADERS = { sub: "x-lockerswap-room-sub", exp: "x-lockerswap-room-exp" } as const;

export type ConnectionClaims = { sub: string; exp: number };

/** The verified claims as headers on the request forwarded to the room. */
export function withClaims(request: Request, claims: ConnectionClaims): Request {
  const forwarded = new Request(request);
  forwarded.headers.set(CLAIM_HEADERS.sub, claims.sub);
  forwarded.headers.set(CLAIM_HEADERS.exp, String(claims.exp));
  return forwarded;
}

export function readClaims(request: Request): ConnectionClaims | null {
  const sub = request.headers.get(CLAIM_HEADERS.sub);
  const exp = Number(request.headers.get(CLAIM_HEADERS.exp));
  return sub && Number.isFinite(exp) && exp > 0 ? { sub, exp } : null;
}

/** The tag partyserver files a connection under, so a room finds one user's sockets. */
export const userTag = (userId: string) => `user:${userId}`;

export function isExpired(claims: ConnectionClaims | null, now = Date.now()): boolean {
  return !claims || claims.exp * 1000 <= now;
}

/** When the room must next wake up to close an expiring connection (ms), or null when none remain. */
export function nextExpiry(claims: Iterable<ConnectionClaims | null>, now = Date.now()): number | null {
  let next: number | null = null;
  for (const c of claims) {
    if (isExpired(c, now)) continue;
    const at = c!.exp * 1000;
    if (next === null || at < next) next = at;
  }
  return next;
}

/** The publish's list of users to skip (PUBLISH_EXCEPT_HEADER: ids, comma-separated), as a set. */
export function exceptedUsers(header: string | null): ReadonlySet<string> {
  return new Set((header ?? "").split(",").filter(Boolean));
}

/** Whether a live connection gets a published event: everyone but the users the publisher listed. */
export function receives(claims: ConnectionClaims | null, except: ReadonlySet<string>): boolean {
  return claims !== null && !except.has(claims.sub);
}
