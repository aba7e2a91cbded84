// 'Photo matches another member's listing' (ADR 094): the stolen-photo matches a listing save queued
// (listings/photo-matches.server.ts), shown to site moderators beside the reports with both photos
// side by side, and what a moderator decides. Uphold removes the listing as a moderator's removal
// does (deleteListing: its photos' hashes are kept, its deals closed, one audit row) and writes
// 'uphold_photo_match'; dismiss keeps the listing and writes 'dismiss_photo_match'. The seller is
// told nothing by the queue: they learn of an upheld match as of any removal (the listing is gone).
//
// Both are one batch guarded like the reports (ADR 069): the match must still be open when the
// batch runs, else the batch rolls back and the second moderator is told 'Already handled'.
import { sql } from "drizzle-orm";
import type { Db } from "#db/client";
import type { Viewer } from "../permissions/viewer";
import { can, SITE } from "../permissions/can";
import { deleteListing, type ChangedDeal } from "../listings/listings.server";
import { iso, name } from "./report-context.server";

export const PHOTO_MATCH_PAGE_SIZE = 20;

export type PhotoMatchEntry = {
  id: string;
  createdAt: string;
  distance: number;
  listing: { id: string; title: string; sellerId: string; sellerName: string; sellerEmail: string };
  photoKey: string;
  matched: {
    source: "listing" | "removed";
    photoKey: string;
    /** Null when the photo is gone (a removed photo's object is deleted, or its listing went since). */
    shownKey: string | null;
    listingId: string | null;
    title: string;
    ownerName: string | null;
  };
};

type Row = {
  id: string;
  createdAt: number;
  distance: number;
  listingId: string;
  title: string;
  sellerId: string;
  sellerName: string;
  sellerEmail: string;
  photoKey: string;
  matchedPhotoKey: string;
  matchedListingId: string | null;
  matchedRemovedId: string | null;
  matchedTitle: string;
  matchedOwnerName: string | null;
  matchedStillListed: number;
};

/** The open matches, oldest first (they wait longest), and how many there are. Null unless the viewer moderates. */
export async function photoMatchQueue(db: Db, viewer: Viewer): Promise<{ entries: PhotoMatchEntry[]; total: number } | null> {
  if (!can(viewer, "moderate", SITE)) return null;
  const [rows, [{ n }]] = await db.batch([
    db.all<Row>(sql`select pm.id, pm.created_at as createdAt, pm.distance, l.id as listingId, l.title, u.id as sellerId,
        ${name("p")} as sellerName, u.email as sellerEmail, pm.photo_key as photoKey, pm.matched_photo_key as matchedPhotoKey,
        pm.matched_listing_id as matchedListingId, pm.matched_removed_id as matchedRemovedId, pm.matched_title as matchedTitle,
        ${name("mp")} as matchedOwnerName,
        exists (select 1 from listing_photos mlp where mlp.r2_key = pm.matched_photo_key) as matchedStillListed
      from photo_matches pm
      join listings l on l.id = pm.listing_id
      join users u on u.id = l.user_id left join profiles p on p.user_id = u.id
      left join profiles mp on mp.user_id = pm.matched_owner_id
      where pm.status = 'open'
      order by pm.created_at, pm.id
      limit ${PHOTO_MATCH_PAGE_SIZE}`),
    db.all<{ n: number }>(sql`select count(*) as n from photo_matches pm join listings l on l.id = pm.listing_id where pm.status = 'open'`),
  ]);
  return {
    total: Number(n),
    entries: rows.map((r) => ({
      id: r.id,
      createdAt: iso(r.createdAt)!,
      distance: r.distance,
      listing: { id: r.listingId, title: r.title, sellerId: r.sellerId, sellerName: r.sellerName, sellerEmail: r.sellerEmail },
      photoKey: r.photoKey,
      matched: {
        source: r.matchedRemovedId ? "removed" : "listing",
        photoKey: r.matchedPhotoKey,
        shownKey: r.matchedStillListed ? r.matchedPhotoKey : null,
        listingId: r.matchedListingId,
        title: r.matchedTitle,
        ownerName: r.matchedOwnerName,
      },
    })),
  };
}

export type PhotoMatchDecision = "uphold" | "dismiss";
export type PhotoMatchResult =
  { ok: true; done: string; removedKeys: string[]; changedDeals: ChangedDeal[] } | { ok: false; reason: "forbidden" | "already_handled" };

/** Fails the batch (status NULL on a NOT NULL column) when the match was decided since it was read. */
const stillOpenGuard = (db: Db, id: string) => db.run(sql`update photo_matches set status = null where id = ${id} and status <> 'open'`);

export async function decidePhotoMatch(
  db: Db,
  admin: Viewer,
  matchId: string,
  decision: PhotoMatchDecision,
  now = new Date(),
): Promise<PhotoMatchResult> {
  if (!can(admin, "moderate", SITE)) return { ok: false, reason: "forbidden" };
  const [match] = await db.all<{ listingId: string; title: string; distance: number; matchedListingId: string | null }>(
    sql`select pm.listing_id as listingId, l.title, pm.distance, pm.matched_listing_id as matchedListingId
      from photo_matches pm join listings l on l.id = pm.listing_id where pm.id = ${matchId} and pm.status = 'open'`,
  );
  if (!match) return { ok: false, reason: "already_handled" };
  const status = decision === "uphold" ? "upheld" : "dismissed";
  const decide = db.run(
    sql`update photo_matches set status = ${status}, decided_by = ${admin.id}, decided_at = ${now.getTime()} where id = ${matchId} and status = 'open'`,
  );
  // Written only while the match is still open (a second moderator's batch, after the first removed
  // the listing and with it the match, writes nothing); before the decision that closes it.
  const audit =
    db.run(sql`insert into admin_audit_log (id, actor_id, actor_email, action, target_type, target_id, target_label, reason, detail, created_at)
    select ${crypto.randomUUID()}, ${admin.id}, ${admin.email}, ${decision === "uphold" ? "uphold_photo_match" : "dismiss_photo_match"},
      'listing', pm.listing_id, ${match.title.slice(0, 200)}, 'stolen_photo',
      ${JSON.stringify({ matchId, distance: match.distance, matchedListingId: match.matchedListingId })}, ${now.getTime()}
    from photo_matches pm where pm.id = ${matchId} and pm.status = 'open'`);
  try {
    if (decision === "dismiss") {
      await db.batch([stillOpenGuard(db, matchId), audit, decide]);
      return { ok: true, done: "Match dismissed", removedKeys: [], changedDeals: [] };
    }
    // The listing's removal cascades its matches away, so the guard and the decision run first.
    const removed = await deleteListing(db, admin, match.listingId, {
      first: [stillOpenGuard(db, matchId), audit, decide],
      statements: [],
      reason: "stolen_photo",
    });
    if (!removed) return { ok: false, reason: "already_handled" };
    return { ok: true, done: "Listing removed", removedKeys: removed.removedKeys, changedDeals: removed.changedDeals };
  } catch (error) {
    const [still] = await db.all<{ status: string }>(sql`select status from photo_matches where id = ${matchId}`);
    if (!still || still.status !== "open") return { ok: false, reason: "already_handled" };
    throw error;
  }
}
