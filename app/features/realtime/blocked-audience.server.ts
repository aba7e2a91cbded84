// The look-up createPublish makes before fanning out a person's words (ADR 069): everyone blocked
// either way with them, read in the publishing request so a block made a moment ago already counts.
import { sql } from "drizzle-orm";
import type { Db } from "#db/client";
import { blockedWith } from "../safety/blocks.server";
import type { BlockedWith } from "./realtime.server";

export function blockedAudience(db: Db): BlockedWith {
  return async (userId) => {
    const rows = await db.all<{ id: string }>(sql`select blocked_id as id from ${blockedWith(userId)}`);
    return rows.map((row) => row.id);
  };
}
