// Photo objects in R2 that no listing holds (ADR 017): uploads waiting for the listing
// form's save ('pending'), and objects whose R2 delete has not succeeded yet ('deleting').
// A photo a listing holds is a listing_photos row instead; a save moves a row from here to there,
// and a removal moves it back as 'deleting', each in the same batch as the listing write.
import { sql } from "drizzle-orm";
import { check, index, integer, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { col, createdAt, isOneOf, photoHashColumns } from "./columns";

export const PHOTO_OBJECT_STATES = ["pending", "deleting"] as const;

export const photoObjects = sqliteTable(
  "photo_objects",
  {
    r2Key: text("r2_key").primaryKey(),
    // No foreign key: the row must outlive its uploader's account until the object is deleted.
    ownerId: text("owner_id").notNull(),
    state: text("state", { enum: PHOTO_OBJECT_STATES }).notNull().default("pending"),
    contentType: text("content_type").notNull(),
    width: integer("width"),
    height: integer("height"),
    byteSize: integer("byte_size").notNull(),
    // The card-size rendition stored with it (ADR 036): deleted with it, counted in the quota.
    thumbKey: text("thumb_key"),
    thumbWidth: integer("thumb_width"),
    thumbHeight: integer("thumb_height"),
    thumbByteSize: integer("thumb_byte_size"),
    // The perceptual hash the server computed at upload (ADR 094), carried to listing_photos by the save.
    ...photoHashColumns(),
    createdAt: createdAt(),
  },
  (t) => [
    // The pending-bytes quota and the owner's pending photos.
    index("photo_objects_owner_id_state_idx").on(t.ownerId, t.state),
    // The cleanup: expired pending uploads, deletes to retry.
    index("photo_objects_state_created_at_idx").on(t.state, t.createdAt),
    check("photo_objects_state", isOneOf(t.state, PHOTO_OBJECT_STATES)),
    check("photo_objects_byte_size", sql`${col(t.byteSize)} between 0 and 10485760`),
  ],
);

export type PhotoObject = typeof photoObjects.$inferSelect;
export type NewPhotoObject = typeof photoObjects.$inferInsert;
