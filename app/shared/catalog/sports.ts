// The sport catalogue (spec 01 §3, spec 02 §3). Data, not branches: routes and
// schemas read from here instead of switching on sport keys. Keys, names and emoji live in
// ./sport-names (light enough for every page); this module adds descriptions, popular items,
// gradients and hero images, which only server code and a few pages need.

import { SPORT_KEYS, SPORT_NAMES, type SportKey } from "./sport-names";

export * from "./sport-names";
export * from "./home-sports";
export * from "./sport-match";

export type Sport = {
  key: SportKey;
  name: string;
  emoji: string;
  description: string;
  popularItems: string[];
  gradient: { from: string; to: string };
  heroImage: `/sports/${SportKey}.svg`;
};

type SportData = Omit<Sport, "key" | "heroImage" | "name" | "emoji">;

const SPORT_DATA: Record<SportKey, SportData> = {
  baseball: {
    description: "Gloves, bats, cleats and catcher's gear for every level, from T-ball to travel ball.",
    popularItems: ["Gloves", "Bats", "Batting Helmets", "Cleats", "Catcher's Gear"],
    gradient: { from: "#1e3a8a", to: "#dc2626" },
  },
  basketball: {
    description: "Basketballs, shoes, hoops and team jerseys for the driveway, the gym and the league.",
    popularItems: ["Basketballs", "Shoes", "Portable Hoops", "Jerseys", "Shooting Sleeves"],
    gradient: { from: "#ea580c", to: "#7c2d12" },
  },
  cycling: {
    description: "Bikes, helmets, shoes and components for road, mountain, gravel and kids' rides.",
    popularItems: ["Road Bikes", "Mountain Bikes", "Kids' Bikes", "Helmets", "Bike Trainers"],
    gradient: { from: "#0d9488", to: "#1e40af" },
  },
  "field-hockey": {
    description: "Sticks, shin guards, goggles and goalie kits for field hockey players of all ages.",
    popularItems: ["Sticks", "Shin Guards", "Goggles", "Balls", "Goalie Kits"],
    gradient: { from: "#16a34a", to: "#1e3a8a" },
  },
  "figure-skating": {
    description: "Figure skates, blades, guards and practice dresses that young skaters outgrow fast.",
    popularItems: ["Figure Skates", "Blades", "Blade Guards", "Skating Dresses", "Skate Bags"],
    gradient: { from: "#a5b4fc", to: "#db2777" },
  },
  fitness: {
    description: "Weights, benches, cardio machines and yoga gear to build a home gym for less.",
    popularItems: ["Dumbbells", "Kettlebells", "Weight Benches", "Yoga Mats", "Exercise Bikes"],
    gradient: { from: "#475569", to: "#dc2626" },
  },
  football: {
    description: "Helmets, shoulder pads, cleats and footballs for youth leagues through high school.",
    popularItems: ["Helmets", "Shoulder Pads", "Cleats", "Footballs", "Gloves"],
    gradient: { from: "#78350f", to: "#15803d" },
  },
  golf: {
    description: "Clubs, full sets, bags and push carts, from a junior's first set to a new driver.",
    popularItems: ["Drivers", "Iron Sets", "Putters", "Golf Bags", "Push Carts"],
    gradient: { from: "#22c55e", to: "#14532d" },
  },
  "hike-camp": {
    description: "Tents, packs, sleeping bags and stoves for trails, campgrounds and the backcountry.",
    popularItems: ["Tents", "Backpacks", "Sleeping Bags", "Hiking Boots", "Camp Stoves"],
    gradient: { from: "#65a30d", to: "#44403c" },
  },
  hockey: {
    description: "Skates, sticks, helmets and pads for ice and street hockey, youth to adult.",
    popularItems: ["Skates", "Sticks", "Helmets", "Gloves", "Goalie Pads"],
    gradient: { from: "#0ea5e9", to: "#1e293b" },
  },
  "inline-roller": {
    description: "Inline skates, roller skates and protective gear for rinks, parks and paths.",
    popularItems: ["Inline Skates", "Roller Skates", "Wrist Guards", "Knee Pads", "Helmets"],
    gradient: { from: "#d946ef", to: "#7c3aed" },
  },
  lacrosse: {
    description: "Sticks, heads, helmets and pads for boys' and girls' lacrosse.",
    popularItems: ["Complete Sticks", "Heads", "Helmets", "Gloves", "Arm Pads"],
    gradient: { from: "#2563eb", to: "#f59e0b" },
  },
  skiing: {
    description: "Skis, boots, poles and outerwear so the family can hit the slopes without paying full price.",
    popularItems: ["Skis", "Ski Boots", "Poles", "Goggles", "Ski Jackets"],
    gradient: { from: "#38bdf8", to: "#1e3a8a" },
  },
  snowboarding: {
    description: "Boards, bindings, boots and outerwear for groomers, park and powder days.",
    popularItems: ["Snowboards", "Bindings", "Snowboard Boots", "Helmets", "Snow Pants"],
    gradient: { from: "#6366f1", to: "#0f172a" },
  },
  soccer: {
    description: "Cleats, balls, shin guards and goals for rec, club and school soccer.",
    popularItems: ["Cleats", "Soccer Balls", "Shin Guards", "Goalkeeper Gloves", "Goals"],
    gradient: { from: "#16a34a", to: "#064e3b" },
  },
  softball: {
    description: "Fastpitch and slowpitch bats, gloves, helmets and catcher's gear.",
    popularItems: ["Fastpitch Bats", "Gloves", "Batting Helmets", "Cleats", "Catcher's Gear"],
    gradient: { from: "#facc15", to: "#b91c1c" },
  },
  tennis: {
    description: "Racquets, paddles, balls and shoes for tennis, pickleball, platform tennis, racquetball and squash.",
    popularItems: ["Tennis Racquets", "Pickleball Paddles", "Tennis Shoes", "Racquet Bags", "Ball Machines"],
    gradient: { from: "#a3e635", to: "#15803d" },
  },
};

export const SPORTS: readonly Sport[] = /* @__PURE__ */ SPORT_KEYS.map((key) => ({
  key,
  ...SPORT_NAMES[key],
  ...SPORT_DATA[key],
  heroImage: `/sports/${key}.svg` as const,
}));

const SPORTS_BY_KEY = /* @__PURE__ */ new Map<string, Sport>(SPORTS.map((sport) => [sport.key, sport]));

/** The sport for a key, or undefined for anything not in the catalogue. */
export function getSport(key: string | null | undefined): Sport | undefined {
  return key ? SPORTS_BY_KEY.get(key) : undefined;
}

const SPORTS_SORTED_BY_NAME: readonly Sport[] = /* @__PURE__ */ [...SPORTS].sort((a, b) => a.name.localeCompare(b.name, "en"));

/** All sports sorted by display name (the chip row on /sport/{sport}). */
export function sportsByName(): readonly Sport[] {
  return SPORTS_SORTED_BY_NAME;
}
