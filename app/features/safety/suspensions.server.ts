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

/** The viewer's active suspension, for the session query: its end (epoch ms, or null = until lifted) and reason, or no row. */
export function activeSuspensionColumns(userColumn: SQL, now = new Date()) {
  const active = sql`from suspensions s where s.user_id = ${userColumn} and s.lifted_at is null and (s.ends_at is null or s.ends_at > ${now.getTime()})`;
  return {
    suspended: sql<number>`exists (select 1 ${active})`,
    suspendedUntil: sql<number | null>`(select s.ends_at ${active} limit 1)`,
    suspensionReason: sql<string | null>`(select s.reason ${active} limit 1)`,
  };
}
