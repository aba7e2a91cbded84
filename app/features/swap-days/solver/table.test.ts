// Table mode against independent exact methods (ADR 080 "Proof").
import fc from "fast-check";
import { describe, expect, test } from "vitest";
import { solveSwapDay } from "./index";
import { bruteForce } from "./test-support/brute-force";
import { denseMaximum } from "./test-support/dense-hungarian";
import { randomInstance, type Shape } from "./test-support/random-instance";
import { SwapInputError, type SwapInput } from "./types";
import { validateResult } from "./validate";

const solveChecked = (input: SwapInput) => {
  const result = solveSwapDay(input);
  expect(validateResult(input, result)).toEqual([]);
  return result;
};

describe("table mode is exact", () => {
  test("on up to 10 items and groups it trades as many items, at the same least rank, as the best of every cycle cover", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 2 ** 31 - 1 }),
        fc.record({
          items: fc.integer({ min: 2, max: 8 }),
          owners: fc.integer({ min: 2, max: 6 }),
          density: fc.double({ min: 0.1, max: 0.45, noNaN: true }),
          groups: fc.integer({ min: 0, max: 2 }),
          cash: fc.boolean(),
          blocks: fc.integer({ min: 0, max: 2 }),
          ranks: fc.boolean(),
        }),
        (seed, shape: Shape) => {
          const input = randomInstance(seed, shape);
          const result = solveChecked(input);
          const best = bruteForce(input);
          expect(result.optimal).toBe(true);
          expect(result.itemsTraded).toBe(best.traded);
          expect(result.rankCost).toBe(best.rank);
        },
      ),
      { numRuns: 300 },
    );
  });

  test("on up to 300 items it trades as many items, at the same least rank, as a dense Hungarian solver", () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 2 ** 31 - 1 }), fc.integer({ min: 20, max: 300 }), fc.boolean(), (seed, items, groups) => {
        const shape: Shape = { items, owners: Math.max(3, Math.floor(items / 4)), density: 4 / items, ranks: true };
        const input = randomInstance(seed, groups ? { ...shape, groups: Math.floor(items / 10) } : { ...shape, cash: true });
        const result = solveChecked(input);
        const dense = denseMaximum(input);
        expect(result.itemsTraded).toBe(dense.traded);
        expect(result.rankCost).toBe(dense.rank);
      }),
      { numRuns: 25 },
    );
  });
});

describe("table mode rules", () => {
  const item = (id: string, owner: string, extra = {}) => ({ id, owner, ...extra });
  const ring = (ids: string[]) => ids.map((id, k) => ({ item: id, wants: ids[(k + 1) % ids.length] }));

  test("TradeMaximizer's six-item example trades five", () => {
    const lists: Array<[string, string]> = [
      ["1", "3 2 6"],
      ["2", "1 6 4 3"],
      ["3", "6 2"],
      ["4", "2"],
      ["5", "1 2 3 4 6"],
      ["6", "1 2"],
    ];
    const input: SwapInput = {
      mode: "table",
      seed: 1,
      items: lists.map(([id], k) => item(id, `u${k}`)),
      wants: lists.flatMap(([id, w]) => w.split(" ").map((x) => ({ item: id, wants: x }))),
    };
    expect(solveChecked(input).itemsTraded).toBe(5);
  });

  test("two people who blocked each other are never in one ring, even far apart", () => {
    const input: SwapInput = {
      mode: "table",
      seed: 3,
      items: ["a", "b", "c", "d", "e", "f"].map((o) => item(o, o.toUpperCase())),
      wants: [...ring(["a", "b", "c", "d", "e", "f"]), ...ring(["a", "b"]), ...ring(["d", "e", "f"])],
      blocks: [["A", "D"]],
    };
    const result = solveChecked(input);
    expect(result.itemsTraded).toBe(5);
    expect(result.rings.map((r) => r.steps.map((s) => s.item))).toEqual([
      ["a", "b"],
      ["d", "e", "f"],
    ]);
  });

  test("cash adds up to zero in a ring and a limit that would break is never used", () => {
    const input: SwapInput = {
      mode: "table",
      seed: 1,
      items: [
        item("a", "A", { priceCents: 5000, addUpToCents: 1000 }),
        item("b", "B", { priceCents: 6000 }),
        item("c", "C", { priceCents: 9000 }),
      ],
      wants: [...ring(["a", "b", "c"]), { item: "a", wants: "c" }, { item: "c", wants: "a" }],
    };
    const result = solveChecked(input);
    // a → c would cost A $40, over the $10 A would add: only a ⇄ b ⇄ c with a receiving b ($10) trades.
    expect(result.rings).toHaveLength(1);
    const steps = result.rings[0].steps;
    expect(steps.map((s) => [s.item, s.receives, s.cashCents])).toEqual([
      ["a", "b", -1000],
      ["b", "c", -3000],
      ["c", "a", 4000],
    ]);
  });

  test("a member never receives two items of one 'any one of these' group", () => {
    const input: SwapInput = {
      mode: "table",
      seed: 2,
      items: [item("a1", "A"), item("a2", "A"), item("x", "X"), item("y", "Y")],
      groups: [{ id: "%skates", owner: "A", members: ["x", "y"] }],
      wants: [
        { item: "a1", wants: "%skates" },
        { item: "a2", wants: "%skates" },
        { item: "x", wants: "a1" },
        { item: "y", wants: "a2" },
      ],
    };
    const result = solveChecked(input);
    expect(result.itemsTraded).toBe(2);
    expect(result.rings[0].steps[0].via).toEqual(["%skates"]);
  });

  test("among solutions of equal count, the one where more members receive", () => {
    // A's two items can both trade with B, or one each with B and C: the same count; C should receive.
    const input: SwapInput = {
      mode: "table",
      seed: 5,
      items: [item("a1", "A"), item("a2", "A"), item("a3", "A"), item("b1", "B"), item("c1", "C")],
      wants: [
        ...ring(["a1", "b1"]),
        ...ring(["a2", "c1"]),
        { item: "b1", wants: "a2" },
        { item: "a3", wants: "b1" },
        { item: "b1", wants: "a3" },
      ],
    };
    const result = solveChecked(input);
    expect(result.itemsTraded).toBe(4);
    expect(result.membersReceiving).toBe(3);
  });

  test("the same input and seed give the same result, whatever the order of the input", () => {
    const input = randomInstance(42, { items: 120, owners: 30, density: 0.05, groups: 10, cash: true, blocks: 3, ranks: true });
    const shuffled: SwapInput = { ...input, items: [...input.items].reverse(), wants: [...input.wants].reverse() };
    expect(JSON.stringify(solveSwapDay(shuffled))).toBe(JSON.stringify(solveSwapDay(input)));
  });

  test("more seeded iterations keep the count and never have fewer members receiving", () => {
    const input = randomInstance(9, { items: 150, owners: 40, density: 0.04, groups: 8, ranks: true });
    const once = solveChecked(input);
    const many = solveChecked({ ...input, iterations: 6 });
    expect(many.itemsTraded).toBe(once.itemsTraded);
    expect(many.rankCost).toBe(once.rankCost);
    expect(many.membersReceiving).toBeGreaterThanOrEqual(once.membersReceiving);
  });

  test("input that names what does not exist is refused with a reason", () => {
    const base: SwapInput = { mode: "table", seed: 1, items: [item("a", "A"), item("b", "B")], wants: [] };
    expect(() => solveSwapDay({ ...base, wants: [{ item: "a", wants: "zz" }] })).toThrow(SwapInputError);
    expect(() =>
      solveSwapDay({ ...base, groups: [{ id: "%g", owner: "B", members: ["a"] }], wants: [{ item: "a", wants: "%g" }] }),
    ).toThrow(/another member's group/);
    expect(() => solveSwapDay({ ...base, items: [item("a", "A", { priceCents: -5 })] })).toThrow(/whole number of cents/);
  });
});
