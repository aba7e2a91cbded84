// Notification settings (ADR 073): per kind, in the app only, e-mail right away, or an e-mail
// digest. No row means the kind's default; the mail jobs read the mode in their own SQL.
import { sql, type SQL } from "drizzle-orm";
import type { Db } from "#db/client";
import { NOTIFICATION_KINDS, NOTIFICATION_MODES, type NotificationKind, type NotificationMode } from "#db/schema/enums";
import { notificationSettings, pushPreferences } from "#db/schema";
import { notificationSettingsSchema, type KindModes, type NotificationChoices } from "~/shared/schemas/notification-settings";

/** What a person gets before they choose: mail for what waits on them, the app for the rest, matches as a digest. */
export const DEFAULT_MODES: Readonly<Record<NotificationKind, NotificationMode>> = {
  messages: "email_now",
  deals: "email_now",
  clubs: "in_app",
  matches: "email_digest",
  announcements: "in_app",
  // A favourite got cheaper (ADR 086): news, not something waiting on them — a daily e-mail, as matches.
  price_drops: "email_digest",
  // 'Outgrown anything?' (ADR 091): twice a season per player, so its e-mail comes when it is made.
  outgrown: "email_now",
};

/** The mode of `kind` for the user in `userColumn`, as SQL (their row, else the default). */
export function modeOf(userColumn: SQL, kind: NotificationKind): SQL<NotificationMode> {
  return sql<NotificationMode>`coalesce((select ns.mode from notification_settings ns
    where ns.user_id = ${userColumn} and ns.kind = ${kind}), ${DEFAULT_MODES[kind]})`;
}

/** Every kind's mode for one person. */
export async function settingsOf(db: Db, userId: string): Promise<Record<NotificationKind, NotificationMode>> {
  const rows = await db.all<{ kind: NotificationKind; mode: NotificationMode }>(
    sql`select kind, mode from notification_settings where user_id = ${userId}`,
  );
  const chosen = new Map(rows.map((row) => [row.kind, row.mode]));
  return Object.fromEntries(NOTIFICATION_KINDS.map((kind) => [kind, chosen.get(kind) ?? DEFAULT_MODES[kind]])) as Record<
    NotificationKind,
    NotificationMode
  >;
}

export type PushChoices = { kinds: NotificationKind[]; showText: boolean };

/**
 * One person's push choices, in one round trip: the kinds with 'Push to my devices' on (ADR 087) and
 * 'Show message text' (ADR 100). None, and off, before they choose.
 */
export async function pushChoicesOf(db: Db, userId: string): Promise<PushChoices> {
  const [kinds, preference] = await db.batch([
    db.all<{ kind: NotificationKind }>(sql`select kind from notification_settings where user_id = ${userId} and push = 1`),
    db.all<{ on: number }>(sql`select show_text as "on" from push_preferences where user_id = ${userId}`),
  ]);
  return { kinds: kinds.map((row) => row.kind), showText: Boolean(preference[0]?.on) };
}

/** The statement that sets one kind's mode and push choice (an upsert: a retry stores it once). */
export function setModeStatement(db: Db, userId: string, kind: NotificationKind, mode: NotificationMode, now = new Date(), push = false) {
  return db
    .insert(notificationSettings)
    .values({ userId, kind, mode, push, updatedAt: now })
    .onConflictDoUpdate({ target: [notificationSettings.userId, notificationSettings.kind], set: { mode, push, updatedAt: now } });
}

/**
 * Which modes each kind offers, as data: the settings form shows these and its schema refuses any
 * other. Every kind offers all three for now.
 */
export const KIND_MODES: KindModes = {
  messages: NOTIFICATION_MODES,
  deals: NOTIFICATION_MODES,
  clubs: NOTIFICATION_MODES,
  matches: NOTIFICATION_MODES,
  announcements: NOTIFICATION_MODES,
  price_drops: NOTIFICATION_MODES,
  // Two prompts a season: a digest of them would only be later (ADR 091).
  outgrown: ["in_app", "email_now"],
};

/** The /player-profile 'Notifications' form's schema, over KIND_MODES. */
export const NotificationSettingsSchema = notificationSettingsSchema(KIND_MODES);

/**
 * Stores every kind's mode for one person in one batch (all or nothing; upserts, so a retry or a
 * double submit stores the same). `userId` is the signed-in person's: nothing posted names whose.
 */
export async function saveSettings(
  db: Db,
  userId: string,
  choices: NotificationChoices,
  now = new Date(),
  push: Partial<Record<NotificationKind, unknown>> = {},
  showText = false,
): Promise<void> {
  const [first, ...rest] = NOTIFICATION_KINDS.map((kind) => setModeStatement(db, userId, kind, choices[kind], now, Boolean(push[kind])));
  await db.batch([
    first,
    ...rest,
    db
      .insert(pushPreferences)
      .values({ userId, showText, updatedAt: now })
      .onConflictDoUpdate({ target: pushPreferences.userId, set: { showText, updatedAt: now } }),
  ]);
}
