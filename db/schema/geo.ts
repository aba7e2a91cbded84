// US ZIP code gazetteer for location suggestions and the distance filter (spec 01 §7
// location-search, calculate-distance). Loaded by the seed, never written by the app.
import { sql } from "drizzle-orm";
import { check, index, real, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { col, isZip } from "./columns";

export const zipCodes = sqliteTable(
  "zip_codes",
  {
    zip: text("zip").primaryKey(),
    city: text("city").notNull(),
    state: text("state").notNull(), // two-letter code, e.g. 'MA'
    latitude: real("latitude").notNull(),
    longitude: real("longitude").notNull(),
  },
  (t) => [
    index("zip_codes_state_city_idx").on(t.state, t.city),
    // Bounding-box prefilter for the radius search: latitude between ? and ?, then the longitude box
    // and the distance from the same index entries (covering: no table lookups for the ~5,000 ZIPs
    // in a 50-mile latitude band; ADR 052).
    index("zip_codes_latitude_longitude_zip_idx").on(t.latitude, t.longitude, t.zip),
    // Prefix suggestions: city LIKE 'bos%' (LIKE is case-insensitive, so the index is NOCASE).
    index("zip_codes_city_nocase_idx").on(sql`${t.city} COLLATE NOCASE`),
    check("zip_codes_zip", isZip(t.zip)),
    check("zip_codes_state", sql`${col(t.state)} GLOB '[A-Z][A-Z]'`),
    check("zip_codes_latitude", sql`${col(t.latitude)} between -90 and 90`),
    check("zip_codes_longitude", sql`${col(t.longitude)} between -180 and 180`),
  ],
);

export type ZipCode = typeof zipCodes.$inferSelect;
export type NewZipCode = typeof zipCodes.$inferInsert;
