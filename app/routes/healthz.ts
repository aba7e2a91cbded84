import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { databaseAnswers } from "~/platform/health.server";

export async function loader({ context }: LoaderFunctionArgs) {
  const ok = await databaseAnswers(context.db);
  return new Response(JSON.stringify({ ok }), {
    status: ok ? 200 : 503,
    headers: { "content-type": "application/json", "cache-control": "no-store" },
  });
}
