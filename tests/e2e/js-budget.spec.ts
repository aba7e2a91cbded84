import { join } from "node:path";
import { expect, test } from "@playwright/test";
import { OVER_BUDGET_CEILINGS_KB, PAGE_TYPES, firstLoadFiles, kb, measureBuild, readRemixManifest } from "../../scripts/js-budget";
import { E2E_STATE_DIR } from "../setup/e2e-env";

// ADR 033: first-load JavaScript (gzip, code only) ≤ 96 KB on every page a signed-out
// visitor can open, ≤ 110 KB on pages behind sign-in. Read from the build this run's stack serves
// (its Remix manifest), so it needs no browser; bench/first-load-js.ts prints the same figures
// measured in Chromium, signed out and signed in.
const CLIENT_DIR = join(E2E_STATE_DIR, "build", "client");
const top = (files: { path: string; bytes: number }[]) =>
  files
    .slice(0, 4)
    .map((file) => `${file.path} ${kb(file.bytes / 1024)}`)
    .join(", ");

test("every page type's first-load JavaScript is inside its budget", () => {
  const measured = measureBuild(CLIENT_DIR);
  expect(measured.map((page) => page.page)).toEqual(PAGE_TYPES.map((type) => type.page));
  const over = measured
    .filter((page) => page.over && !(page.page in OVER_BUDGET_CEILINGS_KB))
    .map((page) => `${page.page}: ${kb(page.kb)} KB > ${page.budget} KB (${top(page.files)})`);
  expect(over, "pages over their first-load JavaScript budget").toEqual([]);
});

test("pages still over budget only shrink: none grows past its ceiling, and one back inside leaves the list", () => {
  const measured = new Map(measureBuild(CLIENT_DIR).map((page) => [page.page, page]));
  for (const [path, ceiling] of Object.entries(OVER_BUDGET_CEILINGS_KB)) {
    const page = measured.get(path);
    expect(page, `${path} is a known page type`).toBeDefined();
    expect(page!.kb, `${path} grew past its ceiling (${top(page!.files)})`).toBeLessThanOrEqual(ceiling);
    expect(page!.over, `${path} is inside its ${page!.budget} KB budget now: remove it from OVER_BUDGET_CEILINGS_KB`).toBe(true);
  }
});

test("the budget counts exactly the scripts a page's HTML makes the browser load", async ({ request }) => {
  // The model (entry + matched routes' modules and static imports) against what Remix renders:
  // <link rel="modulepreload"> tags and the inline module script's imports.
  const manifest = readRemixManifest(CLIENT_DIR);
  for (const [path, routeId] of [
    ["/", "routes/_index"],
    ["/auth", "routes/auth"],
    ["/clubs", "routes/clubs._index"],
  ]) {
    const html = await (await request.get(path)).text();
    const preloaded = [...html.matchAll(/<link rel="modulepreload" href="([^"]+)"/g)].map((match) => match[1]);
    const imported = [...html.matchAll(/import(?:\s+\*\s+as\s+\w+\s+from\s+)?\s*"(\/assets\/[^"]+\.js)"/g)].map((match) => match[1]);
    const loaded = new Set([...preloaded, ...imported].filter((file) => !/\/manifest-[\w-]+\.js$/.test(file)));
    expect([...loaded].sort(), `scripts of ${path}`).toEqual([...firstLoadFiles(manifest, routeId)].sort());
  }
});
