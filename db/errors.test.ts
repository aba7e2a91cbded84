import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { sql } from "drizzle-orm";
import { afterAll, expect, test } from "vitest";
import { createTestDb } from "../tests/setup/test-db";
import { createDb } from "./client";
import { failureKind } from "./errors";
import { startLocalDbServer } from "./local-server/server";

const testDb = await createTestDb();
afterAll(() => testDb.cleanup());

async function failureOf(work: Promise<unknown>) {
  try {
    await work;
  } catch (error) {
    return failureKind(error);
  }
  throw new Error("expected the query to fail");
}

test("a stopped libSQL server is 'db_unavailable' through drizzle and the client", async () => {
  const server = await startLocalDbServer({ file: testDb.url.slice("file:".length), port: 0 });
  const db = createDb({ url: server.url });
  await db.run(sql`select 1`);
  await server.close();
  expect(await failureOf(db.run(sql`select 1`))).toBe("db_unavailable");
  db.$client.close();
});

test("a 503 in front of the database is 'db_unavailable'", async () => {
  const proxy = createServer((_req, res) => res.writeHead(503).end("upstream down"));
  await new Promise<void>((resolve) => proxy.listen(0, "127.0.0.1", resolve));
  const db = createDb({ url: `http://127.0.0.1:${(proxy.address() as AddressInfo).port}` });
  expect(await failureOf(db.run(sql`select 1`))).toBe("db_unavailable");
  db.$client.close();
  await new Promise((resolve) => proxy.close(resolve));
});

test("a database that answers with an error is 'db_error'; anything else 'unexpected'", async () => {
  expect(await failureOf(testDb.db.run(sql`select * from no_such_table`))).toBe("db_error");
  expect(failureKind(new TypeError("x is undefined"))).toBe("unexpected");
});
