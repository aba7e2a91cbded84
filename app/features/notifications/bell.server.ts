// The notifications menu of spec 01 §2, computed from club_members (01 §7 Tables), and the deals
// waiting for you (ADR 068: app/features/trade/deals-waiting.server.ts).
import { and, asc, count, eq, inArray } from "drizzle-orm";
import type { Db } from "#db/client";
import { clubMembers, clubs } from "#db/schema";
import { activeMembershipOf, managedMembershipOf } from "../clubs/club-access.server";
import { dealsWaitingQuery, toWaitingDeals, type WaitingDeal } from "../trade/deals-waiting.server";
import type { Viewer } from "../permissions/viewer";
import { newMatchesQueries, toNewMatches, type NewMatches } from "../matching/matches.server";

export type Notifications = {
  /** "You've Been Approved!": active memberships the user has not acknowledged yet. */
  approvals: { membershipId: string; clubSlug: string; clubName: string }[];
  /** 'Pending Membership Requests' per club the user actively owns or admins. */
  pendingJoinRequests: { clubSlug: string; clubName: string; count: number }[];
  /** Deals where the next move is yours (the newest few; `dealsWaiting` counts them all). */
  deals: WaitingDeal[];
  dealsWaiting: number;
  /** 'New matches' (ADR 071): the newest unseen few, and how many are unseen. */
  matches: NewMatches;
  /** Bell badge: pending requests plus approvals plus deals waiting plus unseen matches (the header adds unread DMs). */
  count: number;
};

/** The lists in one batch: one database round trip for the bell (ADR 034). */
export async function getNotifications(db: Db, viewer: Viewer): Promise<Notifications> {
  const managed = db.select({ clubId: clubMembers.clubId }).from(clubMembers).where(managedMembershipOf(viewer));
  const [approvals, pendingJoinRequests, waitingRows, matchRows, matchCount] = await db.batch([
    db
      .select({ membershipId: clubMembers.id, clubSlug: clubs.slug, clubName: clubs.name })
      .from(clubMembers)
      .innerJoin(clubs, eq(clubs.id, clubMembers.clubId))
      .where(and(activeMembershipOf(viewer), eq(clubMembers.approvalNotified, false)))
      .orderBy(asc(clubs.name)),
    db
      .select({ clubSlug: clubs.slug, clubName: clubs.name, count: count(clubMembers.id) })
      .from(clubMembers)
      .innerJoin(clubs, eq(clubs.id, clubMembers.clubId))
      .where(and(eq(clubMembers.status, "pending"), inArray(clubMembers.clubId, managed)))
      .groupBy(clubs.id)
      .orderBy(asc(clubs.name)),
    dealsWaitingQuery(db, viewer),
    ...newMatchesQueries(db, viewer),
  ]);

  const waiting = toWaitingDeals(waitingRows);
  const matches = toNewMatches(matchRows, matchCount);
  const total = approvals.length + pendingJoinRequests.reduce((sum, row) => sum + row.count, 0) + waiting.count + matches.count;
  return { approvals, pendingJoinRequests, deals: waiting.deals, dealsWaiting: waiting.count, matches, count: total };
}

/** Marks the user's own approval notice as seen → the club's slug, or null if it is not theirs. */
export async function acknowledgeApproval(db: Db, viewer: Pick<Viewer, "id">, membershipId: string) {
  const [row] = await db
    .update(clubMembers)
    .set({ approvalNotified: true })
    .where(and(eq(clubMembers.id, membershipId), activeMembershipOf(viewer)))
    .returning({ clubId: clubMembers.clubId });
  if (!row) return null;
  const [club] = await db.select({ slug: clubs.slug }).from(clubs).where(eq(clubs.id, row.clubId));
  return club?.slug ?? null;
}
