import { describe, expect, test } from "vitest";
import { findRefs, inScope } from "./check-refs";

// Built from parts, so this file does not hold what the check flags.
const ISSUE = ["iss", "ue"].join("");
const OUTSIDE = ["..", "shared", "spec", "02.md"].join("/");

describe("check:refs", () => {
  test("flags an issue number, a wrapped one, a path outside the repository and the style page, each with its line", () => {
    const text = [
      "// The deal clock (ADR 068).",
      `// Blocks (${ISSUE} 21 §2): both ways.`,
      `test("the sixth photo is refused (${ISSUE} #19)", () => {});`,
      `// Two sockets, as ${ISSUE}s 12 and 23 ask.`,
      ` * when they last had one (${ISSUE}`,
      " * 22 §4, e-mail when away).",
      `// See ${OUTSIDE} §5.`,
      `// (${["STYLE", "md"].join(".")}: ownership lives in the query)`,
    ].join("\n");
    expect(findRefs(text).map(({ line, why }) => [line, why.split(" (")[0]])).toEqual([
      [2, "an issue number"],
      [3, "an issue number"],
      [4, "an issue number"],
      [5, "an issue number"],
      [7, "a path outside the repository"],
      [8, "a style page that is not in the repository"],
    ]);
    expect(findRefs(text)[0]!.text).toBe(`// Blocks (${ISSUE} 21 §2): both ways.`);
  });

  test("passes what cites the repository, and code that merely says the word", () => {
    const clean = [
      "// Blocks (ADR 069): both ways; the listing form (spec 02 §2, §5).",
      `.number({ error: (${ISSUE}) => (${ISSUE}.input === undefined ? "Enter an amount" : "Enter a valid amount") })`,
      `const problems = result.error.${ISSUE}s.map((i) => i.message);`,
      'import { LIMITS } from "~/shared/catalog/options";',
      "// The shared text rule (app/shared/text.ts), docs/spec/02-listings-clubs-messaging-admin.md §5.",
      ` * and ${ISSUE} time, and a verified e-mail.`,
    ].join("\n");
    expect(findRefs(clean)).toEqual([]);
  });

  test("reads code and root files, not the docs", () => {
    expect(["app/root.tsx", "tests/e2e/x.spec.ts", "bench/a.ts", ".ci/run", "worker.ts", "eslint.config.js"].every(inScope)).toBe(true);
    expect(["README.md", "docs/decisions/068-x.md", "docs/spec/01.md", "package-lock.json", "public/x.svg"].some(inScope)).toBe(false);
  });
});
