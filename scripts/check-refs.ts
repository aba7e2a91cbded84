/**
 * `npm run check:refs`, a static check of `npm test`: code cites what is in the repository. A comment,
 * a test title or a file name points at an ADR (docs/decisions) or a spec section (docs/spec), never at
 * an issue tracker number, which nobody reading the repository can open, and never at a path outside
 * the repository. Prints file:line for every hit and exits 1 when there is one.
 *
 * Scope: every tracked or new file under app/, party/, db/, tests/, bench/, scripts/, .ci/ and the
 * files at the root (configs, entry points), but not README.md, docs/ or the lockfile.
 */
import { execFileSync } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import { pathToFileURL } from "node:url";

const DIRECTORIES = ["app/", "party/", "db/", "tests/", "bench/", "scripts/", ".ci/"];
const ROOT_FILES_LEFT_OUT = new Set(["README.md", "package-lock.json"]);

/** `wraps`: also when the line ends with the word and the next comment line starts with the number. */
type Rule = { why: string; pattern: RegExp; wraps?: { end: RegExp; start: RegExp } };
const RULES: Rule[] = [
  {
    why: "an issue number (cite the ADR or the spec section instead)",
    pattern: /\bissues?\s*#?\d+/i,
    wraps: { end: /\bissues?\s*$/i, start: /^#?\d/ },
  },
  { why: "a path outside the repository", pattern: /\.\.\/shared\/|\/work\/shared\// },
  { why: "a style page that is not in the repository", pattern: /\bSTYLE\.md\b/ },
];

export type Hit = { line: number; why: string; text: string };

/** The hits in one file's text, 1-based lines. An issue number wrapped onto the next comment line counts too. */
export function findRefs(text: string): Hit[] {
  const lines = text.split("\n");
  const hits: Hit[] = [];
  lines.forEach((line, index) => {
    const next = (lines[index + 1] ?? "").replace(/^\s*(?:\/\/|\/\*|\{\/\*|\*|#|--)?\s*/, "");
    for (const { why, pattern, wraps } of RULES) {
      const wrapped = wraps !== undefined && wraps.end.test(line) && wraps.start.test(next);
      if (pattern.test(line) || wrapped) hits.push({ line: index + 1, why, text: line.trim() });
    }
  });
  return hits;
}

/** Whether a repository path is code this check reads (docs/ and README.md are the docs' own). */
export function inScope(path: string): boolean {
  if (!path.includes("/")) return !ROOT_FILES_LEFT_OUT.has(path);
  return DIRECTORIES.some((directory) => path.startsWith(directory));
}

function filesToCheck(): string[] {
  const listed = execFileSync("git", ["ls-files", "-z", "--cached", "--others", "--exclude-standard"], { encoding: "utf8" });
  return [...new Set(listed.split("\0"))].filter((path) => path && inScope(path) && existsSync(path)).sort();
}

function main() {
  const files = filesToCheck();
  let count = 0;
  for (const file of files) {
    const bytes = readFileSync(file);
    if (bytes.includes(0)) continue; // images, fonts
    for (const hit of findRefs(bytes.toString("utf8"))) {
      console.log(`${file}:${hit.line}: ${hit.why}\n    ${hit.text}`);
      count += 1;
    }
  }
  if (count > 0) {
    console.log(`check:refs: ${count} reference(s) to cite differently, in ${files.length} files read`);
    process.exit(1);
  }
  console.log(`check:refs: ${files.length} files, no issue numbers or paths outside the repository`);
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) main();
