// ZIP lookup, location suggestions and the haversine distance against the real, fully loaded
// zip_codes table (spec 01 §4 distance filtering, §5 suggestions, §7 functions and external).
import { inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { loadZipCodes } from "#db/geodata/load-zips";
import { zipCodes } from "#db/schema";
import { createTestDb, type TestDb } from "../../../tests/setup/test-db";
import { distanceMiles, lookupZip, searchLocations } from "./geo.server";

// Expected distances are computed (haversine, R = 3958.8 mi) from published coordinates,
// not from our dataset:
// - 10001 (Manhattan) 40.750422, -73.996328 and 90001 (Los Angeles) 33.973951, -118.248405:
//   internal points of those ZIP Code Tabulation Areas in the US Census Bureau 2010 Gazetteer.
// - Boston 42.3575, -71.0636: the Massachusetts State House on Beacon Hill, in 02108
//   (42°21′27″N 71°03′49″W as published on its Wikipedia page).
const MANHATTAN_TO_LOS_ANGELES_MILES = 2448.4;
const BOSTON_TO_MANHATTAN_MILES = 187.9;

let testDb: TestDb;

beforeAll(async () => {
  testDb = await createTestDb();
  const loaded = await loadZipCodes(testDb.db);
  expect(loaded.rows).toBeGreaterThan(40_000);
}, 60_000);

afterAll(async () => {
  await testDb?.cleanup();
});

/** Miles between two ZIP centres of the loaded table. */
async function milesBetweenZips(zipA: string, zipB: string) {
  const rows = await testDb.db
    .select()
    .from(zipCodes)
    .where(inArray(zipCodes.zip, [zipA, zipB]));
  const [a, b] = [zipA, zipB].map((zip) => rows.find((row) => row.zip === zip));
  return a && b ? distanceMiles(a, b) : null;
}

function expectWithinOnePercent(actual: number | null, expected: number) {
  expect(actual).not.toBeNull();
  expect(Math.abs((actual as number) - expected) / expected).toBeLessThan(0.01);
}

describe("the ZIP code loader", () => {
  test("a second run finds the table complete and writes nothing", async () => {
    const again = await loadZipCodes(testDb.db);
    expect(again.skipped).toBe(true);
    expect(again.rows).toBeGreaterThan(40_000);
  });

  test("a forced run rewrites the rows in place without duplicating them", async () => {
    const before = await loadZipCodes(testDb.db);
    const forced = await loadZipCodes(testDb.db, { force: true });
    expect(forced).toEqual({ rows: before.rows, skipped: false });
    expect(await loadZipCodes(testDb.db)).toEqual({ rows: before.rows, skipped: true });
  });
});

describe("looking up a ZIP fills city and state", () => {
  test("10001 is New York, NY", async () => {
    expect(await lookupZip(testDb.db, "10001")).toEqual({ ok: true, zip: "10001", city: "New York", state: "NY" });
  });

  test("90210 is Beverly Hills, CA, with surrounding spaces forgiven", async () => {
    expect(await lookupZip(testDb.db, " 90210 ")).toEqual({ ok: true, zip: "90210", city: "Beverly Hills", state: "CA" });
  });

  test("a well-formed ZIP that does not exist is not found", async () => {
    expect(await lookupZip(testDb.db, "00000")).toEqual({ ok: false, reason: "not_found" });
  });

  test("anything but exactly 5 digits is invalid, without throwing", async () => {
    for (const bad of ["abc", "", "1234", "123456", "1000a", null, undefined, {}]) {
      expect(await lookupZip(testDb.db, bad)).toEqual({ ok: false, reason: "invalid" });
    }
  });
});

describe("location suggestions", () => {
  test("a city prefix gives at most 8 'City, ST' suggestions, one per city and state", async () => {
    const suggestions = await searchLocations(testDb.db, "spring");
    expect(suggestions.length).toBeGreaterThan(0);
    expect(suggestions.length).toBeLessThanOrEqual(8);
    for (const s of suggestions) {
      expect(s.displayName).toBe(`${s.city}, ${s.state}`);
      expect(s.displayName).toMatch(/^Spring.*, [A-Z]{2}$/);
    }
    expect(suggestions.map((s) => s.displayName)).toContain("Springfield, IL");
    const keys = suggestions.map((s) => `${s.city}|${s.state}`);
    expect(new Set(keys).size).toBe(keys.length);
  });

  test("the exact city name comes first, whatever the case typed", async () => {
    const suggestions = await searchLocations(testDb.db, "  BOSTON ");
    expect(suggestions[0]).toEqual({ displayName: "Boston, MA", city: "Boston", state: "MA" });
  });

  test("two letters are enough", async () => {
    const suggestions = await searchLocations(testDb.db, "ev");
    expect(suggestions.length).toBe(8);
    for (const s of suggestions) expect(s.city.toLowerCase().startsWith("ev")).toBe(true);
    expect(suggestions.map((s) => s.displayName)).toContain("Evanston, IL");
  });

  test("'City, ST' narrows the suggestions to that state", async () => {
    const suggestions = await searchLocations(testDb.db, "springfield, m");
    expect(suggestions.length).toBeGreaterThan(1);
    for (const s of suggestions) {
      expect(s.city.startsWith("Springfield")).toBe(true);
      expect(s.state.startsWith("M")).toBe(true);
    }
    expect(suggestions.map((s) => s.displayName)).toEqual(expect.arrayContaining(["Springfield, MA", "Springfield, MO"]));
    expect(await searchLocations(testDb.db, "Springfield, IL")).toEqual([
      { displayName: "Springfield, IL", city: "Springfield", state: "IL" },
    ]);
  });

  test("digits suggest ZIPs by prefix, shown as 'City, ST 12345'", async () => {
    const suggestions = await searchLocations(testDb.db, "9021");
    expect(suggestions.length).toBeGreaterThan(0);
    expect(suggestions.length).toBeLessThanOrEqual(8);
    for (const s of suggestions) {
      expect(s.zip).toMatch(/^9021\d$/);
      expect(s.displayName).toBe(`${s.city}, ${s.state} ${s.zip}`);
    }
    expect(suggestions).toContainEqual({
      displayName: "Beverly Hills, CA 90210",
      city: "Beverly Hills",
      state: "CA",
      zip: "90210",
    });
  });

  test("fewer than 2 characters after trimming, or nothing that can be a place, gives no suggestions", async () => {
    for (const text of ["", "s", " s ", "1", "%%", "_%", "123456", ", CA"]) {
      expect(await searchLocations(testDb.db, text)).toEqual([]);
    }
    expect(await searchLocations(testDb.db, null)).toEqual([]);
  });

  test("LIKE wildcards typed by the user match nothing special", async () => {
    expect(await searchLocations(testDb.db, "b%")).toEqual([]);
    expect(await searchLocations(testDb.db, "bo_ton")).toEqual([]);
  });
});

describe("distances", () => {
  test("haversine on two points: zero to itself, symmetric", () => {
    const manhattan = { latitude: 40.750422, longitude: -73.996328 };
    const losAngeles = { latitude: 33.973951, longitude: -118.248405 };
    expect(distanceMiles(manhattan, manhattan)).toBe(0);
    expect(distanceMiles(manhattan, losAngeles)).toBeCloseTo(distanceMiles(losAngeles, manhattan), 9);
    expectWithinOnePercent(distanceMiles(manhattan, losAngeles), MANHATTAN_TO_LOS_ANGELES_MILES);
  });

  test("Manhattan 10001 to Los Angeles 90001 is about 2,450 miles", async () => {
    expectWithinOnePercent(await milesBetweenZips("10001", "90001"), MANHATTAN_TO_LOS_ANGELES_MILES);
  });

  test("Boston 02108 to Manhattan 10001 is about 190 miles", async () => {
    expectWithinOnePercent(await milesBetweenZips("02108", "10001"), BOSTON_TO_MANHATTAN_MILES);
  });
});
