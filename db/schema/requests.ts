// "On the Radar": items club members are looking for (spec 02 §3 Club request, §5 Request).
import { sql } from "drizzle-orm";
import { check, index, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { users } from "./accounts";
import { clubs } from "./clubs";
import { col, createdAt, id, isNotBlank, isOneOf, updatedAt } from "./columns";
import { CLUB_REQUEST_STATUSES } from "./enums";

export const clubRequests = sqliteTable(
  "club_requests",
  {
    id: id(),
    clubId: text("club_id")
      .notNull()
      .references(() => clubs.id, { onDelete: "cascade" }),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    title: text("title").notNull(),
    description: text("description"), // null when left empty (spec 02 §5)
    status: text("status", { enum: CLUB_REQUEST_STATUSES }).notNull().default("open"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index("club_requests_club_id_created_at_idx").on(t.clubId, t.createdAt),
    index("club_requests_user_id_idx").on(t.userId),
    check("club_requests_title", sql`${isNotBlank(t.title)} and length(${col(t.title)}) <= 200`),
    check("club_requests_description", sql`${col(t.description)} is null or length(${col(t.description)}) <= 1000`),
    check("club_requests_status", isOneOf(t.status, CLUB_REQUEST_STATUSES)),
  ],
);

export type ClubRequest = typeof clubRequests.$inferSelect;
export type NewClubRequest = typeof clubRequests.$inferInsert;
