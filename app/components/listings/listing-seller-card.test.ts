import { readFileSync } from "node:fs";
import { expect, test } from "vitest";
import { TIMINGS_MS } from "~/shared/catalog";

// The hover rating card opens and closes in CSS, so its delays are spelled as Tailwind classes
// (static names the build can see) rather than read from TIMINGS_MS at run time: they must agree.
test("the hover rating card opens after TIMINGS_MS.hoverCardOpen and closes after TIMINGS_MS.hoverCardClose", () => {
  const source = readFileSync(new URL("./listing-seller-card.tsx", import.meta.url), "utf8");
  expect(source).toContain(` group-hover:delay-${TIMINGS_MS.hoverCardOpen}`);
  expect(source).toContain(` delay-${TIMINGS_MS.hoverCardClose} `);
  expect(source).toContain(" group-focus-within:delay-0 ");
});
