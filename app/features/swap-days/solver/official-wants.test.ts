// TradeMaximizer's official-wants format and result lines (ADR 080 "Interoperable").
import { execFileSync, spawnSync } from "node:child_process";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, test } from "vitest";
import { solveSwapDay } from "./index";
import { formatResults, percent } from "./official-results";
import { parseOfficialWants, WantsFormatError, writeOfficialWants } from "./official-wants";
import { randomInstance } from "./test-support/random-instance";

const example = `#! ALLOW-DUMMIES REQUIRE-COLONS SEED=7
# the example from TradeMaximizer's manual, with a group
!BEGIN-OFFICIAL-NAMES
1 Carcassonne
2: Agricola
3
4
5
6
!END-OFFICIAL-NAMES
(Alice) 1 : 3 2 6
(Betty) 2 : 1 6 4 3 5
(Craig) 3 : 6 2
(David) 4 : 2
(Ethan) 5 : %any
(Ethan) %any : 1 2 3 4 6
(Fiona) 6 : 1 2
`;

const solve = (text: string) => {
  const parsed = parseOfficialWants(text);
  return formatResults(parsed, solveSwapDay(parsed.input));
};

describe("official-wants parser", () => {
  test("reads usernames, official names, dummies and options as TradeMaximizer does", () => {
    const parsed = parseOfficialWants(example);
    expect(parsed.options).toMatchObject({ allowDummies: true, requireColons: true, seed: 7 });
    expect(parsed.input.items.map((i) => [i.id, i.owner])).toContainEqual(["1", "(ALICE)"]);
    expect(parsed.input.groups).toEqual([{ id: "%ANY for user (ETHAN)", owner: "(ETHAN)", members: ["1", "2", "3", "4", "6"] }]);
    expect(parsed.display.get("3")).toBe("(CRAIG) 3");
    expect(parsed.warnings).toEqual([]);
  });

  test("a semicolon raises the rank of what follows by BIG-STEP plus SMALL-STEP", () => {
    const parsed = parseOfficialWants("#! LINEAR-PRIORITIES\n(a) A : B C ; D\n(b) B :\n(c) C :\n(d) D :\n");
    expect(parsed.input.wants.map((w) => [w.wants, w.rank])).toEqual([
      ["B", 1],
      ["C", 2],
      ["D", 12],
    ]);
    const square = parseOfficialWants("#! SQUARE-PRIORITIES SMALL-STEP=0 BIG-STEP=100\n(a) A : B C ; D\n(b) B :\n(c) C :\n(d) D :\n");
    expect(square.input.wants.map((w) => w.rank)).toEqual([1, 1, 101 * 101]);
    expect(parseOfficialWants("(a) A : B ; C\n(b) B :\n(c) C :\n").input.wants.map((w) => w.rank)).toEqual([1, 1]);
  });

  test("unknown options, unknown items, repeats and own items are warnings, and the want is left out", () => {
    const parsed = parseOfficialWants("#! WHATEVER\n(a) A : B B Z A A2\n(a) A2 : B\n(b) B : A\n");
    expect(parsed.warnings).toEqual([
      'Unknown option "WHATEVER" ignored (line 1)',
      "Item B is repeated in the want list for A",
      "Item A appears in its own want list",
      "Item A contains item A2 from the same user ((A))",
      "Unknown item Z (1 occurrence)",
    ]);
    expect(parsed.input.wants.filter((w) => w.item === "A").map((w) => w.wants)).toEqual(["B"]);
  });

  test.each([
    ["(a) A : B : C", 1, "more than one colon"],
    ["(a) A B", 1, "missing colon (REQUIRE-COLONS)"],
    ["A : B", 1, "missing username (REQUIRE-USERNAMES)"],
    ["(a A : B", 1, "missing ')' after the username"],
    ["() A : B", 1, "empty parentheses"],
    ["(a) A : B # why", 1, "comments (#…) must start their line"],
    ["(a) A : B\n#! SEED=3", 2, "options (#…) must come before the first want list"],
    ["#! SEED=0", 1, "SEED must be a positive integer"],
    ["#! SEED=x", 1, "SEED must be a non-negative integer"],
    ["!BEGIN-OFFICIAL-NAMES\nA\nA\n!END-OFFICIAL-NAMES", 3, "official name A is already defined"],
    ["!BEGIN-OFFICIAL-NAMES\nA", 2, "official names are not closed by !END-OFFICIAL-NAMES"],
    ["!END-OFFICIAL-NAMES", 1, "!END-OFFICIAL-NAMES without !BEGIN-OFFICIAL-NAMES"],
    ["(a) A B : C", 1, "exactly one item must come before the colon"],
  ])("%j is an error on line %i", (text, line, reason) => {
    const strict = text.startsWith("#!") || text.startsWith("!") ? text : `#! REQUIRE-COLONS REQUIRE-USERNAMES\n${text}`;
    const offset = strict === text ? 0 : 1;
    const error = (() => {
      try {
        parseOfficialWants(strict);
      } catch (e) {
        return e;
      }
    })();
    expect(error).toBeInstanceOf(WantsFormatError);
    expect(error).toMatchObject({ line: line + offset, reason: reason.replace("(#…)", reason.startsWith("options") ? "(#!…)" : "(#…)") });
  });
});

describe("result lines", () => {
  test("print TradeMaximizer's loops and summary and end with Num trades", () => {
    const out = solve(example);
    expect(out).toContain("TRADE LOOPS (6 total trades):\n\n(ALICE) 1 receives (CRAIG) 3\n");
    expect(out).toContain("ITEM SUMMARY (6 total trades):\n");
    expect(out).toContain("(ETHAN) 5 receives (DAVID) 4 and sends to (BETTY) 2\n");
    expect(out.endsWith("Num trades  = 6 of 6 items (100.0%)\n")).toBe(true);
  });

  test("the same file and seed give the same bytes", () => {
    const input = randomInstance(11, { items: 200, owners: 50, density: 0.04, groups: 12, ranks: true });
    const text = writeOfficialWants(input, (o) => `user-${o}`);
    expect(solve(text)).toBe(solve(text));
  });

  test("percentages round half to even, as TradeMaximizer's DecimalFormat", () => {
    expect(percent(5, 6)).toBe("83.3%");
    expect(percent(1, 8)).toBe("12.5%");
    expect(percent(1, 16)).toBe("6.2%");
    expect(percent(3, 16)).toBe("18.8%");
  });
});

describe("writer", () => {
  test("a written event re-solves to the same count and rank, cash limits and groups included", () => {
    for (const seed of [1, 2, 3, 4, 5]) {
      const input = randomInstance(seed, { items: 150, owners: 40, density: 0.05, groups: 10, cash: true, ranks: true });
      const direct = solveSwapDay(input);
      const parsed = parseOfficialWants(writeOfficialWants(input, (o) => `p${o.slice(1)}`));
      expect(parsed.warnings).toEqual([]);
      const again = solveSwapDay(parsed.input);
      expect([again.itemsTraded, again.rankCost]).toEqual([direct.itemsTraded, direct.rankCost]);
    }
  });
});

describe("writer names", () => {
  test("a group is written as a dummy item (% first) and items keep their ids", () => {
    const text = writeOfficialWants(
      {
        mode: "table",
        seed: 3,
        items: [
          { id: "SK-1", owner: "ann" },
          { id: "PAD-2", owner: "bob" },
        ],
        groups: [{ id: "pads", owner: "ann", members: ["PAD-2"] }],
        wants: [
          { item: "SK-1", wants: "pads" },
          { item: "PAD-2", wants: "SK-1" },
        ],
      },
      (o) => (o === "ann" ? "member-1" : "member-2"),
    );
    expect(text).toContain("(member-1) SK-1 : %pads\n");
    expect(text).toContain("(member-1) %pads : PAD-2\n");
    expect(solve(text).endsWith("Num trades  = 2 of 2 items (100.0%)\n")).toBe(true);
  });
});

describe("npm run swap:solve", () => {
  const dir = mkdtempSync(join(tmpdir(), "swap-solve-"));
  const run = (text: string) => {
    const file = join(dir, "wants.txt");
    writeFileSync(file, text);
    return spawnSync(process.execPath, ["--import", "tsx", "scripts/swap-solve.ts", file], { encoding: "utf8" });
  };

  test("prints the results of a file", () => {
    const result = run(example);
    expect(result.status).toBe(0);
    expect(result.stdout.endsWith("Num trades  = 6 of 6 items (100.0%)\n")).toBe(true);
    expect(execFileSync(process.execPath, ["--import", "tsx", "scripts/swap-solve.ts", join(dir, "wants.txt")], { encoding: "utf8" })).toBe(
      result.stdout,
    );
  });

  test("a malformed file is a line-numbered error and exit code 1, not a stack trace", () => {
    const result = run("#! REQUIRE-COLONS\n(a) A : B\n(b) B A\n");
    expect(result.status).toBe(1);
    expect(result.stderr).toMatch(/wants\.txt: error: line 3: missing colon \(REQUIRE-COLONS\)\n$/);
    expect(result.stderr).not.toMatch(/at .*\.ts:\d+/);
  });
});
