import { redirect, type ActionFunctionArgs } from "@remix-run/cloudflare";
import { acknowledgeApproval } from "~/features/messaging/notifications.server";
import { requireUser } from "~/features/accounts/session.server";

export async function loader() {
  return redirect("/");
}

/** 'View Club' on an approval notice: marks it seen (01 §4), then opens the club. */
export async function action({ request, context }: ActionFunctionArgs) {
  const user = await requireUser(request, context);
  const formData = await request.formData();
  const slug = await acknowledgeApproval(context.db, user, String(formData.get("membershipId") ?? ""));
  return redirect(slug ? `/club/${slug}` : "/");
}
