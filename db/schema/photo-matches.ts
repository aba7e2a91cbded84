// The stolen-photo check (ADR 094): a listing photo whose perceptual hash is near a photo of another
// account's listing, or of a photo a moderator removed, is a `photo_matches` row in the site
// moderation queue until a moderator upholds (the listing is removed) or dismisses it. The seller is
// told nothing of it. `removed_photos` keeps the hashes of photos a moderator took down (their R2
// objects are deleted like any other removal, ADR 017), so the same photo cannot simply be listed again.
import { sql } from "drizzle-orm";
import { check, index, integer, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { col, createdAt, id, isOneOf, timestamp } from "./columns";
import { listings } from "./listings";

export const PHOTO_MATCH_STATUSES = ["open", "upheld", "dismissed"] as const;
export type PhotoMatchStatus = (typeof PHOTO_MATCH_STATUSES)[number];

export const removedPhotos = sqliteTable(
  "removed_photos",
  {
    id: id(),
    // No foreign keys: the row outlives the listing and its owner (that is its point).
    ownerId: text("owner_id").notNull(),
    listingId: text("listing_id").notNull(),
    listingTitle: text("listing_title").notNull(),
    r2Key: text("r2_key").notNull(),
    phash: text("phash").notNull(),
    phashB0: integer("phash_b0").notNull(),
    phashB1: integer("phash_b1").notNull(),
    phashB2: integer("phash_b2").notNull(),
    phashB3: integer("phash_b3").notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("removed_photos_r2_key_unique").on(t.r2Key),
    index("removed_photos_phash_b0_idx").on(t.phashB0),
    index("removed_photos_phash_b1_idx").on(t.phashB1),
    index("removed_photos_phash_b2_idx").on(t.phashB2),
    index("removed_photos_phash_b3_idx").on(t.phashB3),
  ],
);

export const photoMatches = sqliteTable(
  "photo_matches",
  {
    id: id(),
    listingId: text("listing_id")
      .notNull()
      .references(() => listings.id, { onDelete: "cascade" }),
    // The new photo (a listing_photos r2_key; no foreign key: an edit rewrites those rows).
    photoKey: text("photo_key").notNull(),
    // What it matched: another account's listing photo, or a removed photo.
    matchedListingId: text("matched_listing_id"),
    matchedPhotoKey: text("matched_photo_key").notNull(),
    matchedRemovedId: text("matched_removed_id"),
    matchedOwnerId: text("matched_owner_id").notNull(),
    matchedTitle: text("matched_title").notNull(),
    distance: integer("distance").notNull(),
    status: text("status", { enum: PHOTO_MATCH_STATUSES }).notNull().default("open"),
    decidedBy: text("decided_by"),
    decidedAt: timestamp("decided_at"),
    createdAt: createdAt(),
  },
  (t) => [
    // One entry per photo of a listing: a retried or re-saved form never queues it twice.
    uniqueIndex("photo_matches_listing_photo_unique").on(t.listingId, t.photoKey),
    index("photo_matches_status_created_at_idx").on(t.status, t.createdAt),
    check("photo_matches_status", isOneOf(t.status, PHOTO_MATCH_STATUSES)),
    check("photo_matches_distance", sql`${col(t.distance)} between 0 and 64`),
  ],
);

export type PhotoMatch = typeof photoMatches.$inferSelect;
