import { z } from "zod";

/**
 * Worker configuration, parsed once per isolate. A missing or invalid variable fails fast with a
 * message naming it (the Worker answers 500 with that line logged; nothing half-configured runs).
 */
const Vars = z.object({
  APP_ENV: z.enum(["development", "test", "production"]),
  DATABASE_URL: z
    .string({ error: "is required" })
    .regex(/^(libsql|https?|wss?|file):/, "must be a libsql://, https://, http:// or file: URL"),
  DATABASE_AUTH_TOKEN: z.string().optional(),
  SESSION_SECRET: z.string({ error: "is required" }).min(32, "must be at least 32 characters"),
  REALTIME_SECRET: z.string({ error: "is required" }).min(32, "must be at least 32 characters"),
  /** 01 §4 testing mode: only ever available when the deployment turns it on. */
  TESTING_MODE: z.enum(["on", "off"]).default("off"),
  /** Dev-only pages (/dev/*): the mail outbox, the realtime test room. Never in production. */
  DEV_ROUTES: z.enum(["on", "off"]).default("off"),
});

export type AppEnv = z.infer<typeof Vars> & { devRoutes: boolean; testingMode: boolean };

export interface Bindings {
  PHOTOS: R2Bucket;
  ASSETS?: Fetcher;
  LobbyRoom: DurableObjectNamespace;
  ClubRoom: DurableObjectNamespace;
  UserRoom: DurableObjectNamespace;
  ListingRoom: DurableObjectNamespace;
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
  for (const binding of ["PHOTOS", "LobbyRoom", "ClubRoom", "UserRoom", "ListingRoom"]) {
    if (!raw[binding]) throw new EnvError(`Invalid environment: binding ${binding} is missing`);
  }
  const env = Object.assign(result.data, {
    // Dev pages are refused in production whatever the variable says.
    devRoutes: result.data.DEV_ROUTES === "on" && result.data.APP_ENV !== "production",
    testingMode: result.data.TESTING_MODE === "on",
  });
  cache.set(raw, env);
  return env;
}
