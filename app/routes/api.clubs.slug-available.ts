import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { isSlugAvailable } from "~/features/clubs/club-create.server";
import { slugProblem } from "~/shared/club-slug";

/**
 * `GET /api/clubs/slug-available?slug=` → `{ available }` for the create-club form's on-blur check
 * (02 §2). Only a hint: the action re-checks, and the unique index decides a race.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const slug = (new URL(request.url).searchParams.get("slug") ?? "").trim().toLowerCase();
  const available = slugProblem(slug) === null && (await isSlugAvailable(context.db, slug));
  return new Response(JSON.stringify({ available }), {
    headers: { "Content-Type": "application/json", "Cache-Control": "no-store" },
  });
}
