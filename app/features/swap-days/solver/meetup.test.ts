// Meet-up mode (rings of at most 3) against every cycle cover (ADR 080 "Proof").
import fc from "fast-check";
import { describe, expect, test } from "vitest";
import { solveSwapDay } from "./index";
import { bruteForce } from "./test-support/brute-force";
import { randomInstance, type Shape } from "./test-support/random-instance";
import type { SwapInput } from "./types";
import { validateResult } from "./validate";

describe("meet-up mode is exact", () => {
  test("on up to 10 items and groups it trades as many items in rings of at most 3 as the best of every cycle cover", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 2 ** 31 - 1 }),
        fc.record({
          items: fc.integer({ min: 2, max: 8 }),
          owners: fc.integer({ min: 2, max: 8 }),
          density: fc.double({ min: 0.1, max: 0.5, noNaN: true }),
          groups: fc.integer({ min: 0, max: 2 }),
          cash: fc.boolean(),
          blocks: fc.integer({ min: 0, max: 2 }),
          ranks: fc.boolean(),
        }),
        (seed, shape: Shape) => {
          const input = randomInstance(seed, { ...shape, mode: "meetup" });
          const result = solveSwapDay(input);
          expect(validateResult(input, result)).toEqual([]);
          expect(result.optimal).toBe(true);
          expect(result.itemsTraded).toBe(bruteForce(input).traded);
        },
      ),
      { numRuns: 300 },
    );
  });

  test("a ring of four is not proposed; two of its people swap instead", () => {
    const ids = ["a", "b", "c", "d"];
    const input: SwapInput = {
      mode: "meetup",
      seed: 1,
      items: ids.map((id) => ({ id, owner: id.toUpperCase() })),
      wants: [...ids.map((id, k) => ({ item: id, wants: ids[(k + 1) % 4] })), { item: "b", wants: "a" }],
    };
    const result = solveSwapDay(input);
    expect(validateResult(input, result)).toEqual([]);
    expect(result.rings.map((r) => r.steps.map((s) => s.item))).toEqual([["a", "b"]]);
    expect(solveSwapDay({ ...input, mode: "table" }).itemsTraded).toBe(4);
  });

  test("on 400 generated items the count is proven optimal and every rule holds", () => {
    const input = randomInstance(7, {
      items: 400,
      owners: 80,
      density: 0.03,
      groups: 30,
      cash: true,
      blocks: 10,
      ranks: true,
      mode: "meetup",
    });
    const result = solveSwapDay(input);
    expect(validateResult(input, result)).toEqual([]);
    expect(result.optimal).toBe(true);
    expect(result.upperBound).toBe(result.itemsTraded);
  });
});
