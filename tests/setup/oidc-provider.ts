/**
 * A small local OpenID Connect provider standing in for Google in tests (STYLE.md: third parties
 * are faked at the edge, speaking the real protocol). Authorization code flow with PKCE S256:
 *
 *   GET  /authorize   auto-approves: redirects to redirect_uri with `code` and `state`
 *   POST /token       code + code_verifier (checked against the S256 challenge), client
 *                     credentials by HTTP Basic or in the body, redirect_uri → tokens with id_token
 *   GET  /jwks        the RSA public key generated at start
 *   GET  /.well-known/openid-configuration
 *
 * Who signs in: the browser's `oidc_session` cookie (like being signed in at Google) naming an
 * identity registered with POST /test/identities; else the `login_hint` e-mail of a registered
 * identity; else the identity queued with POST /test/next-identity (used once). An identity with
 * `forge: true` gets an id_token signed by a key that is not in the JWKS (same kid); `deny: true`
 * answers `error=access_denied`.
 */
import { createHash, createSign, generateKeyPairSync, randomBytes, type KeyObject } from "node:crypto";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

export type OidcIdentity = {
  sub: string;
  email: string;
  email_verified: boolean;
  given_name?: string;
  family_name?: string;
  name?: string;
  /** Sign this identity's id_token with a key the JWKS does not hold. */
  forge?: boolean;
  /** The user declines consent. */
  deny?: boolean;
};

export const OIDC_SESSION_COOKIE = "oidc_session";

type PendingCode = {
  clientId: string;
  redirectUri: string;
  codeChallenge: string;
  identity: OidcIdentity;
  nonce: string | null;
  expiresAt: number;
};

const base64url = (input: Buffer | string) => Buffer.from(input).toString("base64url");

function readBody(request: IncomingMessage) {
  return new Promise<string>((resolve, reject) => {
    let body = "";
    request.setEncoding("utf8");
    request.on("data", (chunk) => (body += chunk));
    request.on("end", () => resolve(body));
    request.on("error", reject);
  });
}

function cookieValue(request: IncomingMessage, name: string) {
  for (const part of (request.headers.cookie ?? "").split(";")) {
    const index = part.indexOf("=");
    if (index !== -1 && part.slice(0, index).trim() === name) return decodeURIComponent(part.slice(index + 1).trim());
  }
  return null;
}

function json(response: ServerResponse, status: number, body: unknown) {
  response.writeHead(status, { "Content-Type": "application/json", "Cache-Control": "no-store" });
  response.end(JSON.stringify(body));
}

function text(response: ServerResponse, status: number, body: string) {
  response.writeHead(status, { "Content-Type": "text/plain; charset=utf-8" });
  response.end(body);
}

export async function startOidcProvider(opts: { clientId: string; clientSecret: string; port?: number; host?: string }) {
  const host = opts.host ?? "127.0.0.1";
  const kid = `test-${randomBytes(4).toString("hex")}`;
  const { privateKey, publicKey } = generateKeyPairSync("rsa", { modulusLength: 2048 });
  // Same kid, other key: what a forger without our private key would produce.
  const forgedKey = generateKeyPairSync("rsa", { modulusLength: 2048 }).privateKey;
  const identities = new Map<string, OidcIdentity>();
  const nextIdentities: OidcIdentity[] = [];
  const codes = new Map<string, PendingCode>();
  let issuer = "";

  /** Registers an identity; the returned session is the value for the `oidc_session` cookie. */
  function addIdentity(identity: OidcIdentity) {
    const session = randomBytes(16).toString("hex");
    identities.set(session, identity);
    return session;
  }

  function signJwt(payload: Record<string, unknown>, key: KeyObject) {
    const input = `${base64url(JSON.stringify({ alg: "RS256", typ: "JWT", kid }))}.${base64url(JSON.stringify(payload))}`;
    const signature = createSign("RSA-SHA256").update(input).sign(key);
    return `${input}.${base64url(signature)}`;
  }

  function identityFor(request: IncomingMessage, url: URL) {
    const session = cookieValue(request, OIDC_SESSION_COOKIE);
    if (session && identities.has(session)) return identities.get(session)!;
    const hint = url.searchParams.get("login_hint")?.toLowerCase();
    if (hint) {
      const hinted = [...identities.values()].reverse().find((identity) => identity.email.toLowerCase() === hint);
      if (hinted) return hinted;
    }
    return nextIdentities.shift() ?? null;
  }

  function authorize(request: IncomingMessage, response: ServerResponse, url: URL) {
    const params = url.searchParams;
    const redirectUri = params.get("redirect_uri");
    // Errors about the client or the redirect URI are shown, never redirected (RFC 6749 §4.1.2.1).
    if (params.get("client_id") !== opts.clientId) return text(response, 400, "unknown client_id");
    if (!redirectUri || !/^https?:\/\//.test(redirectUri)) return text(response, 400, "invalid redirect_uri");
    const back = new URL(redirectUri);
    const state = params.get("state");
    if (state) back.searchParams.set("state", state);
    const fail = (error: string, description: string) => {
      back.searchParams.set("error", error);
      back.searchParams.set("error_description", description);
      response.writeHead(302, { Location: back.toString() });
      response.end();
    };
    if (params.get("response_type") !== "code") return fail("unsupported_response_type", "only code is supported");
    const scopes = (params.get("scope") ?? "").split(" ");
    if (!scopes.includes("openid")) return fail("invalid_scope", "openid scope required");
    const codeChallenge = params.get("code_challenge");
    if (params.get("code_challenge_method") !== "S256" || !codeChallenge) return fail("invalid_request", "PKCE S256 required");
    const identity = identityFor(request, url);
    if (!identity) return fail("login_required", "no test identity chosen");
    if (identity.deny) return fail("access_denied", "the user declined");
    const code = randomBytes(24).toString("base64url");
    codes.set(code, {
      clientId: opts.clientId,
      redirectUri,
      codeChallenge,
      identity,
      nonce: params.get("nonce"),
      expiresAt: Date.now() + 60_000,
    });
    back.searchParams.set("code", code);
    response.writeHead(302, { Location: back.toString() });
    response.end();
  }

  async function token(request: IncomingMessage, response: ServerResponse) {
    const form = new URLSearchParams(await readBody(request));
    let clientId = form.get("client_id");
    let clientSecret = form.get("client_secret");
    const authorization = request.headers.authorization;
    if (authorization?.startsWith("Basic ")) {
      const decoded = Buffer.from(authorization.slice(6), "base64").toString("utf8");
      const colon = decoded.indexOf(":");
      clientId = decodeURIComponent(decoded.slice(0, colon));
      clientSecret = decodeURIComponent(decoded.slice(colon + 1));
    }
    if (clientId !== opts.clientId || clientSecret !== opts.clientSecret) {
      return json(response, 401, { error: "invalid_client", error_description: "bad client credentials" });
    }
    if (form.get("grant_type") !== "authorization_code") return json(response, 400, { error: "unsupported_grant_type" });
    const code = form.get("code") ?? "";
    const pending = codes.get(code);
    codes.delete(code); // single use, whatever happens next
    if (!pending || pending.expiresAt < Date.now()) return json(response, 400, { error: "invalid_grant", error_description: "unknown or expired code" });
    if (form.get("redirect_uri") !== pending.redirectUri) return json(response, 400, { error: "invalid_grant", error_description: "redirect_uri mismatch" });
    const verifier = form.get("code_verifier") ?? "";
    if (base64url(createHash("sha256").update(verifier).digest()) !== pending.codeChallenge) {
      return json(response, 400, { error: "invalid_grant", error_description: "PKCE verification failed" });
    }
    const now = Math.floor(Date.now() / 1000);
    const { forge, deny: _deny, ...claims } = pending.identity;
    const idToken = signJwt(
      { iss: issuer, aud: pending.clientId, azp: pending.clientId, iat: now, exp: now + 3600, ...(pending.nonce ? { nonce: pending.nonce } : {}), ...claims },
      forge ? forgedKey : privateKey,
    );
    json(response, 200, { access_token: randomBytes(24).toString("base64url"), id_token: idToken, token_type: "Bearer", expires_in: 3600, scope: "openid email profile" });
  }

  async function handle(request: IncomingMessage, response: ServerResponse) {
    const url = new URL(request.url ?? "/", issuer);
    const route = `${request.method} ${url.pathname}`;
    switch (route) {
      case "GET /authorize":
        return authorize(request, response, url);
      case "POST /token":
        return token(request, response);
      case "GET /jwks":
        return json(response, 200, { keys: [{ ...publicKey.export({ format: "jwk" }), kid, alg: "RS256", use: "sig" }] });
      case "GET /.well-known/openid-configuration":
        return json(response, 200, {
          issuer,
          authorization_endpoint: `${issuer}/authorize`,
          token_endpoint: `${issuer}/token`,
          jwks_uri: `${issuer}/jwks`,
          response_types_supported: ["code"],
          code_challenge_methods_supported: ["S256"],
          id_token_signing_alg_values_supported: ["RS256"],
        });
      case "POST /test/identities":
        return json(response, 201, { session: addIdentity(JSON.parse(await readBody(request)) as OidcIdentity) });
      case "POST /test/next-identity":
        nextIdentities.push(JSON.parse(await readBody(request)) as OidcIdentity);
        return json(response, 201, { queued: nextIdentities.length });
      default:
        return text(response, 404, "not found");
    }
  }

  const server = createServer((request, response) => {
    handle(request, response).catch((error: Error) => text(response, 500, error.message));
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(opts.port ?? 0, host, resolve);
  });
  issuer = `http://${host}:${(server.address() as AddressInfo).port}`;
  return {
    issuer,
    authorizationUrl: `${issuer}/authorize`,
    tokenUrl: `${issuer}/token`,
    jwksUrl: `${issuer}/jwks`,
    addIdentity,
    stop: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

export type OidcProvider = Awaited<ReturnType<typeof startOidcProvider>>;
