import { expect, test } from "vitest";
import { US_STATES, US_STATE_CODES, isUsStateCode, usStateName } from "./us-states";

test("the 50 US states, each code and name once, sorted by name", () => {
  expect(US_STATES).toHaveLength(50);
  expect(new Set(US_STATE_CODES).size).toBe(50);
  expect(new Set(US_STATES.map((state) => state.name)).size).toBe(50);
  const names = US_STATES.map((state) => state.name);
  expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b, "en")));
  for (const code of US_STATE_CODES) expect(code).toMatch(/^[A-Z]{2}$/);
});

test("DC and territories are not states", () => {
  for (const code of ["DC", "PR", "GU"]) expect(isUsStateCode(code)).toBe(false);
});

test("isUsStateCode accepts upper-case codes only", () => {
  expect(isUsStateCode("CA")).toBe(true);
  expect(isUsStateCode("ca")).toBe(false);
  expect(isUsStateCode("California")).toBe(false);
  expect(isUsStateCode(undefined)).toBe(false);
  expect(usStateName("NY")).toBe("New York");
  expect(usStateName("XX")).toBeUndefined();
});
