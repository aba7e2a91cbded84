// The 'Notifications' form on /player-profile (ADR 073): one mode per kind, every kind required.
// Which modes a kind offers is the feature's data (KIND_MODES, app/features/notifications/settings.server.ts),
// passed in, so this module stays free of server code; a mode the kind does not offer is refused.
import { z } from "zod";
import { NOTIFICATION_KINDS, type NotificationKind, type NotificationMode } from "#db/schema/enums";
import { CHOICES_MISSING, choiceMissing, choiceNotOffered } from "~/shared/copy/notification-settings";

export const NOTIFICATIONS_INTENT = "notifications";
/** A kind's field name in the form. */
export const modeField = (kind: NotificationKind) => `modes.${kind}`;
/** A kind's 'Push to my devices' checkbox (ADR 087): `push.{kind}=on`, absent when unchecked. */
export const pushField = (kind: NotificationKind) => `push.${kind}`;
/** 'Show message text' (ADR 100): `showText=on`, absent when unchecked. */
export const SHOW_TEXT_FIELD = "showText";

/** The modes each kind offers: at least one. */
export type KindModes = Readonly<Record<NotificationKind, readonly [NotificationMode, ...NotificationMode[]]>>;

export type NotificationChoices = Record<NotificationKind, NotificationMode>;

function modeOf(kind: NotificationKind, offered: KindModes[NotificationKind]) {
  // Missing (conform leaves an empty value out) and anything else (an unknown or not-offered mode,
  // a repeated field, control characters) get their own words.
  return z.enum(offered, { error: (issue) => (issue.input === undefined ? choiceMissing(kind) : choiceNotOffered(kind)) });
}

/**
 * The form's schema for these offered modes; anything else posted (a userId) is dropped. The fields
 * are `modes.{kind}`, never the bare kind: a control named `matches` would shadow the form element's
 * own `matches()` method for every script that reads the form (axe did, and failed on it).
 */
export function notificationSettingsSchema(kindModes: KindModes) {
  const modes = Object.fromEntries(NOTIFICATION_KINDS.map((kind) => [kind, modeOf(kind, kindModes[kind])])) as Record<
    NotificationKind,
    ReturnType<typeof modeOf>
  >;
  const push = Object.fromEntries(NOTIFICATION_KINDS.map((kind) => [kind, z.literal("on").optional()])) as Record<
    NotificationKind,
    z.ZodOptional<z.ZodLiteral<"on">>
  >;
  return z.object({
    intent: z.literal(NOTIFICATIONS_INTENT),
    modes: z.object(modes, { error: CHOICES_MISSING }),
    push: z.object(push).optional(),
    [SHOW_TEXT_FIELD]: z.literal("on").optional(),
  });
}
