import { json, type ActionFunctionArgs } from "@remix-run/cloudflare";
import { z } from "zod";
import { runMatcher } from "~/features/matching/matcher.server";
import { pushNewMatches } from "~/features/notifications/kind-push.server";
import { runPriceDropMail, runPriceDrops } from "~/features/notifications/price-drops.server";
import { requireDevRoutes } from "~/web/dev-routes.server";

/**
 * Runs the price-drop job (ADR 086) and the matcher at `now`: development and tests only, 404
 * elsewhere (parseEnv turns dev routes off in production whatever DEV_ROUTES says).
 *
 *   POST /dev/price-drops[?now=<ms epoch>]
 *
 * `now` lets a test run the jobs "an hour later" without waiting; the e-mails of 'e-mail right away'
 * follow, into the outbox (/dev/outbox). Answers the runs' reports.
 */
const DevPriceDropsSchema = z.object({ now: z.coerce.number().int().positive().optional() });

export async function action({ request, context }: ActionFunctionArgs) {
  requireDevRoutes(context);
  const parsed = DevPriceDropsSchema.safeParse(Object.fromEntries(new URL(request.url).searchParams));
  if (!parsed.success) return json({ error: z.flattenError(parsed.error).fieldErrors }, { status: 400 });
  const now = parsed.data.now === undefined ? new Date() : new Date(parsed.data.now);
  const drops = await runPriceDrops({ db: context.db, publish: context.publish, env: context.env }, { now });
  const matcher = await runMatcher({ db: context.db, publish: context.publish }, { now });
  await pushNewMatches({ db: context.db, env: context.env }, now);
  const mail = await runPriceDropMail({ db: context.db, env: context.env }, { mode: "email_now", now });
  return json({ drops, matcher, mail }, { headers: { "Cache-Control": "no-store" } });
}
