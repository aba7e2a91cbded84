import type { ActionFunctionArgs, AppLoadContext, EntryContext, LoaderFunctionArgs } from "@remix-run/cloudflare";
import { failureKind } from "#db/errors";
import { RemixServer } from "@remix-run/react";
import { isbot } from "isbot";
import { renderToReadableStream } from "react-dom/server";
import { NonceProvider } from "~/components/layout/nonce";

const ABORT_DELAY = 5000;

export default async function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  remixContext: EntryContext,
  loadContext: AppLoadContext,
) {
  const { nonce } = loadContext;
  const controller = new AbortController();
  const timeout = setTimeout(() => controller.abort(), ABORT_DELAY);
  const body = await renderToReadableStream(
    <NonceProvider value={nonce}>
      <RemixServer context={remixContext} url={request.url} abortDelay={ABORT_DELAY} nonce={nonce} />
    </NonceProvider>,
    {
      nonce,
      signal: controller.signal,
      onError(error: unknown) {
        if (!controller.signal.aborted) {
          console.error(JSON.stringify({ level: "error", event: "render_error", message: String(error) }));
        }
        responseStatusCode = 500;
      },
    },
  );
  body.allReady.then(() => clearTimeout(timeout));
  // Crawlers and no-JS clients get the whole document at once.
  if (isbot(request.headers.get("user-agent") || "")) await body.allReady;
  responseHeaders.set("Content-Type", "text/html; charset=utf-8");
  return new Response(body, { headers: responseHeaders, status: responseStatusCode });
}

/**
 * The one place an unexpected loader or action failure is logged (ADR 047): one JSON line with the
 * route, method, kind (db_unavailable, db_error, unexpected) and request id — never the SQL or its
 * parameters. The kind goes on the load context, where worker.ts turns "the database cannot be
 * reached" into 503; the page itself is the root ErrorBoundary.
 */
export function handleError(error: unknown, { request, context }: LoaderFunctionArgs | ActionFunctionArgs) {
  if (request.signal.aborted) return;
  const kind = failureKind(error);
  if (context.failure !== "db_unavailable") context.failure = kind;
  const url = new URL(request.url);
  console.error(
    JSON.stringify({
      level: "error",
      event: "request_failed",
      route: url.pathname.replace(/\.data$/, "") || "/",
      method: request.method,
      kind,
      requestId: context.requestId,
      message: innermostMessage(error),
    }),
  );
}

/** The root cause's message (a database error's own text, not drizzle's "Failed query: … params: …"). */
function innermostMessage(error: unknown): string {
  let current = error;
  for (let depth = 0; depth < 8 && current && typeof current === "object" && (current as { cause?: unknown }).cause; depth++) {
    current = (current as { cause?: unknown }).cause;
  }
  const message = current instanceof Error ? `${current.name}: ${current.message}` : String(current);
  return message.slice(0, 300);
}
