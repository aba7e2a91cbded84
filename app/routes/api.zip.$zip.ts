import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { lookupZip } from "~/features/geo/geo.server";

/** ZIP → city and state for the sign-up form's lookup (01 §2). `{ ok: false }` when unknown. */
export async function loader({ params, context }: LoaderFunctionArgs) {
  const found = await lookupZip(context.db, params.zip);
  const body = found.ok ? { ok: true, city: found.city, state: found.state } : { ok: false };
  return new Response(JSON.stringify(body), {
    headers: { "Content-Type": "application/json", "Cache-Control": "public, max-age=86400" },
  });
}
