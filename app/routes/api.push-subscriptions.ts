import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { pushConfigured, subscribeDevice } from "~/features/notifications/push.server";
import { deviceLabel } from "~/shared/device-label";
import { PUSH_TEXT } from "~/shared/copy/push";
import { PushSubscriptionSchema } from "~/shared/schemas/push-subscription";
import { getUser } from "~/web/session.server";

/**
 * POST /api/push-subscriptions — 'Notifications on this device' (ADR 087): a form post whose
 * `subscription` field is the browser's PushSubscription as JSON (every POST of the app is a form
 * body, app/web/request-guards.server.ts) → 201 `{ id }`, stored for the signed-in person (nothing
 * posted names whose). Refused with 400 and a sentence: not JSON, a field over 4 KB, an endpoint that is not a
 * known push service over https (loopback, private addresses, http, IP literals — the server never
 * sends to an address a person chose), keys that are not a P-256 point and a 16-byte secret; 409
 * at 10 devices; 401 signed out; 503 when push is not configured. The cross-site write guard
 * applies as to every POST.
 */
const json = (body: { id: string } | { error: string }, status: number) =>
  new Response(JSON.stringify(body), { status, headers: { "Content-Type": "application/json", "Cache-Control": "no-store" } });

const MAX_BODY_BYTES = 4096;

export async function action({ request, context }: ActionFunctionArgs) {
  if (request.method !== "POST") return json({ error: "Method not allowed" }, 405);
  const viewer = await getUser(request, context);
  if (!viewer) return json({ error: "Please sign in to get notifications" }, 401);
  if (!pushConfigured(context.env)) return json({ error: PUSH_TEXT.notSetUp }, 503);
  const field = (await request.formData()).get("subscription");
  const text = typeof field === "string" ? field : "";
  if (new TextEncoder().encode(text).length > MAX_BODY_BYTES) return json({ error: PUSH_TEXT.endpointTooLong }, 400);
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    return json({ error: PUSH_TEXT.badEndpoint }, 400);
  }
  const parsed = PushSubscriptionSchema.safeParse(body);
  if (!parsed.success) return json({ error: parsed.error.issues[0]?.message ?? PUSH_TEXT.badEndpoint }, 400);
  const result = await subscribeDevice(
    context.db,
    context.env,
    viewer.id,
    parsed.data,
    deviceLabel(request.headers.get("User-Agent") ?? ""),
  );
  if (!result.ok) return json({ error: result.message }, result.status);
  return json({ id: result.id }, 201);
}
