import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, test } from "vitest";
import { ensureDevVars } from "./stack";

describe("local .dev.vars", () => {
  test("a fresh checkout gets every variable with random secrets", () => {
    const file = join(mkdtempSync(join(tmpdir(), "devvars-")), ".dev.vars");
    const vars = ensureDevVars(file);
    expect(vars.SESSION_SECRET).toMatch(/^[0-9a-f]{64}$/);
    expect(vars.PASSWORD_PEPPER).not.toBe(vars.SESSION_SECRET);
    expect(ensureDevVars(file)).toEqual(vars);
  });

  test("an older file keeps its values and gains the keys added since", () => {
    const file = join(mkdtempSync(join(tmpdir(), "devvars-")), ".dev.vars");
    writeFileSync(file, "APP_ENV=development\nSESSION_SECRET=kept-session-secret");
    const vars = ensureDevVars(file);
    expect(vars.SESSION_SECRET).toBe("kept-session-secret");
    expect(vars.PASSWORD_PEPPER).toMatch(/^[0-9a-f]{64}$/);
    expect(readFileSync(file, "utf8")).toContain("SESSION_SECRET=kept-session-secret\nDATABASE_URL=");
  });
});
