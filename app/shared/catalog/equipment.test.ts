import { describe, expect, test } from "vitest";
import { SPORT_KEYS } from "./sports";
import {
  DEFAULT_EQUIPMENT_TYPES,
  SPORT_EQUIPMENT,
  TENNIS_SUBCATEGORIES,
  TENNIS_SUBCATEGORY_KEYS,
  getBrands,
  getEquipmentTypes,
  isTennisSubcategory,
  tennisSubcategoryLabel,
  type EquipmentLists,
} from "./equipment";

function expectWellFormed(list: readonly string[], min: number) {
  expect(list.length).toBeGreaterThanOrEqual(min);
  expect(list.at(-1)).toBe("Other");
  expect(new Set(list).size).toBe(list.length);
  for (const entry of list) expect(entry.trim()).toBe(entry);
}

function expectWellFormedLists(lists: EquipmentLists) {
  expectWellFormed(lists.types, 4);
  expectWellFormed(lists.brands, 4);
  for (const [type, brands] of Object.entries(lists.brandsByType ?? {})) {
    expect(lists.types).toContain(type);
    expectWellFormed(brands, 3);
  }
}

describe("equipment catalogue", () => {
  test("every sport other than tennis has its own lists", () => {
    expect(Object.keys(SPORT_EQUIPMENT).sort()).toEqual(SPORT_KEYS.filter((key) => key !== "tennis"));
  });

  test.each(Object.entries(SPORT_EQUIPMENT))(
    "%s has at least 4 types and 4 brands, each ending in Other without duplicates",
    (_sport, lists) => {
      expectWellFormedLists(lists);
    },
  );

  test("tennis has the six racquet-sport sub-categories with the spec's labels", () => {
    expect(TENNIS_SUBCATEGORY_KEYS).toEqual(["tennis", "paddle", "pickleball", "racquetball", "squash", "other"]);
    expect(TENNIS_SUBCATEGORIES.map((entry) => [entry.key, entry.label])).toEqual([
      ["tennis", "Tennis"],
      ["paddle", "Platform Tennis"],
      ["pickleball", "Pickleball"],
      ["racquetball", "Racquetball"],
      ["squash", "Squash"],
      ["other", "Other"],
    ]);
    expect(tennisSubcategoryLabel("paddle")).toBe("Platform Tennis");
    expect(tennisSubcategoryLabel("badminton")).toBeUndefined();
    expect(isTennisSubcategory("squash")).toBe(true);
    expect(isTennisSubcategory("badminton")).toBe(false);
  });

  test.each(TENNIS_SUBCATEGORIES.map((entry) => [entry.key, entry] as const))(
    "tennis sub-category %s has well-formed types and brands",
    (_key, entry) => {
      expectWellFormedLists(entry);
    },
  );

  test("basketball types include the spec's examples", () => {
    expect(getEquipmentTypes("basketball")).toEqual(
      expect.arrayContaining(["Ball Racks & Storage", "Basketballs", "Jerseys", "Rims", "Shoes"]),
    );
  });

  test("tennis brands are exactly the spec's list", () => {
    const spec = ["Wilson", "Babolat", "Head", "Yonex", "Prince", "Dunlop", "Tecnifibre", "Nike", "Adidas", "Other"];
    expect(getBrands("tennis", "tennis")).toEqual(spec);
    // No sub-category chosen yet means plain tennis.
    expect(getBrands("tennis")).toEqual(spec);
    expect(getEquipmentTypes("tennis")).toEqual(getEquipmentTypes("tennis", "tennis"));
  });

  test("each racquet sport has its own types and brands", () => {
    expect(getEquipmentTypes("tennis", "pickleball")).toContain("Paddles");
    expect(getEquipmentTypes("tennis", "tennis")).not.toContain("Paddles");
    expect(getBrands("tennis", "pickleball")).toContain("Selkirk");
    expect(getBrands("tennis", "squash")).toContain("Dunlop");
    expect(getBrands("tennis", "tennis")).not.toContain("Selkirk");
  });

  test("a sub-category can narrow the brands for one equipment type", () => {
    const ballMachines = getBrands("tennis", "tennis", "Ball Machines");
    expect(ballMachines).toContain("Lobster");
    expect(ballMachines).not.toContain("Nike");
    expect(getBrands("tennis", "pickleball", "Balls")).toContain("Dura");
    // A type without its own list uses the sub-category's brands.
    expect(getBrands("tennis", "tennis", "Racquets")).toEqual(getBrands("tennis", "tennis"));
    expect(getBrands("soccer", null, "Cleats")).toEqual(getBrands("soccer"));
  });

  test("the sub-category is ignored for sports other than tennis", () => {
    expect(getEquipmentTypes("golf", "pickleball")).toEqual(SPORT_EQUIPMENT.golf.types);
    expect(getBrands("golf", "pickleball")).toEqual(SPORT_EQUIPMENT.golf.brands);
  });

  test("an unknown sport gets the default types and only 'Other' as a brand", () => {
    expect(DEFAULT_EQUIPMENT_TYPES).toEqual(["Equipment", "Apparel", "Accessories", "Other"]);
    expect(getEquipmentTypes("curling")).toEqual(DEFAULT_EQUIPMENT_TYPES);
    expect(getBrands("curling")).toEqual(["Other"]);
  });
});

describe("lookups by a key a form sent (ADR 046)", () => {
  test("a sport or equipment type named like an Object property is unknown, not a crash", () => {
    for (const key of ["__proto__", "constructor", "toString", "hasOwnProperty"]) {
      expect(getEquipmentTypes(key).length).toBeGreaterThan(0);
      expect(getBrands(key).length).toBeGreaterThan(0);
      expect(Array.isArray(getBrands("hockey", null, key))).toBe(true);
    }
  });
});
