// Listing lifecycle writes (spec 02 §2 listing form, §4 status, §6 permissions): create,
// update, status and delete, with the photos claimed in the same batch (ADR 017). Every function
// takes the acting viewer and puts them in the query (listing-access.server.ts): a listing that is
// not yours is "not found", never "forbidden". Reads are in listing-reads.server.ts.
import { ListingRuleError, PHOTO_TAKEN } from "./listing-rule-error";
import { and, eq, inArray, sql } from "drizzle-orm";
import type { Db } from "#db/client";
import { enqueueForMatching } from "./match-queue.server";
import { findPhotoMatches, photoMatchStatements, rememberRemovedPhotos } from "./photo-matches.server";
import { PRICE_DROP_WAIT_MS, priceDropStatements } from "./price-drops.server";
import {
  clubMembers,
  deals,
  listingClubs,
  listingLocks,
  listingPhotos,
  listings,
  photoObjects,
  type DealState,
  type Listing,
} from "#db/schema";
import { listingLockedDeal, voidProposedDealsWith } from "./listing-deal-guards.server";
import type { ListingStatus } from "~/shared/catalog";
import { activeMembershipOf } from "../clubs/club-access.server";
import type { StoredPhoto } from "../photos/ledger.server";
import type { Viewer } from "../permissions/viewer";
import type { ModeratorBatch } from "../safety/audit.server";
import { listingChangeableBy } from "./listing-access.server";
import { getOwnListing } from "./listing-reads.server";
import { mayListToday } from "../safety/earned-limits.server";
import { TRUST_TEXT } from "~/shared/copy/trust";
import { photosClaimable, savedAtIfPhotosClaimable, refusedForPhotos, markRemovedPhotos } from "./listing-photo-claims.server";

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

export const CLUB_NOT_ALLOWED = "You can only post to clubs where you are an active member.";
/** A listing in an accepted deal (a row in listing_locks) keeps its terms until the deal is cancelled (ADR 068). */
export const LISTING_LOCKED = "This listing is in an accepted deal. Cancel the deal first.";
const lockedError = () => new ListingRuleError("listing_locked", LISTING_LOCKED);
/** Condition over `listings`: no accepted deal holds it. */
const notLocked = sql`not exists (select 1 from listing_locks ll where ll.listing_id = listings.id)`;

/** A deal a listing change reached (voided or cancelled): its parties are told (deal.changed). */
export type ChangedDeal = { dealId: string; proposerId: string | null; ownerId: string | null; listingId: string | null; state: DealState };
const changedDealColumns = {
  dealId: deals.id,
  proposerId: deals.proposerId,
  ownerId: deals.ownerId,
  listingId: deals.listingId,
  state: deals.state,
};

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
/** Condition, inside the create's batch (the new row counted): the owner is established or within the day's limit. */
const withinListingLimit = (userId: string, now: Date) => mayListToday(userId, now, { including: true });

/** Whether one more listing would still be within the day's limit (after a refused batch: was it the limit?). */
async function withinDailyListingLimit(db: Db, userId: string, now: Date) {
  const [row] = await db.all<{ ok: number }>(sql`select ${mayListToday(userId, now)} as ok`);
  return Boolean(row?.ok);
}

/**
 * Creates a listing with its clubs and photos (in order; the first is the main one). Each photo
 * must be a pending upload of the viewer: its row moves to listing_photos in the same batch, and
 * a photo taken by a parallel save (or removed) refuses the whole save with 'photo_taken'.
 */
export async function createListing(db: Db, viewer: Viewer, input: ListingInput, photos: StoredPhoto[] = []) {
  if (photos.length > 5) throw new ListingRuleError("too_many_photos", "You can add up to 5 photos.");
  const clubIds = await assertClubsAllowed(db, viewer, input.clubIds);
  const id = crypto.randomUUID();
  const keys = photos.map((p) => p.r2Key);
  const now = new Date();
  // Read before the batch; queued inside it, after the listing row (ADR 094). The seller is told nothing.
  const matched = photoMatchStatements(db, id, await findPhotoMatches(db, viewer.id, id, photos), now);
  try {
    await db.batch([
      db.insert(listings).values({
        ...listingValues(input),
        id,
        userId: viewer.id,
        createdAt: now,
        updatedAt: keys.length ? savedAtIfPhotosClaimable(photosClaimable(viewer, null, [], keys), now) : now,
      }),
      ...(clubIds.length ? [db.insert(listingClubs).values(clubRows(id, clubIds, input.primaryClubId))] : []),
      ...(photos.length ? [db.insert(listingPhotos).values(photos.map((p, position) => ({ ...p, listingId: id, position })))] : []),
      ...(keys.length ? [db.delete(photoObjects).where(and(eq(photoObjects.ownerId, viewer.id), inArray(photoObjects.r2Key, keys)))] : []),
      // Saved searches and item requests hear of it from the scheduled matcher (ADR 071).
      enqueueForMatching(db, id, viewer.id, now),
      // A new account's daily limit (ADR 095), counted inside the batch: past it, the guard sets a
      // NOT NULL column to null and the whole batch rolls back — 20 creates at once store exactly the limit.
      db.run(sql`update listings set title = null where id = ${id} and not ${withinListingLimit(viewer.id, now)}`),
      ...matched,
    ]);
  } catch (error) {
    if (!(await withinDailyListingLimit(db, viewer.id, now))) throw new ListingRuleError("new_account_limit", TRUST_TEXT.listingLimit);
    throw await refusedForPhotos(error, db, viewer, null, [], keys);
  }
  return id;
}

/**
 * Updates the owner's listing. `photos.order` is the final ordered list of this listing's photos:
 * existing photos are identified by key, new ones are given in `added` (pending uploads). The
 * photos dropped are marked for deletion in the same batch; their keys are returned (the caller
 * finishes the deletes with finishPhotoDeletes). Null when the listing is not the viewer's.
 * A kept photo removed, or an added one taken, by a parallel request refuses the whole save with
 * 'photo_taken' (ADR 017).
 */
export async function updateListing(
  db: Db,
  viewer: Viewer,
  listingId: string,
  input: ListingInput,
  photos: { keep: string[]; added: StoredPhoto[]; order: string[] },
  now = new Date(),
) {
  const current = await getOwnListing(db, viewer, listingId);
  if (!current) return null;
  const clubIds = await assertClubsAllowed(db, viewer, input.clubIds);
  const existing = new Map(current.photos.map((p) => [p.r2Key, p]));
  const added = new Map(photos.added.map((p) => [p.r2Key, p]));
  const order = photos.order.filter((key) => existing.has(key) || added.has(key));
  if (order.length > 5) throw new ListingRuleError("too_many_photos", "You can add up to 5 photos.");
  // A kept photo the fresh read no longer has was removed by a parallel save.
  const gone = photos.keep.filter((key) => !existing.has(key));
  if (gone.length) throw new ListingRuleError("photo_taken", PHOTO_TAKEN, gone);
  const keptKeys = order.filter((key) => existing.has(key));
  const addedKeys = order.filter((key) => !existing.has(key));
  const rows = order.map((key, position) => {
    const old = existing.get(key);
    const photo = old
      ? {
          r2Key: old.r2Key,
          contentType: old.contentType,
          width: old.width,
          height: old.height,
          byteSize: old.byteSize,
          thumbKey: old.thumbKey,
          thumbWidth: old.thumbWidth,
          thumbHeight: old.thumbHeight,
          thumbByteSize: old.thumbByteSize,
          phash: old.phash,
          phashB0: old.phashB0,
          phashB1: old.phashB1,
          phashB2: old.phashB2,
          phashB3: old.phashB3,
        }
      : added.get(key)!;
    return { ...photo, listingId, position };
  });
  const own = and(eq(listings.id, listingId), listingChangeableBy(viewer, "edit"));
  // A change of price, condition or photos (ADR 068): the listing's version goes up and
  // its proposed deals are voided in the same batch — and it is refused while an accepted deal holds
  // the listing (checked here, and again inside the batch so an acceptance in between also refuses).
  const lowered = input.priceCents < current.listing.priceCents;
  const termsChanged =
    input.priceCents !== current.listing.priceCents ||
    input.condition !== current.listing.condition ||
    order.join("\n") !== current.photos.map((p) => p.r2Key).join("\n");
  if (termsChanged && (await listingLockedDeal(db, listingId))) throw lockedError();
  // Only the photos this edit adds are checked (the kept ones were at their own save), ADR 094.
  const matched = photoMatchStatements(
    db,
    listingId,
    await findPhotoMatches(
      db,
      current.listing.userId,
      listingId,
      photos.added.filter((p) => addedKeys.includes(p.r2Key)),
    ),
    now,
  );
  const saveIf = termsChanged
    ? sql`(${photosClaimable(viewer, listingId, keptKeys, addedKeys)} and ${notLocked})`
    : photosClaimable(viewer, listingId, keptKeys, addedKeys);
  // Photos are rewritten as a whole: positions are unique per listing, so moving rows one by one
  // would collide midway. The listing write comes first: it fails the batch when a photo is gone.
  let results;
  try {
    results = await db.batch([
      db
        .update(listings)
        .set({
          ...listingValues(input),
          ...(termsChanged ? { version: sql`listings.version + 1` } : {}),
          updatedAt: savedAtIfPhotosClaimable(saveIf, now),
        })
        .where(own),
      db.delete(listingClubs).where(eq(listingClubs.listingId, listingId)),
      ...(clubIds.length ? [db.insert(listingClubs).values(clubRows(listingId, clubIds, input.primaryClubId))] : []),
      markRemovedPhotos(db, listingId, sql`listings.user_id`, order, sql`listings.user_id = ${viewer.id}`),
      db.delete(listingPhotos).where(eq(listingPhotos.listingId, listingId)),
      ...(rows.length ? [db.insert(listingPhotos).values(rows)] : []),
      ...(addedKeys.length
        ? [db.delete(photoObjects).where(and(eq(photoObjects.ownerId, viewer.id), inArray(photoObjects.r2Key, addedKeys)))]
        : []),
      // An edit may newly match a saved search or an item request (ADR 071); a lowered price only
      // after its hour (ADR 086). Before the deals statement, which the caller reads as the batch's last result.
      enqueueForMatching(db, listingId, viewer.id, now, lowered ? new Date(now.getTime() + PRICE_DROP_WAIT_MS) : now),
      ...priceDropStatements(db, listingId, viewer.id, current.listing.priceCents, input.priceCents, now),
      ...matched,
      ...(termsChanged ? [voidProposedDealsWith(db, listingId, "listing_changed", now).returning(changedDealColumns)] : []),
    ]);
  } catch (error) {
    if (termsChanged && (await listingLockedDeal(db, listingId))) throw lockedError();
    throw await refusedForPhotos(error, db, viewer, listingId, keptKeys, addedKeys);
  }
  if (results[0].rowsAffected === 0) return null;
  const removed = results[clubIds.length ? 3 : 2] as { r2Key: string }[];
  const voided = termsChanged ? (results.at(-1) as ChangedDeal[]) : [];
  return { removedKeys: removed.map((r) => r.r2Key), changedDeals: voided };
}

/**
 * Owner only — site admins included in "not the owner" (spec 02 §2 Manage Listing). Null when not
 * theirs. A listing an accepted deal holds keeps its status (the deal moves it): refused with
 * 'listing_locked'. Marked sold by hand, its proposed deals are voided in the same batch (ADR 068).
 */
export async function setListingStatus(
  db: Db,
  viewer: Viewer,
  listingId: string,
  status: ListingStatus,
): Promise<{ changedDeals: ChangedDeal[] } | null> {
  const own = and(eq(listings.id, listingId), listingChangeableBy(viewer, "setStatus"));
  // Ownership first: the void below names the listing, so it must never run for someone else's.
  const [mine] = await db.select({ id: listings.id }).from(listings).where(own);
  if (!mine) return null;
  const now = new Date();
  // A lock taken between this request's read and its write rolls the batch back (status NOT NULL).
  const guarded = sql`(case when ${notLocked} then ${status} end)`;
  try {
    const [updated, voided] = await db.batch([
      db.update(listings).set({ status: guarded }).where(own).returning({ id: listings.id }),
      ...(status === "sold" ? [voidProposedDealsWith(db, listingId, "listing_sold", now).returning(changedDealColumns)] : []),
    ] as const);
    if (updated.length === 0) return null;
    return { changedDeals: (voided ?? []) as ChangedDeal[] };
  } catch (error) {
    if (await listingLockedDeal(db, listingId)) throw lockedError();
    throw error;
  }
}

/**
 * The owner or a site admin may delete. The listing's photos are marked for deletion in the same
 * batch; returns their keys (finish with finishPhotoDeletes), or null if not allowed.
 *
 * Deals (ADR 068): its proposed deals are voided ('listing_deleted'). A listing an accepted deal
 * holds cannot be deleted by its owner ('listing_locked': cancel the deal first). A site admin's
 * delete goes ahead — the admin removes what must not stay up, and no party can be asked to cancel
 * first — and cancels that deal in the same batch (close reason 'listing_deleted'), releasing its
 * other listings (a swap's) back to active.
 */
export async function deleteListing(db: Db, viewer: Viewer, listingId: string, moderation?: ModeratorBatch) {
  const allowed = and(eq(listings.id, listingId), listingChangeableBy(viewer, "delete"));
  // Ownership (or site admin) first: the deal statements below name the listing, so they must never run for someone else's.
  const [target] = await db.select({ userId: listings.userId }).from(listings).where(allowed);
  if (!target) return null;
  const byAdmin = viewer.isAdmin && target.userId !== viewer.id;
  if (!byAdmin && (await listingLockedDeal(db, listingId))) throw lockedError();
  const now = new Date();
  // The owner's delete: refused by the database too if a lock appeared since (the DELETE matches nothing).
  const deletable = byAdmin ? allowed : and(allowed, notLocked);
  const lockingDeal = sql`(select ll.deal_id from listing_locks ll where ll.listing_id = ${listingId})`;
  // A site admin removing someone else's listing leaves an entry in the audit log (ADR 044),
  // written in the same batch, before the row goes.
  const audit = sql`insert into admin_audit_log (id, actor_id, actor_email, action, target_type, target_id, target_label, reason, report_id, created_at)
    select ${crypto.randomUUID()}, ${viewer.id}, ${viewer.email}, 'delete_listing', 'listing', id, title,
      ${moderation?.reason ?? null}, ${moderation?.reportId ?? null}, ${Date.now()}
    from listings where id = ${listingId} and user_id <> ${viewer.id} and ${viewer.isAdmin ? sql`1` : sql`0`}`;
  const first = moderation?.first ?? [];
  const statements = [
    db.run(audit),
    // A moderator's removal keeps the photos' hashes (ADR 094); before the photo rows go.
    rememberRemovedPhotos(db, listingId, byAdmin, now),
    markRemovedPhotos(db, listingId, sql`listings.user_id`, [], deletable),
    voidProposedDealsWith(db, listingId, "listing_deleted", now).returning(changedDealColumns),
    // A site admin's delete of a locked listing: the accepted deal ends, its other listings go back.
    db
      .update(deals)
      .set({
        state: "cancelled",
        turn: null,
        closedAt: now,
        closedBy: "system",
        closeReason: "listing_deleted",
        transitionId: crypto.randomUUID(),
        updatedAt: now,
      })
      .where(and(sql`deals.id = ${lockingDeal}`, sql`${byAdmin ? sql`1` : sql`0`} = 1`))
      .returning(changedDealColumns),
    db
      .update(listings)
      .set({ status: "active" })
      .where(
        and(
          sql`listings.id in (select ll.listing_id from listing_locks ll where ll.deal_id = ${lockingDeal})`,
          sql`listings.id <> ${listingId}`,
          eq(listings.status, "pending_pickup"),
          sql`${byAdmin ? sql`1` : sql`0`} = 1`,
        ),
      ),
    db.delete(listingLocks).where(and(sql`listing_locks.deal_id = ${lockingDeal}`, sql`${byAdmin ? sql`1` : sql`0`} = 1`)),
    db.delete(listings).where(deletable).returning({ id: listings.id }),
    // Still there (a lock appeared since the check above): status NULL fails the batch, so the
    // deals voided above are put back with everything else.
    db
      .update(listings)
      .set({ status: sql`null` })
      .where(eq(listings.id, listingId)),
    // A moderator's removal (ADR 069): its guard and the closing of the reports, in this batch.
    ...(moderation?.statements ?? []),
  ] as const;
  // A guard that must run before the deletion (ModeratorBatch.first) goes ahead of it; its results
  // are cut off again, so the rest keep their places (and their types, by the cast).
  const results = await db.batch([...first, ...statements] as unknown as typeof statements).catch(async (error: unknown) => {
    if (await listingLockedDeal(db, listingId)) throw lockedError();
    throw error;
  });
  const [, , marked, voided, cancelled, , , deleted] = results.slice(first.length) as unknown as typeof results;
  if (deleted.length === 0) return null;
  return { removedKeys: marked.map((p) => p.r2Key), changedDeals: [...voided, ...cancelled] as ChangedDeal[] };
}
