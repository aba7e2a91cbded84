// The light half of the sport catalogue: keys, display names and emoji only, with the helpers
// that need nothing else (keyword → sport, key → name/emoji). The site header, the home page and
// the sport chips import this module directly so descriptions, popular items and gradients
// (./sports) stay out of the first-load JavaScript (ADR 033). ./sports re-exports all of it.

// The value tuples come from db/schema/enums (the CHECK constraints), so catalogue and database cannot drift.
import { SPORT_KEYS as DB_SPORT_KEYS } from "../../../db/schema/enums";
export const SPORT_KEYS = DB_SPORT_KEYS;

export type SportKey = (typeof SPORT_KEYS)[number];

/** What a chip or a menu entry needs of a sport. */
export type SportName = { key: SportKey; name: string; emoji: string };

/** Shown for a sport we do not know (e.g. legacy data or a club with a free-text sport). */
export const DEFAULT_SPORT_EMOJI = "🏅";

export const SPORT_NAMES: Readonly<Record<SportKey, { name: string; emoji: string }>> = {
  baseball: { name: "Baseball", emoji: "⚾" },
  basketball: { name: "Basketball", emoji: "🏀" },
  cycling: { name: "Cycling", emoji: "🚴" },
  "field-hockey": { name: "Field Hockey", emoji: "🏑" },
  "figure-skating": { name: "Figure Skating", emoji: "⛸️" },
  fitness: { name: "Fitness", emoji: "🏋️" },
  football: { name: "Football", emoji: "🏈" },
  golf: { name: "Golf", emoji: "⛳" },
  "hike-camp": { name: "Hike & Camp", emoji: "🏕️" },
  hockey: { name: "Hockey", emoji: "🏒" },
  "inline-roller": { name: "Inline & Roller", emoji: "🛼" },
  lacrosse: { name: "Lacrosse", emoji: "🥍" },
  skiing: { name: "Skiing", emoji: "⛷️" },
  snowboarding: { name: "Snowboarding", emoji: "🏂" },
  soccer: { name: "Soccer", emoji: "⚽" },
  softball: { name: "Softball", emoji: "🥎" },
  tennis: { name: "Tennis & Racquet Sports", emoji: "🎾" },
};

/** Every sport in key order. */
export const SPORT_NAME_LIST: readonly SportName[] = /* @__PURE__ */ SPORT_KEYS.map((key) => ({ key, ...SPORT_NAMES[key] }));

/** Every sport sorted by display name (the header grid, the chip row on /sport/{sport}). */
export const SPORTS_BY_NAME: readonly SportName[] = /* @__PURE__ */ [...SPORT_NAME_LIST].sort((a, b) => a.name.localeCompare(b.name, "en"));

export function isSportKey(value: unknown): value is SportKey {
  return typeof value === "string" && Object.hasOwn(SPORT_NAMES, value);
}

/** Emoji for a sport key, falling back to DEFAULT_SPORT_EMOJI for unknown values. */
export function sportEmoji(key: string | null | undefined): string {
  return isSportKey(key) ? SPORT_NAMES[key].emoji : DEFAULT_SPORT_EMOJI;
}

/** Display name for a sport key; unknown values are shown as stored. */
export function sportName(key: string | null | undefined): string {
  return isSportKey(key) ? SPORT_NAMES[key].name : (key ?? "");
}
