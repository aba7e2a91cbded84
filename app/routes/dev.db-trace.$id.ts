import { data, type LoaderFunctionArgs } from "@remix-run/cloudflare";
import { requireDevRoutes } from "~/web/dev-routes.server";

/**
 * How many database round trips an earlier request made (ADR 034): the local libSQL server's count
 * for the trace id that request answered with in `X-DB-Trace`. Dev routes and DB_TRACE=on only.
 */
export async function loader({ params, context }: LoaderFunctionArgs) {
  requireDevRoutes(context);
  if (!context.env.dbTrace || !/^[0-9a-f-]{36}$/.test(params.id ?? "")) throw data("Not found", { status: 404 });
  const response = await fetch(new URL(`/_trace/${params.id}`, context.env.DATABASE_URL));
  return data(await response.json(), { headers: { "Cache-Control": "no-store" } });
}
