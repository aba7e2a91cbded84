import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { suggestListings } from "~/features/search/suggestions.server";
import { getUser } from "~/web/session.server";
import { stripControlCharacters } from "~/shared/text";

// GET /api/suggest/listings?q= — at most 5 keyword suggestions (spec 01 §7), visibility applied,
// no price for signed-out visitors. Failures are only logged (spec 01 §8): an empty list.
export async function loader({ request, context }: LoaderFunctionArgs) {
  const q = stripControlCharacters(new URL(request.url).searchParams.get("q") ?? "").trim();
  const viewer = await getUser(request, context);
  try {
    return Response.json(
      { suggestions: await suggestListings(context.db, viewer, q.slice(0, 100)) },
      { headers: { "Cache-Control": "private, no-store" } },
    );
  } catch (error) {
    console.error("listing suggestions failed", error);
    return Response.json({ suggestions: [] });
  }
}
