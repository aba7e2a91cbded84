/**
 * A small local OpenID Connect provider standing in for Google — in the tests and in `npm start`
 * (third parties are faked at the edge, speaking the real protocol; ADR 019). It is
 * never part of a deployment. Authorization code flow with PKCE S256:
 *
 *   GET  /authorize   a known identity (below) is approved at once; otherwise the account
 *                     chooser page: 'Local Google stand-in — not Google', the demo accounts and
 *                     "another e-mail"
 *   POST /authorize   the chooser's answer → redirect_uri with `code` and `state` (or
 *                     `error=access_denied` for Cancel)
 *   POST /token       code + code_verifier (checked against the S256 challenge), client
 *                     credentials by HTTP Basic or in the body, redirect_uri → tokens with id_token
 *   GET  /jwks        the RSA public key generated at start
 *   GET  /.well-known/openid-configuration
 *
 * Known identity: the browser's `oidc_session` cookie (like being signed in at Google) naming an
 * identity registered with addIdentity() or POST /test/identities; else the `login_hint` e-mail
 * of a registered identity; else the identity queued with POST /test/next-identity (used once).
 * The /test/* endpoints only answer with `testHooks: true` (the e2e server). An identity with
 * `forge: true` gets an id_token signed by a key that is not in the JWKS (same kid); `deny: true`
 * answers `error=access_denied`.
 */
import { createHash, createSign, generateKeyPairSync, randomBytes, type KeyObject } from "node:crypto";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { DEMO_ACCOUNTS } from "../db/seed/demo-accounts";

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

/** An account the chooser offers with one click (`npm start` lists the demo accounts). */
export type ChooserAccount = { email: string; given_name?: string; family_name?: string; label?: string };

/** The seeded demo accounts, as the chooser's one-click entries. */
export const DEMO_CHOOSER_ACCOUNTS: readonly ChooserAccount[] = DEMO_ACCOUNTS.map((account) => ({
  email: account.email,
  given_name: account.firstName,
  family_name: account.lastName,
  label: account.label,
}));

/** The authorization request, as validated before anyone is asked who they are. */
type AuthorizationRequest = { redirectUri: string; codeChallenge: string; nonce: string | null; back: URL; params: URLSearchParams };

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

const escapeHtml = (value: string) =>
  value.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!);

/** A stable subject per e-mail, so the same chooser pick signs in to the same account next time. */
export const localSubject = (email: string) => `local-${createHash("sha256").update(email.toLowerCase()).digest("hex").slice(0, 20)}`;

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** The forwarded authorization parameters, as hidden fields of each chooser form. */
const AUTHORIZE_PARAMS = [
  "client_id",
  "redirect_uri",
  "response_type",
  "scope",
  "state",
  "nonce",
  "code_challenge",
  "code_challenge_method",
  "login_hint",
];

function chooserPage(
  request: AuthorizationRequest,
  accounts: readonly ChooserAccount[],
  problem?: { message: string; email: string; name: string },
) {
  const hidden = AUTHORIZE_PARAMS.filter((key) => request.params.has(key))
    .map((key) => `<input type="hidden" name="${key}" value="${escapeHtml(request.params.get(key)!)}">`)
    .join("");
  const app = escapeHtml(new URL(request.redirectUri).host);
  const rows = accounts
    .map((account) => {
      const name = [account.given_name, account.family_name].filter(Boolean).join(" ") || account.email;
      const label = account.label ? ` <span class="tag">${escapeHtml(account.label)}</span>` : "";
      return `<li><button name="email" value="${escapeHtml(account.email)}"><strong>${escapeHtml(name)}</strong>${label}<br><span>${escapeHtml(account.email)}</span></button></li>`;
    })
    .join("");
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Local Google stand-in — not Google</title>
<style>
body{font:16px/1.4 system-ui,sans-serif;margin:0;background:#f1f3f4;color:#202124}
main{max-width:26rem;margin:2rem auto;background:#fff;border-radius:12px;padding:1.5rem;box-shadow:0 1px 3px #0003}
.notice{background:#fff4e5;border:1px solid #f0b35b;border-radius:8px;padding:.75rem;font-size:.9rem}
h1{font-size:1.4rem;margin:1rem 0 .25rem} p{margin:.25rem 0 1rem}
ul{list-style:none;padding:0;margin:0 0 1rem} li{margin:.5rem 0}
button{font:inherit;cursor:pointer;min-height:44px}
li button{width:100%;text-align:left;background:#fff;border:1px solid #dadce0;border-radius:8px;padding:.6rem .9rem}
li button:hover,li button:focus{background:#e8f0fe}
li span{color:#5f6368;font-size:.9rem} .tag{background:#e6f4ea;color:#137333;border-radius:4px;padding:0 .4rem;font-size:.8rem}
label{display:block;margin:.5rem 0 .2rem;font-weight:600} input[type=email],input[type=text]{font:inherit;width:100%;box-sizing:border-box;padding:.55rem;border:1px solid #80868b;border-radius:6px}
.primary{background:#1a73e8;color:#fff;border:0;border-radius:6px;padding:.5rem 1.2rem;margin-top:.75rem}
.cancel{background:none;border:0;color:#1a73e8;padding:.5rem 0}
.error{color:#b3261e;font-weight:600}
</style></head>
<body><main>
<p class="notice" role="note"><strong>Local Google stand-in — not Google.</strong> This page runs on your computer for the local demo and the tests; nothing leaves this machine. In production, Continue with Google goes to Google.</p>
<h1>Choose an account</h1>
<p>to continue to ${app}</p>
<form method="post" action="/authorize">${hidden}<ul>${rows}</ul></form>
<form method="post" action="/authorize">${hidden}
<h2 style="font-size:1rem;margin:1rem 0 0">Use another e-mail</h2>
${problem ? `<p class="error" role="alert" id="problem">${escapeHtml(problem.message)}</p>` : ""}
<label for="email">E-mail</label><input id="email" type="email" name="email" required autocomplete="email" value="${escapeHtml(problem?.email ?? "")}"${problem ? ' aria-describedby="problem" aria-invalid="true"' : ""}>
<label for="name">Name (optional)</label><input id="name" type="text" name="name" autocomplete="name" value="${escapeHtml(problem?.name ?? "")}">
<button class="primary" type="submit">Continue</button>
</form>
<form method="post" action="/authorize">${hidden}<button class="cancel" name="cancel" value="1">Cancel</button></form>
</main></body></html>`;
}

export async function startOidcProvider(opts: {
  clientId: string;
  clientSecret: string;
  port?: number;
  host?: string;
  /** One-click entries of the account chooser. */
  accounts?: readonly ChooserAccount[];
  /** Answer POST /test/identities and /test/next-identity (the e2e server; not npm start). */
  testHooks?: boolean;
}) {
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

  /** Checks the authorization request; answers the error itself (→ null) when it is unusable. */
  function authorizationRequest(params: URLSearchParams, response: ServerResponse): AuthorizationRequest | null {
    const redirectUri = params.get("redirect_uri");
    // Errors about the client or the redirect URI are shown, never redirected (RFC 6749 §4.1.2.1).
    if (params.get("client_id") !== opts.clientId) return (text(response, 400, "unknown client_id"), null);
    if (!redirectUri || !/^https?:\/\//.test(redirectUri)) return (text(response, 400, "invalid redirect_uri"), null);
    const back = new URL(redirectUri);
    const state = params.get("state");
    if (state) back.searchParams.set("state", state);
    const request = { redirectUri, codeChallenge: params.get("code_challenge") ?? "", nonce: params.get("nonce"), back, params };
    if (params.get("response_type") !== "code")
      return (fail(response, request, "unsupported_response_type", "only code is supported"), null);
    const scopes = (params.get("scope") ?? "").split(" ");
    if (!scopes.includes("openid")) return (fail(response, request, "invalid_scope", "openid scope required"), null);
    if (params.get("code_challenge_method") !== "S256" || !request.codeChallenge)
      return (fail(response, request, "invalid_request", "PKCE S256 required"), null);
    return request;
  }

  function fail(response: ServerResponse, request: Pick<AuthorizationRequest, "back">, error: string, description: string) {
    const back = new URL(request.back);
    back.searchParams.set("error", error);
    back.searchParams.set("error_description", description);
    response.writeHead(303, { Location: back.toString() });
    response.end();
  }

  function approve(response: ServerResponse, request: AuthorizationRequest, identity: OidcIdentity) {
    if (identity.deny) return fail(response, request, "access_denied", "the user declined");
    const code = randomBytes(24).toString("base64url");
    codes.set(code, {
      clientId: opts.clientId,
      redirectUri: request.redirectUri,
      codeChallenge: request.codeChallenge,
      identity,
      nonce: request.nonce,
      expiresAt: Date.now() + 60_000,
    });
    const back = new URL(request.back);
    back.searchParams.set("code", code);
    response.writeHead(303, { Location: back.toString() });
    response.end();
  }

  function html(response: ServerResponse, status: number, body: string) {
    response.writeHead(status, { "Content-Type": "text/html; charset=utf-8", "Cache-Control": "no-store", "X-Frame-Options": "DENY" });
    response.end(body);
  }

  function authorize(request: IncomingMessage, response: ServerResponse, url: URL) {
    const authorization = authorizationRequest(url.searchParams, response);
    if (!authorization) return;
    const identity = identityFor(request, url);
    if (identity) return approve(response, authorization, identity);
    html(response, 200, chooserPage(authorization, opts.accounts ?? []));
  }

  /** The account chooser's answer: a listed account, another e-mail, or Cancel. */
  async function choose(request: IncomingMessage, response: ServerResponse) {
    const form = new URLSearchParams(await readBody(request));
    const authorization = authorizationRequest(form, response);
    if (!authorization) return;
    if (form.has("cancel")) return fail(response, authorization, "access_denied", "the user cancelled");
    const email = (form.get("email") ?? "").trim().toLowerCase();
    const name = (form.get("name") ?? "").trim().slice(0, 100);
    if (!EMAIL.test(email) || email.length > 254) {
      return html(
        response,
        400,
        chooserPage(authorization, opts.accounts ?? [], { message: "Enter an e-mail address like name@example.com.", email, name }),
      );
    }
    const listed = (opts.accounts ?? []).find((account) => account.email.toLowerCase() === email);
    const [given, ...family] = name.split(/\s+/).filter(Boolean);
    approve(response, authorization, {
      sub: localSubject(email),
      email,
      email_verified: true,
      ...(listed
        ? { given_name: listed.given_name, family_name: listed.family_name }
        : given
          ? { given_name: given, ...(family.length ? { family_name: family.join(" ") } : {}) }
          : {}),
    });
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
    if (!pending || pending.expiresAt < Date.now())
      return json(response, 400, { error: "invalid_grant", error_description: "unknown or expired code" });
    if (form.get("redirect_uri") !== pending.redirectUri)
      return json(response, 400, { error: "invalid_grant", error_description: "redirect_uri mismatch" });
    const verifier = form.get("code_verifier") ?? "";
    if (base64url(createHash("sha256").update(verifier).digest()) !== pending.codeChallenge) {
      return json(response, 400, { error: "invalid_grant", error_description: "PKCE verification failed" });
    }
    const now = Math.floor(Date.now() / 1000);
    const { forge, deny: _deny, ...claims } = pending.identity;
    const idToken = signJwt(
      {
        iss: issuer,
        aud: pending.clientId,
        azp: pending.clientId,
        iat: now,
        exp: now + 3600,
        ...(pending.nonce ? { nonce: pending.nonce } : {}),
        ...claims,
      },
      forge ? forgedKey : privateKey,
    );
    json(response, 200, {
      access_token: randomBytes(24).toString("base64url"),
      id_token: idToken,
      token_type: "Bearer",
      expires_in: 3600,
      scope: "openid email profile",
    });
  }

  async function handle(request: IncomingMessage, response: ServerResponse) {
    const url = new URL(request.url ?? "/", issuer);
    const route = `${request.method} ${url.pathname}`;
    switch (route) {
      case "GET /authorize":
        return authorize(request, response, url);
      case "POST /authorize":
        return choose(request, response);
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
        if (!opts.testHooks) return text(response, 404, "not found");
        return json(response, 201, { session: addIdentity(JSON.parse(await readBody(request)) as OidcIdentity) });
      case "POST /test/next-identity":
        if (!opts.testHooks) return text(response, 404, "not found");
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
    clientId: opts.clientId,
    clientSecret: opts.clientSecret,
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

/** The Worker variables that send 'Continue with Google' to this provider instead of Google. */
export function googleVarsFor(provider: OidcProvider) {
  return {
    GOOGLE_CLIENT_ID: provider.clientId,
    GOOGLE_CLIENT_SECRET: provider.clientSecret,
    GOOGLE_AUTHORIZATION_URL: provider.authorizationUrl,
    GOOGLE_TOKEN_URL: provider.tokenUrl,
    GOOGLE_JWKS_URL: provider.jwksUrl,
    GOOGLE_ISSUER: provider.issuer,
  };
}
