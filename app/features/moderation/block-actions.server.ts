// Blocking and unblocking a person (ADR 069), and the viewer's 'Blocked people' list. What a
// block then refuses and hides is decided elsewhere, in the query of each read and write, through
// blocks.server.ts; here is only the row itself and what blocking ends at once: the open deals
// between the two (pending ones voided, accepted ones cancelled, their listings released).
import { and, desc, eq, sql } from "drizzle-orm";
import { blockedByViewer } from "../safety/blocks.server";
import type { Db } from "#db/client";
import { deals, profiles, userBlocks, users, type DealState } from "#db/schema";
import { USER_ID } from "~/shared/schemas/block";
import type { Viewer } from "../permissions/viewer";
import { can, SITE } from "../permissions/can";
import { OPEN_DEAL_STATES } from "../trade/deal-machine";
import { closeOpenDealsOf } from "../trade/deals.server";

/**
 * How a person is named on the block confirmation and the list: their display name, else their
 * first name — never the last name or the e-mail of someone the viewer may not know.
 */
const shownName = sql<string>`coalesce(nullif(trim(${profiles.displayName}), ''), nullif(trim(${profiles.firstName}), ''), 'Member')`;

export type BlockTarget = { id: string; name: string; /** The viewer has blocked them (not: they blocked the viewer). */ blocked: boolean };

/** The person at /block/{userId}, or null when there is nobody with that id (a 404). */
export async function blockTargetFor(db: Db, viewer: Pick<Viewer, "id">, userId: string): Promise<BlockTarget | null> {
  if (!USER_ID.test(userId)) return null;
  const [row] = await db
    .select({
      id: users.id,
      name: shownName,
      blocked: blockedByViewer(viewer.id, users.id),
    })
    .from(users)
    .leftJoin(profiles, eq(profiles.userId, users.id))
    .where(eq(users.id, userId));
  return row ? { id: row.id, name: row.name, blocked: Boolean(row.blocked) } : null;
}

/** A deal the block ended, as the web layer announces it to both parties (listing-deal-events.server.ts). */
export type ClosedDeal = { dealId: string; proposerId: string | null; ownerId: string | null; listingId: string | null; state: DealState };

export type BlockResult =
  { ok: true; created: boolean; closedDeals: ClosedDeal[] } | { ok: false; error: "self" | "notFound" | "forbidden" };

/**
 * `viewer` blocks `otherId`: one batch — the block row (a retry stores nothing twice) and the open
 * deals between them closed with reason 'blocked' (closeOpenDealsOf). The deals are read first in
 * the same batch, so the ids returned are exactly those the batch closed.
 */
export async function blockUser(db: Db, viewer: Viewer, otherId: string, now = new Date()): Promise<BlockResult> {
  if (!can(viewer, "block", SITE)) return { ok: false, error: "forbidden" };
  if (otherId === viewer.id) return { ok: false, error: "self" };
  if (!USER_ID.test(otherId)) return { ok: false, error: "notFound" };
  const between = sql`(${deals.proposerId} = ${viewer.id} and ${deals.ownerId} = ${otherId})
    or (${deals.proposerId} = ${otherId} and ${deals.ownerId} = ${viewer.id})`;
  const [open, inserted] = await db.batch([
    db
      .select({ dealId: deals.id, proposerId: deals.proposerId, ownerId: deals.ownerId, listingId: deals.listingId, state: deals.state })
      .from(deals)
      .where(
        and(
          sql`(${between})`,
          sql`${deals.state} in (${sql.join(
            OPEN_DEAL_STATES.map((s) => sql`${s}`),
            sql`, `,
          )})`,
        ),
      ),
    // Only for a person who exists (a deleted account is not found, not a foreign-key error).
    db.run(sql`insert into user_blocks (blocker_id, blocked_id, created_at)
      select ${viewer.id}, ${otherId}, ${now.getTime()} where exists (select 1 from users where id = ${otherId})
      on conflict do nothing`),
    ...closeOpenDealsOf(db, viewer.id, "blocked", now, otherId),
  ]);
  if (inserted.rowsAffected === 0) {
    const [exists] = await db.select({ id: userBlocks.blockedId }).from(userBlocks).where(blockRow(viewer.id, otherId));
    if (!exists) return { ok: false, error: "notFound" };
  }
  // closeOpenDealsOf voids what was proposed and cancels the rest (deals.server.ts).
  const closedDeals = open.map((deal) => ({ ...deal, state: (deal.state === "proposed" ? "voided" : "cancelled") as DealState }));
  return { ok: true, created: inserted.rowsAffected > 0, closedDeals };
}

export type UnblockResult = { ok: true; removed: boolean } | { ok: false; error: "forbidden" };

/** `viewer` lifts their block of `otherId` (not one the other made: each side's block is their own). */
export async function unblockUser(db: Db, viewer: Viewer, otherId: string): Promise<UnblockResult> {
  if (!can(viewer, "block", SITE)) return { ok: false, error: "forbidden" };
  const removed = await db.delete(userBlocks).where(blockRow(viewer.id, otherId)).returning({ id: userBlocks.blockedId });
  return { ok: true, removed: removed.length > 0 };
}

const blockRow = (blockerId: string, blockedId: string) => and(eq(userBlocks.blockerId, blockerId), eq(userBlocks.blockedId, blockedId));

export type BlockedPerson = { id: string; name: string; since: Date };

/** Everyone `viewer` has blocked, latest first (the 'Blocked people' section of /player-profile). */
export async function blockedPeopleOf(db: Db, viewer: Pick<Viewer, "id">): Promise<BlockedPerson[]> {
  return db
    .select({ id: userBlocks.blockedId, name: shownName, since: userBlocks.createdAt })
    .from(userBlocks)
    .leftJoin(profiles, eq(profiles.userId, userBlocks.blockedId))
    .where(eq(userBlocks.blockerId, viewer.id))
    .orderBy(desc(userBlocks.createdAt), userBlocks.blockedId);
}
