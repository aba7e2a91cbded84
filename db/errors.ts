// What kind of database failure an error is (ADR 047). The Worker reaches libSQL /
// Turso over HTTP; when the server cannot be reached (stopped, restarting, a 502/503/504 in front of
// it) the client's fetch is wrapped so the failure carries one recognisable name through the
// libSQL and drizzle wrappers (they keep it as `cause`). No `node:` imports: the Worker bundles it.

export class DatabaseUnavailableError extends Error {
  override name = "DatabaseUnavailableError";
}

/** Statuses a proxy or Turso answers while the database is down or restarting. */
const UNAVAILABLE_STATUSES = new Set([502, 503, 504]);

/** A fetch for @libsql/client that turns "could not reach the database" into DatabaseUnavailableError. */
export function unavailableAware(inner: typeof fetch = (input, init) => fetch(input, init)): typeof fetch {
  return (async (input: RequestInfo | URL, init?: RequestInit) => {
    let response: Response;
    try {
      response = await inner(input, init);
    } catch (error) {
      throw new DatabaseUnavailableError(`The database could not be reached: ${String(error)}`, { cause: error });
    }
    if (UNAVAILABLE_STATUSES.has(response.status)) {
      await response.body?.cancel();
      throw new DatabaseUnavailableError(`The database answered ${response.status}`);
    }
    return response;
  }) as typeof fetch;
}

export type FailureKind = "db_unavailable" | "db_error" | "unexpected";

/**
 * Names by `name`, not `instanceof`: the Worker bundles the app's server build and worker.ts
 * separately, so one error class can exist twice.
 */
export function failureKind(error: unknown): FailureKind {
  let sawDatabase = false;
  for (let current = error, depth = 0; current && typeof current === "object" && depth < 8; depth++) {
    const { name, code } = current as { name?: unknown; code?: unknown };
    if (name === "DatabaseUnavailableError") return "db_unavailable";
    // A libSQL server error (SERVER_ERROR) or a closed stream after a failed request.
    if (name === "LibsqlError" && (code === "SERVER_ERROR" || code === "HRANA_CLOSED_ERROR")) return "db_unavailable";
    // drizzle's DrizzleQueryError sets no name of its own: it is the error that carries `query` and `params`.
    if (name === "LibsqlError" || ("query" in current && "params" in current)) sawDatabase = true;
    current = (current as { cause?: unknown }).cause;
  }
  return sawDatabase ? "db_error" : "unexpected";
}
