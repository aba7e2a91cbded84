// Families (ADR 091): players — children without an account, entered by a guardian — their sizes,
// the adults who are their guardians, invitations to share a player, club rosters, and the outgrown
// prompts sent. COPPA's minimum (ADR 091): a first name or initials, a birth year, sports and sizes;
// never a photo, a full birth date, or a school. Every row of a child goes when the player goes.
import { sql } from "drizzle-orm";
import { check, index, integer, primaryKey, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { users } from "./accounts";
import { clubs } from "./clubs";
import { col, createdAt, id, isOneOf, timestamp, updatedAt } from "./columns";
import { OUTGROWN_STAGES } from "./enums";
import { PLAYER_SIZE_KINDS } from "./player-size-kinds";

/** Birth years a player may have (ADR 091): children and teens, checked by the form and by the table. */
export const PLAYER_BIRTH_YEAR_MIN = 2000;
export const PLAYER_BIRTH_YEAR_MAX = 2100;
export const PLAYER_NAME_MAX = 20;

export const players = sqliteTable(
  "players",
  {
    id: id(),
    // A first name or initials only: letters, spaces, '.', '-' and "'" (the form's rule; the CHECK is its floor).
    firstName: text("first_name").notNull(),
    birthYear: integer("birth_year").notNull(),
    // Sport keys, comma-separated (at most a handful; read whole with the player).
    sports: text("sports").notNull().default(""),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check("players_first_name", sql`length(trim(${col(t.firstName)})) between 1 and ${sql.raw(String(PLAYER_NAME_MAX))}`),
    check(
      "players_birth_year",
      sql`${col(t.birthYear)} between ${sql.raw(String(PLAYER_BIRTH_YEAR_MIN))} and ${sql.raw(String(PLAYER_BIRTH_YEAR_MAX))}`,
    ),
    check("players_sports", sql`length(${col(t.sports)}) <= 300`),
  ],
);

/** Who may see and change a player: their guardians. A player with no guardian left is deleted with the last one's account. */
export const playerGuardians = sqliteTable(
  "player_guardians",
  {
    playerId: text("player_id")
      .notNull()
      .references(() => players.id, { onDelete: "cascade" }),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.playerId, t.userId] }), index("player_guardians_user_idx").on(t.userId, t.playerId)],
);

/** One size per kind of gear, with the day it was measured ('YYYY-MM-DD'). */
export const playerSizes = sqliteTable(
  "player_sizes",
  {
    playerId: text("player_id")
      .notNull()
      .references(() => players.id, { onDelete: "cascade" }),
    kind: text("kind", { enum: PLAYER_SIZE_KINDS }).notNull(),
    value: text("value").notNull(),
    measuredOn: text("measured_on").notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.playerId, t.kind] }),
    check("player_sizes_kind", isOneOf(t.kind, PLAYER_SIZE_KINDS)),
    check("player_sizes_value", sql`length(${col(t.value)}) between 1 and 20`),
    check("player_sizes_measured_on", sql`${col(t.measuredOn)} glob '[0-9][0-9][0-9][0-9]-[0-9][0-9]-[0-9][0-9]'`),
  ],
);

/** 'Invite a second guardian': the mail's link carries the token; only its hash is stored (as e-mail verification does). */
export const playerInvites = sqliteTable(
  "player_invites",
  {
    id: id(),
    playerId: text("player_id")
      .notNull()
      .references(() => players.id, { onDelete: "cascade" }),
    invitedBy: text("invited_by")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    email: text("email").notNull(),
    tokenHash: text("token_hash").notNull(),
    expiresAt: timestamp("expires_at").notNull(),
    acceptedAt: timestamp("accepted_at"),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex("player_invites_token_hash").on(t.tokenHash), uniqueIndex("player_invites_player_email").on(t.playerId, t.email)],
);

/** A player on a club's roster, put there by a guardian who is an active member; the roster shows first name and age group only. */
export const clubRosterPlayers = sqliteTable(
  "club_roster_players",
  {
    clubId: text("club_id")
      .notNull()
      .references(() => clubs.id, { onDelete: "cascade" }),
    playerId: text("player_id")
      .notNull()
      .references(() => players.id, { onDelete: "cascade" }),
    // The guardian who added them: their leaving the guardians or the club takes the entry with it (ADR 091).
    addedBy: text("added_by")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.clubId, t.playerId] }), index("club_roster_players_player_idx").on(t.playerId)],
);

/**
 * 'Outgrown anything?' (ADR 091): one row per guardian, player, sport, season and stage — the primary
 * key makes "one prompt, ever" the database's rule, so the job may run any number of times.
 */
export const outgrownPrompts = sqliteTable(
  "outgrown_prompts",
  {
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    playerId: text("player_id")
      .notNull()
      .references(() => players.id, { onDelete: "cascade" }),
    sport: text("sport").notNull(),
    // The season's last day, 'YYYY-MM-DD'.
    seasonEnd: text("season_end").notNull(),
    stage: text("stage", { enum: OUTGROWN_STAGES }).notNull(),
    createdAt: createdAt(),
    seenAt: timestamp("seen_at"),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.playerId, t.sport, t.seasonEnd, t.stage] }),
    check("outgrown_prompts_stage", isOneOf(t.stage, OUTGROWN_STAGES)),
  ],
);

export type Player = typeof players.$inferSelect;
export type PlayerSize = typeof playerSizes.$inferSelect;
