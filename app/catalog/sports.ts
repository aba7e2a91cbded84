// The sport catalogue (spec 01 §3, spec 02 §3). Data, not branches: routes and
// schemas read from here instead of switching on sport keys.

export const SPORT_KEYS = [
  "baseball",
  "basketball",
  "cycling",
  "field-hockey",
  "figure-skating",
  "fitness",
  "football",
  "golf",
  "hike-camp",
  "hockey",
  "inline-roller",
  "lacrosse",
  "skiing",
  "snowboarding",
  "soccer",
  "softball",
  "tennis",
] as const;

export type SportKey = (typeof SPORT_KEYS)[number];

export type Sport = {
  key: SportKey;
  name: string;
  emoji: string;
  description: string;
  popularItems: string[];
  gradient: { from: string; to: string };
  heroImage: `/sports/${SportKey}.svg`;
};

/** Shown for a sport we do not know (e.g. legacy data or a club with a free-text sport). */
export const DEFAULT_SPORT_EMOJI = "🏅";

type SportData = Omit<Sport, "key" | "heroImage">;

const SPORT_DATA: Record<SportKey, SportData> = {
  baseball: {
    name: "Baseball",
    emoji: "⚾",
    description: "Gloves, bats, cleats and catcher's gear for every level, from T-ball to travel ball.",
    popularItems: ["Gloves", "Bats", "Batting Helmets", "Cleats", "Catcher's Gear"],
    gradient: { from: "#1e3a8a", to: "#dc2626" },
  },
  basketball: {
    name: "Basketball",
    emoji: "🏀",
    description: "Basketballs, shoes, hoops and team jerseys for the driveway, the gym and the league.",
    popularItems: ["Basketballs", "Shoes", "Portable Hoops", "Jerseys", "Shooting Sleeves"],
    gradient: { from: "#ea580c", to: "#7c2d12" },
  },
  cycling: {
    name: "Cycling",
    emoji: "🚴",
    description: "Bikes, helmets, shoes and components for road, mountain, gravel and kids' rides.",
    popularItems: ["Road Bikes", "Mountain Bikes", "Kids' Bikes", "Helmets", "Bike Trainers"],
    gradient: { from: "#0d9488", to: "#1e40af" },
  },
  "field-hockey": {
    name: "Field Hockey",
    emoji: "🏑",
    description: "Sticks, shin guards, goggles and goalie kits for field hockey players of all ages.",
    popularItems: ["Sticks", "Shin Guards", "Goggles", "Balls", "Goalie Kits"],
    gradient: { from: "#16a34a", to: "#1e3a8a" },
  },
  "figure-skating": {
    name: "Figure Skating",
    emoji: "⛸️",
    description: "Figure skates, blades, guards and practice dresses that young skaters outgrow fast.",
    popularItems: ["Figure Skates", "Blades", "Blade Guards", "Skating Dresses", "Skate Bags"],
    gradient: { from: "#a5b4fc", to: "#db2777" },
  },
  fitness: {
    name: "Fitness",
    emoji: "🏋️",
    description: "Weights, benches, cardio machines and yoga gear to build a home gym for less.",
    popularItems: ["Dumbbells", "Kettlebells", "Weight Benches", "Yoga Mats", "Exercise Bikes"],
    gradient: { from: "#475569", to: "#dc2626" },
  },
  football: {
    name: "Football",
    emoji: "🏈",
    description: "Helmets, shoulder pads, cleats and footballs for youth leagues through high school.",
    popularItems: ["Helmets", "Shoulder Pads", "Cleats", "Footballs", "Gloves"],
    gradient: { from: "#78350f", to: "#15803d" },
  },
  golf: {
    name: "Golf",
    emoji: "⛳",
    description: "Clubs, full sets, bags and push carts, from a junior's first set to a new driver.",
    popularItems: ["Drivers", "Iron Sets", "Putters", "Golf Bags", "Push Carts"],
    gradient: { from: "#22c55e", to: "#14532d" },
  },
  "hike-camp": {
    name: "Hike & Camp",
    emoji: "🏕️",
    description: "Tents, packs, sleeping bags and stoves for trails, campgrounds and the backcountry.",
    popularItems: ["Tents", "Backpacks", "Sleeping Bags", "Hiking Boots", "Camp Stoves"],
    gradient: { from: "#65a30d", to: "#44403c" },
  },
  hockey: {
    name: "Hockey",
    emoji: "🏒",
    description: "Skates, sticks, helmets and pads for ice and street hockey, youth to adult.",
    popularItems: ["Skates", "Sticks", "Helmets", "Gloves", "Goalie Pads"],
    gradient: { from: "#0ea5e9", to: "#1e293b" },
  },
  "inline-roller": {
    name: "Inline & Roller",
    emoji: "🛼",
    description: "Inline skates, roller skates and protective gear for rinks, parks and paths.",
    popularItems: ["Inline Skates", "Roller Skates", "Wrist Guards", "Knee Pads", "Helmets"],
    gradient: { from: "#d946ef", to: "#7c3aed" },
  },
  lacrosse: {
    name: "Lacrosse",
    emoji: "🥍",
    description: "Sticks, heads, helmets and pads for boys' and girls' lacrosse.",
    popularItems: ["Complete Sticks", "Heads", "Helmets", "Gloves", "Arm Pads"],
    gradient: { from: "#2563eb", to: "#f59e0b" },
  },
  skiing: {
    name: "Skiing",
    emoji: "⛷️",
    description: "Skis, boots, poles and outerwear so the family can hit the slopes without paying full price.",
    popularItems: ["Skis", "Ski Boots", "Poles", "Goggles", "Ski Jackets"],
    gradient: { from: "#38bdf8", to: "#1e3a8a" },
  },
  snowboarding: {
    name: "Snowboarding",
    emoji: "🏂",
    description: "Boards, bindings, boots and outerwear for groomers, park and powder days.",
    popularItems: ["Snowboards", "Bindings", "Snowboard Boots", "Helmets", "Snow Pants"],
    gradient: { from: "#6366f1", to: "#0f172a" },
  },
  soccer: {
    name: "Soccer",
    emoji: "⚽",
    description: "Cleats, balls, shin guards and goals for rec, club and school soccer.",
    popularItems: ["Cleats", "Soccer Balls", "Shin Guards", "Goalkeeper Gloves", "Goals"],
    gradient: { from: "#16a34a", to: "#064e3b" },
  },
  softball: {
    name: "Softball",
    emoji: "🥎",
    description: "Fastpitch and slowpitch bats, gloves, helmets and catcher's gear.",
    popularItems: ["Fastpitch Bats", "Gloves", "Batting Helmets", "Cleats", "Catcher's Gear"],
    gradient: { from: "#facc15", to: "#b91c1c" },
  },
  tennis: {
    name: "Tennis & Racquet Sports",
    emoji: "🎾",
    description: "Racquets, paddles, balls and shoes for tennis, pickleball, platform tennis, racquetball and squash.",
    popularItems: ["Tennis Racquets", "Pickleball Paddles", "Tennis Shoes", "Racquet Bags", "Ball Machines"],
    gradient: { from: "#a3e635", to: "#15803d" },
  },
};

export const SPORTS: readonly Sport[] = SPORT_KEYS.map((key) => ({
  key,
  ...SPORT_DATA[key],
  heroImage: `/sports/${key}.svg` as const,
}));

/**
 * The 13-sport short list used by the home sports filter, the listing detail
 * page and the club form (spec 01 §3, spec 02 §3).
 */
export const HOME_SPORT_KEYS = [
  "baseball",
  "basketball",
  "cycling",
  "fitness",
  "football",
  "golf",
  "hockey",
  "lacrosse",
  "skiing",
  "snowboarding",
  "soccer",
  "softball",
  "tennis",
] as const satisfies readonly SportKey[];

export type HomeSportKey = (typeof HOME_SPORT_KEYS)[number];

const SPORTS_BY_KEY = new Map<string, Sport>(SPORTS.map((sport) => [sport.key, sport]));

export function isSportKey(value: unknown): value is SportKey {
  return typeof value === "string" && SPORTS_BY_KEY.has(value);
}

/** The sport for a key, or undefined for anything not in the catalogue. */
export function getSport(key: string | null | undefined): Sport | undefined {
  return key ? SPORTS_BY_KEY.get(key) : undefined;
}

/** Emoji for a sport key, falling back to DEFAULT_SPORT_EMOJI for unknown values. */
export function sportEmoji(key: string | null | undefined): string {
  return getSport(key)?.emoji ?? DEFAULT_SPORT_EMOJI;
}

/** Display name for a sport key; unknown values are shown as stored. */
export function sportName(key: string | null | undefined): string {
  return getSport(key)?.name ?? key ?? "";
}

const SPORTS_SORTED_BY_NAME: readonly Sport[] = [...SPORTS].sort((a, b) =>
  a.name.localeCompare(b.name, "en"),
);

/** All sports sorted by display name (the chip row on /sport/{sport}). */
export function sportsByName(): readonly Sport[] {
  return SPORTS_SORTED_BY_NAME;
}

/** Shortest term we try to match partially; 'a' or 'ba' would match half the catalogue. */
const MIN_PARTIAL_MATCH_LENGTH = 3;

function normalise(value: string): string {
  // 'field-hockey', 'Field Hockey' and 'field  hockey' all compare equal.
  return value.toLowerCase().replace(/[-_\s]+/g, " ").trim();
}

const SPORT_WORDS = new Map<SportKey, readonly string[]>(
  SPORTS.map((sport) => [
    sport.key,
    [
      ...new Set([
        normalise(sport.key),
        normalise(sport.name),
        ...sport.name.split("&").map(normalise).filter(Boolean),
      ]),
    ],
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
  const needle = normalise(term ?? "");
  if (!needle) return null;

  for (const sport of SPORTS) {
    if (needle === normalise(sport.key) || needle === normalise(sport.name)) return sport.key;
  }

  if (needle.length < MIN_PARTIAL_MATCH_LENGTH) return null;

  let longest: { key: SportKey; length: number } | null = null;
  for (const sport of sportsByName()) {
    for (const word of SPORT_WORDS.get(sport.key)!) {
      if (needle.includes(word) && (!longest || word.length > longest.length)) {
        longest = { key: sport.key, length: word.length };
      }
    }
  }
  if (longest) return longest.key;

  const containing = SPORTS.filter((sport) =>
    SPORT_WORDS.get(sport.key)!.some((word) => word.includes(needle)),
  );
  return containing.length === 1 ? containing[0]!.key : null;
}
