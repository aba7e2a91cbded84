// Local stand-in for Turso: serves one SQLite file over Hrana-over-HTTP (JSON, /v2 and /v3 pipeline)
// so the Worker under `wrangler dev` can use @libsql/client/web, which cannot open `file:` URLs.
// Dev/test only: no auth, one process; a baton pins a connection while its transaction is open.
import { mkdirSync } from "node:fs";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { randomUUID } from "node:crypto";
import { dirname } from "node:path";
import Database from "libsql";

type Connection = Database.Database;
type SqlValue = null | bigint | number | string | Buffer;

// --- Hrana wire types (JSON encoding), only the parts @libsql/client 0.18 sends ---
type ProtoValue =
  | { type: "null" }
  | { type: "integer"; value: string }
  | { type: "float"; value: number }
  | { type: "text"; value: string }
  | { type: "blob"; base64: string };
interface ProtoStmt {
  sql?: string;
  sql_id?: number;
  args?: ProtoValue[];
  named_args?: { name: string; value: ProtoValue }[];
  want_rows?: boolean;
}
type ProtoCond =
  | { type: "ok" | "error"; step: number }
  | { type: "not"; cond: ProtoCond }
  | { type: "and" | "or"; conds: ProtoCond[] }
  | { type: "is_autocommit" };
type StreamRequest =
  | { type: "close" }
  | { type: "execute"; stmt: ProtoStmt }
  | { type: "batch"; batch: { steps: { condition?: ProtoCond; stmt: ProtoStmt }[] } }
  | { type: "sequence" | "describe"; sql?: string; sql_id?: number }
  | { type: "store_sql"; sql_id: number; sql: string }
  | { type: "close_sql"; sql_id: number }
  | { type: "get_autocommit" };
interface ProtoError {
  message: string;
  code: string;
}
interface StmtResult {
  cols: { name: string; decltype: string | null }[];
  rows: ProtoValue[][];
  affected_row_count: number;
  last_insert_rowid: string | null;
  rows_read: number;
  rows_written: number;
}

class HranaError extends Error {
  constructor(
    message: string,
    readonly code: string,
  ) {
    super(message);
  }
}

/** One Hrana stream. Between requests it is only kept (under a baton) for its SQL cache and open transaction. */
interface Stream {
  conn?: Connection;
  sqls: Map<number, string>;
  /** The open transaction has run (or may have run) a write, so it holds SQLite's write lock. */
  wrote: boolean;
  expiry?: NodeJS.Timeout;
}

export interface LocalDbServerOptions {
  file: string;
  port: number;
  host?: string;
  /** A stream left idle this long is closed and its transaction rolled back (Turso does the same). */
  streamIdleMs?: number;
  /** How long a write waits for another stream's open write transaction before failing with SQLITE_BUSY. */
  busyTimeoutMs?: number;
}

export interface LocalDbServer {
  url: string;
  port: number;
  close(): Promise<void>;
}

const MAX_IDLE_CONNECTIONS = 4;

/**
 * Round-trip tracing (ADR 034). A client that sends `x-db-trace: <id>` on its
 * pipeline requests gets them recorded under that id, with the place in the chain the client gives
 * (`x-db-trace-depth`, see db/trace.ts: only the sender knows which request waited for which),
 * how many were in flight, the statements and the time taken here. `GET /_trace/<id>` sums them up.
 * The Worker sends the header only when DB_TRACE=on (never in production); requests without it are
 * not recorded. `x-db-trace-phase: after` marks background writes (`waitUntil`).
 */
export type TracedPipeline = {
  depth: number;
  inFlight: number;
  phase: "request" | "after";
  statements: number;
  ms: number;
  /** The start of each statement (what the trip asked, for reading a trace; not a log of arguments). */
  sql: string[];
};
export type TraceSummary = {
  /** Pipelines sent while the page was being answered. */
  pipelines: number;
  /** Sequential round trips: the longest chain in which each was sent only after the one before was answered. */
  sequential: number;
  /** The most that were in flight at once. */
  maxInFlight: number;
  /** Pipelines sent after the response (waitUntil), not on the page's critical path. */
  background: number;
  trips: TracedPipeline[];
};
const MAX_TRACES = 1000;

export function summarizeTrace(trips: TracedPipeline[]): TraceSummary {
  const onPath = trips.filter((trip) => trip.phase === "request");
  return {
    pipelines: onPath.length,
    sequential: Math.max(0, ...onPath.map((trip) => trip.depth)),
    maxInFlight: Math.max(0, ...onPath.map((trip) => trip.inFlight)),
    background: trips.length - onPath.length,
    trips,
  };
}

export async function startLocalDbServer({
  file,
  port,
  host = "127.0.0.1",
  streamIdleMs = 10_000,
  busyTimeoutMs = 5_000,
}: LocalDbServerOptions): Promise<LocalDbServer> {
  mkdirSync(dirname(file), { recursive: true });
  const idle: Connection[] = [];
  const streams = new Map<string, Stream>();
  const traces = new Map<string, TracedPipeline[]>();
  let closed = false;

  // Only one stream at a time may hold a write transaction open across requests. Other streams'
  // writes wait here asynchronously: SQLite's own busy timeout would block this single thread,
  // so the holder could never send its COMMIT. Reads never wait (WAL).
  let writer: Stream | undefined;
  let writerDone: Promise<void> = Promise.resolve();
  let signalWriterDone = () => {};

  function openConnection(): Connection {
    const conn = new Database(file);
    conn.defaultSafeIntegers(true); // integers leave as bigint so values beyond 2^53 survive
    // The busy timeout only matters for other processes (drizzle-kit, seed scripts) holding the lock.
    conn.exec(`PRAGMA busy_timeout = ${busyTimeoutMs}; PRAGMA foreign_keys = ON;`);
    return conn;
  }

  function releaseConnection(conn: Connection) {
    try {
      if (conn.inTransaction) conn.exec("ROLLBACK");
      // A client may have switched FKs off (client.migrate does); never hand that to the next stream.
      conn.exec("PRAGMA foreign_keys = ON");
      if (!closed && idle.length < MAX_IDLE_CONNECTIONS) return void idle.push(conn);
    } catch {
      // a broken connection is simply dropped
    }
    conn.close();
  }

  function closeStream(stream: Stream) {
    clearTimeout(stream.expiry);
    if (stream.conn) releaseConnection(stream.conn);
    stream.conn = undefined;
    stream.wrote = false;
    if (writer === stream) setWriter(undefined);
  }

  function setWriter(stream: Stream | undefined) {
    if (writer === stream) return;
    if (writer) signalWriterDone();
    writer = stream;
    if (stream) writerDone = new Promise((resolve) => (signalWriterDone = resolve));
  }

  async function runPipeline(body: { baton?: string | null; requests: StreamRequest[] }) {
    let stream: Stream;
    if (body.baton) {
      const kept = streams.get(body.baton);
      if (!kept) throw new HttpError(400, { message: "The stream has expired or does not exist", code: "STREAM_EXPIRED" });
      streams.delete(body.baton);
      clearTimeout(kept.expiry);
      stream = kept;
    } else {
      stream = { sqls: new Map(), wrote: false };
    }

    const writes = pipelineMayWrite(stream.sqls, body.requests);
    let lockedOut = false;
    const deadline = Date.now() + busyTimeoutMs;
    while (writes && writer && writer !== stream && !closed) {
      const remaining = deadline - Date.now();
      if (remaining <= 0) {
        lockedOut = true; // like SQLite's busy timeout: give up with SQLITE_BUSY rather than hang
        break;
      }
      let timer: NodeJS.Timeout | undefined;
      await Promise.race([writerDone, new Promise((resolve) => (timer = setTimeout(resolve, remaining)))]);
      clearTimeout(timer);
    }
    if (closed) {
      closeStream(stream);
      throw new HttpError(503, { message: "The server is shutting down", code: "SERVER_CLOSED" });
    }

    // From the last check of `writer` on, everything is synchronous: a pipeline never interleaves with another.
    const results: ({ type: "ok"; response: unknown } | { type: "error"; error: ProtoError })[] = [];
    let streamClosed = false;
    for (const request of body.requests) {
      try {
        if (streamClosed) throw new HranaError("The stream was closed earlier in this pipeline", "STREAM_CLOSED");
        if (lockedOut && requestMayWrite(request, stream.sqls)) {
          throw new HranaError("database is locked: another stream holds an open write transaction", "SQLITE_BUSY");
        }
        results.push({ type: "ok", response: handleRequest(stream, request) });
        if (request.type === "close") streamClosed = true;
      } catch (error) {
        results.push({ type: "error", error: toProtoError(error) });
      }
    }

    const inTransaction = stream.conn?.inTransaction ?? false;
    stream.wrote = inTransaction && (stream.wrote || (writes && !lockedOut));
    if (streamClosed) {
      closeStream(stream);
      return { baton: null, base_url: null, results };
    }
    if (stream.conn && !inTransaction) {
      // Without an open transaction the connection holds no state the stream needs: recycle it.
      releaseConnection(stream.conn);
      stream.conn = undefined;
    }
    setWriter(stream.wrote ? stream : writer === stream ? undefined : writer);
    const baton = randomUUID();
    streams.set(baton, stream);
    stream.expiry = setTimeout(() => {
      streams.delete(baton);
      closeStream(stream);
    }, streamIdleMs);
    stream.expiry.unref();
    return { baton, base_url: null, results };
  }

  function connectionOf(stream: Stream): Connection {
    return (stream.conn ??= idle.pop() ?? openConnection());
  }

  function sqlOf(stream: Stream, source: { sql?: string; sql_id?: number }): string {
    if (source.sql !== undefined && source.sql !== null) return source.sql;
    const stored = source.sql_id !== undefined ? stream.sqls.get(source.sql_id) : undefined;
    if (stored === undefined) throw new HranaError(`SQL text ${source.sql_id} was not stored`, "SQL_NOT_FOUND");
    return stored;
  }

  function handleRequest(stream: Stream, request: StreamRequest): unknown {
    switch (request.type) {
      case "close":
        return { type: "close" };
      case "execute":
        return { type: "execute", result: executeStmt(connectionOf(stream), stream, request.stmt) };
      case "batch":
        return { type: "batch", result: executeBatch(connectionOf(stream), stream, request.batch.steps) };
      case "sequence":
        connectionOf(stream).exec(sqlOf(stream, request));
        return { type: "sequence" };
      case "describe":
        return { type: "describe", result: describe(connectionOf(stream), sqlOf(stream, request)) };
      case "store_sql":
        stream.sqls.set(request.sql_id, request.sql);
        return { type: "store_sql" };
      case "close_sql":
        stream.sqls.delete(request.sql_id);
        return { type: "close_sql" };
      case "get_autocommit":
        return { type: "get_autocommit", is_autocommit: !(stream.conn?.inTransaction ?? false) };
      default:
        throw new HranaError(`Unsupported request type ${JSON.stringify((request as { type: unknown }).type)}`, "HRANA_PROTO_ERROR");
    }
  }

  function executeBatch(conn: Connection, stream: Stream, steps: { condition?: ProtoCond; stmt: ProtoStmt }[]) {
    // The client builds BEGIN / stmts (each conditioned on the previous ok) / COMMIT / ROLLBACK-unless-committed,
    // so evaluating conditions faithfully is what makes a failing statement roll back the whole batch.
    const stepResults: (StmtResult | null)[] = [];
    const stepErrors: (ProtoError | null)[] = [];
    const holds = (cond: ProtoCond): boolean => {
      switch (cond.type) {
        case "ok":
          return stepResults[cond.step] != null;
        case "error":
          return stepErrors[cond.step] != null;
        case "not":
          return !holds(cond.cond);
        case "and":
          return cond.conds.every(holds);
        case "or":
          return cond.conds.some(holds);
        case "is_autocommit":
          return !conn.inTransaction;
        default:
          throw new HranaError("Unsupported batch condition", "HRANA_PROTO_ERROR");
      }
    };
    // A deferred transaction that reads before it writes cannot wait for the write lock: while another
    // process (the tests, a seed script) holds it, SQLite answers SQLITE_BUSY at once instead of using
    // the busy timeout (it would deadlock otherwise). A batch that will write therefore begins IMMEDIATE.
    const writes = steps.some((step) => stmtMayWrite(step.stmt, stream.sqls));
    for (const step of steps) {
      let result: StmtResult | null = null;
      let error: ProtoError | null = null;
      if (!step.condition || holds(step.condition)) {
        try {
          result = executeStmt(conn, stream, writes ? immediateBegin(stream, step.stmt) : step.stmt);
        } catch (e) {
          error = toProtoError(e);
        }
      }
      stepResults.push(result);
      stepErrors.push(error);
    }
    return { step_results: stepResults, step_errors: stepErrors };
  }

  function executeStmt(conn: Connection, stream: Stream, protoStmt: ProtoStmt): StmtResult {
    const sql = sqlOf(stream, protoStmt);
    const params = bindParams(sql, protoStmt);
    const stmt = conn.prepare(sql);
    let rows: SqlValue[][] = [];
    let affected: number;
    if (stmt.reader) {
      // all() does not report changes (INSERT … RETURNING), so measure them around the call.
      const before = Number(scalar(conn, "SELECT total_changes()"));
      rows = stmt.raw(true).all(params) as SqlValue[][];
      affected = Number(scalar(conn, "SELECT total_changes()")) - before;
    } else {
      affected = stmt.run(params).changes;
    }
    const cols = stmt.reader ? stmt.columns().map((c) => ({ name: c.name, decltype: c.type })) : [];
    return {
      cols,
      rows: protoStmt.want_rows === false ? [] : rows.map((row) => row.map(encodeValue)),
      affected_row_count: affected,
      // run() reports the rowid as a lossy JS number; ask SQLite for the exact value.
      last_insert_rowid: String(scalar(conn, "SELECT last_insert_rowid()")),
      rows_read: rows.length, // approximations: SQLite does not expose Turso's billing counters
      rows_written: affected,
    };
  }

  const server = createServer((req, res) => {
    handleHttp(req, res).catch((error) => {
      if (error instanceof HttpError) return sendJson(res, error.status, error.body);
      sendJson(res, 500, toProtoError(error));
    });
  });
  // workerd keeps connections to us in a pool and reuses them after long gaps under load. Node closes
  // an idle keep-alive socket after 5 s by default; a request workerd sent on a socket we were closing
  // failed as "Network connection lost" (pages and writes 500 in the signed-in load, ADR 011). The
  // client, not the server, decides when an idle connection ends.
  server.keepAliveTimeout = 10 * 60_000;
  server.headersTimeout = 10 * 60_000 + 1_000;

  async function handleHttp(req: IncomingMessage, res: ServerResponse) {
    const path = new URL(req.url ?? "/", "http://localhost").pathname;
    if (req.method === "GET" && (path === "/" || path === "/health" || path === "/v2" || path === "/v3")) {
      // `GET /v2` / `GET /v3` answer "this protocol version is spoken here"; /v3-protobuf stays 404 so a
      // probing client falls back to JSON.
      res.writeHead(200, { "content-type": "text/plain" }).end("ok");
      return;
    }
    if (req.method === "GET" && path.startsWith("/_trace/")) {
      const trips = traces.get(decodeURIComponent(path.slice("/_trace/".length))) ?? [];
      sendJson(res, 200, summarizeTrace(trips));
      return;
    }
    if (req.method === "POST" && (path === "/v2/pipeline" || path === "/v3/pipeline")) {
      const traceId = req.headers["x-db-trace"];
      if (typeof traceId === "string" && traceId) {
        const started = performance.now();
        const header = (name: string) => Number(req.headers[name]) || 0;
        const trip: TracedPipeline = {
          depth: header("x-db-trace-depth"),
          inFlight: header("x-db-trace-in-flight"),
          phase: req.headers["x-db-trace-phase"] === "after" ? "after" : "request",
          statements: 0,
          ms: 0,
          sql: [],
        };
        res.once("finish", () => (trip.ms = Math.round((performance.now() - started) * 100) / 100));
        const list = traces.get(traceId) ?? [];
        if (list.length === 0) {
          if (traces.size >= MAX_TRACES) traces.delete(traces.keys().next().value!);
          traces.set(traceId, list);
        }
        list.push(trip);
        (req as IncomingMessage & { trip?: TracedPipeline }).trip = trip;
      }
      let body: { baton?: string | null; requests: StreamRequest[] };
      try {
        body = JSON.parse(await readBody(req));
        if (!Array.isArray(body.requests)) throw new Error("`requests` must be an array");
      } catch (error) {
        throw new HttpError(400, { message: `Invalid pipeline request: ${(error as Error).message}`, code: "HRANA_PROTO_ERROR" });
      }
      const trip = (req as IncomingMessage & { trip?: TracedPipeline }).trip;
      if (trip) {
        trip.statements = countStatements(body.requests);
        trip.sql = statementHeads(body.requests);
      }
      sendJson(res, 200, await runPipeline(body));
      return;
    }
    res.writeHead(404, { "content-type": "text/plain" }).end(`No route for ${req.method} ${path}`);
  }

  // Open one connection up front: fails fast on a bad path and switches the file to WAL once.
  const first = openConnection();
  first.exec("PRAGMA journal_mode = WAL");
  idle.push(first);

  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, host, () => {
      server.off("error", reject);
      resolve();
    });
  });
  const actualPort = (server.address() as AddressInfo).port;

  return {
    url: `http://${host.includes(":") ? `[${host}]` : host}:${actualPort}`,
    port: actualPort,
    async close() {
      if (closed) return;
      closed = true;
      const stopped = new Promise<void>((resolve) => server.close(() => resolve()));
      server.closeAllConnections();
      setWriter(undefined); // wake waiting writes so they can answer "shutting down"
      for (const stream of streams.values()) closeStream(stream);
      streams.clear();
      for (const conn of idle.splice(0)) conn.close();
      await stopped;
    },
  };
}

function countStatements(requests: StreamRequest[]): number {
  return requests.reduce(
    (sum, request) =>
      sum +
      (request.type === "execute"
        ? 1
        : request.type === "batch"
          ? request.batch.steps.filter((step) => !/^(BEGIN|COMMIT|ROLLBACK)/i.test(step.stmt.sql ?? "")).length
          : 0),
    0,
  );
}

function statementHeads(requests: StreamRequest[]): string[] {
  const stored = new Map<number, string>();
  const heads: string[] = [];
  const head = (stmt: { sql?: string | null; sql_id?: number | null }) => {
    const text = stmt.sql ?? (stmt.sql_id != null ? stored.get(stmt.sql_id) : undefined) ?? "?";
    if (!/^(BEGIN|COMMIT|ROLLBACK)/i.test(text)) heads.push(text.replace(/\s+/g, " ").trim().slice(0, 120));
  };
  for (const request of requests) {
    if (request.type === "store_sql") stored.set(request.sql_id, request.sql);
    else if (request.type === "execute") head(request.stmt);
    else if (request.type === "batch") for (const step of request.batch.steps) head(step.stmt);
  }
  return heads;
}

class HttpError extends Error {
  constructor(
    readonly status: number,
    readonly body: ProtoError,
  ) {
    super(body.message);
  }
}

/** Whether a pipeline might take SQLite's write lock. Errs towards "yes": that only costs waiting. */
function pipelineMayWrite(stored: Map<number, string>, requests: StreamRequest[]): boolean {
  // The client sends batch SQL as store_sql + sql_id, often in this very pipeline.
  const sqls = new Map(stored);
  return requests.some((request) => {
    if (request.type === "store_sql") sqls.set(request.sql_id, request.sql);
    return requestMayWrite(request, sqls);
  });
}

function requestMayWrite(request: StreamRequest, sqls: Map<number, string>): boolean {
  switch (request.type) {
    case "execute":
      return stmtMayWrite(request.stmt, sqls);
    case "batch":
      return request.batch.steps.some((step) => stmtMayWrite(step.stmt, sqls));
    case "sequence":
      return true;
    default:
      return false;
  }
}

function stmtMayWrite(stmt: ProtoStmt, sqls: Map<number, string>): boolean {
  const source = stmt.sql ?? (stmt.sql_id !== undefined ? sqls.get(stmt.sql_id) : undefined);
  if (source === undefined) return true;
  const sql = stripLiteralsAndComments(source).trim().toUpperCase();
  if (/^(SELECT|VALUES|EXPLAIN|COMMIT|END|ROLLBACK)\b/.test(sql)) return false;
  if (/^BEGIN\b/.test(sql)) return /\b(IMMEDIATE|EXCLUSIVE)\b/.test(sql);
  return true;
}

/** `BEGIN` / `BEGIN DEFERRED` as `BEGIN IMMEDIATE`; any other statement as it is. */
function immediateBegin(stream: { sqls: Map<number, string> }, stmt: ProtoStmt): ProtoStmt {
  const source = stmt.sql ?? (stmt.sql_id !== undefined ? stream.sqls.get(stmt.sql_id) : undefined);
  if (source === undefined || !/^\s*BEGIN(\s+DEFERRED)?(\s+TRANSACTION)?\s*;?\s*$/i.test(source)) return stmt;
  return { ...stmt, sql: "BEGIN IMMEDIATE", sql_id: undefined };
}

function stripLiteralsAndComments(sql: string): string {
  return sql.replace(/'(?:[^']|'')*'|"(?:[^"]|"")*"|`[^`]*`|\[[^\]]*\]|--[^\n]*|\/\*[\s\S]*?(?:\*\/|$)/g, " ");
}

function bindParams(sql: string, stmt: ProtoStmt): SqlValue[] | Record<string, SqlValue> {
  const positional = (stmt.args ?? []).map(decodeValue);
  const named = stmt.named_args ?? [];
  if (named.length === 0) return positional;
  // libsql binds an object by name and aborts the whole process on an anonymous `?` in that mode,
  // so refuse mixing rather than crash.
  if (positional.length > 0 || stripLiteralsAndComments(sql).includes("?")) {
    throw new HranaError("Mixing positional and named arguments is not supported by the local server", "ARGS_INVALID");
  }
  return Object.fromEntries(named.map(({ name, value }) => [name.replace(/^[:@$]/, ""), decodeValue(value)]));
}

function decodeValue(value: ProtoValue): SqlValue {
  switch (value?.type) {
    case "null":
      return null;
    case "integer":
      return BigInt(value.value);
    case "float":
      return Number(value.value);
    case "text":
      return String(value.value);
    case "blob":
      return Buffer.from(value.base64, "base64");
    default:
      // libsql aborts the process on types it cannot bind (e.g. booleans), so only these five pass.
      throw new HranaError(`Unsupported value ${JSON.stringify(value)}`, "ARGS_INVALID");
  }
}

function encodeValue(value: SqlValue): ProtoValue {
  if (value === null || value === undefined) return { type: "null" };
  if (typeof value === "bigint") return { type: "integer", value: value.toString() };
  if (typeof value === "number") return { type: "float", value };
  if (typeof value === "string") return { type: "text", value };
  return { type: "blob", base64: Buffer.from(value).toString("base64") };
}

function scalar(conn: Connection, sql: string): SqlValue {
  return (conn.prepare(sql).raw(true).all() as SqlValue[][])[0][0];
}

function describe(conn: Connection, sql: string) {
  const stmt = conn.prepare(sql);
  const text = stripLiteralsAndComments(sql).trim().toUpperCase();
  return {
    params: [], // libsql does not expose parameter names
    cols: stmt.reader ? stmt.columns().map((c) => ({ name: c.name, decltype: c.type })) : [],
    is_explain: text.startsWith("EXPLAIN"),
    is_readonly: !stmtMayWrite({ sql }, new Map()),
  };
}

function toProtoError(error: unknown): ProtoError {
  const { message, code } = error as { message?: unknown; code?: unknown };
  return {
    message: typeof message === "string" ? message : String(error),
    // libsql reports extended codes (SQLITE_CONSTRAINT_FOREIGNKEY), which the client passes through as `code`.
    code: typeof code === "string" ? code : "UNKNOWN",
  };
}

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => resolve(Buffer.concat(chunks).toString("utf8")));
    req.on("error", reject);
  });
}

function sendJson(res: ServerResponse, status: number, body: unknown) {
  if (res.headersSent) return;
  // Exactly "application/json": the client only parses error bodies with that exact content type.
  res.writeHead(status, { "content-type": "application/json" }).end(JSON.stringify(body));
}
