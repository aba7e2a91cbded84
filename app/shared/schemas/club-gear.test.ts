// The gear library keepers' form (ADR 093) judged by its one schema before any SQL runs: hostile codes, counts
// and control characters get the form's own words, never a store.
import { describe, expect, test } from "vitest";
import { GEAR_TEXT } from "~/shared/copy/club-gear";
import { GearKeeperSchema } from "./club-gear";

const addItem = (over: Record<string, unknown> = {}) => ({
  intent: "add-item",
  id: crypto.randomUUID(),
  title: "Loaner skates",
  sport: "hockey",
  equipmentType: "Skates",
  condition: "gently-used",
  tagCode: "sk5",
  size: "5",
  count: "12",
  ...over,
});
const errorsOf = (value: unknown) => {
  const parsed = GearKeeperSchema.safeParse(value);
  return parsed.success ? [] : parsed.error.issues.map((issue) => issue.message);
};

describe("the keepers' form (ADR 093)", () => {
  test("an item with twelve identical units: the tag code comes back upper-case, the count a number", () => {
    const parsed = GearKeeperSchema.parse(addItem());
    expect(parsed).toMatchObject({ intent: "add-item", tagCode: "SK5", count: 12 });
  });

  test.each([
    ["a count of 0", { count: "0" }, GEAR_TEXT.countRange],
    ["a count of 101", { count: "101" }, GEAR_TEXT.countRange],
    ["a fractional count", { count: "2.5" }, GEAR_TEXT.countRange],
    ["a code with a formula's '='", { tagCode: "=SUM(A1)" }, GEAR_TEXT.codeFormat],
    ["a code with a control character", { tagCode: "SK\u00075" }, GEAR_TEXT.codeFormat],
    ["a one-letter code", { tagCode: "S" }, GEAR_TEXT.codeFormat],
  ])("%s is refused with the form's words", (_name, over, message) => {
    expect(errorsOf(addItem(over))).toContain(message);
  });

  test("a unit's code must name its item and number; a due date must be a real day", () => {
    const checkIn = { intent: "check-in", conditionIn: "gently-used", swapRequestId: crypto.randomUUID(), swapLoanId: crypto.randomUUID() };
    expect(GearKeeperSchema.parse({ ...checkIn, unitCode: " sk5-3 " })).toMatchObject({ unitCode: "SK5-3" });
    expect(errorsOf({ ...checkIn, unitCode: "SK5" })).toContain(GEAR_TEXT.unitCodeFormat);
    const checkOut = { intent: "check-out", loanId: crypto.randomUUID(), requestId: "r1" };
    expect(errorsOf({ ...checkOut, dueOn: "2026-02-30" })).toContain(GEAR_TEXT.dateRequired);
    expect(errorsOf({ ...checkOut, dueOn: "2026-03-01" })).toEqual([]);
  });
});
