import { useFetcher, useLocation } from "@remix-run/react";
import { useEffect, useRef } from "react";
import { useHydrated } from "~/hooks/use-hydrated";
import { showToast } from "../layout/toaster";
import { Button } from "../ui/button";

export type FavoriteActionData = { ok: true; favorited: boolean } | { ok: false; reason: "signin" | "error" };

/**
 * The heart (spec 01 §6). A real POST form to /favorites: without JavaScript the action redirects
 * back with a flash toast; once hydrated it submits through a fetcher, flips at once (optimistic)
 * and toasts from the result.
 */
export function FavoriteButton({ listingId, favorited, className = "" }: { listingId: string; favorited: boolean; className?: string }) {
  const fetcher = useFetcher<FavoriteActionData>();
  const location = useLocation();
  const hydrated = useHydrated();

  const pending = fetcher.formData?.get("intent");
  const data = fetcher.data;
  const on = pending ? pending === "add" : data?.ok ? data.favorited : favorited;

  const toasted = useRef<FavoriteActionData | undefined>(undefined);
  useEffect(() => {
    // As soon as the action answers, before revalidation (On Deck removes the card, and this with it).
    if (!data || toasted.current === data) return;
    toasted.current = data;
    if (data.ok) showToast({ title: data.favorited ? "Added to favorites" : "Removed from favorites", variant: "success" });
    else if (data.reason === "signin")
      showToast({ title: "Sign in required", description: "Please sign in to favorite listings", variant: "destructive" });
    else showToast({ title: "Error", description: "Failed to update favorite", variant: "destructive" });
  }, [data]);

  return (
    <fetcher.Form method="post" action="/favorites" className={className}>
      <input type="hidden" name="listingId" value={listingId} />
      <input type="hidden" name="intent" value={on ? "remove" : "add"} />
      <input type="hidden" name="redirectTo" value={`${location.pathname}${location.search}`} />
      <input type="hidden" name="mode" value={hydrated ? "fetch" : "page"} />
      <Button type="submit" variant="icon" aria-pressed={on} aria-label={on ? "Remove from favorites" : "Add to favorites"}>
        <svg viewBox="0 0 24 24" className={`h-5 w-5 ${on ? "fill-red-500 text-red-500" : "fill-none text-slate-600"}`} aria-hidden="true">
          <path
            d="M12 21s-7.5-4.6-9.5-9.1C1.2 8.8 3.2 5 6.8 5c2.1 0 3.5 1.1 4.2 2.3C11.7 6.1 13.1 5 15.2 5c3.6 0 5.6 3.8 4.3 6.9C19.5 16.4 12 21 12 21z"
            stroke="currentColor"
            strokeWidth="1.8"
            strokeLinejoin="round"
          />
        </svg>
      </Button>
    </fetcher.Form>
  );
}
