/**
 * The slowest tests of a run, for `npm test`'s last lines: read from the reports Vitest and Playwright
 * already write (.cache/vitest.json, .cache/playwright.json; scripts/test.ts). Each one is its
 * duration, its suite, `file:line` where the report has the line, and its title under its describes.
 */
import { relative, resolve } from "node:path";

export type TimedTest = { seconds: number; suite: string; where: string; title: string };

type VitestReport = {
  testResults?: { name: string; assertionResults?: { ancestorTitles?: string[]; title: string; duration?: number | null }[] }[];
};
type PlaywrightSuite = {
  title: string;
  file?: string;
  suites?: PlaywrightSuite[];
  specs?: { title: string; file: string; line?: number; tests: { projectName?: string; results?: { duration: number }[] }[] }[];
};
type PlaywrightReport = { config?: { rootDir?: string }; suites?: PlaywrightSuite[] };

function vitestTests(report: VitestReport, cwd: string): TimedTest[] {
  return (report.testResults ?? []).flatMap((file) =>
    (file.assertionResults ?? []).map((test) => ({
      seconds: (test.duration ?? 0) / 1000,
      suite: "vitest",
      where: relative(cwd, file.name),
      title: [...(test.ancestorTitles ?? []), test.title].join(" › "),
    })),
  );
}

function playwrightTests(report: PlaywrightReport, cwd: string): TimedTest[] {
  const root = report.config?.rootDir ?? cwd;
  const walk = (suite: PlaywrightSuite, describes: string[]): TimedTest[] => [
    ...(suite.specs ?? []).flatMap((spec) =>
      spec.tests.flatMap((test) =>
        (test.results ?? []).map((result) => ({
          seconds: result.duration / 1000,
          suite: `playwright ${test.projectName ?? ""}`.trimEnd(),
          where: `${relative(cwd, resolve(root, spec.file))}${spec.line ? `:${spec.line}` : ""}`,
          title: [...describes, spec.title].join(" › "),
        })),
      ),
    ),
    // A file's own suite is titled by its path: not a describe.
    ...(suite.suites ?? []).flatMap((child) => walk(child, [...describes, child.title])),
  ];
  return (report.suites ?? []).flatMap((file) => walk(file, []));
}

/** The `count` slowest tests over both reports (either may be null: that run did not write it). */
export function slowestTests(
  reports: { vitest: VitestReport | null; playwright: PlaywrightReport | null },
  count = 10,
  cwd = process.cwd(),
): TimedTest[] {
  return [
    ...(reports.vitest ? vitestTests(reports.vitest, cwd) : []),
    ...(reports.playwright ? playwrightTests(reports.playwright, cwd) : []),
  ]
    .sort((a, b) => b.seconds - a.seconds)
    .slice(0, count);
}

export function formatSlowest(tests: TimedTest[]): string {
  return tests.map((test) => `${test.seconds.toFixed(1).padStart(6)} s  ${test.suite.padEnd(19)} ${test.where} › ${test.title}`).join("\n");
}
