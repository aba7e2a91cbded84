// Who may change a listing, as a WHERE fragment on `listings` (spec 02 §6; ADR 026):
// ownership in the query, so a listing that is not yours is "not found", never "forbidden". Who may
// see, open or read one is listing-visibility.server.ts.
import { eq, or, sql, type SQL } from "drizzle-orm";
import { listings } from "#db/schema";
import type { Viewer } from "../permissions/viewer";
import { LISTING_PERMISSIONS, type ListingAction, type ListingRole } from "../permissions/listing";
import { rolesGranted } from "../permissions/table";

/**
 * The listings this viewer may do `action` to, as a WHERE fragment: ownership in the query. Generated
 * from LISTING_PERMISSIONS (permissions/listing.ts): one condition per role the table grants it to.
 */
export function listingChangeableBy(viewer: Pick<Viewer, "id" | "isAdmin">, action: ListingAction): SQL {
  const byRole: Record<ListingRole, SQL> = {
    anonymous: sql`0 = 1`,
    signedIn: sql`1 = 1`,
    owner: eq(listings.userId, viewer.id),
    siteAdmin: viewer.isAdmin ? sql`1 = 1` : sql`0 = 1`,
  };
  const granted = rolesGranted(LISTING_PERMISSIONS, action).map((role) => byRole[role]);
  return granted.length ? or(...granted)! : sql`0 = 1`;
}
