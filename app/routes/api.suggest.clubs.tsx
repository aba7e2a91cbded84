import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { suggestClubs } from "~/features/search/suggestions.server";
import { getUser } from "~/web/session.server";
import { stripControlCharacters } from "~/shared/text";

// GET /api/suggest/clubs?q= — the Advanced Filters club combobox (spec 01 §7: ≤ 10 by name).
export async function loader({ request, context }: LoaderFunctionArgs) {
  const q = stripControlCharacters(new URL(request.url).searchParams.get("q") ?? "").trim();
  const viewer = await getUser(request, context);
  try {
    return Response.json(
      { clubs: await suggestClubs(context.db, viewer, q.slice(0, 100)) },
      { headers: { "Cache-Control": "private, no-store" } },
    );
  } catch (error) {
    console.error("club search failed", error);
    return Response.json({ clubs: [] });
  }
}
