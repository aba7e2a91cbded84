import { parseWithZod } from "@conform-to/zod/v4";
import { redirect, type ActionFunctionArgs } from "@remix-run/cloudflare";
import { TestingModeSchema } from "~/shared/schemas/testing-mode";
import { safeRedirect, testingModeUser } from "~/features/accounts/accounts.server";
import { createSession, destroySession, isTestingModeOn, testingModeCookie } from "~/web/session.server";
import { toastCookie } from "~/web/toast.server";

// Testing mode (01 §4): only when the deployment turns it on. Turning it on signs
// the browser into the real demo 'user' account, so the server still enforces every rule.
export async function loader() {
  throw new Response("Not found", { status: 404 });
}

export async function action({ request, context }: ActionFunctionArgs) {
  if (!context.env.testingMode) throw new Response("Not found", { status: 404 });
  const submission = parseWithZod(await request.formData(), { schema: TestingModeSchema });
  // Anything but a same-site path goes home (safeRedirect): the switch itself never fails.
  const to = safeRedirect(submission.status === "success" ? submission.value.redirectTo : null);
  const headers = new Headers();
  if (isTestingModeOn(request, context.env)) {
    headers.append("Set-Cookie", await destroySession(request, context));
    headers.append("Set-Cookie", testingModeCookie(context.env, false));
    headers.append(
      "Set-Cookie",
      await toastCookie(context, { title: "Testing mode disabled", description: "Authentication is now required" }),
    );
  } else {
    const user = await testingModeUser(context.db);
    // Any session the browser already had ends here; the demo account's starts fresh.
    await destroySession(request, context);
    headers.append("Set-Cookie", await createSession(context, user.id, request));
    headers.append("Set-Cookie", testingModeCookie(context.env, true));
    headers.append(
      "Set-Cookie",
      await toastCookie(context, { title: "Testing mode enabled", description: "You can now test without signing in", variant: "success" }),
    );
  }
  return redirect(to, { headers });
}
