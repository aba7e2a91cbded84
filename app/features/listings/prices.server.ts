// The price rule applied in SQL: the rule itself is permissions/price.ts (ADR 014). Callers decide in
// SQL with it (a hidden price is `null` in the row), so a hidden price never leaves the server.
import { sql, type SQL } from "drizzle-orm";
import type { Viewer } from "../permissions/viewer";
import { priceVisibleTo, type PriceContext } from "../permissions/price";

/** `listings.price_cents`, or `null` when this viewer may not see prices here. */
export function priceColumnFor(viewer: Pick<Viewer, "id"> | null, context: PriceContext = {}): SQL {
  return priceVisibleTo(viewer, context) ? sql`listings.price_cents` : sql`null`;
}

/**
 * `priceColumnFor` on a club's page when the club is not read yet (it travels in the same batch,
 * ADR 051): the club's own flag, read in SQL by its id.
 */
export function priceColumnForClub(viewer: Pick<Viewer, "id"> | null, clubId: SQL): SQL {
  if (viewer) return sql`listings.price_cents`;
  return sql`(case when exists (select 1 from clubs pc where pc.id = ${clubId} and pc.show_prices_in_preview) then listings.price_cents end)`;
}
