/** Security headers and the cross-site write guard applied by server.ts to every response. */
import { bytesToBase64 } from "./crypto";

export function createNonce() {
  return bytesToBase64(crypto.getRandomValues(new Uint8Array(16)));
}

export function contentSecurityPolicy(nonce: string, url: URL) {
  const wsOrigin = `${url.protocol === "https:" ? "wss:" : "ws:"}//${url.host}`;
  return [
    "default-src 'self'",
    `script-src 'nonce-${nonce}' 'strict-dynamic'`,
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "font-src 'self'",
    `connect-src 'self' ${wsOrigin}`,
    // The service worker (public/sw.js, ADR 087): our own origin only.
    "worker-src 'self'",
    "manifest-src 'self'",
    "object-src 'none'",
    "base-uri 'none'",
    "frame-ancestors 'none'",
    "form-action 'self'",
  ].join("; ");
}

/** Production is what the deployment says it is (wrangler.toml `APP_ENV`), never the request. */
export const isProduction = (env: { APP_ENV: string }) => env.APP_ENV === "production";

/**
 * Every response's headers: the nonce CSP on HTML (pages, error pages and the 404 alike), and HSTS
 * only in production — locally the stack is plain http://127.0.0.1, where HSTS would pin nothing useful.
 */
export function applySecurityHeaders(headers: Headers, opts: { nonce: string; url: URL; env: { APP_ENV: string } }) {
  if ((headers.get("content-type") ?? "").includes("text/html")) {
    headers.set("Content-Security-Policy", contentSecurityPolicy(opts.nonce, opts.url));
  }
  headers.set("X-Content-Type-Options", "nosniff");
  headers.set("Referrer-Policy", "strict-origin-when-cross-origin");
  headers.set("Permissions-Policy", "camera=(), microphone=(), geolocation=(), payment=(), usb=()");
  headers.set("X-Frame-Options", "DENY");
  headers.set("Cross-Origin-Opener-Policy", "same-origin");
  if (isProduction(opts.env)) headers.set("Strict-Transport-Security", "max-age=63072000; includeSubDomains; preload");
}

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/**
 * A state-changing request that a browser says came from another site. Sec-Fetch-Site is sent by
 * every current browser; Origin covers older ones. Requests with neither (curl, server-to-server)
 * carry no ambient browser credentials worth protecting and pass.
 */
export function isCrossSiteWrite(request: Request) {
  if (SAFE_METHODS.has(request.method)) return false;
  const site = request.headers.get("Sec-Fetch-Site");
  if (site && site !== "same-origin" && site !== "none") return true;
  const origin = request.headers.get("Origin");
  if (origin === null) return false;
  return origin !== new URL(request.url).origin;
}

/**
 * The longest redirect target kept (the sign-in form's `redirectTo` accepts the same). A longer
 * one would make a Location header bigger than clients and proxies read (Node's parser stops at
 * 16 KB), so a very long query answers a broken response instead of a redirect.
 */
export const MAX_RETURN_PATH = 2000;

/** Where to come back to after signing in: the request's path and query, or the path alone when that is too long. */
export function returnPath(url: URL): string {
  const full = `${url.pathname}${url.search}`;
  if (full.length <= MAX_RETURN_PATH) return full;
  return url.pathname.length <= MAX_RETURN_PATH ? url.pathname : "/";
}

/** A placeholder origin to resolve targets against: only paths on it are ever accepted. */
const REDIRECT_BASE = "https://redirect-target.invalid";

/**
 * A server-built redirect target as a valid `Location` value. Paths built from a URL parameter
 * (`/listing/${params.id}`) carry what the request's URL decoded, control characters included, which
 * no header may hold: a response with one is unreadable to the client. Anything outside printable
 * ASCII is percent-encoded the way a browser would (the URL parser); clean targets pass unchanged.
 */
export function locationValue(target: string): string {
  if (!/[^\u0021-\u007e]/.test(target)) return target;
  const url = new URL(target, REDIRECT_BASE);
  return url.origin === REDIRECT_BASE ? `${url.pathname}${url.search}${url.hash}` : url.href;
}

/**
 * The one check for every redirect to a user-given target (`redirectTo` on /auth, /favorites, the
 * location form, the Google round trip): a path on this site, or the fallback. The target is
 * normalised first (dot segments, backslashes, percent-encoding) and the check runs on the result,
 * which is what the browser would follow: `/..//evil.example` normalises to `//evil.example` and is
 * refused. Control characters (which the URL parser would silently drop, and which cannot go in a
 * Location header) refuse the target too, so a CR/LF answers a redirect to the fallback, never a 500.
 */
export function safeRedirect(to: FormDataEntryValue | string | null | undefined, fallback = "/"): string {
  if (typeof to !== "string" || !to.startsWith("/")) return fallback;
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u001f\u007f]/.test(to)) return fallback;
  let url: URL;
  try {
    url = new URL(to, REDIRECT_BASE);
  } catch {
    return fallback;
  }
  if (url.origin !== REDIRECT_BASE) return fallback;
  const target = `${url.pathname}${url.search}${url.hash}`;
  // Checked on the output: a browser must read it as a path on this site, not as `//host`.
  if (!target.startsWith("/") || target.startsWith("//") || target.startsWith("/\\")) return fallback;
  if (new URL(target, REDIRECT_BASE).origin !== REDIRECT_BASE) return fallback;
  if (target.length > MAX_RETURN_PATH) return fallback;
  return target;
}
