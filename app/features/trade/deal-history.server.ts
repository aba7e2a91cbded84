// A person's deals as the Player Profile lists them (ADR 068; spec 02 §2 /player-profile):
// Bought, Sold and Swapped from their completed deals, and the deals still in progress. One query.
// The names come from the deal, never from the listing: a deleted listing keeps its title snapshot
// (deal_listings.title), a deleted account shows as 'Former member'.
import { and, desc, eq, or, sql, type SQL } from "drizzle-orm";
import type { Db } from "#db/client";
import { dealRevisions, deals, profiles, type DealKind, type DealParty, type DealState } from "#db/schema";
import { FORMER_MEMBER } from "~/shared/copy/deals";
import { OPEN_DEAL_STATES } from "./deal-machine";

// These fragments name `deals` columns qualified by hand: inside a subquery drizzle's unqualified
// rendering ("id") would bind to the subquery's own table.

/**
 * The deal's title: the title snapshot of the listing asked for (the owner's side, first inserted —
 * proposeDeal writes it first), so it survives the listing being edited or deleted.
 */
export const dealTitle: SQL<string> = sql<string>`coalesce((select dl.title from deal_listings dl
  where dl.deal_id = deals.id and dl.side = 'owner' order by dl.rowid limit 1), 'A deal')`;

/** The other party's id, seen from `userId` (null once their account is deleted). */
export const otherPartyId = (userId: string): SQL<string | null> =>
  sql<string | null>`(case when deals.proposer_id = ${userId} then deals.owner_id else deals.proposer_id end)`;

/** Their first name, 'Former member' when the account is gone, 'Member' when they gave none. */
export const otherFirstName = (otherId: SQL): SQL<string> =>
  sql<string>`case when ${otherId} is null then ${FORMER_MEMBER}
    else coalesce((select nullif(trim(p.first_name), '') from ${profiles} p where p.user_id = ${otherId}), 'Member') end`;

export type HistoryDeal = {
  id: string;
  /** The listing asked for (null once deleted) and the other party (null once deleted): /messages matches its conversations by them. */
  listingId: string | null;
  otherId: string | null;
  kind: DealKind;
  state: DealState;
  /** The viewer's side of the deal. */
  party: DealParty;
  title: string;
  otherName: string;
  /** The agreed (or latest) terms' cash, whole cents, and who pays it from the viewer's side. */
  cashCents: number;
  cashFrom: "you" | "them" | null;
  /** Completed: when; open: the last change. */
  at: Date;
};

export type DealHistory = {
  bought: HistoryDeal[];
  sold: HistoryDeal[];
  swapped: HistoryDeal[];
  /** In progress: proposed, accepted, meetup agreed, handed over by one side. */
  open: HistoryDeal[];
};

/** How many deals of each list the profile shows (a person has tens, not thousands). */
const HISTORY_LIMIT = 200;

/**
 * `userId`'s completed and open deals (`openOnly`: the open ones, for /messages). A sale's proposer
 * bought and its owner sold; a swap is swapped whichever side they were on. Callers decide who may
 * see whose history (the profile: oneself, or a site admin with ?user=; /messages: oneself).
 */
export async function dealHistoryFor(db: Db, userId: string, opts: { openOnly?: boolean } = {}): Promise<DealHistory> {
  const other = otherPartyId(userId);
  const states = opts.openOnly ? [...OPEN_DEAL_STATES] : ["completed", ...OPEN_DEAL_STATES];
  const rows = await db
    .select({
      id: deals.id,
      listingId: deals.listingId,
      otherId: other,
      kind: deals.kind,
      state: deals.state,
      proposerId: deals.proposerId,
      title: dealTitle,
      otherName: otherFirstName(other),
      cashCents: dealRevisions.cashCents,
      cashFrom: dealRevisions.cashFrom,
      completedAt: deals.completedAt,
      updatedAt: deals.updatedAt,
    })
    .from(deals)
    .leftJoin(dealRevisions, and(eq(dealRevisions.dealId, deals.id), eq(dealRevisions.number, deals.revision)))
    .where(
      and(
        or(eq(deals.proposerId, userId), eq(deals.ownerId, userId)),
        sql`${deals.state} in (${sql.join(
          states.map((s) => sql`${s}`),
          sql`, `,
        )})`,
      ),
    )
    .orderBy(desc(sql`coalesce(${deals.completedAt}, ${deals.updatedAt})`))
    .limit(HISTORY_LIMIT);

  const history: DealHistory = { bought: [], sold: [], swapped: [], open: [] };
  for (const row of rows) {
    const party: DealParty = row.proposerId === userId ? "proposer" : "owner";
    const cashCents = row.cashCents ?? 0;
    const entry: HistoryDeal = {
      id: row.id,
      listingId: row.listingId,
      otherId: row.otherId,
      kind: row.kind,
      state: row.state,
      party,
      title: row.title,
      otherName: row.otherName,
      cashCents,
      cashFrom: cashCents > 0 && row.cashFrom ? (row.cashFrom === party ? "you" : "them") : null,
      at: row.completedAt ?? row.updatedAt,
    };
    if (row.state !== "completed") history.open.push(entry);
    else if (row.kind === "swap") history.swapped.push(entry);
    else if (party === "proposer") history.bought.push(entry);
    else history.sold.push(entry);
  }
  return history;
}
