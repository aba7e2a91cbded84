import { existsSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, test } from "vitest";
import {
  DEFAULT_SPORT_EMOJI,
  HOME_SPORT_KEYS,
  SPORTS,
  SPORT_KEYS,
  getSport,
  isSportKey,
  matchSportFromKeyword,
  splitSportKeyword,
  sportEmoji,
  sportName,
  sportsByName,
} from "./sports";

const HEX = /^#[0-9a-f]{6}$/i;
const publicDir = join(__dirname, "..", "..", "..", "public");

describe("sport catalogue", () => {
  test("has the 17 sports of the spec, each key once", () => {
    expect(SPORT_KEYS).toEqual([
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
    ]);
    expect(new Set(SPORTS.map((sport) => sport.key)).size).toBe(17);
    expect(SPORTS.map((sport) => sport.key)).toEqual([...SPORT_KEYS]);
  });

  test("uses the spec's display names for the multi-word sports", () => {
    expect(getSport("hike-camp")?.name).toBe("Hike & Camp");
    expect(getSport("inline-roller")?.name).toBe("Inline & Roller");
    expect(getSport("tennis")?.name).toBe("Tennis & Racquet Sports");
    expect(getSport("field-hockey")?.name).toBe("Field Hockey");
  });

  test.each(SPORTS.map((sport) => [sport.key, sport] as const))(
    "%s has a name, emoji, description, popular items and a gradient",
    (_key, sport) => {
      expect(sport.name.trim()).not.toBe("");
      expect(sport.emoji.trim()).not.toBe("");
      expect(sport.description.length).toBeGreaterThan(20);
      expect(sport.popularItems.length).toBeGreaterThanOrEqual(3);
      expect(new Set(sport.popularItems).size).toBe(sport.popularItems.length);
      expect(sport.gradient.from).toMatch(HEX);
      expect(sport.gradient.to).toMatch(HEX);
      expect(sport.gradient.from).not.toBe(sport.gradient.to);
    },
  );

  test.each(SPORTS.map((sport) => [sport.key, sport] as const))(
    "%s has a small, self-contained hero image in its own colours",
    (key, sport) => {
      expect(sport.heroImage).toBe(`/sports/${key}.svg`);
      const file = join(publicDir, sport.heroImage);
      expect(existsSync(file)).toBe(true);
      expect(statSync(file).size).toBeLessThan(2048);
      const svg = readFileSync(file, "utf8");
      expect(svg.startsWith("<svg")).toBe(true);
      expect(svg.replace('xmlns="http://www.w3.org/2000/svg"', "")).not.toMatch(/https?:|xlink:href|<image|<script/);
      expect(svg).toContain(sport.gradient.from);
      expect(svg).toContain(sport.gradient.to);
    },
  );

  test("the home short list is 13 sports, all in the catalogue, without the four niche ones", () => {
    expect(HOME_SPORT_KEYS).toHaveLength(13);
    expect(new Set(HOME_SPORT_KEYS).size).toBe(13);
    for (const key of HOME_SPORT_KEYS) expect(isSportKey(key)).toBe(true);
    for (const key of ["field-hockey", "figure-skating", "hike-camp", "inline-roller"]) {
      expect(HOME_SPORT_KEYS).not.toContain(key);
    }
  });

  test("sportsByName sorts by display name", () => {
    const names = sportsByName().map((sport) => sport.name);
    expect(names).toHaveLength(17);
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b, "en")));
    expect(names[0]).toBe("Baseball");
    expect(names.at(-1)).toBe("Tennis & Racquet Sports");
  });

  test("unknown sports are not found and fall back to the default emoji", () => {
    expect(getSport("curling")).toBeUndefined();
    expect(getSport(undefined)).toBeUndefined();
    expect(isSportKey("curling")).toBe(false);
    expect(sportEmoji("curling")).toBe(DEFAULT_SPORT_EMOJI);
    expect(sportEmoji("soccer")).toBe("⚽");
    expect(sportName("golf")).toBe("Golf");
    expect(sportName("curling")).toBe("curling");
  });
});

describe("matching a search keyword to a sport (spec 01 §4)", () => {
  test.each([
    ["Soccer", "soccer"],
    ["soccer ball", "soccer"],
    ["  SOCCER  ", "soccer"],
    ["hockey", "hockey"],
    ["field hockey", "field-hockey"],
    ["Field-Hockey", "field-hockey"],
    ["field hockey stick", "field-hockey"],
    ["used hockey skates", "hockey"],
    ["tennis", "tennis"],
    ["Tennis & Racquet Sports", "tennis"],
    ["racquet", "tennis"],
    ["tennis racket", "tennis"],
    ["hike & camp", "hike-camp"],
    ["camping tent", "hike-camp"],
    ["inline skates", "inline-roller"],
    ["snowboard", "snowboarding"],
    ["Golf clubs", "golf"],
    ["basketball shoes", "basketball"],
    ["softball bat", "softball"],
  ] as const)("'%s' → %s", (term, key) => {
    expect(matchSportFromKeyword(term)).toBe(key);
  });

  test.each([["xyz"], ["a"], ["ba"], [""], ["   "], ["cleats"]])("'%s' matches no sport", (term) => {
    expect(matchSportFromKeyword(term)).toBeNull();
  });

  test("a fragment shared by several sports is ambiguous, not a guess", () => {
    // 'ball' is in baseball, basketball, football and softball.
    expect(matchSportFromKeyword("ball")).toBeNull();
    expect(matchSportFromKeyword("hock")).toBeNull();
  });

  test("null and undefined match nothing", () => {
    expect(matchSportFromKeyword(null)).toBeNull();
    expect(matchSportFromKeyword(undefined)).toBeNull();
  });

  test.each([
    ["soccer cleats", "soccer", "cleats"],
    ["Youth SOCCER shin guards", "soccer", "youth shin guards"],
    ["field hockey stick", "field-hockey", "stick"],
    ["baseballs glove", "baseball", "glove"],
    ["camping tent", "hike-camp", "tent"],
    ["Soccer", "soccer", ""],
    ["racquet", "tennis", ""],
  ] as const)("'%s' → %s, keeping '%s' as the keyword", (term, sport, rest) => {
    expect(splitSportKeyword(term)).toEqual({ sport, rest });
  });
});
