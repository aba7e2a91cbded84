import { json, type ActionFunctionArgs } from "@remix-run/cloudflare";
import { runMatcher } from "~/features/matching/matcher.server";
import { pushNewMatches } from "~/features/notifications/kind-push.server";
import { requireDevRoutes } from "~/web/dev-routes.server";

/**
 * Runs the matcher now (ADR 071): development and tests only, 404
 * elsewhere (never in production: parseEnv turns dev routes off there whatever DEV_ROUTES says).
 *
 *   POST /dev/matcher
 *
 * The same job the cron trigger runs, with the request's rooms: answers its report.
 */
export async function action({ context }: ActionFunctionArgs) {
  requireDevRoutes(context);
  const now = new Date();
  const report = await runMatcher({ db: context.db, publish: context.publish }, { now });
  await pushNewMatches({ db: context.db, env: context.env }, now);
  return json(report, { headers: { "Cache-Control": "no-store" } });
}
