// Remix's own default server entry for a Web-streams runtime (as the app's, without its nonce and logging).
import type { EntryContext } from "@remix-run/cloudflare";
import { RemixServer } from "@remix-run/react";
import { renderToReadableStream } from "react-dom/server";

export default async function handleRequest(request: Request, status: number, headers: Headers, remixContext: EntryContext) {
  const body = await renderToReadableStream(<RemixServer context={remixContext} url={request.url} />, {
    onError(error: unknown) {
      console.error(error);
      status = 500;
    },
  });
  headers.set("Content-Type", "text/html; charset=utf-8");
  return new Response(body, { headers, status });
}
