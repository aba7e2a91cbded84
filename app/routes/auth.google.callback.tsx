import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { finishGoogleSignIn } from "~/web/google-auth.server";

// The provider redirects here with `code` and `state`: signed in → /, anything wrong → /auth
// with 'Sign in failed' (the cause is logged).
export async function loader({ request, context }: LoaderFunctionArgs) {
  return finishGoogleSignIn(request, context);
}
