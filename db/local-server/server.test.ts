import { spawn } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, beforeEach, describe, expect, test } from "vitest";
// The web build is what the Worker runs under workerd: HTTP only, no `file:` support.
import { createClient, LibsqlError, type Client } from "@libsql/client/web";
import { startLocalDbServer, type LocalDbServer, type TraceSummary } from "./server";
import { createDbTrace } from "../trace";
import { holdWriteLock } from "../hold-write-lock";

let dir: string;
let server: LocalDbServer;
let client: Client;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), "local-db-server-"));
  server = await startLocalDbServer({ file: join(dir, "nested", "test.db"), port: 0 });
  client = createClient({ url: server.url, intMode: "bigint" });
  await client.batch([
    "CREATE TABLE clubs (id INTEGER PRIMARY KEY, name TEXT NOT NULL UNIQUE)",
    "CREATE TABLE members (id INTEGER PRIMARY KEY, club_id INTEGER NOT NULL REFERENCES clubs(id), nick TEXT)",
    "CREATE TABLE samples (id INTEGER PRIMARY KEY, n, i INTEGER, f REAL, t TEXT, b BLOB)",
  ]);
});

afterAll(async () => {
  client?.close();
  await server?.close();
  rmSync(dir, { recursive: true, force: true });
});

beforeEach(async () => {
  await client.batch(["DELETE FROM members", "DELETE FROM clubs", "DELETE FROM samples"]);
});

async function clubNames(): Promise<string[]> {
  const rs = await client.execute("SELECT name FROM clubs ORDER BY name");
  return rs.rows.map((row) => row.name as string);
}

describe("execute", () => {
  test("round-trips every value type with positional args, including integers beyond 2^53", async () => {
    const big = 2n ** 62n + 1n;
    const blob = new Uint8Array([0, 1, 254, 255]);
    const insert = await client.execute({
      sql: "INSERT INTO samples (n, i, f, t, b) VALUES (?, ?, ?, ?, ?)",
      args: [null, big, 1.5, "héllo ⚽", blob],
    });
    expect(insert.rowsAffected).toBe(1);
    expect(typeof insert.lastInsertRowid).toBe("bigint");

    const rs = await client.execute({ sql: "SELECT n, i, f, t, b FROM samples WHERE id = ?", args: [insert.lastInsertRowid!] });
    expect(rs.columns).toEqual(["n", "i", "f", "t", "b"]);
    expect(rs.columnTypes).toEqual(["", "INTEGER", "REAL", "TEXT", "BLOB"]);
    const [row] = rs.rows;
    expect(row.n).toBeNull();
    expect(row.i).toBe(big);
    expect(row.f).toBe(1.5);
    expect(row.t).toBe("héllo ⚽");
    expect(new Uint8Array(row.b as ArrayBuffer)).toEqual(blob);
  });

  test("binds named args with or without a prefix", async () => {
    await client.execute({ sql: "INSERT INTO clubs (id, name) VALUES (:id, $name)", args: { id: 7, name: "Ski Swap" } });
    const rs = await client.execute({ sql: "SELECT id, name FROM clubs WHERE name = @name", args: { "@name": "Ski Swap" } });
    expect(rs.rows.map((r) => [r.id, r.name])).toEqual([[7n, "Ski Swap"]]);
  });

  test("reports the exact last insert rowid and rows affected by INSERT … RETURNING", async () => {
    const rs = await client.execute({
      sql: "INSERT INTO samples (id, t) VALUES (?, 'a'), (?, 'b') RETURNING id",
      args: [9007199254740993n, 9007199254740995n],
    });
    expect(rs.rows.map((r) => r.id)).toEqual([9007199254740993n, 9007199254740995n]);
    expect(rs.rowsAffected).toBe(2);
    expect(rs.lastInsertRowid).toBe(9007199254740995n);
  });

  test("mixing named args with an anonymous ? is refused instead of crashing the server", async () => {
    await expect(client.execute({ sql: "SELECT ?, :name", args: { name: "x" } })).rejects.toMatchObject({ code: "ARGS_INVALID" });
    expect((await client.execute("SELECT 1 AS one")).rows[0].one).toBe(1n);
  });

  test("a SQL error surfaces as a LibsqlError with the SQLite code", async () => {
    const error = await client.execute("SELECT * FROM no_such_table").catch((e: unknown) => e);
    expect(error).toBeInstanceOf(LibsqlError);
    expect((error as LibsqlError).code).toBe("SQLITE_ERROR");
    expect((error as LibsqlError).message).toMatch(/no such table: no_such_table/);
  });
});

describe("foreign keys", () => {
  test("are enforced: inserting a member of a missing club fails with SQLITE_CONSTRAINT_FOREIGNKEY", async () => {
    const error = await client
      .execute({ sql: "INSERT INTO members (club_id, nick) VALUES (?, ?)", args: [404, "ghost"] })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(LibsqlError);
    expect((error as LibsqlError).code).toBe("SQLITE_CONSTRAINT_FOREIGNKEY");
    expect((error as LibsqlError).message).toMatch(/FOREIGN KEY constraint failed/);
    expect((await client.execute("SELECT count(*) AS n FROM members")).rows[0].n).toBe(0n);
  });

  test("stay on for later requests even after a client switched them off", async () => {
    await client.execute("PRAGMA foreign_keys = OFF");
    const rs = await client.execute("PRAGMA foreign_keys");
    expect(rs.rows[0][0]).toBe(1n);
  });
});

describe("batch", () => {
  test("commits every statement when all succeed", async () => {
    const results = await client.batch(
      [
        { sql: "INSERT INTO clubs (id, name) VALUES (?, ?)", args: [1, "Hockey"] },
        { sql: "INSERT INTO members (club_id, nick) VALUES (?, ?)", args: [1, "goalie"] },
        "SELECT count(*) AS n FROM members",
      ],
      "write",
    );
    expect(results).toHaveLength(3);
    expect(results[2].rows[0].n).toBe(1n);
  });

  test("rolls back entirely when a later statement fails", async () => {
    const error = await client
      .batch(
        [
          { sql: "INSERT INTO clubs (id, name) VALUES (?, ?)", args: [1, "Lacrosse"] },
          { sql: "INSERT INTO clubs (id, name) VALUES (?, ?)", args: [2, "Soccer"] },
          { sql: "INSERT INTO members (club_id, nick) VALUES (?, ?)", args: [999, "orphan"] },
        ],
        "write",
      )
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(LibsqlError);
    expect((error as LibsqlError).code).toBe("SQLITE_CONSTRAINT_FOREIGNKEY");
    expect(await clubNames()).toEqual([]);
    // The connection went back to the pool outside a transaction: the next write works.
    await client.execute({ sql: "INSERT INTO clubs (id, name) VALUES (?, ?)", args: [3, "Tennis"] });
    expect(await clubNames()).toEqual(["Tennis"]);
  });

  test("executeMultiple runs a script as one sequence", async () => {
    await client.executeMultiple("INSERT INTO clubs (id, name) VALUES (1, 'A'); INSERT INTO clubs (id, name) VALUES (2, 'B');");
    expect(await clubNames()).toEqual(["A", "B"]);
  });
});

describe("interactive transactions", () => {
  test("commit makes every statement visible", async () => {
    const tx = await client.transaction("write");
    await tx.execute({ sql: "INSERT INTO clubs (id, name) VALUES (?, ?)", args: [1, "Climbing"] });
    const inside = await tx.execute("SELECT count(*) AS n FROM clubs");
    expect(inside.rows[0].n).toBe(1n);
    await tx.execute({ sql: "INSERT INTO members (club_id, nick) VALUES (?, ?)", args: [1, "belayer"] });
    await tx.commit();
    expect(await clubNames()).toEqual(["Climbing"]);
    expect((await client.execute("SELECT nick FROM members")).rows[0].nick).toBe("belayer");
  });

  test("rollback discards everything, and a failed statement leaves the transaction usable", async () => {
    const tx = await client.transaction("write");
    await tx.execute({ sql: "INSERT INTO clubs (id, name) VALUES (?, ?)", args: [1, "Rowing"] });
    await expect(tx.execute({ sql: "INSERT INTO members (club_id) VALUES (?)", args: [42] })).rejects.toThrow(
      /FOREIGN KEY constraint failed/,
    );
    expect((await tx.execute("SELECT count(*) AS n FROM clubs")).rows[0].n).toBe(1n);
    await tx.rollback();
    expect(await clubNames()).toEqual([]);
  });

  test("other clients read committed data while a write transaction is open, and their writes wait for it", async () => {
    await client.execute("INSERT INTO clubs (id, name) VALUES (1, 'Before')");
    const tx = await client.transaction("write");
    await tx.execute("INSERT INTO clubs (id, name) VALUES (2, 'Inside')");

    // Reads are not blocked by the open transaction, whether single statements or read-only batches.
    expect(await clubNames()).toEqual(["Before"]);
    const [readInBatch] = await client.batch(["SELECT name FROM clubs"], "read");
    expect(readInBatch.rows.map((r) => r.name)).toEqual(["Before"]);
    const outsideWrite = client.execute("INSERT INTO clubs (id, name) VALUES (3, 'Outside')");
    await tx.execute("INSERT INTO clubs (id, name) VALUES (4, 'Inside too')");
    await tx.commit();
    await outsideWrite;

    expect(await clubNames()).toEqual(["Before", "Inside", "Inside too", "Outside"]);
  });

  test("a write that waits longer than the busy timeout fails with SQLITE_BUSY instead of hanging", async () => {
    const impatient = await startLocalDbServer({ file: join(dir, "busy.db"), port: 0, busyTimeoutMs: 100 });
    const busyClient = createClient({ url: impatient.url });
    await busyClient.execute("CREATE TABLE t (x)");
    const tx = await busyClient.transaction("write");
    await tx.execute("INSERT INTO t VALUES ('holder')");

    const error = await busyClient.execute("INSERT INTO t VALUES ('blocked')").catch((e: unknown) => e);
    expect(error).toBeInstanceOf(LibsqlError);
    expect((error as LibsqlError).code).toBe("SQLITE_BUSY");

    await tx.commit();
    expect((await busyClient.execute("SELECT x FROM t")).rows.map((r) => r.x)).toEqual(["holder"]);
    busyClient.close();
    await impatient.close();
  });
});

describe("idle streams", () => {
  test("an abandoned transaction is rolled back after the idle timeout and stops blocking writes", async () => {
    const own = await startLocalDbServer({ file: join(dir, "idle.db"), port: 0, streamIdleMs: 100 });
    const ownClient = createClient({ url: own.url });
    await ownClient.execute("CREATE TABLE t (x)");
    const abandoned = await ownClient.transaction("write");
    await abandoned.execute("INSERT INTO t VALUES ('abandoned')");

    // Waits for the write lock, which the expiry releases.
    await ownClient.execute("INSERT INTO t VALUES ('later')");
    await expect(abandoned.commit()).rejects.toMatchObject({ code: "STREAM_EXPIRED" });
    expect((await ownClient.execute("SELECT x FROM t")).rows.map((r) => r.x)).toEqual(["later"]);
    ownClient.close();
    await own.close();
  });
});

describe("concurrency", () => {
  test("50 parallel inserts and reads all succeed", async () => {
    const ops = Array.from({ length: 50 }, (_, i) =>
      i % 2 === 0
        ? client.execute({ sql: "INSERT INTO samples (t) VALUES (?)", args: [`row ${i}`] })
        : client.batch([{ sql: "INSERT INTO samples (t) VALUES (?)", args: [`row ${i}`] }, "SELECT count(*) FROM samples"]),
    );
    const reads = Array.from({ length: 50 }, () => client.execute("SELECT count(*) AS n FROM samples"));
    const results = await Promise.allSettled([...ops, ...reads]);
    expect(results.filter((r) => r.status === "rejected")).toEqual([]);
    expect((await client.execute("SELECT count(*) AS n FROM samples")).rows[0].n).toBe(50n);
  });

  test("a batch that reads before it writes waits while another process holds the write lock (no SQLITE_BUSY)", async () => {
    // The e2e tests write to the same file from their own process; a deferred batch that read first
    // could not wait for that lock and failed at once.
    const holder = await holdWriteLock(join(dir, "nested", "test.db"), 300);
    const [count] = await client.batch(["SELECT count(*) AS n FROM clubs", "INSERT INTO clubs (name) VALUES ('Waited FC')"]);
    expect(count.rows[0].n).toBe(0n);
    await holder.released;
    expect(await clubNames()).toEqual(["Waited FC"]);
  });
});

describe("server lifecycle", () => {
  test("close() stops listening and keeps committed data in the file", async () => {
    const file = join(dir, "lifecycle.db");
    const own = await startLocalDbServer({ file, port: 0 });
    const ownClient = createClient({ url: own.url });
    await ownClient.batch(["CREATE TABLE t (x)", "INSERT INTO t VALUES (1)"]);
    const openTx = await ownClient.transaction("write");
    await openTx.execute("INSERT INTO t VALUES (2)");
    await own.close();

    await expect(ownClient.execute("SELECT 1")).rejects.toThrow();
    ownClient.close();

    const reopened = await startLocalDbServer({ file, port: 0 });
    const check = createClient({ url: reopened.url });
    // The transaction left open at close was rolled back.
    expect((await check.execute("SELECT x FROM t")).rows.map((r) => r.x)).toEqual([1]);
    check.close();
    await reopened.close();
  });

  test("the CLI server started with --stop-with-stdin stops when the process that started it is killed outright", async () => {
    // A parent that starts the server as scripts/stack.ts does, then gets SIGKILL: no exit handler
    // of its runs, but the system closes its end of the server's stdin.
    const parentScript = `
      const { spawn } = require("node:child_process");
      const args = ["--import", "tsx", "db/local-server/main.ts", "--file", ${JSON.stringify(join(dir, "orphan.db"))}, "--port", "0", "--stop-with-stdin"];
      const child = spawn(process.execPath, args, { stdio: ["pipe", "pipe", "inherit"] });
      child.stdout.on("data", (d) => { if (/listening on/.test(String(d))) console.log("server pid " + child.pid); });`;
    const parent = spawn(process.execPath, ["-e", parentScript], { stdio: ["ignore", "pipe", "inherit"] });
    let output = "";
    const serverPid = await new Promise<number>((ok) =>
      parent.stdout.on("data", (d) => {
        output += d;
        const found = /server pid (\d+)/.exec(output);
        if (found) ok(Number(found[1]));
      }),
    );
    expect(isRunning(serverPid)).toBe(true);
    parent.kill("SIGKILL");
    await expect.poll(() => isRunning(serverPid), { timeout: 10_000 }).toBe(false);
  });
});

/** Whether a process is alive: it exists and is not a zombie waiting to be reaped. */
function isRunning(pid: number): boolean {
  try {
    return !/^\d+ \(.*\) Z/.test(readFileSync(`/proc/${pid}/stat`, "utf8"));
  } catch {
    return false;
  }
}

describe("round-trip tracing", () => {
  const traced = (id: string) => createClient({ url: server.url, fetch: createDbTrace(id).fetch });
  const summary = async (id: string) => (await (await fetch(`${server.url}/_trace/${id}`)).json()) as TraceSummary;

  test("requests sent one after another count as sequential, requests sent together as one trip", async () => {
    const one = traced("chain");
    await one.execute("SELECT 1");
    await one.execute("SELECT 2");
    await Promise.all([one.execute("SELECT 3"), one.execute("SELECT 4"), one.batch(["SELECT 5", "SELECT 6"], "read")]);
    one.close();
    const trace = await summary("chain");
    expect(trace.pipelines).toBe(5);
    expect(trace.sequential).toBe(3);
    expect(trace.maxInFlight).toBe(3);
  });

  test("requests without the header are not recorded", async () => {
    await client.execute("SELECT 1");
    expect((await summary("nobody")).pipelines).toBe(0);
  });
});
