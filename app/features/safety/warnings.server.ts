// A moderator's warning (ADR 069): shown to the person as a banner on every page until they
// dismiss it ('Dismiss' sets seen_at). Written by moderation.server.ts.
import { and, asc, eq, isNull } from "drizzle-orm";
import type { Db } from "#db/client";
import { warnings } from "#db/schema";
import type { ReportReason } from "#db/schema/enums";
import type { Viewer } from "../permissions/viewer";

/** The oldest warning the viewer has not dismissed yet, or null (one indexed probe: warnings_user_idx). */
export async function unseenWarning(
  db: Db,
  viewer: Pick<Viewer, "id">,
): Promise<{ id: string; reason: ReportReason; createdAt: string } | null> {
  const [row] = await db
    .select({ id: warnings.id, reason: warnings.reason, createdAt: warnings.createdAt })
    .from(warnings)
    .where(and(eq(warnings.userId, viewer.id), isNull(warnings.seenAt)))
    .orderBy(asc(warnings.createdAt), warnings.id)
    .limit(1);
  return row ? { ...row, createdAt: row.createdAt.toISOString() } : null;
}

/** 'Dismiss': only the viewer's own warning; dismissing twice changes nothing. */
export async function dismissWarning(db: Db, viewer: Pick<Viewer, "id">, warningId: string, now = new Date()): Promise<boolean> {
  const done = await db
    .update(warnings)
    .set({ seenAt: now })
    .where(and(eq(warnings.id, warningId), eq(warnings.userId, viewer.id), isNull(warnings.seenAt)))
    .returning({ id: warnings.id });
  return done.length > 0;
}
