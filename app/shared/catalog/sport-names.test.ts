import { describe, expect, test } from "vitest";
import { SPORT_NAME_LIST, SPORT_NAMES, SPORTS_BY_NAME, isSportKey, sportEmoji, sportName } from "./sport-names";
import { SPORTS, sportsByName } from "./sports";

// The light module the header and the sport chips use must say what the full catalogue says.
describe("sport names (the light half of the catalogue)", () => {
  test("every sport has the same name and emoji as in the full catalogue, in the same orders", () => {
    expect(SPORT_NAME_LIST).toEqual(SPORTS.map(({ key, name, emoji }) => ({ key, name, emoji })));
    expect(SPORTS_BY_NAME.map((sport) => sport.key)).toEqual(sportsByName().map((sport) => sport.key));
    expect(Object.keys(SPORT_NAMES)).toHaveLength(17);
  });

  test("unknown keys: not a sport, the default emoji, the name as stored", () => {
    expect(isSportKey("soccer")).toBe(true);
    expect(isSportKey("toString")).toBe(false);
    expect(sportEmoji("toString")).toBe("🏅");
    expect(sportName("curling")).toBe("curling");
    expect(sportName(null)).toBe("");
    expect(sportName("field-hockey")).toBe("Field Hockey");
  });
});
