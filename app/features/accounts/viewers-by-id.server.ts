// Viewers for work that runs without a request (issue 22: the matcher searches as each saved
// search's owner): the same fields a session gives (session.server.ts findSessionViewer).
import { inArray, sql } from "drizzle-orm";
import type { Db } from "#db/client";
import { profiles, userRoles, users } from "#db/schema";
import type { ReportReason } from "#db/schema/enums";
import { activeSuspensionColumns } from "../safety/suspensions.server";
import type { Viewer } from "./viewer";

/** The viewers of these user ids, by id (a deleted user is absent). */
export async function viewersById(db: Db, ids: readonly string[], now = new Date()): Promise<Map<string, Viewer>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({
      id: users.id,
      email: users.email,
      firstName: profiles.firstName,
      lastName: profiles.lastName,
      zipCode: profiles.zipCode,
      isAdmin: sql<number>`exists (select 1 from ${userRoles} where ${userRoles.userId} = ${users.id} and ${userRoles.role} = 'admin')`,
      ...activeSuspensionColumns(sql`${users.id}`, now),
    })
    .from(users)
    .leftJoin(profiles, sql`${profiles.userId} = ${users.id}`)
    .where(inArray(users.id, [...ids]));
  return new Map(
    rows.map(({ isAdmin, suspended, suspendedUntil, suspensionReason, ...viewer }) => [
      viewer.id,
      {
        ...viewer,
        isAdmin: Boolean(isAdmin),
        suspension: suspended
          ? {
              until: suspendedUntil === null ? null : new Date(suspendedUntil).toISOString(),
              reason: (suspensionReason ?? "other") as ReportReason,
            }
          : null,
      },
    ]),
  );
}
