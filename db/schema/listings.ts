// Listings and what belongs to them: club links, photos, favorites
// (spec 01 §3 listings, favorites; spec 02 §3 Listing, Favorite). Reviews come from deals (deals.ts).
import { sql } from "drizzle-orm";
import { check, index, integer, primaryKey, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { users } from "./accounts";
import { clubs } from "./clubs";
import { col, createdAt, id, isNotBlank, isOneOf, isZip, photoHashColumns, updatedAt } from "./columns";
import {
  LISTING_AUDIENCES,
  LISTING_CONDITIONS,
  LISTING_GENDERS,
  LISTING_SIZES,
  LISTING_STATUSES,
  SPORT_KEYS,
  TENNIS_SUBCATEGORIES,
} from "./enums";

/** The statuses search lists (`listedStatuses` in app/features/listings/listing-visibility.server.ts, same text). */
const listed = sql`"status" in ('active', 'pending_pickup')`;

// NOT a WITHOUT ROWID table: listings_fts (migration 0001) is an external-content FTS5 index keyed
// by the implicit rowid. See README.md "Full-text search" before recreating this table.
export const listings = sqliteTable(
  "listings",
  {
    id: id(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    title: text("title").notNull(),
    description: text("description"),
    // Whole cents: the form accepts steps of 0.01 (spec 02 §5), floats would drift.
    priceCents: integer("price_cents").notNull(),
    sport: text("sport", { enum: SPORT_KEYS }).notNull(),
    // Only tennis has sub-categories (spec 02 §3 Catalogues).
    sportSubcategory: text("sport_subcategory", { enum: TENNIS_SUBCATEGORIES }),
    equipmentType: text("equipment_type"),
    brand: text("brand"),
    condition: text("condition", { enum: LISTING_CONDITIONS }).notNull(),
    size: text("size", { enum: LISTING_SIZES }), // size group
    sizeNumeric: text("size_numeric"), // e.g. '10.5', 'M', '32"'
    gender: text("gender", { enum: LISTING_GENDERS }),
    zipCode: text("zip_code").notNull(),
    city: text("city").notNull(),
    state: text("state").notNull(),
    pickupInstructions: text("pickup_instructions"),
    contactPhone: text("contact_phone"),
    status: text("status", { enum: LISTING_STATUSES }).notNull().default("active"),
    // Who the listing is for (ADR 026). 'clubs' with no listing_clubs rows left (its clubs were
    // deleted) is seen by nobody but its seller and site admins. Linking a listing to a club sets
    // 'clubs' (trigger listing_clubs_audience, migration 0004); only the seller's form sets 'public'.
    audience: text("audience", { enum: LISTING_AUDIENCES }).notNull().default("public"),
    // Raised by every edit of price, condition or photos: a deal cites the version it was made on,
    // and such an edit voids the open deals that include the listing (ADR 068).
    version: integer("version").notNull().default(1),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => {
    // Every filter a sport page has beyond the radius: the two sport indexes carry them all.
    const sportFilters = [t.equipmentType, t.condition, t.sportSubcategory, t.brand, t.sizeNumeric, t.size, t.gender];
    return [
      // Browse and search (app/features/search/search.server.ts, ADR 010). Partial indexes over the listed
      // statuses only: the WHERE is exactly `listedStatuses`, so a search's `status in (...)` picks
      // them and they keep the newest-first order an `IN` on a leading status column would break.
      // Each ends with (created_at desc, id, user_id, audience): the tie-break order, plus the columns
      // the visibility rule reads, so ordering, paging and counting stay inside the index.
      index("listings_listed_created_at_idx")
        .on(sql`${t.createdAt} DESC`, t.id, t.userId, t.audience)
        .where(listed),
      // Sport browse. Also carries every filter a sport page has (radius, type, condition, tennis
      // sub-category, brand, size, size group, gender), so the page and its count never need the table
      // row: a selective brand or size read a row per listing walked (soccer size XL at 1,000,000
      // listings 45 → 6 ms, a pickleball brand 130 → 11 ms; ADR 077).
      index("listings_listed_sport_created_at_idx")
        .on(t.sport, sql`${t.createdAt} DESC`, t.id, t.userId, t.audience, t.zipCode, ...sportFilters)
        .where(listed),
      // A sport within a radius: the same columns led by (sport, ZIP), so a signed-in member's sport page
      // (their profile's 25 miles) counts only the sport's listings in the ZIPs near them instead of
      // walking every listing of the sport to test its ZIP (soccer types + conditions around Denver at
      // 1,000,000 listings: 69,254 entries walked → 8,780 read; ADR 078). The newest-first index above
      // still picks the page.
      index("listings_listed_sport_zip_idx")
        .on(t.sport, t.zipCode, sql`${t.createdAt} DESC`, t.id, t.userId, t.audience, t.priceCents, ...sportFilters)
        .where(listed),
      // Price sorts and ranges, across sports and within one.
      index("listings_listed_price_cents_idx")
        .on(t.priceCents, sql`${t.createdAt} DESC`, t.id, t.userId, t.audience)
        .where(listed),
      index("listings_listed_sport_price_cents_idx")
        .on(t.sport, t.priceCents, sql`${t.createdAt} DESC`, t.id, t.userId, t.audience, t.zipCode)
        .where(listed),
      // Distance filter: listings in a set of ZIPs. Only the radius count walks it (the page walks the
      // newest-first index); audience right after the ZIP makes that count's visibility test cheaper
      // (radius 50 around Denver, 18,633 listings: 14.9 → 8.8 ms; ADR 052).
      index("listings_listed_zip_audience_idx")
        .on(t.zipCode, t.audience, sql`${t.createdAt} DESC`, t.id, t.userId)
        .where(listed),
      // 'City, ST' location text, compared case-insensitively.
      index("listings_listed_city_state_idx")
        .on(sql`${t.city} COLLATE NOCASE`, sql`${t.state} COLLATE NOCASE`, sql`${t.createdAt} DESC`, t.id, t.userId, t.audience)
        .where(listed),
      // In Play: own listings newest first.
      index("listings_user_id_created_at_idx").on(t.userId, t.createdAt),
      check("listings_title", isNotBlank(t.title)),
      check("listings_price_cents", sql`${col(t.priceCents)} >= 0`),
      check("listings_sport", isOneOf(t.sport, SPORT_KEYS)),
      check(
        "listings_sport_subcategory",
        sql`${col(t.sportSubcategory)} is null or (${col(t.sport)} = 'tennis' and ${isOneOf(t.sportSubcategory, TENNIS_SUBCATEGORIES)})`,
      ),
      check("listings_condition", isOneOf(t.condition, LISTING_CONDITIONS)),
      check("listings_size", isOneOf(t.size, LISTING_SIZES)),
      check("listings_gender", isOneOf(t.gender, LISTING_GENDERS)),
      check("listings_zip_code", isZip(t.zipCode)),
      check("listings_status", isOneOf(t.status, LISTING_STATUSES)),
      check("listings_audience", isOneOf(t.audience, LISTING_AUDIENCES)),
    ];
  },
);

/**
 * The clubs a listing is shown in (replaces the spec's club_id + club_ids). Whether a listing is
 * public is `listings.audience`, not the absence of rows here (ADR 026). At most one row per
 * listing is the primary club (the one named on cards).
 */
export const listingClubs = sqliteTable(
  "listing_clubs",
  {
    listingId: text("listing_id")
      .notNull()
      .references(() => listings.id, { onDelete: "cascade" }),
    clubId: text("club_id")
      .notNull()
      .references(() => clubs.id, { onDelete: "cascade" }),
    isPrimary: integer("is_primary", { mode: "boolean" }).notNull().default(false),
  },
  (t) => [
    primaryKey({ columns: [t.listingId, t.clubId] }),
    index("listing_clubs_club_id_listing_id_idx").on(t.clubId, t.listingId),
    // The visibility probe (`not exists … where lc.listing_id = listings.id`, once per candidate row
    // of every search and count): half the width of the primary key, so fewer pages to descend.
    index("listing_clubs_listing_id_idx").on(t.listingId),
    uniqueIndex("listing_clubs_one_primary_per_listing")
      .on(t.listingId)
      .where(sql`${col(t.isPrimary)} = 1`),
  ],
);

/** Up to 5 photos per listing (spec 02 §9), ordered by position 0..4. */
export const listingPhotos = sqliteTable(
  "listing_photos",
  {
    id: id(),
    listingId: text("listing_id")
      .notNull()
      .references(() => listings.id, { onDelete: "cascade" }),
    position: integer("position").notNull(),
    r2Key: text("r2_key").notNull(),
    contentType: text("content_type").notNull(),
    width: integer("width"),
    height: integer("height"),
    byteSize: integer("byte_size").notNull(),
    // The card-size rendition made at upload (ADR 036); null when the photo is already small, or
    // uploaded without JavaScript: cards then show the full photo.
    thumbKey: text("thumb_key"),
    thumbWidth: integer("thumb_width"),
    thumbHeight: integer("thumb_height"),
    thumbByteSize: integer("thumb_byte_size"),
    // The server's perceptual hash (ADR 094); each band indexed for the stolen-photo match.
    ...photoHashColumns(),
    createdAt: createdAt(),
  },
  (t) => [
    index("listing_photos_phash_b0_idx").on(t.phashB0),
    index("listing_photos_phash_b1_idx").on(t.phashB1),
    index("listing_photos_phash_b2_idx").on(t.phashB2),
    index("listing_photos_phash_b3_idx").on(t.phashB3),
    uniqueIndex("listing_photos_thumb_key_unique").on(t.thumbKey),
    uniqueIndex("listing_photos_listing_id_position_unique").on(t.listingId, t.position),
    uniqueIndex("listing_photos_r2_key_unique").on(t.r2Key),
    check("listing_photos_position", sql`${col(t.position)} between 0 and 4`),
    check("listing_photos_byte_size", sql`${col(t.byteSize)} between 0 and 10485760`),
  ],
);

export const favorites = sqliteTable(
  "favorites",
  {
    id: id(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    listingId: text("listing_id")
      .notNull()
      .references(() => listings.id, { onDelete: "cascade" }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("favorites_user_id_listing_id_unique").on(t.userId, t.listingId),
    index("favorites_user_id_created_at_idx").on(t.userId, t.createdAt),
    index("favorites_listing_id_idx").on(t.listingId),
  ],
);

export type Listing = typeof listings.$inferSelect;
export type NewListing = typeof listings.$inferInsert;
export type ListingClub = typeof listingClubs.$inferSelect;
export type NewListingClub = typeof listingClubs.$inferInsert;
export type ListingPhoto = typeof listingPhotos.$inferSelect;
export type NewListingPhoto = typeof listingPhotos.$inferInsert;
export type Favorite = typeof favorites.$inferSelect;
export type NewFavorite = typeof favorites.$inferInsert;
