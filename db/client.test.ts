import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, expect, test } from "vitest";
import { createDb } from "./client";
import { holdWriteLock } from "./hold-write-lock";

let dir: string;
let file: string;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), "db-client-"));
  file = join(dir, "test.db");
  const db = createDb({ url: `file:${file}` });
  await db.$client.execute("PRAGMA journal_mode = WAL");
  await db.$client.execute("CREATE TABLE items (id INTEGER PRIMARY KEY, name TEXT)");
  db.$client.close();
});

afterAll(() => rmSync(dir, { recursive: true, force: true }));

test("a batch that reads before it writes waits for another process's write lock instead of failing with SQLITE_BUSY", async () => {
  const db = createDb({ url: `file:${file}`, busyTimeoutMs: 10_000 });
  const holder = await holdWriteLock(file, 400);
  const started = Date.now();
  const [count] = await db.$client.batch(["SELECT count(*) AS n FROM items", "INSERT INTO items (name) VALUES ('stick')"]);
  expect(Date.now() - started).toBeGreaterThanOrEqual(300);
  expect(Number(count.rows[0].n)).toBe(0);
  await holder.released;
  const after = await db.$client.execute("SELECT name FROM items");
  expect(after.rows.map((row) => row.name)).toEqual(["stick"]);
  db.$client.close();
});

test("a batch that names its mode keeps it: a read batch does not take the write lock", async () => {
  const db = createDb({ url: `file:${file}`, busyTimeoutMs: 10_000 });
  const holder = await holdWriteLock(file, 1_000);
  const started = Date.now();
  const [count] = await db.$client.batch(["SELECT count(*) AS n FROM items"], "read");
  expect(Date.now() - started).toBeLessThan(900);
  expect(Number(count.rows[0].n)).toBe(1);
  await holder.released;
  db.$client.close();
});
