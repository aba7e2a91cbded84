import { json, redirect, type ActionFunctionArgs } from "@remix-run/cloudflare";
import { acknowledgeApproval } from "~/features/notifications/bell.server";
import { requireUser } from "~/web/session.server";
import { parseWithZod } from "@conform-to/zod/v4";
import { AcknowledgeSchema, SeenMatchesSchema } from "~/shared/schemas/notifications";
import { markMatchesSeen } from "~/features/matching/matches.server";
import { invalidSubmission } from "~/web/submission.server";
import { dismissWarning } from "~/features/safety/warnings.server";
import { safeRedirect } from "~/platform/security.server";
import { DismissWarningSchema } from "~/shared/schemas/moderation";

export async function loader() {
  return redirect("/");
}

/** 'View Club' on an approval notice: marks it seen (01 §4), then opens the club. */
export async function action({ request, context }: ActionFunctionArgs) {
  const user = await requireUser(request, context);
  const formData = await request.formData();
  // The warning banner's 'Dismiss' (ADR 069): marks it seen, then back to the page it was on.
  if (formData.get("intent") === "dismissWarning") {
    const dismissal = parseWithZod(formData, { schema: DismissWarningSchema });
    if (dismissal.status !== "success") return invalidSubmission(dismissal);
    await dismissWarning(context.db, user, dismissal.value.warningId);
    return redirect(safeRedirect(dismissal.value.redirectTo));
  }
  // 'New matches' seen (ADR 071): the menu's fetcher when it opens, or 'Mark as seen' without JS.
  if (formData.get("intent") === "seenMatches") {
    const seen = parseWithZod(formData, { schema: SeenMatchesSchema });
    if (seen.status !== "success") return invalidSubmission(seen);
    await markMatchesSeen(context.db, user, context.publish);
    // The fetcher gets data, not a redirect (a fetcher's redirect would navigate away from the page).
    if (seen.value.redirectTo === undefined) return json({ ok: true });
    return redirect(safeRedirect(seen.value.redirectTo));
  }
  const submission = parseWithZod(formData, { schema: AcknowledgeSchema });
  if (submission.status !== "success") return invalidSubmission(submission);
  const slug = await acknowledgeApproval(context.db, user, submission.value.membershipId);
  return redirect(slug ? `/club/${slug}` : "/");
}
