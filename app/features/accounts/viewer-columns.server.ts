// What a Viewer is made of, read in one select: the session's "who is asking" (session.server.ts)
// and work without a request, such as the matcher searching as each searcher (viewers-by-id.server.ts).
// One list, so a field added to Viewer reaches both.
import { sql, type SQL } from "drizzle-orm";
import { guardianLinks, profiles, userRoles, users } from "#db/schema";
import type { ReportReason } from "#db/schema/enums";
import type { Viewer } from "../permissions/viewer";
import { minorSinceIndex } from "../permissions/age";

/** Condition: the user `userId` names holds the site's admin role (one spelling, for viewerColumns and SqlViewer). */
export function isSiteAdmin(userId: SQL): SQL<number> {
  return sql<number>`exists (select 1 from ${userRoles} where ${userRoles.userId} = ${userId} and ${userRoles.role} = 'admin')`;
}

/**
 * A signed-in viewer not yet read, as SQL: their id and admin flag as expressions, so a query that
 * depends on who is asking can ride in the same round trip as the session lookup that says who it is
 * (session.server.ts `findSessionViewerWith`). Query builders that take a Viewer for its id and admin
 * flag (`clubVisibleTo`, `clubAccessQuery`) take this too.
 */
export type SqlViewer = { id: SQL; isAdmin: SQL };

/** The select columns of a Viewer; `userId` is the user id column the query has (users.id or sessions.user_id). Needs users and profiles joined. */
export function viewerColumns(userId: SQL, now: Date) {
  return {
    id: users.id,
    email: users.email,
    firstName: profiles.firstName,
    lastName: profiles.lastName,
    zipCode: profiles.zipCode,
    isAdmin: isSiteAdmin(userId),
    ...activeSuspensionColumns(userId, now),
    // Silenced by reports' weight (ADR 095): an unlifted silences row, written by moderation/weighted-reports.server.ts.
    silenced: sql<number>`exists (select 1 from silences si where si.user_id = ${userId} and si.lifted_at is null)`,
    ...minorColumns(userId, now),
  };
}

/**
 * Condition: the user `userId` names is under 18 on `now` (ADR 092), from their birth year and
 * month; accounts older than the age step have none and are adults. One spelling for every read
 * that needs it (the viewer, the guardian rules of messaging and deals).
 */
export function isMinorSql(userId: SQL, now: Date): SQL<number> {
  return sql<number>`exists (select 1 from ${users} mu where mu.id = ${userId} and mu.birth_year is not null and mu.birth_year * 12 + mu.birth_month - 1 >= ${minorSinceIndex(now)})`;
}

/** Condition: the user `userId` names has a confirmed guardian (a live guardian_links row). */
export function hasGuardianSql(userId: SQL): SQL<number> {
  return sql<number>`exists (select 1 from ${guardianLinks} gl where gl.teen_id = ${userId} and gl.unlinked_at is null)`;
}

function minorColumns(userColumn: SQL, now: Date) {
  return { minor: isMinorSql(userColumn, now), guardianLinked: hasGuardianSql(userColumn) };
}

type ViewerRow = Pick<Viewer, "id" | "email" | "firstName" | "lastName" | "zipCode"> & {
  isAdmin: number;
  suspended: number;
  suspendedUntil: number | null;
  suspensionReason: string | null;
  silenced?: number;
  minor: number;
  guardianLinked: number;
};

/** The Viewer from a row selected with viewerColumns (other columns in the row are left out). */
export function viewerFromRow(row: ViewerRow): Viewer {
  const { id, email, firstName, lastName, zipCode, isAdmin, suspended, suspendedUntil, suspensionReason, silenced, minor, guardianLinked } =
    row;
  return {
    id,
    email,
    firstName,
    lastName,
    zipCode,
    isAdmin: Boolean(isAdmin),
    suspension: suspended
      ? {
          until: suspendedUntil === null ? null : new Date(suspendedUntil).toISOString(),
          reason: (suspensionReason ?? "other") as ReportReason,
        }
      : null,
    silenced: Boolean(silenced),
    minor: minor ? { guardianLinked: Boolean(guardianLinked) } : null,
  };
}

/**
 * The viewer's active suspension, for the session query (the rule of suspensions lives in
 * safety/suspensions.server.ts; the viewer read says only whether one runs): its end (epoch ms, or null = until lifted) and reason, or no row.
 */
export function activeSuspensionColumns(userColumn: SQL, now = new Date()) {
  const active = sql`from suspensions s where s.user_id = ${userColumn} and s.lifted_at is null and (s.ends_at is null or s.ends_at > ${now.getTime()})`;
  return {
    suspended: sql<number>`exists (select 1 ${active})`,
    suspendedUntil: sql<number | null>`(select s.ends_at ${active} limit 1)`,
    suspensionReason: sql<string | null>`(select s.reason ${active} limit 1)`,
  };
}
