import { z } from "zod";

/**
 * Worker configuration, parsed once per isolate. A missing or invalid variable fails fast with a
 * message naming it (the Worker answers 500 with that line logged; nothing half-configured runs).
 */
/** `http(s)://host[:port]`, optionally with a trailing slash, and nothing else. */
function isHttpOrigin(value: string) {
  try {
    const url = new URL(value);
    return (url.protocol === "https:" || url.protocol === "http:") && url.origin === value.replace(/\/$/, "");
  } catch {
    return false;
  }
}

/** Where `npm start` serves when APP_ORIGIN is not set (never used in production, where it is required). */
export const LOCAL_APP_ORIGIN = "http://127.0.0.1:8787";

const Vars = z
  .object({
    APP_ENV: z.enum(["development", "test", "production"]),
    /**
     * The site's own origin (`https://lockerswap.example`): every absolute link we hand out (links in
     * mails, the Google redirect_uri) is built from it, never from the request's Host header, which a
     * client can forge (ADR 013). Required in production.
     */
    APP_ORIGIN: z
      .string()
      .refine(isHttpOrigin, "must be an origin such as https://lockerswap.example (scheme and host only, no path)")
      .transform((value) => new URL(value).origin)
      .optional(),
    DATABASE_URL: z
      .string({ error: "is required" })
      .regex(/^(libsql|https?|wss?|file):/, "must be a libsql://, https://, http:// or file: URL"),
    DATABASE_AUTH_TOKEN: z.string().optional(),
    SESSION_SECRET: z.string({ error: "is required" }).min(32, "must be at least 32 characters"),
    REALTIME_SECRET: z.string({ error: "is required" }).min(32, "must be at least 32 characters"),
    /** 01 §4 testing mode: only ever available when the deployment turns it on. */
    TESTING_MODE: z.enum(["on", "off"]).default("off"),
    /**
     * Round-trip tracing (ADR 034): label each page view's database requests so the local libSQL
     * server can count them (bench/round-trips.ts). Local stack only; refused in production.
     */
    DB_TRACE: z.enum(["on", "off"]).default("off"),
    /**
     * Where a signed-out visitor is taken to be when the edge gives no location (ADR 035): Workers in
     * production use Cloudflare's `request.cf`; locally there is none, so this ZIP stands in.
     */
    DEFAULT_VISITOR_ZIP: z
      .string()
      .regex(/^\d{5}$/, "must be a 5-digit ZIP")
      .optional(),
    /** Dev-only pages (/dev/*): the mail outbox, the realtime test room. Never in production. */
    DEV_ROUTES: z.enum(["on", "off"]).default("off"),
    /** Bytes of pending (not yet saved) photo uploads one account may hold (app/features/photos/ledger.server.ts). */
    PHOTO_PENDING_QUOTA_BYTES: z.coerce.number().int().positive().optional(),
    /** HMAC key mixed into every password hash (app/features/accounts/password.server.ts). */
    PASSWORD_PEPPER: z.string({ error: "is required" }).min(32, "must be at least 32 characters"),
    /** Mail provider over HTTP (JSON POST with a bearer key). Without it mail goes to the outbox table. */
    MAIL_PROVIDER_URL: z.string().url("must be a URL").optional(),
    MAIL_API_KEY: z.string().optional(),
    MAIL_FROM: z.string().optional(),
    /** Google sign-in (ADR 005); absent → the button says it is not set up. */
    GOOGLE_CLIENT_ID: z.string().optional(),
    GOOGLE_CLIENT_SECRET: z.string().optional(),
    /** Google's endpoints; tests and npm start point them at a local OIDC provider (scripts/oidc-provider.ts). */
    GOOGLE_AUTHORIZATION_URL: z.string().url("must be a URL").default("https://accounts.google.com/o/oauth2/v2/auth"),
    GOOGLE_TOKEN_URL: z.string().url("must be a URL").default("https://oauth2.googleapis.com/token"),
    GOOGLE_JWKS_URL: z.string().url("must be a URL").default("https://www.googleapis.com/oauth2/v3/certs"),
    GOOGLE_ISSUER: z.string().default("https://accounts.google.com"),
    /**
     * Web Push (ADR 087): the VAPID key pair (RFC 8292; base64url P-256 public point and private
     * scalar) and the contact the push services see. Absent → the settings say push is not set up.
     */
    VAPID_PUBLIC_KEY: z
      .string()
      .regex(/^B[A-Za-z0-9_-]{86}$/, "must be a base64url uncompressed P-256 public key (87 characters)")
      .optional(),
    VAPID_PRIVATE_KEY: z
      .string()
      .regex(/^[A-Za-z0-9_-]{43}$/, "must be a base64url P-256 private key (43 characters)")
      .optional(),
    VAPID_SUBJECT: z
      .string()
      .regex(/^(mailto:|https:\/\/)\S+$/, "must be a mailto: or https:// URL")
      .optional(),
    /**
     * The local push-service stand-in's origin (scripts/push-service.ts): the one endpoint origin
     * besides the known push services a subscription may name. Server configuration, never a
     * person's input; refused in production.
     */
    PUSH_SERVICE_TEST_ORIGIN: z.string().refine(isHttpOrigin, "must be an origin").optional(),
    /** Auth rate limits (app/features/accounts/rate-limit.server.ts); absent → production-sized defaults. */
    AUTH_LIMIT_PER_EMAIL: z.coerce.number().int().positive().optional(),
    AUTH_LIMIT_PER_IP: z.coerce.number().int().positive().optional(),
    AUTH_LIMIT_WINDOW_SECONDS: z.coerce.number().int().positive().optional(),
  })
  .superRefine((vars, ctx) => {
    // Production never writes mail to the database outbox: a provider must be configured.
    if (vars.APP_ENV !== "production") return;
    if (!vars.APP_ORIGIN) ctx.addIssue({ code: "custom", path: ["APP_ORIGIN"], message: "is required in production" });
    else if (!vars.APP_ORIGIN.startsWith("https://"))
      ctx.addIssue({ code: "custom", path: ["APP_ORIGIN"], message: "must be https:// in production" });
    for (const key of ["MAIL_PROVIDER_URL", "MAIL_API_KEY", "MAIL_FROM"] as const) {
      if (!vars[key]) ctx.addIssue({ code: "custom", path: [key], message: "is required in production" });
    }
    if (vars.PUSH_SERVICE_TEST_ORIGIN)
      ctx.addIssue({ code: "custom", path: ["PUSH_SERVICE_TEST_ORIGIN"], message: "is refused in production" });
    // The local Google stand-in (http on loopback, ADR 019) can never serve a production sign-in.
    for (const key of ["GOOGLE_AUTHORIZATION_URL", "GOOGLE_TOKEN_URL", "GOOGLE_JWKS_URL", "GOOGLE_ISSUER"] as const) {
      if (!vars[key].startsWith("https://")) ctx.addIssue({ code: "custom", path: [key], message: "must be https:// in production" });
    }
  });

export type AppEnv = Omit<z.infer<typeof Vars>, "APP_ORIGIN"> & {
  APP_ORIGIN: string;
  devRoutes: boolean;
  testingMode: boolean;
  dbTrace: boolean;
};

export interface Bindings {
  PHOTOS: R2Bucket;
  ASSETS?: Fetcher;
  LobbyRoom: DurableObjectNamespace;
  ClubRoom: DurableObjectNamespace;
  UserRoom: DurableObjectNamespace;
  [key: string]: unknown;
}

export class EnvError extends Error {
  name = "EnvError";
}

const cache = new WeakMap<object, AppEnv>();

export function parseEnv(raw: Record<string, unknown>): AppEnv {
  const hit = cache.get(raw);
  if (hit) return hit;
  const result = Vars.safeParse(raw);
  if (!result.success) {
    const problems = result.error.issues.map((i) => `${i.path.join(".")} ${i.message}`).join("; ");
    throw new EnvError(`Invalid environment: ${problems}`);
  }
  for (const binding of ["PHOTOS", "LobbyRoom", "ClubRoom", "UserRoom"]) {
    if (!raw[binding]) throw new EnvError(`Invalid environment: binding ${binding} is missing`);
  }
  const env = Object.assign(result.data, {
    APP_ORIGIN: result.data.APP_ORIGIN ?? LOCAL_APP_ORIGIN,
    // Dev pages are refused in production whatever the variable says.
    devRoutes: result.data.DEV_ROUTES === "on" && result.data.APP_ENV !== "production",
    testingMode: result.data.TESTING_MODE === "on",
    dbTrace: result.data.DB_TRACE === "on" && result.data.APP_ENV !== "production",
  });
  cache.set(raw, env);
  return env;
}
