// Suspensions (ADR 069): a suspended person can sign in and read, but every write is refused
// until the suspension ends or is lifted; their listings are hidden meanwhile.
import { sql, type SQL } from "drizzle-orm";

/** The ids of people suspended now, as an uncorrelated subquery (a handful of rows, built once per statement). */
export function suspendedUserIds(now = new Date()): SQL {
  return sql`(select s.user_id from suspensions s where s.lifted_at is null and (s.ends_at is null or s.ends_at > ${now.getTime()}))`;
}

/**
 * `userColumn` is not suspended now. Written `(… in …) is not true` rather than `not in`, as
 * blocks.server.ts's `notBlockedWith`: the same rows for a NOT NULL column, one probe per row.
 */
export function notSuspended(userColumn: SQL, now = new Date()): SQL {
  return sql`(${userColumn} in ${suspendedUserIds(now)}) is not true`;
}
