import { describe, expect, test } from "vitest";
import { formatSlowest, slowestTests } from "./slowest-tests";

// `npm test` ends with the slowest tests of both suites, read from their JSON reports (scripts/test.ts).
const cwd = "/repo";
const vitest = {
  testResults: [
    {
      name: "/repo/app/a.server.test.ts",
      assertionResults: [
        { ancestorTitles: ["a describe"], title: "slow unit", duration: 4_200 },
        { ancestorTitles: [], title: "quick unit", duration: 3 },
        { ancestorTitles: [], title: "skipped unit", duration: null },
      ],
    },
  ],
};
const playwright = {
  config: { rootDir: "/repo/tests" },
  suites: [
    {
      title: "e2e/x.spec.ts",
      file: "e2e/x.spec.ts",
      specs: [{ title: "top-level", file: "e2e/x.spec.ts", line: 3, tests: [{ projectName: "chromium", results: [{ duration: 9_000 }] }] }],
      suites: [
        {
          title: "at 360 px",
          file: "e2e/x.spec.ts",
          specs: [
            { title: "nested", file: "e2e/x.spec.ts", line: 12, tests: [{ projectName: "chromium", results: [{ duration: 1_000 }] }] },
          ],
        },
      ],
    },
    {
      title: "security/y.spec.ts",
      file: "security/y.spec.ts",
      specs: [
        { title: "matrix", file: "security/y.spec.ts", line: 7, tests: [{ projectName: "security", results: [{ duration: 30_500 }] }] },
      ],
    },
  ],
};

describe("the slowest tests of a run", () => {
  test("both reports merged, slowest first, each with its suite, file:line and title under its describes", () => {
    expect(slowestTests({ vitest, playwright }, 4, cwd)).toEqual([
      { seconds: 30.5, suite: "playwright security", where: "tests/security/y.spec.ts:7", title: "matrix" },
      { seconds: 9, suite: "playwright chromium", where: "tests/e2e/x.spec.ts:3", title: "top-level" },
      { seconds: 4.2, suite: "vitest", where: "app/a.server.test.ts", title: "a describe › slow unit" },
      { seconds: 1, suite: "playwright chromium", where: "tests/e2e/x.spec.ts:12", title: "at 360 px › nested" },
    ]);
  });

  test("ten at most by default; a missing report leaves the other's", () => {
    const many = {
      testResults: [{ name: "/repo/b.test.ts", assertionResults: Array.from({ length: 12 }, (_, i) => ({ title: `t${i}`, duration: i })) }],
    };
    const top = slowestTests({ vitest: many, playwright: null }, undefined, cwd);
    expect(top.map((t) => t.title)).toEqual(["t11", "t10", "t9", "t8", "t7", "t6", "t5", "t4", "t3", "t2"]);
    expect(slowestTests({ vitest: null, playwright }, 10, cwd)).toHaveLength(3);
  });

  test("one line each: seconds, suite, where › title", () => {
    expect(formatSlowest(slowestTests({ vitest: null, playwright }, 1, cwd))).toBe(
      "  30.5 s  playwright security tests/security/y.spec.ts:7 › matrix",
    );
  });
});
