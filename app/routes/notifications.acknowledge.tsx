import { redirect, type ActionFunctionArgs } from "@remix-run/cloudflare";
import { acknowledgeApproval } from "~/features/messaging/notifications.server";
import { requireUser } from "~/web/session.server";
import { parseWithZod } from "@conform-to/zod/v4";
import { AcknowledgeSchema } from "~/shared/schemas/notifications";
import { invalidSubmission } from "~/web/submission.server";

export async function loader() {
  return redirect("/");
}

/** 'View Club' on an approval notice: marks it seen (01 §4), then opens the club. */
export async function action({ request, context }: ActionFunctionArgs) {
  const user = await requireUser(request, context);
  const submission = parseWithZod(await request.formData(), { schema: AcknowledgeSchema });
  if (submission.status !== "success") return invalidSubmission(submission);
  const slug = await acknowledgeApproval(context.db, user, submission.value.membershipId);
  return redirect(slug ? `/club/${slug}` : "/");
}
