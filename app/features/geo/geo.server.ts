// US ZIP geography: ZIP → city/state lookup, location autocomplete and the haversine distance.
// Replaces the original product's public ZIP-lookup service and its location-search and
// calculate-distance functions (spec 01 §7, spec 02 §7); the radius filter itself is SQL in
// radius.server.ts, built on the constants below. The data lives in the zip_codes
// table, filled by db/geodata/load-zips.ts. Nothing here throws on bad input: a bad ZIP is
// `invalid`, an unknown one `not_found`, and callers decide what to show (spec 01 §8: ZIP
// lookup and distance failures are only logged, the unfiltered list stays).
import { and, asc, count, desc, eq, like, min, sql } from "drizzle-orm";
import type { Db } from "#db/client";
import { zipCodes } from "#db/schema";
import { ZIP_PATTERN } from "~/shared/zip";

export type GeoPoint = { latitude: number; longitude: number };

export type ZipLookup = { ok: true; zip: string; city: string; state: string } | { ok: false; reason: "invalid" | "not_found" };

export type LocationSuggestion = {
  displayName: string;
  city: string;
  state: string;
  zip?: string;
};

export const EARTH_RADIUS_MILES = 3958.8;
export const MAX_LOCATION_SUGGESTIONS = 8;
const MIN_QUERY_LENGTH = 2; // spec 01 §5: location suggestions need 2 characters after trimming
const MAX_QUERY_LENGTH = 50; // spec 01 §9: location input max 50 characters
export const MILES_PER_DEGREE_LATITUDE = 69;

/** The ZIP as 5 digits, or null. Surrounding spaces are forgiven; anything else is not. */
export function normalizeZip(zip: unknown): string | null {
  if (typeof zip !== "string" && typeof zip !== "number") return null;
  const text = String(zip).trim();
  return ZIP_PATTERN.test(text) ? text : null;
}

async function findZip(db: Db, zip: string) {
  const [row] = await db.select().from(zipCodes).where(eq(zipCodes.zip, zip)).limit(1);
  return row;
}

/** ZIP → city and state, as the sign-up, profile, listing and club forms use to fill fields. */
export async function lookupZip(db: Db, zip: unknown): Promise<ZipLookup> {
  const normalized = normalizeZip(zip);
  if (!normalized) return { ok: false, reason: "invalid" };
  const row = await findZip(db, normalized);
  if (!row) return { ok: false, reason: "not_found" };
  return { ok: true, zip: row.zip, city: row.city, state: row.state };
}

/**
 * Location autocomplete (the location-search function). Digits match ZIP prefixes
 * ('City, ST 12345'); words match city prefixes, optionally narrowed by 'City, ST'.
 * Cities are listed once per state: exact name first, then places with more ZIPs
 * (a stand-in for size, so 'spring' offers Springfield before Spring Church), then by name.
 */
export async function searchLocations(db: Db, text: unknown): Promise<LocationSuggestion[]> {
  if (typeof text !== "string") return [];
  const query = text.trim().slice(0, MAX_QUERY_LENGTH);
  if (query.length < MIN_QUERY_LENGTH) return [];

  if (/^\d+$/.test(query)) {
    if (query.length > 5) return [];
    const rows = await db
      .select({ zip: zipCodes.zip, city: zipCodes.city, state: zipCodes.state })
      .from(zipCodes)
      .where(like(zipCodes.zip, `${query}%`))
      .orderBy(asc(zipCodes.zip))
      .limit(MAX_LOCATION_SUGGESTIONS);
    return rows.map((row) => ({
      displayName: `${row.city}, ${row.state} ${row.zip}`,
      city: row.city,
      state: row.state,
      zip: row.zip,
    }));
  }

  const [cityPart, statePart = ""] = query.split(",", 2);
  // Only characters that occur in place names survive, so LIKE wildcards cannot be smuggled in.
  const city = cityPart
    .replace(/[^\p{L} .'-]/gu, "")
    .replace(/\s+/g, " ")
    .trim();
  const state = statePart
    .replace(/[^A-Za-z]/g, "")
    .toUpperCase()
    .slice(0, 2);
  if (city.length < MIN_QUERY_LENGTH) return [];

  const zipCount = count(zipCodes.zip);
  const rows = await db
    .select({ city: zipCodes.city, state: zipCodes.state, zip: min(zipCodes.zip) })
    .from(zipCodes)
    .where(
      and(
        like(zipCodes.city, `${city}%`), // SQLite LIKE ignores ASCII case
        state ? like(zipCodes.state, `${state}%`) : undefined,
      ),
    )
    .groupBy(zipCodes.city, zipCodes.state)
    .orderBy(
      desc(sql`lower(${zipCodes.city}) = lower(${city})`),
      desc(zipCount),
      asc(sql`${zipCodes.city} collate nocase`),
      asc(zipCodes.state),
    )
    .limit(MAX_LOCATION_SUGGESTIONS);
  return rows.map((row) => ({
    displayName: `${row.city}, ${row.state}`,
    city: row.city,
    state: row.state,
  }));
}

/** Great-circle (haversine) distance in statute miles. */
export function distanceMiles(a: GeoPoint, b: GeoPoint): number {
  const toRadians = (degrees: number) => (degrees * Math.PI) / 180;
  const dLat = toRadians(b.latitude - a.latitude);
  const dLon = toRadians(b.longitude - a.longitude);
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(toRadians(a.latitude)) * Math.cos(toRadians(b.latitude)) * Math.sin(dLon / 2) ** 2;
  return 2 * EARTH_RADIUS_MILES * Math.asin(Math.min(1, Math.sqrt(h)));
}
