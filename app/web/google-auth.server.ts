// Google sign-in, the HTTP side (ADR 005): remix-auth + remix-auth-oauth2
// (authorization code, PKCE S256, state in a short-lived cookie), the destination kept across the
// round trip, and the session cookie and toast at the end. Who the id_token says the user is, and
// their account, are the accounts feature's (app/features/accounts/google-auth.server.ts).
import type { AppLoadContext } from "@remix-run/cloudflare";
import { createCookie, redirect } from "@remix-run/cloudflare";
import { Authenticator } from "remix-auth";
import { CodeChallengeMethod, OAuth2Strategy } from "remix-auth-oauth2";
import {
  GoogleNeedsAge,
  isGoogleConfigured,
  signInWithGoogle,
  verifyIdToken,
  type GoogleSignIn,
} from "~/features/accounts/google-auth.server";
import { GOOGLE_TOASTS } from "~/shared/copy/google-sign-in";
import { safeRedirect } from "~/platform/security.server";
import { birthFromRequest, clearAgeCookie, type Birth } from "./age-step.server";
import { createSession } from "./session.server";
import { redirectWithToast, toastCookie } from "./toast.server";

/** remix-auth-oauth2 keeps state + PKCE verifier in cookies named `<this>:<uuid>`. */
const STATE_COOKIE = "ls_google_oauth";
const STATE_COOKIE_PATH = "/auth/google";

type GoogleContext = Pick<AppLoadContext, "db" | "env">;

/**
 * Where to land after the round trip to the provider: the `redirectTo` given to /auth/google, kept
 * in a signed cookie that lives as long as a sign-in may take and is only sent to /auth/google/*.
 * It is checked with `safeRedirect` when it is set and again when it is read.
 */
const RETURN_COOKIE_MAX_AGE_S = 10 * 60;
function returnToCookie(env: AppLoadContext["env"]) {
  return createCookie("ls_google_return", {
    path: STATE_COOKIE_PATH,
    httpOnly: true,
    sameSite: "lax",
    secure: env.APP_ENV === "production",
    secrets: [env.SESSION_SECRET],
    maxAge: RETURN_COOKIE_MAX_AGE_S,
  });
}

/** /auth, keeping a safe `redirectTo` so a second try still lands there. */
function authPage(redirectTo: string) {
  return redirectTo === "/" ? "/auth" : `/auth?${new URLSearchParams({ redirectTo })}`;
}

function googleAuthenticator(context: GoogleContext, birth: Birth | null = null) {
  const env = context.env;
  const clientId = env.GOOGLE_CLIENT_ID!;
  const authenticator = new Authenticator<GoogleSignIn>();
  authenticator.use(
    new OAuth2Strategy<GoogleSignIn>(
      {
        clientId,
        clientSecret: env.GOOGLE_CLIENT_SECRET!,
        authorizationEndpoint: env.GOOGLE_AUTHORIZATION_URL,
        tokenEndpoint: env.GOOGLE_TOKEN_URL,
        redirectURI: `${context.env.APP_ORIGIN}/auth/google/callback`,
        scopes: ["openid", "email", "profile"],
        codeChallengeMethod: CodeChallengeMethod.S256,
        cookie: {
          name: STATE_COOKIE,
          path: STATE_COOKIE_PATH,
          httpOnly: true,
          sameSite: "Lax",
          ...(env.APP_ENV === "production" ? { secure: true } : {}),
        },
      },
      async ({ tokens }) => {
        const claims = await verifyIdToken(tokens.idToken(), { clientId, issuer: env.GOOGLE_ISSUER, jwksUrl: env.GOOGLE_JWKS_URL });
        return signInWithGoogle(context.db, claims, birth);
      },
    ),
    "google",
  );
  return authenticator;
}

/**
 * 'Continue with Google': → the provider's consent screen (state + PKCE cookie set). A safe
 * same-site `redirectTo` in the query is kept for the callback; anything else means home.
 */
export async function startGoogleSignIn(request: Request, context: AppLoadContext): Promise<Response> {
  const redirectTo = safeRedirect(new URL(request.url).searchParams.get("redirectTo"));
  if (!isGoogleConfigured(context.env)) {
    return redirectWithToast(context, authPage(redirectTo), GOOGLE_TOASTS.notSetUp);
  }
  // Another site may link here, but only our own pages start a sign-in (the user clicks again).
  if (request.headers.get("Sec-Fetch-Site") === "cross-site") return redirect(authPage(redirectTo));
  try {
    await googleAuthenticator(context).authenticate("google", request);
  } catch (thrown) {
    // The first leg always ends in a thrown redirect to the provider.
    if (thrown instanceof Response) {
      const headers = new Headers(thrown.headers);
      // A sign-in without redirectTo also clears what an abandoned earlier one left behind.
      const cookie = returnToCookie(context.env);
      headers.append("Set-Cookie", redirectTo === "/" ? await cookie.serialize("", { maxAge: 0 }) : await cookie.serialize(redirectTo));
      return new Response(thrown.body, { status: thrown.status, statusText: thrown.statusText, headers });
    }
    logFailure("start", thrown);
  }
  return redirectWithToast(context, authPage(redirectTo), GOOGLE_TOASTS.failed);
}

/**
 * The provider sends the browser back here with `code` and `state` (or an `error`). Signed in →
 * the `redirectTo` kept at the start, else home; anything wrong → /auth with 'Sign in failed'.
 */
export async function finishGoogleSignIn(request: Request, context: AppLoadContext): Promise<Response> {
  if (!isGoogleConfigured(context.env)) return redirect("/auth");
  const cookie = returnToCookie(context.env);
  // A missing, expired or tampered cookie parses as null (the signature is checked) → home.
  const redirectTo = safeRedirect(await cookie.parse(request.headers.get("Cookie")));
  const headers = new Headers();
  for (const stateCookie of stateCookiesToClear(request)) headers.append("Set-Cookie", stateCookie);
  headers.append("Set-Cookie", await cookie.serialize("", { maxAge: 0 }));
  try {
    const result = await googleAuthenticator(context, await birthFromRequest(request, context.env)).authenticate("google", request);
    if (result.outcome === "created") headers.append("Set-Cookie", await clearAgeCookie(context.env));
    headers.append("Set-Cookie", await createSession(context, result.userId, request));
    headers.append("Set-Cookie", await toastCookie(context, GOOGLE_TOASTS.signedIn(result.outcome)));
    console.info(JSON.stringify({ event: "google_sign_in", outcome: result.outcome, userId: result.userId }));
    return redirect(redirectTo, { headers });
  } catch (thrown) {
    // A new person: the age step first, then Google again (nothing of them was kept; ADR 092).
    if (thrown instanceof GoogleNeedsAge) {
      const query = new URLSearchParams({ next: "google", ...(redirectTo === "/" ? {} : { redirectTo }) });
      return redirect(`/auth/age?${query}`, { headers });
    }
    // No state in the URL makes the strategy start over with a redirect: refuse that here.
    logFailure("callback", thrown instanceof Response ? new Error("callback without state") : thrown);
    return redirectWithToast(context, authPage(redirectTo), GOOGLE_TOASTS.failed, { headers });
  }
}

/** The state cookies have done their job once the callback ran, whatever its outcome. */
function stateCookiesToClear(request: Request) {
  const header = request.headers.get("Cookie") ?? "";
  const names = header
    .split(";")
    .map((part) => part.slice(0, part.indexOf("=")).trim())
    .filter((name) => name.startsWith(STATE_COOKIE));
  return names.map((name) => `${name}=; Path=${STATE_COOKIE_PATH}; Max-Age=0; HttpOnly; SameSite=Lax`);
}

function logFailure(step: "start" | "callback", error: unknown) {
  const reason = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
  console.error(JSON.stringify({ event: "google_sign_in_failed", step, reason }));
}
