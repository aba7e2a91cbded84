// What an unsubscribe link does (ADR 071): every match e-mail off (the 'matches' setting becomes
// in the app only), or one saved search's ('Stop these e-mails'). Token-authenticated, signed out.
import { and, eq } from "drizzle-orm";
import type { Db } from "#db/client";
import { savedSearches } from "#db/schema";
import { setModeStatement } from "./settings.server";
import type { UnsubscribeClaims } from "./unsubscribe-token.server";

/** What the link stops, for its page: every match e-mail, or one search's (by name; null when it is gone). */
export type UnsubscribeTarget = { kind: "matches" } | { kind: "search"; name: string | null };

export async function unsubscribeTarget(db: Db, claims: UnsubscribeClaims): Promise<UnsubscribeTarget> {
  if (claims.scope.kind === "matches") return { kind: "matches" };
  const [row] = await db
    .select({ name: savedSearches.name })
    .from(savedSearches)
    .where(and(eq(savedSearches.id, claims.scope.searchId), eq(savedSearches.userId, claims.userId)));
  return { kind: "search", name: row?.name ?? null };
}

/** Applies the link (again is the same: both writes are idempotent). */
export async function applyUnsubscribe(db: Db, claims: UnsubscribeClaims, now = new Date()): Promise<UnsubscribeTarget> {
  if (claims.scope.kind === "matches") {
    await setModeStatement(db, claims.userId, "matches", "in_app", now);
    return { kind: "matches" };
  }
  const [row] = await db
    .update(savedSearches)
    .set({ emails: false })
    .where(and(eq(savedSearches.id, claims.scope.searchId), eq(savedSearches.userId, claims.userId)))
    .returning({ name: savedSearches.name });
  return { kind: "search", name: row?.name ?? null };
}
