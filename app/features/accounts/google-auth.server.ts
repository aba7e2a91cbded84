// Google sign-in (issue 4 item 7, ADR 005): remix-auth 4 + remix-auth-oauth2 (authorization code,
// PKCE S256, state in a short-lived cookie). The user is read from the id_token, checked with `jose`
// against the provider's JWKS fetched per sign-in (ADR 019); `email_verified` is required.
// Endpoints come from the environment so the tests and `npm start` point them at a local OIDC
// provider (scripts/oidc-provider.ts); production uses Google's defaults.
import type { AppLoadContext } from "@remix-run/cloudflare";
import { createCookie, redirect } from "@remix-run/cloudflare";
import { and, eq, isNull } from "drizzle-orm";
import { createLocalJWKSet, decodeProtectedHeader, errors as joseErrors, jwtVerify, type JSONWebKeySet, type JWTPayload } from "jose";
import { Authenticator } from "remix-auth";
import { CodeChallengeMethod, OAuth2Strategy } from "remix-auth-oauth2";
import type { Db } from "#db/client";
import { profiles, users } from "#db/schema";
import { redirectWithToast, toastCookie } from "~/web/toast.server";
import { normalizeEmail, safeRedirect } from "./accounts.server";
import { createSession } from "./session.server";

export type GoogleEnv = {
  APP_ENV: string;
  GOOGLE_CLIENT_ID?: string;
  GOOGLE_CLIENT_SECRET?: string;
  GOOGLE_AUTHORIZATION_URL: string;
  GOOGLE_TOKEN_URL: string;
  GOOGLE_JWKS_URL: string;
  GOOGLE_ISSUER: string;
};

/** Both the client id and the secret are needed; with either missing the button says so. */
export function isGoogleConfigured(env: Pick<GoogleEnv, "GOOGLE_CLIENT_ID" | "GOOGLE_CLIENT_SECRET">) {
  return Boolean(env.GOOGLE_CLIENT_ID && env.GOOGLE_CLIENT_SECRET);
}

const GOOGLE_ISSUER = "https://accounts.google.com";

// ── id_token verification ────────────────────────────────────────────────────────────────────

export class IdTokenError extends Error {
  name = "IdTokenError";
}

export type GoogleClaims = {
  sub: string;
  email: string;
  givenName: string | null;
  familyName: string | null;
  name: string | null;
};

export type IdTokenOptions = { clientId: string; issuer: string; jwksUrl: string; now?: Date };

/** Tolerated clock difference between us and the provider. */
const CLOCK_SKEW_S = 60;
/** Google's id_tokens live an hour; one just received from the token endpoint is younger. */
const MAX_TOKEN_AGE_S = 60 * 60;
const JWKS_TIMEOUT_MS = 5000;

/**
 * The provider's signing keys, fetched for this sign-in (ADR 019): nothing is kept between
 * requests, so no isolate shares a pending fetch or key import across requests on Workers.
 * Sign-ins are rare; one subrequest each is cheap.
 */
async function fetchJwks(url: string): Promise<JSONWebKeySet> {
  let response: Response;
  try {
    response = await fetch(url, { headers: { Accept: "application/json" }, signal: AbortSignal.timeout(JWKS_TIMEOUT_MS) });
  } catch (error) {
    throw new IdTokenError(`JWKS unreachable (${(error as Error).name})`);
  }
  if (!response.ok) throw new IdTokenError(`JWKS answered ${response.status}`);
  const body = (await response.json().catch(() => null)) as { keys?: unknown } | null;
  if (!body || !Array.isArray(body.keys)) throw new IdTokenError("JWKS malformed");
  return body as JSONWebKeySet;
}

/** What jose refused, in the words our logs and tests use. */
function refusal(error: unknown): IdTokenError {
  if (error instanceof IdTokenError) return error;
  if (error instanceof joseErrors.JWSSignatureVerificationFailed) return new IdTokenError("bad signature");
  if (error instanceof joseErrors.JWKSNoMatchingKey) return new IdTokenError("unknown signing key");
  if (error instanceof joseErrors.JWTExpired) return new IdTokenError("token expired");
  if (error instanceof joseErrors.JWTClaimValidationFailed) {
    const byClaim: Record<string, string> = { iss: "wrong issuer", aud: "wrong audience", iat: "token issued in the future", sub: "token has no subject" };
    return new IdTokenError(byClaim[error.claim] ?? `bad claim ${error.claim}`);
  }
  if (error instanceof joseErrors.JOSEAlgNotAllowed || error instanceof joseErrors.JOSENotSupported) return new IdTokenError("unexpected alg");
  if (error instanceof joseErrors.JWKSInvalid) return new IdTokenError("JWKS malformed");
  if (error instanceof joseErrors.JOSEError) return new IdTokenError("malformed token");
  return new IdTokenError(error instanceof Error ? error.message : String(error));
}

/**
 * Checks an OpenID Connect id_token with `jose`: RS256 signature by a key of the provider's JWKS
 * (never 'none', never an HMAC keyed with a public key), issuer, audience (our client id), expiry
 * and issue time, and a verified e-mail. → the claims we use.
 */
export async function verifyIdToken(idToken: string, options: IdTokenOptions): Promise<GoogleClaims> {
  // The header is read first so an unexpected algorithm is refused before any network call.
  let header: ReturnType<typeof decodeProtectedHeader>;
  try {
    header = decodeProtectedHeader(idToken);
  } catch {
    throw new IdTokenError("malformed token");
  }
  if (header.alg !== "RS256") throw new IdTokenError(`unexpected alg ${String(header.alg)}`);
  if (typeof header.kid !== "string") throw new IdTokenError("token has no kid");

  let claims: JWTPayload;
  try {
    const keys = createLocalJWKSet(await fetchJwks(options.jwksUrl));
    ({ payload: claims } = await jwtVerify(idToken, keys, {
      algorithms: ["RS256"],
      // Google's tokens name their issuer with or without the scheme.
      issuer: options.issuer === GOOGLE_ISSUER ? [GOOGLE_ISSUER, "accounts.google.com"] : options.issuer,
      audience: options.clientId,
      requiredClaims: ["exp", "iat", "sub"],
      maxTokenAge: MAX_TOKEN_AGE_S,
      clockTolerance: CLOCK_SKEW_S,
      currentDate: options.now,
    }));
  } catch (error) {
    throw refusal(error);
  }

  const audiences = Array.isArray(claims.aud) ? claims.aud : [claims.aud];
  if (audiences.length > 1 && claims.azp !== options.clientId) throw new IdTokenError("wrong authorized party");
  if (typeof claims.sub !== "string" || !claims.sub) throw new IdTokenError("token has no subject");
  if (typeof claims.email !== "string" || !claims.email.includes("@")) throw new IdTokenError("token has no e-mail");
  if (claims.email_verified !== true) throw new IdTokenError("e-mail not verified");
  const text = (value: unknown) => (typeof value === "string" && value.trim() ? value.trim().slice(0, 100) : null);
  return {
    sub: claims.sub,
    email: normalizeEmail(claims.email),
    givenName: text(claims.given_name),
    familyName: text(claims.family_name),
    name: text(claims.name),
  };
}

// ── accounts ─────────────────────────────────────────────────────────────────────────────────

export class GoogleSignInRefused extends Error {
  name = "GoogleSignInRefused";
}

export type GoogleSignIn = { userId: string; outcome: "signed-in" | "linked" | "created" };

/**
 * The account for verified Google claims: the one already linked to this Google subject; else the
 * one with the same e-mail, which gets linked; else a new account (e-mail verified, no password)
 * with a profile from the claims.
 */
export async function signInWithGoogle(db: Db, claims: GoogleClaims, now = new Date(), retried = false): Promise<GoogleSignIn> {
  const [linked] = await db.select({ id: users.id }).from(users).where(eq(users.googleSub, claims.sub));
  if (linked) return { userId: linked.id, outcome: "signed-in" };

  const [sameEmail] = await db.select().from(users).where(eq(users.email, claims.email));
  if (sameEmail) {
    // The address now belongs to another Google account than the one linked: do not switch.
    if (sameEmail.googleSub) throw new GoogleSignInRefused("e-mail is linked to another Google account");
    const [updated] = await db
      .update(users)
      .set({
        googleSub: claims.sub,
        emailVerifiedAt: sameEmail.emailVerifiedAt ?? now,
        // A password set on an address nobody had confirmed may be someone else's (account
        // pre-hijacking): once Google proves the owner, that password no longer opens the account.
        ...(sameEmail.emailVerifiedAt ? {} : { passwordHash: null, passwordAlgo: null, passwordParams: null }),
        updatedAt: now,
      })
      .where(and(eq(users.id, sameEmail.id), isNull(users.googleSub)))
      .returning({ id: users.id });
    if (updated) return { userId: updated.id, outcome: "linked" };
  } else {
    const [created] = await db
      .insert(users)
      .values({ email: claims.email, emailVerifiedAt: now, googleSub: claims.sub })
      .onConflictDoNothing()
      .returning({ id: users.id });
    if (created) {
      await db.insert(profiles).values({
        userId: created.id,
        email: claims.email,
        firstName: claims.givenName ?? claims.name,
        lastName: claims.familyName,
      });
      return { userId: created.id, outcome: "created" };
    }
  }
  // Another request linked or created this account between our read and our write.
  if (retried) throw new GoogleSignInRefused("account changed during sign-in");
  return signInWithGoogle(db, claims, now, true);
}

// ── the OAuth flow ───────────────────────────────────────────────────────────────────────────

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

function googleAuthenticator(context: GoogleContext, request: Request) {
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
        cookie: { name: STATE_COOKIE, path: STATE_COOKIE_PATH, httpOnly: true, sameSite: "Lax", ...(env.APP_ENV === "production" ? { secure: true } : {}) },
      },
      async ({ tokens }) => {
        const claims = await verifyIdToken(tokens.idToken(), { clientId, issuer: env.GOOGLE_ISSUER, jwksUrl: env.GOOGLE_JWKS_URL });
        return signInWithGoogle(context.db, claims);
      },
    ),
    "google",
  );
  return authenticator;
}

const SIGN_IN_FAILED = {
  title: "Sign in failed",
  description: "We could not sign you in with Google. Please try again.",
  variant: "destructive",
} as const;

/**
 * 'Continue with Google': → the provider's consent screen (state + PKCE cookie set). A safe
 * same-site `redirectTo` in the query is kept for the callback; anything else means home.
 */
export async function startGoogleSignIn(request: Request, context: AppLoadContext): Promise<Response> {
  const redirectTo = safeRedirect(new URL(request.url).searchParams.get("redirectTo"));
  if (!isGoogleConfigured(context.env)) {
    return redirectWithToast(context, authPage(redirectTo), {
      title: "Google sign-in is not set up",
      description: "Sign in with your email and password instead.",
      variant: "destructive",
    });
  }
  // Another site may link here, but only our own pages start a sign-in (the user clicks again).
  if (request.headers.get("Sec-Fetch-Site") === "cross-site") return redirect(authPage(redirectTo));
  try {
    await googleAuthenticator(context, request).authenticate("google", request);
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
  return redirectWithToast(context, authPage(redirectTo), SIGN_IN_FAILED);
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
    const result = await googleAuthenticator(context, request).authenticate("google", request);
    headers.append("Set-Cookie", await createSession(context, result.userId, request));
    headers.append(
      "Set-Cookie",
      await toastCookie(context, {
        title: "Signed in",
        description: result.outcome === "created" ? "Welcome to LockerSwap!" : "Welcome back!",
        variant: "success",
      }),
    );
    console.info(JSON.stringify({ event: "google_sign_in", outcome: result.outcome, userId: result.userId }));
    return redirect(redirectTo, { headers });
  } catch (thrown) {
    // No state in the URL makes the strategy start over with a redirect: refuse that here.
    logFailure("callback", thrown instanceof Response ? new Error("callback without state") : thrown);
    return redirectWithToast(context, authPage(redirectTo), SIGN_IN_FAILED, { headers });
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
