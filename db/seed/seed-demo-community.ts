// seedDemoCommunity(db, …): fills an empty, migrated database with the demo community (see
// README.md). The CLI (index.ts) is a thin wrapper; tests call this directly with a small scale.
import { seedDemoSwapDays } from "./demo-swap-days";
import { and, between, count, inArray } from "drizzle-orm";
import { hashPassword } from "~/features/accounts/password.server";
import { distanceMiles } from "~/features/geo/geo.server";
import type { Db } from "#db/client";
import { loadZipCodes } from "#db/geodata/load-zips";
import * as schema from "#db/schema";
import { insertInBatches } from "./batch-insert";
import { recordCompletedSales } from "~/features/trade/sales.server";
import { countOf, demoPriceDrop, demoSkateSales } from "./demo-prices";
import {
  buildCommunity,
  imageFor,
  thumbnailFor,
  isPlaceName,
  listingCountFor,
  PHOTO_SHARE,
  type Community,
  type MetroKey,
  type ZipPlace,
} from "./community";
import { CLUB_SEEDS, DEMO_ZIPS, METROS } from "./community-data";
import { DEMO_ACCOUNTS } from "./demo-accounts";

/** The part of an R2 bucket binding the seed writes photos with. */
export type PhotoBucket = {
  put(key: string, value: Uint8Array, options?: { httpMetadata?: { contentType?: string } }): Promise<unknown>;
};

export type SeedOptions = {
  /** 1 = ≥ 300 users and ≥ 2,000 listings; tests use ~0.1. */
  scale?: number;
  /** A bucket to upload generated listing photos to, or false for none (no listing_photos rows). */
  photos?: PhotoBucket | false;
  /** How many listings get photos when `photos` is a bucket (default: most, PHOTO_SHARE). */
  photoListings?: number;
  /** PASSWORD_PEPPER, so the demo accounts can sign in to the Worker that uses the same pepper. */
  pepper: string;
  now?: Date;
  seed?: number;
};

export type SeedResult = {
  community: Community;
  counts: Record<string, number>;
  photosUploaded: number;
  zipCodesLoaded: number;
  /** Milliseconds per phase, for the CLI's report. */
  timings: Record<string, number>;
};

const MILES_PER_DEGREE = 69;

/** Real ZIPs within each metro's radius, sorted by ZIP, plus the places of the named ZIPs. */
export async function loadMetroPlaces(db: Db) {
  const zipsByMetro = {} as Record<MetroKey, ZipPlace[]>;
  for (const metro of METROS) {
    const lat = metro.radiusMiles / MILES_PER_DEGREE;
    const lon = metro.radiusMiles / (MILES_PER_DEGREE * Math.cos((metro.latitude * Math.PI) / 180));
    const rows = await db
      .select()
      .from(schema.zipCodes)
      .where(
        and(
          between(schema.zipCodes.latitude, metro.latitude - lat, metro.latitude + lat),
          between(schema.zipCodes.longitude, metro.longitude - lon, metro.longitude + lon),
        ),
      )
      .orderBy(schema.zipCodes.zip);
    zipsByMetro[metro.key] = rows.filter((row) => distanceMiles(metro, row) <= metro.radiusMiles && isPlaceName(row.city));
    if (zipsByMetro[metro.key].length < 5) throw new Error(`Too few ZIPs near ${metro.name}; is zip_codes loaded?`);
  }
  const named = [...new Set([...CLUB_SEEDS.map((c) => c.zip), ...Object.values(DEMO_ZIPS)])];
  const rows = await db.select().from(schema.zipCodes).where(inArray(schema.zipCodes.zip, named));
  const places = new Map<string, ZipPlace>(rows.map((row) => [row.zip, row]));
  for (const list of Object.values(zipsByMetro)) for (const row of list) places.set(row.zip, row);
  return { zipsByMetro, places };
}

/** Loads the ZIP gazetteer when the table is empty (the seed needs city, state and coordinates). */
export async function ensureZipCodes(db: Db): Promise<number> {
  const [{ n }] = await db.select({ n: count() }).from(schema.zipCodes);
  if (n > 0) return 0;
  return (await loadZipCodes(db)).rows;
}

/** Inserts a built community, parents before children. Returns rows per table. */
export async function insertCommunity(db: Db, c: Community, now = new Date()): Promise<Record<string, number>> {
  const photos = c.listingPhotos.map((plan) => {
    const { imageKey: _imageKey, ...row } = plan;
    return {
      ...row,
      byteSize: row.byteSize || imageFor(c, plan).length,
      thumbByteSize: row.thumbByteSize || thumbnailFor(c, plan).length,
    };
  });
  const counts: Record<string, number> = {};
  const steps: [string, () => Promise<number>][] = [
    ["users", () => insertInBatches(db, schema.users, c.users)],
    ["profiles", () => insertInBatches(db, schema.profiles, c.profiles)],
    ["user_roles", () => insertInBatches(db, schema.userRoles, c.userRoles)],
    ["clubs", () => insertInBatches(db, schema.clubs, c.clubs)],
    ["club_members", () => insertInBatches(db, schema.clubMembers, c.clubMembers)],
    ["listings", () => insertInBatches(db, schema.listings, c.listings)],
    ["listing_clubs", () => insertInBatches(db, schema.listingClubs, c.listingClubs)],
    ["listing_photos", () => insertInBatches(db, schema.listingPhotos, photos)],
    ["favorites", () => insertInBatches(db, schema.favorites, c.favorites)],
    ["deals", () => insertInBatches(db, schema.deals, c.deals)],
    ["deal_revisions", () => insertInBatches(db, schema.dealRevisions, c.dealRevisions)],
    ["deal_listings", () => insertInBatches(db, schema.dealListings, c.dealListings)],
    ["listing_locks", () => insertInBatches(db, schema.listingLocks, c.listingLocks)],
    ["reviews", () => insertInBatches(db, schema.reviews, c.reviews)],
    ["listing_messages", () => insertInBatches(db, schema.listingMessages, c.listingMessages)],
    ["club_messages", () => insertInBatches(db, schema.clubMessages, c.clubMessages)],
    ["club_direct_messages", () => insertInBatches(db, schema.clubDirectMessages, c.clubDirectMessages)],
    ["club_requests", () => insertInBatches(db, schema.clubRequests, c.clubRequests)],
    ["saved_searches", () => insertInBatches(db, schema.savedSearches, c.savedSearches)],
    ["listing_match_queue", () => insertInBatches(db, schema.listingMatchQueue, c.listingMatchQueue)],
    ["demo skate sales", () => demoSkateSales(db, c, now)],
    // Price guidance's sales (ADR 086): what the completing batch would have written for each completed deal.
    ["sales", () => recordCompletedSales(db).then(() => countOf(db, "sales"))],
    // A favourite of the demo member's that just got cheaper, already told (the bell shows it).
    ["price_drop_notices", () => demoPriceDrop(db, c, now)],
  ];
  for (const [table, step] of steps) counts[table] = await step();
  return counts;
}

async function uploadPhotos(bucket: PhotoBucket, c: Community): Promise<number> {
  const queue = [...c.listingPhotos];
  const worker = async () => {
    for (let photo = queue.shift(); photo; photo = queue.shift()) {
      // Drawing one image while the others' uploads are in flight keeps both cores busy.
      await bucket.put(photo.r2Key, imageFor(c, photo), { httpMetadata: { contentType: "image/png" } });
      if (photo.thumbKey) await bucket.put(photo.thumbKey, thumbnailFor(c, photo), { httpMetadata: { contentType: "image/png" } });
    }
  };
  await Promise.all(Array.from({ length: 64 }, worker));
  return c.listingPhotos.length;
}

export async function seedDemoCommunity(db: Db, options: SeedOptions): Promise<SeedResult> {
  const scale = options.scale ?? 1;
  const timings: Record<string, number> = {};
  let lap = performance.now();
  const time = (phase: string) => {
    const end = performance.now();
    timings[phase] = Math.round(end - lap);
    lap = end;
  };
  const zipCodesLoaded = await ensureZipCodes(db);
  time("zip codes");
  const { zipsByMetro, places } = await loadMetroPlaces(db);
  const now = options.now ?? new Date();
  const community = buildCommunity({
    scale,
    now,
    zipsByMetro,
    places,
    seed: options.seed,
    photoListings: options.photos ? (options.photoListings ?? Math.round(PHOTO_SHARE * listingCountFor(scale))) : 0,
  });
  time("build");

  // Only the demo accounts get passwords (PBKDF2 is deliberately slow); the crowd never signs in.
  const hashes = await Promise.all(DEMO_ACCOUNTS.map((account) => hashPassword(account.password, options.pepper)));
  DEMO_ACCOUNTS.forEach((account, i) => {
    const user = community.users.find((u) => u.id === community.demoUserIds[account.key])!;
    user.passwordHash = hashes[i]!.hash;
    user.passwordAlgo = hashes[i]!.algo;
    user.passwordParams = hashes[i]!.params;
  });
  time("passwords");

  // Objects first: a listing_photos row must never point at a missing object.
  const photosUploaded = options.photos ? await uploadPhotos(options.photos, community) : 0;
  time("photos");
  const counts = await insertCommunity(db, community, now);
  time("insert");
  await seedDemoSwapDays(db, { owner: community.demoUserIds.owner, member: community.demoUserIds.member }, now);
  time("swap days");
  return { community, counts, photosUploaded, zipCodesLoaded, timings };
}
