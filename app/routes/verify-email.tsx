import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { verifyEmail } from "~/domain/accounts.server";
import { redirectWithToast } from "~/lib/toast.server";

/** The link in the confirmation mail: single use, expiring (issue 4 item 3). */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const token = new URL(request.url).searchParams.get("token") ?? "";
  const result = await verifyEmail(context.db, token);
  if (result.ok) {
    return redirectWithToast(context, "/auth", {
      title: "Email confirmed",
      description: "Your account is ready. You can now sign in.",
      variant: "success",
    });
  }
  return redirectWithToast(context, "/auth", {
    title: "Link expired or invalid",
    description: "This confirmation link has already been used or has expired. Sign in to get a new one.",
    variant: "destructive",
  });
}
