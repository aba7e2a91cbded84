// Wanted gear finds you (ADR 071): saved searches, the listings waiting to be matched, and the
// matches made — to saved searches and to clubs' item requests ("On the Radar"). A match is its
// (search or request, listing) pair: the primary key makes "once, ever" the database's rule.
import { sql } from "drizzle-orm";
import { check, index, integer, primaryKey, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { users } from "./accounts";
import { col, createdAt, id, isNotBlank, timestamp, updatedAt } from "./columns";
import { listings } from "./listings";
import { clubRequests } from "./requests";

/** At most this many saved searches per person (ADR 071); checked in the insert's own statement. */
export const SAVED_SEARCHES_MAX = 25;
/** ADR 071: a name over 80 characters gets a field message. */
export const SAVED_SEARCH_NAME_MAX = 80;

export const savedSearches = sqliteTable(
  "saved_searches",
  {
    id: id(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    // The page the search was on: '/' (home search) or '/sport/{sport}'.
    path: text("path").notNull(),
    // Its whole URL state, as `serializeSearchParams` writes it (no page number): what 'Run now' opens
    // and what the matcher parses back into the same filters as the page.
    query: text("query").notNull(),
    paused: integer("paused", { mode: "boolean" }).notNull().default(false),
    // 'Stop these e-mails' for this search (its matches still reach the notifications menu).
    emails: integer("emails", { mode: "boolean" }).notNull().default(true),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    // The same search saved twice (a double click, a retry) is one row.
    uniqueIndex("saved_searches_user_path_query").on(t.userId, t.path, t.query),
    index("saved_searches_active_idx").on(t.paused, t.userId),
    check("saved_searches_name", sql`${isNotBlank(t.name)} and length(${col(t.name)}) <= ${sql.raw(String(SAVED_SEARCH_NAME_MAX))}`),
    check("saved_searches_path", sql`${col(t.path)} = '/' or ${col(t.path)} glob '/sport/[a-z]*'`),
    check("saved_searches_query", sql`length(${col(t.query)}) <= 2000`),
  ],
);

/**
 * Listings waiting for the matcher: a new listing, or an edited one (which may newly match). The
 * create and edit actions only add a row here, in their own batch; the scheduled matcher reads it.
 */
export const listingMatchQueue = sqliteTable("listing_match_queue", {
  listingId: text("listing_id")
    .primaryKey()
    .references(() => listings.id, { onDelete: "cascade" }),
  enqueuedAt: timestamp("enqueued_at")
    .notNull()
    .$defaultFn(() => new Date()),
});

export const searchMatches = sqliteTable(
  "search_matches",
  {
    savedSearchId: text("saved_search_id")
      .notNull()
      .references(() => savedSearches.id, { onDelete: "cascade" }),
    listingId: text("listing_id")
      .notNull()
      .references(() => listings.id, { onDelete: "cascade" }),
    // The searcher's user id, copied so "my unseen matches" is one index range.
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    matchedAt: timestamp("matched_at")
      .notNull()
      .$defaultFn(() => new Date()),
    // Set when the person opened the notifications menu's 'New matches' (or the search's matches).
    seenAt: timestamp("seen_at"),
    // Set when a digest e-mail carried it (ADR 071).
    emailedAt: timestamp("emailed_at"),
  },
  (t) => [
    primaryKey({ columns: [t.savedSearchId, t.listingId] }),
    index("search_matches_user_idx").on(t.userId, t.seenAt, t.matchedAt),
    index("search_matches_listing_idx").on(t.listingId),
  ],
);

export const requestMatches = sqliteTable(
  "request_matches",
  {
    requestId: text("request_id")
      .notNull()
      .references(() => clubRequests.id, { onDelete: "cascade" }),
    listingId: text("listing_id")
      .notNull()
      .references(() => listings.id, { onDelete: "cascade" }),
    // The request's author, copied so "my unseen matches" is one index range.
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    matchedAt: timestamp("matched_at")
      .notNull()
      .$defaultFn(() => new Date()),
    seenAt: timestamp("seen_at"),
  },
  (t) => [
    primaryKey({ columns: [t.requestId, t.listingId] }),
    index("request_matches_user_idx").on(t.userId, t.seenAt, t.matchedAt),
    index("request_matches_listing_idx").on(t.listingId),
  ],
);

export type SavedSearch = typeof savedSearches.$inferSelect;
export type SearchMatch = typeof searchMatches.$inferSelect;
export type RequestMatch = typeof requestMatches.$inferSelect;
