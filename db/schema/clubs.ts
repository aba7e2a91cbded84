// Clubs and their memberships (spec 02 §3 Club, Club member; §4 Membership; §5 Club form).
import { sql } from "drizzle-orm";
import { check, index, integer, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { users } from "./accounts";
import { col, createdAt, id, isNotBlank, isOneOf, isZip, timestamp, updatedAt } from "./columns";
import { CLUB_JOIN_MODES, CLUB_MEMBER_ROLES, CLUB_MEMBER_STATUSES, CLUB_TYPES, CLUB_VISIBILITIES, SPORT_KEYS } from "./enums";

export const clubs = sqliteTable(
  "clubs",
  {
    id: id(),
    slug: text("slug").notNull(),
    name: text("name").notNull(),
    type: text("type", { enum: CLUB_TYPES }).notNull().default("club"),
    sport: text("sport", { enum: SPORT_KEYS }),
    description: text("description"),
    city: text("city"),
    state: text("state"),
    zip: text("zip"),
    visibility: text("visibility", { enum: CLUB_VISIBILITIES }).notNull().default("public"),
    joinMode: text("join_mode", { enum: CLUB_JOIN_MODES }).notNull().default("open"),
    // Kept when the mode moves away from 'code' so switching back restores it.
    inviteCode: text("invite_code"),
    // Who created the club; ownership itself is the club_members row with role 'owner'.
    // SET NULL: deleting the creator's account must not delete everyone else's club.
    createdBy: text("created_by").references(() => users.id, { onDelete: "set null" }),
    logoKey: text("logo_key"), // object key in storage; the URL is derived
    showPricesInPreview: integer("show_prices_in_preview", { mode: "boolean" }).notNull().default(false),
    showListingCount: integer("show_listing_count", { mode: "boolean" }).notNull().default(true),
    allowJoinRequests: integer("allow_join_requests", { mode: "boolean" }).notNull().default(true),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("clubs_slug_unique").on(t.slug),
    index("clubs_visibility_created_at_idx").on(t.visibility, t.createdAt),
    index("clubs_created_at_idx").on(t.createdAt),
    // Directory search by name (case-insensitive).
    index("clubs_name_nocase_idx").on(sql`${t.name} COLLATE NOCASE`),
    index("clubs_created_by_idx").on(t.createdBy),
    check("clubs_slug_format", sql`length(${col(t.slug)}) between 1 and 50 and ${col(t.slug)} NOT GLOB '*[^a-z0-9-]*'`),
    check("clubs_name_length", sql`${isNotBlank(t.name)} and length(${col(t.name)}) <= 100`),
    check("clubs_type", isOneOf(t.type, CLUB_TYPES)),
    check("clubs_sport", isOneOf(t.sport, SPORT_KEYS)),
    check("clubs_description_length", sql`length(${col(t.description)}) <= 1000`),
    check("clubs_city_length", sql`length(${col(t.city)}) <= 100`),
    check("clubs_zip", isZip(t.zip)),
    check("clubs_visibility", isOneOf(t.visibility, CLUB_VISIBILITIES)),
    check("clubs_join_mode", isOneOf(t.joinMode, CLUB_JOIN_MODES)),
    // Spec 02 §5/§9: required when join mode is 'code', 4 to 20 characters whenever present.
    check(
      "clubs_invite_code",
      sql`(${col(t.inviteCode)} is null or length(${col(t.inviteCode)}) between 4 and 20) and (${col(t.joinMode)} <> 'code' or ${col(t.inviteCode)} is not null)`,
    ),
  ],
);

export const clubMembers = sqliteTable(
  "club_members",
  {
    id: id(),
    clubId: text("club_id")
      .notNull()
      .references(() => clubs.id, { onDelete: "cascade" }),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    role: text("role", { enum: CLUB_MEMBER_ROLES }).notNull().default("member"),
    // No default on purpose: whether a join is active or pending is a rule the domain decides.
    status: text("status", { enum: CLUB_MEMBER_STATUSES }).notNull(),
    // False until the member has seen the "you were approved" notice (spec 01 §4).
    approvalNotified: integer("approval_notified", { mode: "boolean" }).notNull().default(false),
    // When a request to join was approved (null: joined without one, or approved before migration
    // 0015 — such an approval is dated by its request). The "you were approved" news is dated by it.
    approvedAt: timestamp("approved_at"),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("club_members_club_id_user_id_unique").on(t.clubId, t.userId),
    index("club_members_club_id_status_idx").on(t.clubId, t.status),
    index("club_members_user_id_status_idx").on(t.userId, t.status),
    // One owner per club (ADR 025): ownership moves by demoting the old owner in the same batch.
    uniqueIndex("club_members_one_owner_per_club")
      .on(t.clubId)
      .where(sql`${col(t.role)} = 'owner'`),
    check("club_members_role", isOneOf(t.role, CLUB_MEMBER_ROLES)),
    check("club_members_status", isOneOf(t.status, CLUB_MEMBER_STATUSES)),
  ],
);

export type Club = typeof clubs.$inferSelect;
export type NewClub = typeof clubs.$inferInsert;
export type ClubMember = typeof clubMembers.$inferSelect;
export type NewClubMember = typeof clubMembers.$inferInsert;
