// 'Fits {player}' on the home and sport search (ADR 091), as data for the page: the pages are at the
// edge of their JavaScript budget (ADR 033), so the chips and the cards' "Fits Sam" are strings and
// links made here. The fit's condition goes into the search's own SQL for this viewer only; a
// `?fits=` that is not one of the viewer's players is no filter, and the page says nothing about it.
import type { Db } from "#db/client";
import type { Viewer } from "~/features/permissions/viewer";
import { fitFor, fittablePlayers, type Fit } from "~/features/families/fits.server";
import { familyOf } from "~/features/families/players.server";
import type { FilterChip } from "~/shared/search-params";
import type { ListingSummary } from "~/shared/schemas/search";

export type FamilySearch = {
  fit: Fit | null;
  /** The offers ('Fits Sam', one per player with sizes) when no fit is applied, or the applied fit's chip. */
  chips: FilterChip[];
  /** Keeps `?fits=` on the page's other links (chips, 'Load more'). */
  keep: (href: string) => string;
};

const NONE: FamilySearch = { fit: null, chips: [], keep: (href) => href };

function withParam(href: string, key: string, value: string | null, firstPage = true): string {
  const url = new URL(href, "http://x");
  if (value === null) url.searchParams.delete(key);
  else url.searchParams.set(key, value);
  if (firstPage) url.searchParams.delete("page");
  const query = url.searchParams.toString();
  return `${url.pathname}${query ? `?${query}` : ""}`;
}

/** The viewer's fit and chips for a search page at `url` (pathname and query only are used). */
export async function familySearch(db: Db, viewer: Viewer | null, url: URL): Promise<FamilySearch> {
  if (!viewer) return NONE;
  const here = `${url.pathname}${url.search}`;
  const asked = url.searchParams.get("fits");
  if (asked) {
    const fit = await fitFor(db, viewer, asked);
    if (fit) {
      return {
        fit,
        chips: [{ key: "fits", label: fit.label, href: withParam(here, "fits", null) }],
        keep: (href) => withParam(href, "fits", fit.playerId, false),
      };
    }
  }
  const players = fittablePlayers(await familyOf(db, viewer));
  return {
    fit: null,
    chips: players.map((p) => ({ key: `fits-${p.id}`, label: `Fits ${p.firstName}`, href: withParam(here, "fits", p.id), offer: true })),
    keep: (href) => href,
  };
}

/**
 * The family part and the search, as few round trips as the fit allows (ADR 034): without `?fits=` the search
 * does not wait for the family (the chips are read beside it); with one, the fit's sizes come first.
 */
export async function withFamilySearch<T>(
  db: Db,
  viewer: Viewer | null,
  url: URL,
  search: (fit: Fit["where"] | undefined) => Promise<T>,
): Promise<[FamilySearch, T]> {
  if (viewer && url.searchParams.get("fits")) {
    const family = await familySearch(db, viewer, url);
    return [family, await search(family.fit?.where)];
  }
  return Promise.all([familySearch(db, viewer, url), search(undefined)]);
}

/** The cards of an applied fit all fit: each says so ("Fits Sam"). */
export function labelFits(items: ListingSummary[], fit: Fit | null): ListingSummary[] {
  return fit ? items.map((item) => ({ ...item, fits: fit.label })) : items;
}
