import { parseWithZod } from "@conform-to/zod/v4";
import { json, type ActionFunctionArgs } from "@remix-run/cloudflare";
import { z } from "zod";
import { moveDealsBack, runDealClockJob } from "~/features/notifications/deal-clock-job.server";
import { requireDevRoutes } from "~/web/dev-routes.server";

/**
 * Runs the deal clock job now (ADR 068): development and tests only, 404 elsewhere (never in
 * production: parseEnv turns dev routes off there whatever DEV_ROUTES says).
 *
 *   POST /dev/deal-clock  now=<ISO>  dealId=<id> [dealId=<id> …]
 *
 * With `dealId`s, the clock moves for those deals alone: they are moved `now − the real time` into
 * the past, then the job runs at the real time for them alone — other tests' deals on the shared e2e
 * stack are left alone, and a neighbour's run cannot take these (it is limited to its own deals too).
 * Without, the job runs for every deal at `now` (default: the real time). Answers the report.
 */
const DevDealClockSchema = z.object({
  now: z.iso.datetime({ offset: true }).optional(),
  dealId: z.array(z.uuid()).max(20).default([]),
});

export async function action({ request, context }: ActionFunctionArgs) {
  requireDevRoutes(context);
  const submission = parseWithZod(await request.formData(), { schema: DevDealClockSchema });
  if (submission.status !== "success") return json({ error: submission.error }, { status: 400 });
  const { now: asked, dealId } = submission.value;
  const realNow = new Date();
  const now = asked ? new Date(asked) : realNow;
  const deps = { db: context.db, env: context.env, publish: context.publish };
  let report;
  if (dealId.length > 0) {
    await moveDealsBack(context.db, dealId, now.getTime() - realNow.getTime());
    report = await runDealClockJob(deps, realNow, dealId);
  } else {
    report = await runDealClockJob(deps, now);
  }
  return json(report, { headers: { "Cache-Control": "no-store" } });
}
