// The one price rule (spec 02 §2 In Play, §6 Anonymous; 01 §2 listing card preview; ADR 014):
// signed-in viewers see prices; signed-out visitors do not — except on a club's preview when that
// club turned show_prices_in_preview on. Pure: the SQL that applies it to a row is
// listings/prices.server.ts (a hidden price is `null` in the row, so it never leaves the server).
import type { Viewer } from "./viewer";

export type PriceContext = {
  /** The club whose page (preview) the listing is shown on, if any. */
  club?: { showPricesInPreview: boolean } | null;
};

export function priceVisibleTo(viewer: Pick<Viewer, "id"> | null, context: PriceContext = {}): boolean {
  if (viewer) return true;
  return context.club?.showPricesInPreview ?? false;
}
