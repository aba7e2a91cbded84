// New accounts earn their limits (ADR 095): the conditions, in SQL, that a listing insert and a
// first message's insert carry in their own WHERE — so 20 creates at once store exactly the limit.
// The numbers are trust-rules.ts's EARNED_LIMITS.
import { sql, type SQL } from "drizzle-orm";
import { EARNED_LIMITS } from "./trust-rules";

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * `userId` has earned their limits: a completed deal, an active club membership approved (or
 * joined, for open clubs) at least `probationDays` ago, or a site admin's vouching. Never account age alone.
 */
export function isEstablished(userId: string | SQL, now = new Date()): SQL<number> {
  const since = now.getTime() - EARNED_LIMITS.probationDays * DAY_MS;
  return sql<number>`(exists (select 1 from users u where u.id = ${userId} and u.vouched_at is not null)
    or exists (select 1 from deals d where d.state = 'completed' and (d.proposer_id = ${userId} or d.owner_id = ${userId}))
    or exists (select 1 from club_members cm where cm.user_id = ${userId} and cm.status = 'active'
      and coalesce(cm.approved_at, cm.created_at) <= ${since}))`;
}

/**
 * The owner is established, or has listed fewer than the day's limit — `including` the listing just
 * inserted in the same batch (then at most the limit).
 */
export function mayListToday(userId: string, now = new Date(), opts: { including?: boolean } = {}): SQL {
  const since = now.getTime() - EARNED_LIMITS.windowMs;
  const limit = EARNED_LIMITS.listingsPerDay + (opts.including ? 1 : 0);
  return sql`(${isEstablished(userId, now)} or (select count(*) from listings l where l.user_id = ${userId} and l.created_at > ${since}) < ${limit})`;
}

/** The two have written to each other before (in listing threads): a message between them is not a first one. */
export function talkedBefore(a: string, b: string): SQL {
  return sql`exists (select 1 from listing_messages lm
    where (lm.sender_id = ${a} and lm.receiver_id = ${b}) or (lm.sender_id = ${b} and lm.receiver_id = ${a}))`;
}

/**
 * Condition for a listing message from `senderId` to `receiverId`: established, or not a first
 * message (they have written to each other before), or fewer first messages to new people today.
 */
export function mayWriteFirstMessage(senderId: string, receiverId: string, now = new Date()): SQL {
  const since = now.getTime() - EARNED_LIMITS.windowMs;
  // A first message is one to a person nobody of the two had written to before it.
  const firstsToday = sql`(select count(distinct lm.receiver_id) from listing_messages lm
    where lm.sender_id = ${senderId} and lm.created_at > ${since}
      and not exists (select 1 from listing_messages e where e.created_at < lm.created_at
        and ((e.sender_id = lm.sender_id and e.receiver_id = lm.receiver_id) or (e.sender_id = lm.receiver_id and e.receiver_id = lm.sender_id))))`;
  return sql`(${isEstablished(senderId, now)} or ${talkedBefore(senderId, receiverId)} or ${firstsToday} < ${EARNED_LIMITS.firstMessagesPerDay})`;
}

/** A web link or a bare domain in a message (new accounts may not send them). */
export const LINK_PATTERN =
  /\b(?:https?:\/\/|www\.)\S+|\b[a-z0-9-]+(?:\.[a-z0-9-]+)*\.(?:com|net|org|io|co|me|app|link|ly|info|biz|xyz|us|shop|site|top)\b/i;

export function hasLink(text: string): boolean {
  return LINK_PATTERN.test(text);
}
