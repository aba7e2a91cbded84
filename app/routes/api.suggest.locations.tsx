import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { searchLocations } from "~/features/geo/geo.server";
import { stripControlCharacters } from "~/shared/text";

// GET /api/suggest/locations?q= — the location-search replacement (spec 01 §7): displayName list
// from the embedded ZIP data. Failures are only logged (spec 01 §8).
export async function loader({ request, context }: LoaderFunctionArgs) {
  const q = stripControlCharacters(new URL(request.url).searchParams.get("q") ?? "").trim();
  try {
    const locations = await searchLocations(context.db, q);
    return Response.json({ locations }, { headers: { "Cache-Control": "public, max-age=3600" } });
  } catch (error) {
    console.error("location suggestions failed", error);
    return Response.json({ locations: [] });
  }
}
