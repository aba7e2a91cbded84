import type { AppLoadContext } from "@remix-run/cloudflare";

/** Development-only pages answer 404 unless the deployment turns them on (never in production). */
export function requireDevRoutes(context: AppLoadContext) {
  if (!context.env.devRoutes) throw new Response("Not found", { status: 404 });
}
