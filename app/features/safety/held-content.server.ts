// Content hidden pending review (ADR 095): the one reading rule, written here once and put in every
// query that reads a listing, a listing message, a club message or an item request — as blocks are
// (blocks.server.ts, ADR 069). Hidden from everyone but its owner (who sees why) and site admins
// (who review it); nothing on the row changes, so a release restores it everywhere at once.
import { sql, type SQL } from "drizzle-orm";
import type { Db } from "#db/client";
import type { HeldTargetType } from "#db/schema";

/** The ids of `type` held now, as an uncorrelated subquery (a handful of rows, built once per statement). */
export function heldIds(type: HeldTargetType): SQL {
  return sql`(select h.target_id from held_content h where h.target_type = ${type} and h.released_at is null)`;
}

/**
 * `idColumn` (of a `type` row) is not held — or the viewer may see it anyway: its owner
 * (`ownerColumn` = the viewer) or a site admin. `(… in …) is not true`, as notBlockedWith.
 */
export function notHeld(type: HeldTargetType, idColumn: SQL, viewer?: { id: string; isAdmin?: boolean } | null, ownerColumn?: SQL): SQL {
  if (viewer?.isAdmin) return sql`1 = 1`;
  const free = sql`(${idColumn} in ${heldIds(type)}) is not true`;
  if (!viewer || !ownerColumn) return free;
  return sql`(${free} or ${ownerColumn} = ${viewer.id})`;
}

/**
 * Ends the open hold on a target, if any: 'restored' when a moderator dismisses its reports or an
 * appeal is upheld, 'removed' when the content goes. For the batch that makes that decision.
 */
export function releaseHoldStatement(db: Db, type: string, targetId: string, by: string, outcome: "restored" | "removed", now: Date) {
  return db.run(sql`update held_content set released_at = ${now.getTime()}, released_by = ${by}, outcome = ${outcome}
    where target_type = ${type} and target_id = ${targetId} and released_at is null`);
}
