// Listing lifecycle rules (issue 6; spec 02 §2 listing form/detail, §4 status, §6 permissions).
// Every function takes the acting viewer and puts them in the query: a listing that is not yours
// (or not visible to you) is "not found", never "forbidden".
import { and, asc, desc, eq, inArray, sql, type SQL } from "drizzle-orm";
import type { Db } from "#db/client";
import { clubMembers, clubs, listingClubs, listingPhotos, listings, profiles, type Listing } from "#db/schema";
import type { ListingStatus } from "~/catalog";
import { activeMembershipOf } from "./club-access.server";
import { listingVisibleTo } from "./listing-visibility.server";
import type { StoredPhoto } from "./photos.server";
import type { Viewer } from "./viewer";

export type ListingInput = {
  title: string;
  description: string | null;
  priceCents: number;
  sport: Listing["sport"];
  sportSubcategory: Listing["sportSubcategory"];
  equipmentType: string | null;
  brand: string | null;
  condition: Listing["condition"];
  size: Listing["size"];
  sizeNumeric: string | null;
  gender: Listing["gender"];
  zipCode: string;
  city: string;
  state: string;
  pickupInstructions: string | null;
  /** Empty = public. Each must be a club the owner is an active member of. */
  clubIds: string[];
  /** The primary club (named on cards); defaults to the first of clubIds. */
  primaryClubId?: string | null;
};

export class ListingRuleError extends Error {
  constructor(
    public code: "club_not_allowed" | "too_many_photos" | "photo_taken",
    message: string,
  ) {
    super(message);
  }
}

export const CLUB_NOT_ALLOWED = "You can only post to clubs where you are an active member.";

/**
 * Who may open a listing's page and photos: the visibility rule (public, or an active member of
 * one of its clubs, site admins, the owner), and for a sold listing only its owner, site admins
 * and the buyers who wrote about it (issue 6 §7).
 */
export function listingReadableBy(viewer: Viewer | null): SQL {
  const soldRule = viewer
    ? viewer.isAdmin
      ? sql`1 = 1`
      : sql`(listings.status <> 'sold' or listings.user_id = ${viewer.id} or exists (
          select 1 from listing_messages lm where lm.listing_id = listings.id and lm.sender_id = ${viewer.id}))`
    : sql`listings.status <> 'sold'`;
  return sql`(${listingVisibleTo(viewer)} and ${soldRule})`;
}

/** Clubs the viewer can post into: active memberships only (spec 02 §2 club selection). */
export async function postableClubs(db: Db, viewer: Viewer) {
  return db
    .select({ id: clubs.id, name: clubs.name, slug: clubs.slug })
    .from(clubMembers)
    .innerJoin(clubs, eq(clubs.id, clubMembers.clubId))
    .where(activeMembershipOf(viewer))
    .orderBy(asc(clubs.name));
}

async function assertClubsAllowed(db: Db, viewer: Viewer, clubIds: string[]) {
  const unique = [...new Set(clubIds)];
  if (unique.length === 0) return unique;
  const rows = await db
    .select({ clubId: clubMembers.clubId })
    .from(clubMembers)
    .where(and(activeMembershipOf(viewer), inArray(clubMembers.clubId, unique)));
  if (rows.length !== unique.length) throw new ListingRuleError("club_not_allowed", CLUB_NOT_ALLOWED);
  return unique;
}

function clubRows(listingId: string, clubIds: string[], primary?: string | null) {
  const primaryId = primary && clubIds.includes(primary) ? primary : clubIds[0];
  return clubIds.map((clubId) => ({ listingId, clubId, isPrimary: clubId === primaryId }));
}

/**
 * The columns of a listing row. The audience follows the seller's choice on the form: public
 * unless they picked clubs (ADR 026) — the only place a listing becomes public.
 */
function listingValues(input: ListingInput) {
  const { clubIds, primaryClubId: _primary, ...values } = input;
  return { ...values, audience: clubIds.length ? ("clubs" as const) : ("public" as const) };
}

/** Creates a listing with its clubs and photos (in order; the first is the main one). */
export async function createListing(db: Db, viewer: Viewer, input: ListingInput, photos: StoredPhoto[] = []) {
  if (photos.length > 5) throw new ListingRuleError("too_many_photos", "You can add up to 5 photos.");
  const clubIds = await assertClubsAllowed(db, viewer, input.clubIds);
  const id = crypto.randomUUID();
  await db.batch([
    db.insert(listings).values({ ...listingValues(input), id, userId: viewer.id }),
    ...(clubIds.length ? [db.insert(listingClubs).values(clubRows(id, clubIds, input.primaryClubId))] : []),
    ...(photos.length ? [db.insert(listingPhotos).values(photos.map((p, position) => ({ ...p, listingId: id, position })))] : []),
  ]);
  return id;
}

/** The owner's listing (for the edit form). Admins get no exception: they cannot edit (02 §6). */
export async function getOwnListing(db: Db, viewer: Viewer, listingId: string) {
  const [listing] = await db
    .select()
    .from(listings)
    .where(and(eq(listings.id, listingId), eq(listings.userId, viewer.id)))
    .limit(1);
  if (!listing) return null;
  const [photos, clubLinks] = await Promise.all([
    db.select().from(listingPhotos).where(eq(listingPhotos.listingId, listingId)).orderBy(asc(listingPhotos.position)),
    db.select().from(listingClubs).where(eq(listingClubs.listingId, listingId)),
  ]);
  return { listing, photos, clubIds: clubLinks.map((c) => c.clubId) };
}

/**
 * Updates the owner's listing. `photoKeys` is the final ordered list of this listing's photos:
 * existing photos are identified by key, new ones are given in `newPhotos` (already stored).
 * Returns the R2 keys that are no longer used (the caller deletes them), or null when the listing
 * is not the viewer's.
 */
export async function updateListing(
  db: Db,
  viewer: Viewer,
  listingId: string,
  input: ListingInput,
  photos: { keep: string[]; added: StoredPhoto[]; order: string[] },
) {
  const current = await getOwnListing(db, viewer, listingId);
  if (!current) return null;
  const clubIds = await assertClubsAllowed(db, viewer, input.clubIds);
  const existing = new Map(current.photos.map((p) => [p.r2Key, p]));
  const added = new Map(photos.added.map((p) => [p.r2Key, p]));
  const order = photos.order.filter((key) => existing.has(key) || added.has(key));
  if (order.length > 5) throw new ListingRuleError("too_many_photos", "You can add up to 5 photos.");
  const removed = current.photos.filter((p) => !order.includes(p.r2Key)).map((p) => p.r2Key);
  const rows = order.map((key, position) => {
    const old = existing.get(key);
    const photo = old
      ? { r2Key: old.r2Key, contentType: old.contentType, width: old.width, height: old.height, byteSize: old.byteSize }
      : added.get(key)!;
    return { ...photo, listingId, position };
  });
  // Photos are rewritten as a whole: positions are unique per listing, so moving rows one by one
  // would collide midway.
  await db.batch([
    db
      .update(listings)
      .set(listingValues(input))
      .where(and(eq(listings.id, listingId), eq(listings.userId, viewer.id))),
    db.delete(listingClubs).where(eq(listingClubs.listingId, listingId)),
    ...(clubIds.length ? [db.insert(listingClubs).values(clubRows(listingId, clubIds, input.primaryClubId))] : []),
    db.delete(listingPhotos).where(eq(listingPhotos.listingId, listingId)),
    ...(rows.length ? [db.insert(listingPhotos).values(rows)] : []),
  ]);
  return { removedKeys: removed };
}

/** Owner only — site admins included in "not the owner" (spec 02 §2 Manage Listing). */
export async function setListingStatus(db: Db, viewer: Viewer, listingId: string, status: ListingStatus) {
  const rows = await db
    .update(listings)
    .set({ status })
    .where(and(eq(listings.id, listingId), eq(listings.userId, viewer.id)))
    .returning({ id: listings.id });
  return rows.length > 0;
}

/** The owner or a site admin may delete. Returns the R2 keys to delete, or null if not allowed. */
export async function deleteListing(db: Db, viewer: Viewer, listingId: string) {
  const allowed = viewer.isAdmin ? eq(listings.id, listingId) : and(eq(listings.id, listingId), eq(listings.userId, viewer.id));
  const [listing] = await db.select({ id: listings.id }).from(listings).where(allowed).limit(1);
  if (!listing) return null;
  const photos = await db.select({ r2Key: listingPhotos.r2Key }).from(listingPhotos).where(eq(listingPhotos.listingId, listingId));
  const deleted = await db.delete(listings).where(allowed).returning({ id: listings.id });
  if (deleted.length === 0) return null;
  return { removedKeys: photos.map((p) => p.r2Key) };
}

export type ListingDetail = NonNullable<Awaited<ReturnType<typeof getListingForViewer>>>;

/** The detail page's listing, or null when unknown or not visible to this viewer. */
export async function getListingForViewer(db: Db, viewer: Viewer | null, listingId: string) {
  const [row] = await db
    .select({ listing: listings, seller: { firstName: profiles.firstName, lastName: profiles.lastName, displayName: profiles.displayName } })
    .from(listings)
    .leftJoin(profiles, eq(profiles.userId, listings.userId))
    .where(and(eq(listings.id, listingId), listingReadableBy(viewer)))
    .limit(1);
  if (!row) return null;
  const [photos, clubList] = await Promise.all([
    db.select().from(listingPhotos).where(eq(listingPhotos.listingId, listingId)).orderBy(asc(listingPhotos.position)),
    db
      .select({ id: clubs.id, name: clubs.name, slug: clubs.slug, isPrimary: listingClubs.isPrimary })
      .from(listingClubs)
      .innerJoin(clubs, eq(clubs.id, listingClubs.clubId))
      .where(eq(listingClubs.listingId, listingId)),
  ]);
  return { ...row.listing, seller: row.seller, photos, clubs: clubList };
}

/** The photo behind `/photos/{key}`, if this viewer may see its listing. */
export async function findReadablePhoto(db: Db, viewer: Viewer | null, r2Key: string) {
  const [row] = await db
    .select({ contentType: listingPhotos.contentType })
    .from(listingPhotos)
    .innerJoin(listings, eq(listings.id, listingPhotos.listingId))
    .where(and(eq(listingPhotos.r2Key, r2Key), listingReadableBy(viewer)))
    .limit(1);
  return row ?? null;
}

/** Whether an R2 key belongs to any listing (a pending upload does not). */
export async function isAttachedPhoto(db: Db, r2Key: string) {
  const [row] = await db.select({ id: listingPhotos.id }).from(listingPhotos).where(eq(listingPhotos.r2Key, r2Key)).limit(1);
  return Boolean(row);
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
      mainPhotoKey: sql<string | null>`(select lp.r2_key from listing_photos lp where lp.listing_id = listings.id order by lp.position limit 1)`,
    })
    .from(listings)
    .where(eq(listings.userId, viewer.id))
    .orderBy(desc(listings.createdAt));
}
