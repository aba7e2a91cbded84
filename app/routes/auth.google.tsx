import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/cloudflare";
import { startGoogleSignIn } from "~/web/google-auth.server";

// 'Continue with Google' (ADR 005): → the provider's consent screen, or back to /auth with
// a toast when Google is not configured — never a 500. The /auth button is a link (GET), so the
// flow also works without JavaScript; a POST is accepted too.
export async function loader({ request, context }: LoaderFunctionArgs) {
  return startGoogleSignIn(request, context);
}

export async function action({ request, context }: ActionFunctionArgs) {
  return startGoogleSignIn(request, context);
}
