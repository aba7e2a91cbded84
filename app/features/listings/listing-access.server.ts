// Who may change or read a listing, as WHERE fragments on `listings` (spec 02 §6; ADR 026):
// ownership in the query, so a listing that is not yours is "not found", never "forbidden".
import { eq, or, sql, type SQL } from "drizzle-orm";
import { listings } from "#db/schema";
import { listingOpenableBy } from "./listing-visibility.server";
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

/**
 * Who may open a listing's page and photos: `listingOpenableBy` (public, an active member of one
 * of its clubs, any signed-in viewer for a public club's listing, site admins, the owner), and for a sold listing only its owner, site admins
 * and the buyers who wrote about it or made an offer on it (ADR 026, ADR 068).
 */
export function listingReadableBy(viewer: Viewer | null): SQL {
  const soldRule = viewer
    ? viewer.isAdmin
      ? sql`1 = 1`
      : sql`(listings.status <> 'sold' or listings.user_id = ${viewer.id} or exists (
          select 1 from listing_messages lm where lm.listing_id = listings.id and lm.sender_id = ${viewer.id})
          or exists (select 1 from deal_listings dl join deals d on d.id = dl.deal_id
            where dl.listing_id = listings.id and (d.proposer_id = ${viewer.id} or d.owner_id = ${viewer.id})))`
    : sql`listings.status <> 'sold'`;
  return sql`(${listingOpenableBy(viewer)} and ${soldRule})`;
}
