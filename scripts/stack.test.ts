import { mkdtempSync, readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, test } from "vitest";
import { bundleWorker, ensureDevVars, workerdHostArgs, wranglerDevArgs, writeWorkerEnvFile } from "./stack";

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

describe("secrets reach wrangler through a private file, never the command line", () => {
  test("the spawned arguments hold no variable value and the file is readable by its owner only", () => {
    const dir = mkdtempSync(join(tmpdir(), "stack-"));
    const vars = ensureDevVars(join(dir, ".dev.vars"));
    const envFile = writeWorkerEnvFile(join(dir, "worker.env"), vars);
    const args = wranglerDevArgs({ port: 8813, persistTo: join(dir, "state"), envFile, script: join(dir, "worker.js") });
    const hostArgs = workerdHostArgs({
      port: 8813,
      persistTo: join(dir, "state"),
      envFile,
      script: join(dir, "worker.js"),
      config: "wrangler.toml",
    });
    for (const key of ["SESSION_SECRET", "REALTIME_SECRET", "PASSWORD_PEPPER"]) {
      expect(args.join(" ")).not.toContain(vars[key]);
      expect(hostArgs.join(" ")).not.toContain(vars[key]);
    }
    expect(hostArgs).toContain("--env-file");
    expect(args).not.toContain("--var");
    expect(args).toContain("--env-file");
    expect(statSync(envFile).mode & 0o777).toBe(0o600);
    expect(readFileSync(envFile, "utf8")).toContain(`SESSION_SECRET='${vars.SESSION_SECRET}'`);
  });

  test("a value that cannot be written literally is refused rather than mangled", () => {
    const file = join(mkdtempSync(join(tmpdir(), "stack-")), "worker.env");
    expect(() => writeWorkerEnvFile(file, { SESSION_SECRET: "a'b" })).toThrow(/SESSION_SECRET/);
  });
});

describe("the Worker runs from a bundle made once, unwatched (ADR 067)", () => {
  test("wrangler dev is given the bundle with --no-bundle", () => {
    const args = wranglerDevArgs({ port: 8813, persistTo: "/tmp/state", envFile: "/tmp/worker.env", script: "/tmp/b/out/worker.js" });
    expect(args.slice(0, 3)).toEqual(["dev", "/tmp/b/out/worker.js", "--no-bundle"]);
    expect(args).not.toContain("--test-scheduled");
  });

  test("bundleWorker: wrangler's own bundle with the body drain, /__scheduled only when asked, alone in its folder", async () => {
    const dir = mkdtempSync(join(tmpdir(), "bundle-"));
    writeFileSync(
      join(dir, "main.js"),
      'export class Room {}\nexport default { fetch() { return new Response("hi"); }, scheduled() {} };\n',
    );
    writeFileSync(join(dir, "wrangler.toml"), 'name = "probe"\nmain = "./main.js"\ncompatibility_date = "2025-09-01"\n');
    const plain = readFileSync(await bundleWorker({ config: join(dir, "wrangler.toml"), dir: join(dir, "plain") }), "utf8");
    expect(plain).toContain("Failed to drain the unused request body.");
    expect(plain).toMatch(/testScheduled = false/);
    expect(plain).toMatch(/export\s*{[^}]*Room/);
    const script = await bundleWorker({ config: join(dir, "wrangler.toml"), dir: join(dir, "cron"), testScheduled: true });
    expect(readFileSync(script, "utf8")).toMatch(/testScheduled = true/);
    // wrangler dev --no-bundle watches the bundle's folder and loads its .js files as modules: nothing else may be there.
    expect(readdirSync(join(dir, "cron", "out")).sort()).toEqual(["README.md", "worker.js", "worker.js.map"]);
  }, 60_000);
});
