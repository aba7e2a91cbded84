// How people are told (ADRs 071 and 073): their settings per kind, and the mail queue every e-mail
// of a scheduled job goes through — written in the job's own batch, sent after it committed, each
// row once (its dedupe key), so a failure or a retry never sends anything twice.
import { sql } from "drizzle-orm";
import { check, index, integer, primaryKey, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { users } from "./accounts";
import { col, createdAt, id, isOneOf, timestamp } from "./columns";
import { NOTIFICATION_KINDS, NOTIFICATION_MODES } from "./enums";

/** A person's choice for one kind; no row = the kind's default (app/features/notifications/settings.server.ts). */
export const notificationSettings = sqliteTable(
  "notification_settings",
  {
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    kind: text("kind", { enum: NOTIFICATION_KINDS }).notNull(),
    mode: text("mode", { enum: NOTIFICATION_MODES }).notNull(),
    updatedAt: timestamp("updated_at")
      .notNull()
      .$defaultFn(() => new Date()),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.kind] }),
    check("notification_settings_kind", isOneOf(t.kind, NOTIFICATION_KINDS)),
    check("notification_settings_mode", isOneOf(t.mode, NOTIFICATION_MODES)),
  ],
);

export const mailQueue = sqliteTable(
  "mail_queue",
  {
    id: id(),
    // What this mail is, once: 'digest:{user}:{day}'. A second insert of the same key is ignored.
    dedupeKey: text("dedupe_key").notNull(),
    userId: text("user_id").references(() => users.id, { onDelete: "cascade" }),
    to: text("to").notNull(),
    subject: text("subject").notNull(),
    text: text("text").notNull(),
    html: text("html"),
    // JSON object of extra headers (List-Unsubscribe, List-Unsubscribe-Post).
    headers: text("headers"),
    createdAt: createdAt(),
    // A sender took it (and until when no other may); sent once `sent_at` is set.
    claimedUntil: timestamp("claimed_until"),
    sentAt: timestamp("sent_at"),
    attempts: integer("attempts").notNull().default(0),
    lastError: text("last_error"),
  },
  (t) => [
    uniqueIndex("mail_queue_dedupe_key").on(t.dedupeKey),
    index("mail_queue_unsent_idx")
      .on(t.createdAt)
      .where(sql`${col(t.sentAt)} is null`),
  ],
);

/**
 * E-mail when away (ADR 073, app/features/notifications/away.server.ts): per person and kind, when the
 * last away mail was queued (at most one an hour) and the newest thing it told of (the next one
 * gathers only what is newer). One row per (user, kind): the mark and the mail are one batch.
 */
export const awayMailMarks = sqliteTable(
  "away_mail_marks",
  {
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    kind: text("kind", { enum: NOTIFICATION_KINDS }).notNull(),
    lastMailedAt: timestamp("last_mailed_at").notNull(),
    coveredUntil: timestamp("covered_until").notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.kind] }), check("away_mail_marks_kind", isOneOf(t.kind, NOTIFICATION_KINDS))],
);

export type NotificationSetting = typeof notificationSettings.$inferSelect;
export type MailQueueRow = typeof mailQueue.$inferSelect;
