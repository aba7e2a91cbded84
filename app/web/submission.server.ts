import { data } from "@remix-run/cloudflare";
import type { Submission } from "@conform-to/react";
import { firstError } from "~/shared/schemas/intent";

/**
 * A body that names one of the action's intents but whose fields do not parse (a repeated field, a
 * file where text belongs — our own forms never send one): 400 with the first problem in words and
 * the entered values back (`submission.reply()`), never a 500 and never a half-read write. The
 * message is `formError`, not `error`: a page that renders its own refusal from `error` (the
 * "Message not sent" page) shows its plain fallback instead of half a refusal.
 */
export function invalidSubmission(submission: Submission<unknown>) {
  const error = submission.status === "success" ? null : submission.error;
  return data({ ok: false as const, formError: firstError(error), result: submission.reply() }, { status: 400 });
}
