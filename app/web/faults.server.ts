// Dev-only fault switch (ADR 047): makes R2 or the rooms fail for real on a local
// stack so the fault tests can watch the app survive it. The database needs no switch: its local
// server is simply stopped. Only worker.ts imports this module (the server build is bundled
// separately, so a route importing it would hold a second, unconnected copy of the switch).
//
// `POST /dev/faults` (form: fault=r2-put|r2-delete|rooms, state=on|off) and `GET /dev/faults`
// answer only when DEV_ROUTES=on, which parseEnv refuses in production: there the switch does not
// exist and every binding is handed on untouched.
import type { Bindings } from "~/platform/env.server";
import { ROOM_KINDS } from "~/features/realtime/realtime.server";

export const FAULTS = ["r2-put", "r2-delete", "rooms"] as const;
export type Fault = (typeof FAULTS)[number];

// Plain values only at module level (no I/O, no promises): which faults are on in this isolate.
// `wrangler dev` runs one isolate, which is all the switch is for.
const active = new Set<Fault>();

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json", "Cache-Control": "no-store" } });

/** The switch's endpoint; `devRoutes` is parseEnv(env).devRoutes (never true in production). */
export async function faultSwitch(request: Request, devRoutes: boolean): Promise<Response> {
  if (!devRoutes) return new Response("Not found", { status: 404 });
  if (request.method === "POST") {
    const form = await request.formData();
    const fault = form.get("fault");
    const state = form.get("state");
    if (!FAULTS.includes(fault as Fault) || (state !== "on" && state !== "off")) {
      return json({ error: `fault must be one of ${FAULTS.join(", ")}; state on or off` }, 400);
    }
    if (state === "on") active.add(fault as Fault);
    else active.delete(fault as Fault);
    console.log(JSON.stringify({ level: "warn", event: "fault_switch", fault, state }));
  } else if (request.method !== "GET") return json({ error: "Method not allowed" }, 405);
  return json({ active: [...active] });
}

const failing = (what: string) => () => Promise.reject(new Error(`${what} failed: fault switched on (/dev/faults)`));

/**
 * The bindings this request sees: the real ones, except those a switched-on fault breaks. With
 * nothing switched on (always, in production) the very same object comes back.
 */
export function withFaults<E extends Bindings>(env: E, devRoutes: boolean): E {
  if (!devRoutes || active.size === 0) return env;
  const broken: Record<string, unknown> = {};
  if (active.has("r2-put") || active.has("r2-delete")) {
    const bucket = env.PHOTOS;
    broken.PHOTOS = {
      head: bucket.head.bind(bucket),
      get: bucket.get.bind(bucket),
      list: bucket.list.bind(bucket),
      put: active.has("r2-put") ? failing("R2 put") : bucket.put.bind(bucket),
      delete: active.has("r2-delete") ? failing("R2 delete") : bucket.delete.bind(bucket),
    };
  }
  if (active.has("rooms")) {
    // A room that cannot be reached: ids resolve, every request to the Durable Object fails.
    for (const { binding } of Object.values(ROOM_KINDS)) {
      const namespace = env[binding] as DurableObjectNamespace;
      broken[binding] = {
        idFromName: (name: string) => namespace.idFromName(name),
        idFromString: (id: string) => namespace.idFromString(id),
        get: () => ({ fetch: failing("Durable Object request") }),
      };
    }
  }
  return { ...env, ...broken };
}
