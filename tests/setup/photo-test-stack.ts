// The stack the photo lifecycle tests run against (ADR 017): the real libSQL and the local R2
// simulation (miniflare, as the seed and `wrangler dev` use it), with the helpers they share.
// `usePhotoStack()` opens it before a test file's tests and closes it after; `t` and `bucket` are
// live bindings, set once it is open.
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Client } from "@libsql/client";
import { drizzle } from "drizzle-orm/libsql";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll } from "vitest";
import type { Db } from "#db/client";
import * as schema from "#db/schema";
import { listingPhotos, profiles, users } from "#db/schema";
import { openPhotoBucket } from "#db/seed/photo-bucket";
import { createTestDb, type TestDb } from "./test-db";
import type { ListingInput } from "../../app/features/listings/listings.server";
import { storeUpload, type PhotoBucket } from "../../app/features/photos/ledger.server";
import type { Viewer } from "../../app/features/permissions/viewer";

export const JPEG = new Uint8Array(readFileSync("tests/fixtures/photo.jpg"));
export const PNG = new Uint8Array(readFileSync("tests/fixtures/photo.png"));
export const DAY = 24 * 60 * 60 * 1000;

export let t: TestDb;
export let bucket: PhotoBucket;
let disposeBucket: () => Promise<void>;
let persistDir: string;

export function usePhotoStack() {
  beforeAll(async () => {
    t = await createTestDb();
    persistDir = mkdtempSync(join(tmpdir(), "lockerswap-photos-r2-"));
    const storage = await openPhotoBucket(persistDir);
    bucket = storage.bucket as unknown as PhotoBucket;
    disposeBucket = storage.dispose;
  }, 60_000);

  afterAll(async () => {
    await disposeBucket?.();
    await t.cleanup();
    rmSync(persistDir, { recursive: true, force: true });
  });
}

let n = 0;
export async function seller(): Promise<Viewer> {
  const email = `seller${++n}-${crypto.randomUUID().slice(0, 6)}@test.dev`;
  const [user] = await t.db.insert(users).values({ email }).returning();
  await t.db.insert(profiles).values({ userId: user.id, email, firstName: "Sam", lastName: "Seller" });
  return { id: user.id, email, firstName: "Sam", lastName: "Seller", zipCode: null, isAdmin: false };
}

export const input = (over: Partial<ListingInput> = {}): ListingInput => ({
  title: "Easton youth bat",
  description: null,
  priceCents: 2500,
  sport: "baseball",
  sportSubcategory: null,
  equipmentType: null,
  brand: null,
  condition: "gently-used",
  size: null,
  sizeNumeric: null,
  gender: null,
  zipCode: "10001",
  city: "New York",
  state: "NY",
  pickupInstructions: null,
  clubIds: [],
  ...over,
});

let uploads = 0;
/** A fresh upload index (it names the object key). */
export const nextUploadIndex = () => uploads++;

/** A pending upload through the real path: its row, then its object in local R2. */
export async function upload(owner: Viewer, bytes: Uint8Array<ArrayBuffer> = JPEG, opts: { now?: number; quotaBytes?: number } = {}) {
  const outcome = await storeUpload(t.db, bucket, owner.id, new File([bytes], "photo.jpg"), nextUploadIndex(), opts);
  if (!outcome.ok) throw new Error(outcome.message);
  return outcome.photo;
}

export const exists = async (key: string) => (await bucket.head(key)) !== null;

/** Every photo a listing shows has its object in R2 (no broken images). */
export async function everyListingPhotoHasItsObject(listingId: string) {
  const rows = await t.db.select().from(listingPhotos).where(eq(listingPhotos.listingId, listingId));
  return (await Promise.all(rows.map((r) => exists(r.r2Key)))).every(Boolean);
}

/**
 * A second connection to the same database whose next batch waits at the gate: it plays a request
 * that has read what it needs and is about to write when another request gets in first.
 */
export function gatedDb() {
  let reached!: () => void;
  let open!: () => void;
  const atGate = new Promise<void>((resolve) => (reached = resolve));
  const gate = new Promise<void>((resolve) => (open = resolve));
  const client = new Proxy(t.client, {
    get(target, prop) {
      if (prop === "batch") {
        return async (...args: Parameters<Client["batch"]>) => {
          reached();
          await gate;
          return target.batch(...args);
        };
      }
      const value = Reflect.get(target, prop, target);
      return typeof value === "function" ? value.bind(target) : value;
    },
  });
  return { db: drizzle(client, { schema }) as unknown as Db, atGate, open };
}
