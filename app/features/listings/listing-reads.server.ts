// Reading listings (spec 02 §2 listing detail, edit form, In Play): the detail page's rows, the
// owner's listing for the edit form, the clubs a seller may post into, a photo's listing check and
// the seller's own list. Every read puts the viewer in the query (listing-access.server.ts).
import { and, asc, desc, eq, or, sql } from "drizzle-orm";
import type { Db } from "#db/client";
import { clubMembers, clubs, listingClubs, listingPhotos, listings, profiles } from "#db/schema";
import { activeMembershipOf } from "../clubs/club-access.server";
import { cardPhotoJson } from "../photos/card-photo.server";
import type { Viewer } from "../permissions/viewer";
import { listingReadableBy } from "./listing-visibility.server";
import { listingChangeableBy } from "./listing-access.server";

/** Clubs the viewer can post into: active memberships only (spec 02 §2 club selection). */
export async function postableClubs(db: Db, viewer: Viewer) {
  return db
    .select({ id: clubs.id, name: clubs.name, slug: clubs.slug })
    .from(clubMembers)
    .innerJoin(clubs, eq(clubs.id, clubMembers.clubId))
    .where(activeMembershipOf(viewer))
    .orderBy(asc(clubs.name));
}

/** The owner's listing (for the edit form). Admins get no exception: they cannot edit (02 §6). */
export async function getOwnListing(db: Db, viewer: Viewer, listingId: string) {
  // One batch; photos and clubs are read only if the listing is one the viewer may edit (ADR 051).
  const editable = sql`exists (select 1 from listings where listings.id = ${listingId} and ${listingChangeableBy(viewer, "edit")})`;
  const [[listing], photos, clubLinks] = await db.batch([
    db
      .select()
      .from(listings)
      .where(and(eq(listings.id, listingId), listingChangeableBy(viewer, "edit")))
      .limit(1),
    db
      .select()
      .from(listingPhotos)
      .where(and(eq(listingPhotos.listingId, listingId), editable))
      .orderBy(asc(listingPhotos.position)),
    db
      .select()
      .from(listingClubs)
      .where(and(eq(listingClubs.listingId, listingId), editable)),
  ]);
  if (!listing) return null;
  return { listing, photos, clubIds: clubLinks.map((c) => c.clubId) };
}

/**
 * The detail page's reads, each gated by the viewer's right to open the listing (in the SQL, so a
 * batch never reads photos or clubs of a listing the viewer may not see). One batch with the rest of
 * the page (`listingPageFor`, ADR 051); `toListingDetail` puts the rows together.
 */
export function listingDetailQueries(db: Db, viewer: Viewer | null, listingId: string) {
  const readable = sql`exists (select 1 from listings where listings.id = ${listingId} and ${listingReadableBy(viewer)})`;
  return [
    db
      .select({
        listing: listings,
        seller: { firstName: profiles.firstName, lastName: profiles.lastName, displayName: profiles.displayName },
      })
      .from(listings)
      .leftJoin(profiles, eq(profiles.userId, listings.userId))
      .where(and(eq(listings.id, listingId), listingReadableBy(viewer)))
      .limit(1),
    db
      .select()
      .from(listingPhotos)
      .where(and(eq(listingPhotos.listingId, listingId), readable))
      .orderBy(asc(listingPhotos.position)),
    db
      .select({ id: clubs.id, name: clubs.name, slug: clubs.slug, isPrimary: listingClubs.isPrimary })
      .from(listingClubs)
      .innerJoin(clubs, eq(clubs.id, listingClubs.clubId))
      .where(and(eq(listingClubs.listingId, listingId), readable)),
  ] as const;
}

type DetailQueries = ReturnType<typeof listingDetailQueries>;
type DetailRows = readonly [Awaited<DetailQueries[0]>, Awaited<DetailQueries[1]>, Awaited<DetailQueries[2]>];

export function toListingDetail([[row], photos, clubList]: DetailRows) {
  if (!row) return null;
  return { ...row.listing, seller: row.seller, photos, clubs: clubList };
}

/** The detail page's listing, or null when unknown or not visible to this viewer. One batch. */
export async function getListingForViewer(db: Db, viewer: Viewer | null, listingId: string) {
  return toListingDetail(await db.batch(listingDetailQueries(db, viewer, listingId)));
}

export type ListingDetail = NonNullable<ReturnType<typeof toListingDetail>>;

/**
 * The photo behind `/photos/{key}` — the photo itself or its thumbnail (ADR 036) — if this viewer
 * may see its listing. `contentType` is null for a thumbnail (its object's sniffed type applies).
 */
export async function findReadablePhoto(db: Db, viewer: Viewer | null, r2Key: string) {
  const [row] = await db
    .select({ contentType: sql<string | null>`case when ${listingPhotos.r2Key} = ${r2Key} then ${listingPhotos.contentType} end` })
    .from(listingPhotos)
    .innerJoin(listings, eq(listings.id, listingPhotos.listingId))
    .where(and(or(eq(listingPhotos.r2Key, r2Key), eq(listingPhotos.thumbKey, r2Key)), listingReadableBy(viewer)))
    .limit(1);
  return row ?? null;
}

/** In Play: the viewer's own listings, newest first, with the main photo. */
export async function listOwnListings(db: Db, viewer: Viewer) {
  return db
    .select({
      id: listings.id,
      title: listings.title,
      priceCents: listings.priceCents,
      status: listings.status,
      sport: listings.sport,
      condition: listings.condition,
      city: listings.city,
      state: listings.state,
      zipCode: listings.zipCode,
      createdAt: listings.createdAt,
      mainPhoto: sql<string | null>`${cardPhotoJson}`,
    })
    .from(listings)
    .where(eq(listings.userId, viewer.id))
    .orderBy(desc(listings.createdAt));
}
