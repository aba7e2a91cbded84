// "Near you" for signed-out visitors (ADR 035). Where a visitor is, in order:
// the ZIP they chose with 'Set your location' (a cookie: nothing is stored on the server), the
// local stack's DEFAULT_VISITOR_ZIP, then Cloudflare's own geolocation of the request
// (`request.cf`, put in the load context by worker.ts). Never a client header: anyone can send
// one; `request.cf` is set by Cloudflare's edge and cannot be forged by the client.
import { isZip } from "~/shared/zip";
import { readCookie } from "~/platform/cookies";

/** Where distances for a visitor are measured from. */
export type VisitorOrigin =
  { source: "chosen" | "default" | "edge"; zip: string } | { source: "edge"; latitude: number; longitude: number; place: string | null };

type Env = { APP_ENV: string };
const ONE_YEAR_SECONDS = 365 * 24 * 3600;

export function visitorZipCookieName(env: Env) {
  return env.APP_ENV === "production" ? "__Host-ls_visitor_zip" : "ls_visitor_zip";
}

/** Set-Cookie for the visitor's chosen ZIP (validated by the caller). */
export function visitorZipCookie(env: Env, zip: string) {
  const parts = [`${visitorZipCookieName(env)}=${zip}`, "Path=/", "HttpOnly", "SameSite=Lax", `Max-Age=${ONE_YEAR_SECONDS}`];
  if (env.APP_ENV === "production") parts.push("Secure");
  return parts.join("; ");
}

/** The fields of Cloudflare's `request.cf` we read; everything else is ignored. */
type EdgeGeo = { country?: unknown; postalCode?: unknown; latitude?: unknown; longitude?: unknown; city?: unknown; regionCode?: unknown };

function fromEdge(cf: unknown): VisitorOrigin | null {
  if (!cf || typeof cf !== "object") return null;
  const geo = cf as EdgeGeo;
  // Our ZIP data is the US's: a visitor elsewhere gets the plain newest list.
  if (geo.country !== "US") return null;
  if (typeof geo.postalCode === "string" && isZip(geo.postalCode)) return { source: "edge", zip: geo.postalCode };
  const latitude = Number(geo.latitude);
  const longitude = Number(geo.longitude);
  if (typeof geo.latitude !== "string" || typeof geo.longitude !== "string" || !Number.isFinite(latitude) || !Number.isFinite(longitude))
    return null;
  if (Math.abs(latitude) > 90 || Math.abs(longitude) > 180) return null;
  const city = typeof geo.city === "string" ? geo.city.slice(0, 60) : "";
  const region = typeof geo.regionCode === "string" ? geo.regionCode.slice(0, 3) : "";
  return { source: "edge", latitude, longitude, place: city ? (region ? `${city}, ${region}` : city) : null };
}

export function visitorOrigin(
  request: Request,
  context: { env: Env & { DEFAULT_VISITOR_ZIP?: string }; cloudflare?: { cf?: unknown } },
): VisitorOrigin | null {
  const chosen = readCookie(request, visitorZipCookieName(context.env));
  if (chosen && isZip(chosen)) return { source: "chosen", zip: chosen };
  // Locally the runtime's `cf` is a fixed placeholder (Austin, TX), so the configured default wins.
  if (context.env.DEFAULT_VISITOR_ZIP) return { source: "default", zip: context.env.DEFAULT_VISITOR_ZIP };
  return fromEdge(context.cloudflare?.cf);
}
