// The paging both message histories share (group chat / announcements and DM conversations): latest
// N on open, then N older per page, by a cursor on (created_at, id) so pages never overlap.
import { and, desc, eq, lt, or } from "drizzle-orm";
import type { SQLiteColumn } from "drizzle-orm/sqlite-core";

/** Paging cursor: "<created_at ms>_<id>" of the oldest message shown. */
function historyCursor(message: { createdAt: Date; id: string }) {
  return `${message.createdAt.getTime()}_${message.id}`;
}
function parseCursor(cursor: string | null | undefined) {
  const match = /^(\d{1,15})_([0-9a-f-]{36})$/i.exec(cursor ?? "");
  return match ? { at: new Date(Number(match[1])), id: match[2] } : null;
}

type PagedColumns = { createdAt: SQLiteColumn; id: SQLiteColumn };

/**
 * Newest first in SQL, `limit + 1` rows to know whether an older page exists, strictly before the
 * cursor in (created_at, id) order. `orderBy`/`olderThan` go into the caller's query.
 */
export function historyPage(columns: PagedColumns, before: string | null | undefined) {
  const cursor = parseCursor(before);
  return {
    olderThan: cursor ? or(lt(columns.createdAt, cursor.at), and(eq(columns.createdAt, cursor.at), lt(columns.id, cursor.id))) : undefined,
    orderBy: [desc(columns.createdAt), desc(columns.id)] as const,
    /** The page oldest first, and the cursor of the next page up (null at the beginning). */
    take<T extends { createdAt: Date; id: string }>(rows: T[], limit: number): { rows: T[]; older: string | null } {
      const page = rows.slice(0, limit).reverse();
      return { rows: page, older: rows.length > limit && page.length ? historyCursor(page[0]) : null };
    },
  };
}
