import { parseWithZod } from "@conform-to/zod/v4";
import { json, type ActionFunctionArgs } from "@remix-run/cloudflare";
import { z } from "zod";
import { runMatchDigest } from "~/features/notifications/match-digest.server";
import { requireDevRoutes } from "~/web/dev-routes.server";

/**
 * Sends the match e-mails now (ADR 071): development and tests only, 404
 * elsewhere. `mode=email_digest` (default) is the daily digest's job; `email_now` what follows each
 * matcher run. Answers the report; the mail lands in the outbox (/dev/outbox).
 *
 *   POST /dev/digest  [mode=email_now|email_digest]
 */
const DevDigestSchema = z.object({ mode: z.enum(["email_now", "email_digest"]).default("email_digest") });

export async function action({ request, context }: ActionFunctionArgs) {
  requireDevRoutes(context);
  const submission = parseWithZod(await request.formData(), { schema: DevDigestSchema });
  if (submission.status !== "success") return json({ error: submission.error }, { status: 400 });
  const report = await runMatchDigest({ db: context.db, env: context.env }, { mode: submission.value.mode });
  return json(report, { headers: { "Cache-Control": "no-store" } });
}
