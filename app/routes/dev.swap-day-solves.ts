import { json, type ActionFunctionArgs } from "@remix-run/cloudflare";
import { z } from "zod";
import { runSwapDaySolves } from "~/features/swap-days/results.server";
import { requireDevRoutes } from "~/web/dev-routes.server";

/**
 * Runs the Swap Day solve job (ADR 089) at `now`: development and tests only, 404 elsewhere (parseEnv turns dev
 * routes off in production whatever DEV_ROUTES says).
 *
 *   POST /dev/swap-day-solves[?now=<ms epoch>]
 *
 * The same function the 5-minute cron runs; it also finishes a 'Find the swaps' whose waitUntil a test does not
 * want to wait on. Answers the job's report.
 */
const DevSwapSolvesSchema = z.object({ now: z.coerce.number().int().positive().optional() });

export async function action({ request, context }: ActionFunctionArgs) {
  requireDevRoutes(context);
  const parsed = DevSwapSolvesSchema.safeParse(Object.fromEntries(new URL(request.url).searchParams));
  if (!parsed.success) return json({ error: z.flattenError(parsed.error).fieldErrors }, { status: 400 });
  const now = parsed.data.now === undefined ? new Date() : new Date(parsed.data.now);
  return json(await runSwapDaySolves(context.db, { now }), { headers: { "Cache-Control": "no-store" } });
}
