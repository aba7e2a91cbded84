// Round-trip tracing for the local stack (ADR 034): a fetch for @libsql/client
// that labels every pipeline request of one page view with that view's trace id and its place in
// the chain, so the local libSQL server (db/local-server) can count how many ran one after another.
//
// The place is known only here, where requests are sent: a request sent before any other has been
// answered is trip 1; one sent after trip n was answered is trip n + 1; requests sent side by side
// (Promise.all, one batch) share a number. (The server's own clock cannot tell: it answers requests
// one at a time, so requests sent together may arrive one after another.) Once the response is
// produced, what follows (waitUntil writes) is labelled "after". Never used in production.
export type DbTrace = {
  id: string;
  fetch: typeof fetch;
  /** Called when the response is ready: what is sent from now on is background work. */
  responded(): void;
};

export function createDbTrace(id: string = crypto.randomUUID()): DbTrace {
  let phase: "request" | "after" = "request";
  let answeredDepth = 0; // the deepest trip answered so far
  let inFlight = 0;
  return {
    id,
    fetch: (async (input: RequestInfo | URL, init?: RequestInit) => {
      const request = new Request(input, init);
      const depth = answeredDepth + 1;
      inFlight += 1;
      request.headers.set("x-db-trace", id);
      request.headers.set("x-db-trace-phase", phase);
      request.headers.set("x-db-trace-depth", String(depth));
      request.headers.set("x-db-trace-in-flight", String(inFlight));
      try {
        return await fetch(request);
      } finally {
        inFlight -= 1;
        answeredDepth = Math.max(answeredDepth, depth);
      }
    }) as typeof fetch,
    responded() {
      phase = "after";
    },
  };
}
