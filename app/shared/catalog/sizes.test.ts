import { describe, expect, test } from "vitest";
import { SPORT_EQUIPMENT } from "./equipment";
import { ageGroup, fittingSizes, isSizeOf, nextSize, SIZE_SCALES, sizeKindOfType, PLAYER_SIZE_KINDS } from "./sizes";

describe("sizes per kind of gear", () => {
  test("every fitting type is a type the catalogue lists for some sport", () => {
    const all = new Set(Object.values(SPORT_EQUIPMENT).flatMap((lists) => lists.types));
    for (const kind of PLAYER_SIZE_KINDS) for (const type of SIZE_SCALES[kind].types) expect(all.has(type), `${kind}: ${type}`).toBe(true);
  });

  test("the next size up walks the scale, youth sizes before adult ones", () => {
    expect(nextSize("skate", "4")).toBe("4.5");
    expect(nextSize("skate", "Y13.5")).toBe("1");
    expect(nextSize("helmet", "S")).toBe("M");
    expect(nextSize("length", '30"')).toBe('31"');
    expect(nextSize("helmet", "XL")).toBeNull();
    expect(nextSize("helmet", "huge")).toBeNull();
    expect(fittingSizes("glove", '11"')).toEqual(['11"', '11.5"']);
  });

  test("a size outside the scale is refused", () => {
    expect(isSizeOf("skate", "4.5")).toBe(true);
    expect(isSizeOf("skate", "4.25")).toBe(false);
    expect(isSizeOf("helmet", "m")).toBe(false);
  });

  test("types map to their kind", () => {
    expect(sizeKindOfType("Skates")).toBe("skate");
    expect(sizeKindOfType("Bats")).toBe("length");
    expect(sizeKindOfType("Balls")).toBeNull();
  });

  test("age groups by birth year, the season turning in August", () => {
    expect(ageGroup(2016, new Date("2026-03-01T00:00:00Z"))).toBe("U10");
    expect(ageGroup(2015, new Date("2026-03-01T00:00:00Z"))).toBe("U12");
    expect(ageGroup(2016, new Date("2026-09-01T00:00:00Z"))).toBe("U12");
    expect(ageGroup(2024, new Date("2026-03-01T00:00:00Z"))).toBe("U6");
    expect(ageGroup(2000, new Date("2026-03-01T00:00:00Z"))).toBe("18+");
  });
});
