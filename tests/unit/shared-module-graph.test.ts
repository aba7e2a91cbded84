// Vitest runs every file of a worker in one module graph (`isolate: false`, ADR 085). That is sound
// only while no test file changes what another would import or read: a module mock, a stubbed global
// or environment variable, or fake timers would leak into the files after it. This keeps it so.
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { expect, test } from "vitest";

const ROOTS = ["app", "db", "party", "scripts", "tests/unit"];
// Spelled in parts, so this file does not match itself.
const LEAKING = ["mock", "doMock", "stubGlobal", "stubEnv", "useFakeTimers"].map((name) => new RegExp(`\\bvi\\.${name}\\(`));

function testFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === "node_modules" ? [] : testFiles(path);
    return /\.test\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

test("no test file mocks a module, stubs a global or the environment, or fakes timers", () => {
  const files = ROOTS.flatMap(testFiles);
  expect(files.length).toBeGreaterThan(50);
  const leaks = files.flatMap((file) => {
    const source = readFileSync(file, "utf8");
    return LEAKING.filter((pattern) => pattern.test(source)).map((pattern) => `${file}: ${pattern.source}`);
  });
  expect(leaks).toEqual([]);
});
