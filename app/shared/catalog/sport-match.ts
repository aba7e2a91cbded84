// Keyword → sport (spec 01 §4), apart from ./sport-names so that only the page with the header
// search (the home page) ships it. ./sports re-exports it.

import { SPORT_NAME_LIST, SPORTS_BY_NAME, type SportKey } from "./sport-names";

/** Shortest term we try to match partially; 'a' or 'ba' would match half the catalogue. */
const MIN_PARTIAL_MATCH_LENGTH = 3;

function normalise(value: string): string {
  // 'field-hockey', 'Field Hockey' and 'field  hockey' all compare equal.
  return value
    .toLowerCase()
    .replace(/[-_\s]+/g, " ")
    .trim();
}

const SPORT_WORDS = /* @__PURE__ */ new Map<SportKey, readonly string[]>(
  SPORT_NAME_LIST.map((sport) => [
    sport.key,
    [...new Set([normalise(sport.key), normalise(sport.name), ...sport.name.split("&").map(normalise).filter(Boolean)])],
  ]),
);

/**
 * Which sport a search keyword points at, so the header search can send the
 * user to /sport/{key} (spec 01 §4: "a keyword that matches a sport name
 * (either direction, case-insensitive)"). Returns null when no sport matches,
 * and the caller falls back to searching all sports.
 *
 * Comparison ignores case and treats hyphens, underscores and runs of spaces
 * alike. A sport is known by its key, its name and each '&'-separated part of
 * its name ('Hike & Camp' → 'hike', 'camp'; 'Tennis & Racquet Sports' →
 * 'tennis', 'racquet sports'). Rules, in order; the first that matches wins:
 * 1. Exact match on a key or name: 'hockey' → hockey, 'Field Hockey' and
 *    'field-hockey' → field-hockey.
 * 2. Terms shorter than 3 characters match nothing further ('a' → null).
 * 3. The term contains one of the sport's words ('soccer ball' → soccer,
 *    'camping tent' → hike-camp). The LONGEST contained word wins, so
 *    'field hockey stick' → field-hockey rather than hockey.
 * 4. The term is part of exactly one sport's words ('racquet' → tennis,
 *    'snowboard' → snowboarding). A term found in several sports is
 *    ambiguous and matches nothing: 'ball' would otherwise pick one of
 *    baseball, basketball, football and softball arbitrarily.
 */
export function matchSportFromKeyword(term: string | null | undefined): SportKey | null {
  return splitSportKeyword(term)?.sport ?? null;
}

/**
 * The sport a keyword points at (rules above) and what is left of the keyword once the sport's
 * word is taken out: 'soccer cleats' → { sport: 'soccer', rest: 'cleats' }, so the search keeps
 * looking for cleats on the soccer page. The rest is lower-cased and space-normalised.
 */
export function splitSportKeyword(term: string | null | undefined): { sport: SportKey; rest: string } | null {
  const needle = normalise(term ?? "");
  if (!needle) return null;

  for (const sport of SPORT_NAME_LIST) {
    if (needle === normalise(sport.key) || needle === normalise(sport.name)) return { sport: sport.key, rest: "" };
  }

  if (needle.length < MIN_PARTIAL_MATCH_LENGTH) return null;

  let longest: { key: SportKey; word: string } | null = null;
  for (const sport of SPORTS_BY_NAME) {
    for (const word of SPORT_WORDS.get(sport.key)!) {
      if (needle.includes(word) && (!longest || word.length > longest.word.length)) {
        longest = { key: sport.key, word };
      }
    }
  }
  if (longest) return { sport: longest.key, rest: withoutWord(needle, longest.word) };

  const containing = SPORT_NAME_LIST.filter((sport) => SPORT_WORDS.get(sport.key)!.some((word) => word.includes(needle)));
  return containing.length === 1 ? { sport: containing[0]!.key, rest: "" } : null;
}

/** The term without the whole word(s) holding `word` ('baseballs glove' less 'baseball' → 'glove'). */
function withoutWord(needle: string, word: string): string {
  const escaped = word.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
  return needle
    .replace(new RegExp(`\\S*${escaped}\\S*`), " ")
    .replace(/\s+/g, " ")
    .trim();
}
