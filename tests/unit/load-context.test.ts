// ADR 011: on Workers nothing that holds I/O or a promise may outlive its request.
// A libSQL client shared by the isolate queued one request behind another's I/O and workerd
// cancelled the waiting requests as hung (signed-in pages 500 under concurrency).
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, test } from "vitest";
import { getLoadContext } from "../../load-context";

const binding = {} as never;
const cloudflareEnv = {
  APP_ENV: "test",
  DATABASE_URL: "http://127.0.0.1:1",
  SESSION_SECRET: "s".repeat(32),
  REALTIME_SECRET: "r".repeat(32),
  PASSWORD_PEPPER: "p".repeat(32),
  PHOTOS: binding,
  LobbyRoom: binding,
  ClubRoom: binding,
  UserRoom: binding,
};
const contextFor = () =>
  getLoadContext({
    request: new Request("http://localhost/"),
    context: { cloudflare: { env: cloudflareEnv, ctx: { waitUntil() {} } } },
  });

describe("per-request resources", () => {
  test("two requests get two database clients, never a shared one", () => {
    const first = contextFor();
    const second = contextFor();
    expect(second.db).not.toBe(first.db);
    expect((second.db as unknown as { $client: unknown }).$client).not.toBe((first.db as unknown as { $client: unknown }).$client);
  });

  test("no module keeps a map of promises across requests (a map keyed by the Request itself dies with it)", () => {
    const roots = ["app", "party", "db/client.ts", "load-context.ts", "worker.ts", "server.ts"];
    const files: string[] = [];
    const walk = (path: string) => {
      if (statSync(path).isDirectory()) for (const name of readdirSync(path)) walk(join(path, name));
      else if (/\.tsx?$/.test(path) && !/\.test\.tsx?$/.test(path)) files.push(path);
    };
    roots.forEach(walk);
    const offenders = files.flatMap((file) =>
      readFileSync(file, "utf8")
        .split("\n")
        .filter((line) => /^(export )?(const|let) \w+ = new (Weak)?Map<(?!Request,)[^>]*Promise</.test(line))
        .map((line) => `${file}: ${line.trim()}`),
    );
    expect(offenders).toEqual([]);
  });
});
