import { expect, test } from "vitest";
import { CONDITIONS, CONDITION_OPTIONS, conditionBadge, conditionClassName, conditionLabel, isCondition } from "./conditions";

test("one condition scale: New, Like New, Gently Used, Well Worn", () => {
  expect(CONDITIONS).toEqual(["new", "like-new", "gently-used", "well-worn"]);
  expect(CONDITIONS.map(conditionLabel)).toEqual(["New", "Like New", "Gently Used", "Well Worn"]);
  expect(CONDITION_OPTIONS).toEqual([
    { value: "new", label: "New" },
    { value: "like-new", label: "Like New" },
    { value: "gently-used", label: "Gently Used" },
    { value: "well-worn", label: "Well Worn" },
  ]);
});

test("each condition has its own badge colour", () => {
  const classes = CONDITIONS.map(conditionClassName);
  expect(new Set(classes).size).toBe(CONDITIONS.length);
  for (const className of classes) expect(className).toMatch(/^bg-\w+-100 text-\w+-800$/);
});

test("an unknown condition reads 'Used' in a neutral colour", () => {
  for (const value of ["excellent", "", null, undefined]) {
    expect(conditionLabel(value)).toBe("Used");
    expect(conditionBadge(value).className).toBe("bg-gray-100 text-gray-800");
    expect(isCondition(value)).toBe(false);
  }
  expect(CONDITIONS.map(conditionClassName)).not.toContain("bg-gray-100 text-gray-800");
});
