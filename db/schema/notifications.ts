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
    // Also a push to each of the person's devices (ADR 087); without a device it does nothing.
    push: integer("push", { mode: "boolean" }).notNull().default(false),
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

/**
 * A person's choices for what their pushes carry (ADR 100): 'Show message text' puts the words of a
 * message or announcement, and a price, into the push, where the lock screen shows them to anyone
 * holding the phone. No row = off: a push says only who and what kind.
 */
export const pushPreferences = sqliteTable("push_preferences", {
  userId: text("user_id")
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  showText: integer("show_text", { mode: "boolean" }).notNull().default(false),
  updatedAt: timestamp("updated_at")
    .notNull()
    .$defaultFn(() => new Date()),
});

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

/**
 * One browser's push subscription (ADR 087): the push service's endpoint and the browser's keys
 * (RFC 8291 §3.2). The endpoint is unique: a device signed in as someone else moves with them.
 * Endpoints are checked against the known push services before they are stored
 * (app/features/notifications/push-endpoint.ts): the server never sends to an address a person chose.
 */
export const pushSubscriptions = sqliteTable(
  "push_subscriptions",
  {
    id: id(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    endpoint: text("endpoint").notNull(),
    p256dh: text("p256dh").notNull(),
    auth: text("auth").notNull(),
    // 'Chrome on Android': from the User-Agent when it subscribed, for the device list.
    label: text("label").notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex("push_subscriptions_endpoint").on(t.endpoint), index("push_subscriptions_user_idx").on(t.userId)],
);

/**
 * The push outbox (ADR 087), the mail queue's pattern: one row per notification per device, written
 * with what it tells of, sent after; its dedupe key makes a retry or a second job store it once. A 429
 * or 5xx sets `not_before` (back-off); a 404 or 410 deletes the subscription and with it its rows.
 */
export const pushDeliveries = sqliteTable(
  "push_deliveries",
  {
    id: id(),
    // '{notification}:{subscription}': 'deal:{id}:offerReceived:{subscription id}'.
    dedupeKey: text("dedupe_key").notNull(),
    subscriptionId: text("subscription_id")
      .notNull()
      .references(() => pushSubscriptions.id, { onDelete: "cascade" }),
    // JSON { title, body, url, tag }: what the lock screen shows (no message text, no price).
    payload: text("payload").notNull(),
    createdAt: createdAt(),
    // Not tried again before this: a claim, or the back-off after a 429/5xx.
    notBefore: timestamp("not_before").notNull(),
    sentAt: timestamp("sent_at"),
    attempts: integer("attempts").notNull().default(0),
    lastError: text("last_error"),
  },
  (t) => [
    uniqueIndex("push_deliveries_dedupe_key").on(t.dedupeKey),
    index("push_deliveries_unsent_idx")
      .on(t.notBefore)
      .where(sql`${col(t.sentAt)} is null`),
  ],
);

export type PushSubscription = typeof pushSubscriptions.$inferSelect;
export type NotificationSetting = typeof notificationSettings.$inferSelect;
export type MailQueueRow = typeof mailQueue.$inferSelect;
