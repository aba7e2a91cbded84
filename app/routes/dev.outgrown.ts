import { json, type ActionFunctionArgs } from "@remix-run/cloudflare";
import { z } from "zod";
import { runOutgrownPrompts } from "~/features/notifications/outgrown-mail.server";
import { requireDevRoutes } from "~/web/dev-routes.server";

/**
 * Runs the outgrown prompts (ADR 091) as on day `now`: development and tests only, 404 elsewhere.
 *
 *   POST /dev/outgrown[?now=<ms epoch>]
 *
 * The e-mails of 'E-mail right away' go to the outbox (/dev/outbox). Answers the run's report.
 */
const DevOutgrownSchema = z.object({ now: z.coerce.number().int().positive().optional() });

export async function action({ request, context }: ActionFunctionArgs) {
  requireDevRoutes(context);
  const parsed = DevOutgrownSchema.safeParse(Object.fromEntries(new URL(request.url).searchParams));
  if (!parsed.success) return json({ error: z.flattenError(parsed.error).fieldErrors }, { status: 400 });
  const report = await runOutgrownPrompts({ db: context.db, env: context.env }, parsed.data.now ? new Date(parsed.data.now) : new Date());
  return json(report, { headers: { "Cache-Control": "no-store" } });
}
