import { redirect, type ActionFunctionArgs } from "@remix-run/cloudflare";
import type { FavoriteActionData } from "~/components/listings/favorite-button";
import { addFavorite, removeFavorite } from "~/features/listings/favorites.server";
import { getUser } from "~/web/session.server";
import { safeRedirect } from "~/platform/security.server";
import { redirectWithToast } from "~/web/toast.server";
import { FavoriteFormSchema } from "~/shared/schemas/search";

// POST /favorites — the heart on cards and the listing page (spec 01 §6). A fetcher (mode=fetch)
// gets JSON and toasts itself; a plain form post (no JavaScript) is redirected back with a flash toast.

export async function loader() {
  return redirect("/on-deck");
}

export async function action({ request, context }: ActionFunctionArgs) {
  const parsed = FavoriteFormSchema.safeParse(Object.fromEntries(await request.formData()));
  const mode = parsed.success ? parsed.data.mode : "page";
  // Only same-site paths, so the form cannot be used to bounce people elsewhere.
  const back = safeRedirect(parsed.success ? parsed.data.redirectTo : undefined, "/on-deck");
  const reply = async (result: FavoriteActionData, status = 200) => {
    if (mode === "fetch") return Response.json(result, { status });
    const toast = result.ok
      ? { title: result.favorited ? "Added to favorites" : "Removed from favorites", variant: "success" as const }
      : result.reason === "signin"
        ? { title: "Sign in required", description: "Please sign in to favorite listings", variant: "destructive" as const }
        : { title: "Error", description: "Failed to update favorite", variant: "destructive" as const };
    return redirectWithToast(context, back, toast, { status: 303 });
  };

  const viewer = await getUser(request, context);
  if (!viewer) return reply({ ok: false, reason: "signin" }, 401);
  if (!parsed.success) return reply({ ok: false, reason: "error" }, 400);
  const { listingId, intent } = parsed.data;
  try {
    const result =
      intent === "add" ? await addFavorite(context.db, viewer, listingId) : await removeFavorite(context.db, viewer, listingId);
    return result.ok ? reply(result) : reply({ ok: false, reason: "error" }, 404);
  } catch (error) {
    console.error("favorite update failed", error);
    return reply({ ok: false, reason: "error" }, 500);
  }
}
