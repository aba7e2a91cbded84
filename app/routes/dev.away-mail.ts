import { json, type ActionFunctionArgs } from "@remix-run/cloudflare";
import { z } from "zod";
import { runAwayMail } from "~/features/notifications/away.server";
import { createPresenceOf } from "~/features/realtime/realtime.server";
import { requireDevRoutes } from "~/web/dev-routes.server";

/**
 * Runs the e-mail-when-away job now (ADR 073): development and tests
 * only, 404 elsewhere (parseEnv turns dev routes off in production whatever DEV_ROUTES says).
 *
 *   POST /dev/away-mail[?now=<ms epoch>][&user=<id>][&mode=email_now|email_digest]
 *   POST /dev/away-mail?presence=<id>     → what that user's room says: { connected, lastSeenAt }
 *
 * `now` lets a test run the job "11 minutes later" without waiting; `user` narrows the run to one
 * person, so a test on the shared stack mails nobody else's. Answers the run's report; the mail lands
 * in the outbox (/dev/outbox).
 */
const DevAwayMailSchema = z.object({
  now: z.coerce.number().int().positive().optional(),
  user: z.uuid().optional(),
  mode: z.enum(["email_now", "email_digest"]).default("email_now"),
  presence: z.uuid().optional(),
});

export async function action({ request, context }: ActionFunctionArgs) {
  requireDevRoutes(context);
  const parsed = DevAwayMailSchema.safeParse(Object.fromEntries(new URL(request.url).searchParams));
  if (!parsed.success) return json({ error: z.flattenError(parsed.error).fieldErrors }, { status: 400 });
  const { now, user, mode, presence: presenceOfUser } = parsed.data;
  const presence = createPresenceOf(context.cloudflare.env, context.env.REALTIME_SECRET);
  const headers = { "Cache-Control": "no-store" };
  if (presenceOfUser) return json({ presence: await presence(presenceOfUser) }, { headers });
  const report = await runAwayMail(
    { db: context.db, env: context.env, presence },
    { now: now === undefined ? new Date() : new Date(now), mode, userIds: user ? [user] : null },
  );
  return json(report, { headers });
}
