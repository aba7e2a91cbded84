// Notification settings' texts (ADR 073), shared by the /player-profile loader, the schema's
// messages and the tests. The page gets them as loader data (notificationSettingsView), not as code:
// /player-profile is at the edge of its 110 KB first-load JavaScript budget (ADR 033), and the
// section's labels and hints alone were most of a kilobyte of it.
import type { NotificationKind, NotificationMode } from "#db/schema/enums";

export const NOTIFICATION_SETTINGS_SAVED = "Notification settings saved";
export const notSaved = (why: string) => `Notification settings not saved: ${why}`;

/** Each kind's legend and what it covers. */
export const KIND_TEXT: Readonly<Record<NotificationKind, readonly [legend: string, covers: string]>> = {
  messages: ["Messages", "Direct and listing messages"],
  deals: ["Deals", "Offers, counter-offers and the steps of a deal"],
  clubs: ["Clubs", "Club approvals and requests"],
  matches: ["Matches", "Saved searches and item requests"],
  announcements: ["Club announcements", "Announcements in your clubs"],
  price_drops: ["Price drops", "A favorite on your On Deck list gets cheaper"],
  outgrown: ["Outgrown gear", "A player's season is ending: gear to pass on, the next size to find"],
};

export const MODE_LABELS: Readonly<Record<NotificationMode, string>> = {
  in_app: "In the app only",
  email_now: "E-mail right away",
  email_digest: "E-mail digest",
};

// What "right away" means for what waits on you: the away e-mail of ADR 073 (one gathering
// e-mail after 10 minutes with no tab open, at most one an hour), not one e-mail per message.
const AWAY = "When no LockerSwap tab has been open for 10 minutes: one e-mail with what is unread, at most one an hour.";
const DAILY = "Once a day, one e-mail with what is new.";

/** The one-line hint under an option, where it helps. */
export function modeHint(kind: NotificationKind, mode: NotificationMode): string | undefined {
  if (mode === "email_digest") return DAILY;
  if (mode !== "email_now") return undefined;
  if (kind === "messages" || kind === "deals") return AWAY;
  if (kind === "matches") return "An e-mail soon after new matches are found.";
  if (kind === "outgrown") return "One e-mail two weeks before a player's season ends, and one when it ends.";
  if (kind === "price_drops") return "An e-mail an hour after the price is lowered, if it stays lower.";
  return undefined;
}

export const CHOICES_MISSING = "Choose how to hear about each kind";
export const choiceMissing = (kind: NotificationKind) => `Choose how to hear about ${KIND_TEXT[kind][0].toLowerCase()}`;
export const choiceNotOffered = (kind: NotificationKind) => `That is not one of the choices for ${KIND_TEXT[kind][0].toLowerCase()}`;

export type NotificationKindView = {
  kind: NotificationKind;
  legend: string;
  covers: string;
  /** The current mode. */
  mode: NotificationMode;
  /** 'Push to my devices' is on (ADR 087). */
  push: boolean;
  pushLabel: string;
  options: { value: NotificationMode; label: string; hint?: string }[];
};

/** The section's groups, in order: each kind with its current mode and the modes it offers, in words. */
export function notificationSettingsView(
  settings: Readonly<Record<NotificationKind, NotificationMode>>,
  offered: Readonly<Record<NotificationKind, readonly NotificationMode[]>>,
  pushKinds: readonly NotificationKind[] = [],
): NotificationKindView[] {
  return (Object.keys(offered) as NotificationKind[]).map((kind) => ({
    kind,
    legend: KIND_TEXT[kind][0],
    covers: KIND_TEXT[kind][1],
    mode: settings[kind],
    push: pushKinds.includes(kind),
    pushLabel: `Push ${KIND_TEXT[kind][0].toLowerCase()} to my devices`,
    options: offered[kind].map((mode) => ({ value: mode, label: MODE_LABELS[mode], hint: modeHint(kind, mode) })),
  }));
}
