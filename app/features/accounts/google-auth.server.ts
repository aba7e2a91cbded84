// Google sign-in (ADR 005): who a Google id_token says the user is, and the account
// that goes with it. The id_token is checked with `jose` against the provider's key set, fetched for
// each sign-in (ADR 019); `email_verified` is required. The OAuth round trip itself (remix-auth,
// state and PKCE cookies, redirects, toasts) is the web layer's (app/web/google-auth.server.ts).
// Endpoints come from the environment so the tests and `npm start` point them at a local OIDC
// provider (scripts/oidc-provider.ts); production uses Google's defaults.
import { and, eq, isNull } from "drizzle-orm";
import { createRemoteJWKSet, customFetch, decodeProtectedHeader, errors as joseErrors, jwtVerify, type JWTPayload } from "jose";
import type { Db } from "#db/client";
import { profiles, users } from "#db/schema";
import { normalizeEmail } from "./accounts.server";

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
 * How jose fetches the key set: a network failure, a non-200 answer or a body that is no key set
 * becomes a refusal in our own words. A plain function; it holds nothing between requests.
 */
async function fetchJwks(url: string, init: RequestInit): Promise<Response> {
  let response: Response;
  try {
    response = await fetch(url, init);
  } catch (error) {
    throw new IdTokenError(`JWKS unreachable (${(error as Error).name})`);
  }
  if (!response.ok) throw new IdTokenError(`JWKS answered ${response.status}`);
  const body = (await response.json().catch(() => null)) as { keys?: unknown } | null;
  if (!body || !Array.isArray(body.keys)) throw new IdTokenError("JWKS malformed");
  return Response.json(body);
}

/**
 * The provider's signing keys for this sign-in (ADR 019). Created per call, never kept in a
 * module: on Workers nothing may outlive its request, and a cached key set holds a pending fetch
 * that another request would await. Sign-ins are rare; one subrequest each is cheap, and a rotated
 * key works at once.
 */
function providerKeys(jwksUrl: string) {
  return createRemoteJWKSet(new URL(jwksUrl), {
    timeoutDuration: JWKS_TIMEOUT_MS,
    headers: { Accept: "application/json" },
    [customFetch]: fetchJwks,
  });
}

/** What jose refused, in the words our logs and tests use. */
function refusal(error: unknown): IdTokenError {
  if (error instanceof IdTokenError) return error;
  if (error instanceof joseErrors.JWSSignatureVerificationFailed) return new IdTokenError("bad signature");
  if (error instanceof joseErrors.JWKSNoMatchingKey) return new IdTokenError("unknown signing key");
  if (error instanceof joseErrors.JWTExpired) return new IdTokenError("token expired");
  if (error instanceof joseErrors.JWTClaimValidationFailed) {
    const byClaim: Record<string, string> = {
      iss: "wrong issuer",
      aud: "wrong audience",
      iat: "token issued in the future",
      sub: "token has no subject",
    };
    return new IdTokenError(byClaim[error.claim] ?? `bad claim ${error.claim}`);
  }
  if (error instanceof joseErrors.JOSEAlgNotAllowed || error instanceof joseErrors.JOSENotSupported)
    return new IdTokenError("unexpected alg");
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
    ({ payload: claims } = await jwtVerify(idToken, providerKeys(options.jwksUrl), {
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

/** A new person came back from Google without the age step (ADR 092): no account is made; they are sent to it. */
export class GoogleNeedsAge extends Error {
  name = "GoogleNeedsAge";
}

/**
 * The account for verified Google claims: the one already linked to this Google subject; else the
 * one with the same e-mail, which gets linked; else a new account (e-mail verified, no password)
 * with a profile from the claims — only with `birth` from the age step (else GoogleNeedsAge, and
 * nothing of the claims is kept: ADR 092).
 */
export async function signInWithGoogle(
  db: Db,
  claims: GoogleClaims,
  birth: { year: number; month: number } | null,
  now = new Date(),
  retried = false,
): Promise<GoogleSignIn> {
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
    if (!birth) throw new GoogleNeedsAge("a new account needs the age step");
    const [created] = await db
      .insert(users)
      .values({ email: claims.email, emailVerifiedAt: now, googleSub: claims.sub, birthYear: birth.year, birthMonth: birth.month })
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
  return signInWithGoogle(db, claims, birth, now, true);
}
