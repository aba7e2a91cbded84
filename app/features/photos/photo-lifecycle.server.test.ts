// Issue 9: pending photos racing between saves and removals, the pending-bytes quota and the
// scheduled cleanup — against the real libSQL and the local R2 simulation (miniflare, as the seed
// and `wrangler dev` use it).
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { AppLoadContext } from "@remix-run/cloudflare";
import type { Client } from "@libsql/client";
import { drizzle } from "drizzle-orm/libsql";
import { eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, test, vi } from "vitest";
import type { Db } from "#db/client";
import * as schema from "#db/schema";
import { listingPhotos, listings, photoObjects, profiles, users } from "#db/schema";
import { openPhotoBucket } from "#db/seed/photo-bucket";
import { createTestDb, type TestDb } from "../../../tests/setup/test-db";
import { handleListingFormPost, type ListingFormValues } from "~/web/listing-form.server";
import { createListing, getOwnListing, ListingRuleError, PHOTO_TAKEN, updateListing, type ListingInput } from "../listings/listings.server";
import { cleanupPhotos } from "./cleanup.server";
import { finishPhotoDeletes, removePendingPhoto, storeUpload, type PhotoBucket, type StoredPhoto } from "./ledger.server";
import { PHOTO_ERRORS } from "./photo-copy";
import type { Viewer } from "../accounts/viewer";

import { makePng } from "../../../tests/fixtures/make-png";

const JPEG = new Uint8Array(readFileSync("tests/fixtures/photo.jpg"));
const PNG = new Uint8Array(readFileSync("tests/fixtures/photo.png"));
const DAY = 24 * 60 * 60 * 1000;

let t: TestDb;
let bucket: PhotoBucket;
let disposeBucket: () => Promise<void>;
let persistDir: string;

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

let n = 0;
async function seller(): Promise<Viewer> {
  const email = `seller${++n}-${crypto.randomUUID().slice(0, 6)}@test.dev`;
  const [user] = await t.db.insert(users).values({ email }).returning();
  await t.db.insert(profiles).values({ userId: user.id, email, firstName: "Sam", lastName: "Seller" });
  return { id: user.id, email, firstName: "Sam", lastName: "Seller", zipCode: null, isAdmin: false };
}

const input = (over: Partial<ListingInput> = {}): ListingInput => ({
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
/** A pending upload through the real path: its row, then its object in local R2. */
async function upload(owner: Viewer, bytes: Uint8Array<ArrayBuffer> = JPEG, opts: { now?: number; quotaBytes?: number } = {}) {
  const outcome = await storeUpload(t.db, bucket, owner.id, new File([bytes], "photo.jpg"), uploads++, opts);
  if (!outcome.ok) throw new Error(outcome.message);
  return outcome.photo;
}

const exists = async (key: string) => (await bucket.head(key)) !== null;

/** Every photo a listing shows has its object in R2 (no broken images). */
async function everyListingPhotoHasItsObject(listingId: string) {
  const rows = await t.db.select().from(listingPhotos).where(eq(listingPhotos.listingId, listingId));
  return (await Promise.all(rows.map((r) => exists(r.r2Key)))).every(Boolean);
}

/**
 * A second connection to the same database whose next batch waits at the gate: it plays a request
 * that has read what it needs and is about to write when another request gets in first.
 */
function gatedDb() {
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

function contextFor(db: Db) {
  return {
    db,
    photos: bucket,
    env: { APP_ENV: "test", SESSION_SECRET: "photo-lifecycle-test-secret-0123456789" },
  } as unknown as AppLoadContext;
}

function saveRequest(fields: Record<string, string>, photoKeys: string[], path = "/list-item") {
  const body = new FormData();
  for (const [k, v] of Object.entries({
    price: "25",
    sport: "baseball",
    condition: "gently-used",
    zipCode: "10001",
    city: "New York",
    state: "NY",
    intent: "save",
    ...fields,
  }))
    body.set(k, v);
  for (const key of photoKeys) body.append("photos", key);
  return new Request(`http://localhost${path}`, { method: "POST", body });
}

type FormReply = { values: ListingFormValues; photos: { key: string }[]; toast: { description: string } | null };
const replyOf = (response: unknown) => {
  const r = response as { init: { status: number } | null; data: FormReply };
  return { status: r.init?.status ?? 200, ...r.data };
};

describe("two saves racing for the same pending photo (issue 9 item 1)", () => {
  test("one listing gets the photo; the other save is refused with photo_taken and writes nothing", async () => {
    const me = await seller();
    const photo = await upload(me);
    const late = gatedDb();
    const second = createListing(late.db, me, input({ title: "Second tab" }), [photo]);
    await late.atGate;
    const first = await createListing(t.db, me, input({ title: "First tab" }), [photo]);
    late.open();
    await expect(second).rejects.toMatchObject({ code: "photo_taken", message: PHOTO_TAKEN, photoKeys: [photo.r2Key] });

    const mine = await t.db.select().from(listings).where(eq(listings.userId, me.id));
    expect(mine.map((l) => l.title)).toEqual(["First tab"]);
    const rows = await t.db.select().from(listingPhotos).where(eq(listingPhotos.r2Key, photo.r2Key));
    expect(rows.map((r) => r.listingId)).toEqual([first]);
    expect(await t.db.select().from(photoObjects).where(eq(photoObjects.r2Key, photo.r2Key))).toEqual([]);
  });

  test("the listing form that loses answers 409 with a clear message, its values kept and the taken photo off the form", async () => {
    const me = await seller();
    const taken = await upload(me);
    const mineToo = await upload(me, PNG);
    const late = gatedDb();
    const losing = handleListingFormPost(
      saveRequest({ title: "Bat from tab two", description: "Barely used" }, [taken.r2Key, mineToo.r2Key]),
      contextFor(late.db),
      me,
      { mode: "create" },
    );
    await late.atGate;
    const winning = (await handleListingFormPost(saveRequest({ title: "Bat from tab one" }, [taken.r2Key]), contextFor(t.db), me, {
      mode: "create",
    })) as Response;
    expect(winning.status).toBe(302);
    late.open();

    const reply = replyOf(await losing);
    expect(reply.status).toBe(409);
    expect(reply.toast?.description).toBe(PHOTO_TAKEN);
    expect(reply.values).toMatchObject({ title: "Bat from tab two", description: "Barely used", price: "25" });
    expect(reply.photos.map((p) => p.key)).toEqual([mineToo.r2Key]);
    const titles = (await t.db.select().from(listings).where(eq(listings.userId, me.id))).map((l) => l.title);
    expect(titles).toEqual(["Bat from tab one"]);
    // The photo the losing save still had is still pending, ready for the next save.
    const [row] = await t.db.select().from(photoObjects).where(eq(photoObjects.r2Key, mineToo.r2Key));
    expect(row.state).toBe("pending");
  });

  test("a save that arrives after the photo was saved elsewhere is refused the same way (409), not saved without it", async () => {
    const me = await seller();
    const photo = await upload(me);
    await createListing(t.db, me, input(), [photo]);
    const reply = replyOf(
      await handleListingFormPost(saveRequest({ title: "Again" }, [photo.r2Key]), contextFor(t.db), me, { mode: "create" }),
    );
    expect(reply.status).toBe(409);
    expect(reply.values.title).toBe("Again");
    expect((await t.db.select().from(listings).where(eq(listings.userId, me.id))).length).toBe(1);
  });
});

describe("saving a listing while one of its photos is removed (issue 9 item 2)", () => {
  test("an edit that still shows a photo another tab removed is refused, and the listing never points at a deleted object", async () => {
    const me = await seller();
    const [a, b] = [await upload(me), await upload(me, PNG)];
    const id = await createListing(t.db, me, input(), [a, b]);

    // Tab two has read the listing (photos a, b) and is about to save it unchanged.
    const late = gatedDb();
    const tabTwo = updateListing(late.db, me, id, input({ title: "Tab two" }), {
      keep: [a.r2Key, b.r2Key],
      added: [],
      order: [a.r2Key, b.r2Key],
    });
    await late.atGate;
    // Tab one removes photo a and saves: the row goes, then the object.
    const tabOne = await updateListing(t.db, me, id, input({ title: "Tab one" }), { keep: [b.r2Key], added: [], order: [b.r2Key] });
    expect(tabOne).toEqual({ removedKeys: [a.r2Key] });
    await finishPhotoDeletes(t.db, bucket, tabOne!.removedKeys);
    expect(await exists(a.r2Key)).toBe(false);
    late.open();

    await expect(tabTwo).rejects.toMatchObject({ code: "photo_taken", photoKeys: [a.r2Key] });
    const own = await getOwnListing(t.db, me, id);
    expect(own?.listing.title).toBe("Tab one");
    expect(own?.photos.map((p) => p.r2Key)).toEqual([b.r2Key]);
    expect(await everyListingPhotoHasItsObject(id)).toBe(true);
  });

  test("a pending photo removed in one tab while another tab saves it: the save is refused and no row is left pointing at it", async () => {
    const me = await seller();
    const photo = await upload(me);
    const late = gatedDb();
    const saving = createListing(late.db, me, input(), [photo]);
    await late.atGate;
    await removePendingPhoto(t.db, bucket, me.id, photo.r2Key);
    expect(await exists(photo.r2Key)).toBe(false);
    late.open();
    await expect(saving).rejects.toBeInstanceOf(ListingRuleError);
    expect(await t.db.select().from(listingPhotos).where(eq(listingPhotos.r2Key, photo.r2Key))).toEqual([]);
    expect(await t.db.select().from(photoObjects).where(eq(photoObjects.r2Key, photo.r2Key))).toEqual([]);
  });

  test("removing a pending photo that a save has just attached leaves the object alone", async () => {
    const me = await seller();
    const photo = await upload(me);
    const id = await createListing(t.db, me, input(), [photo]);
    await removePendingPhoto(t.db, bucket, me.id, photo.r2Key);
    expect(await exists(photo.r2Key)).toBe(true);
    expect(await everyListingPhotoHasItsObject(id)).toBe(true);
  });

  test("a removed photo whose R2 delete fails stays marked for deletion, and the cleanup deletes it later", async () => {
    const me = await seller();
    const [a, b] = [await upload(me), await upload(me, PNG)];
    const id = await createListing(t.db, me, input(), [a, b]);
    const result = await updateListing(t.db, me, id, input(), { keep: [b.r2Key], added: [], order: [b.r2Key] });
    // R2 is the edge: an outage refuses the delete.
    const outage = { ...bucket, delete: async () => Promise.reject(new Error("R2 delete failed: 503")) } as PhotoBucket;
    const operatorLog = vi.spyOn(console, "error").mockImplementation(() => {});
    expect(await finishPhotoDeletes(t.db, outage, result!.removedKeys)).toEqual({ deleted: 0, failed: 1 });
    expect(operatorLog).toHaveBeenCalledWith(expect.stringContaining('"event":"photo_delete_failed"'));
    operatorLog.mockRestore();
    const [marked] = await t.db.select().from(photoObjects).where(eq(photoObjects.r2Key, a.r2Key));
    expect(marked.state).toBe("deleting");
    expect(await exists(a.r2Key)).toBe(true);

    const report = await cleanupPhotos(t.db, bucket);
    expect(report.failedDeletes).toBe(0);
    expect(await exists(a.r2Key)).toBe(false);
    expect(await t.db.select().from(photoObjects).where(eq(photoObjects.r2Key, a.r2Key))).toEqual([]);
    expect(await everyListingPhotoHasItsObject(id)).toBe(true);
  });
});

describe("the pending-bytes quota (issue 9 item 3)", () => {
  test("an upload over the account's pending quota is refused with a clear message and stores nothing", async () => {
    const me = await seller();
    const quotaBytes = JPEG.length + PNG.length;
    await upload(me, JPEG, { quotaBytes });
    await upload(me, PNG, { quotaBytes });
    const refused = await storeUpload(t.db, bucket, me.id, new File([JPEG], "third.jpg"), 99, { quotaBytes });
    expect(refused).toMatchObject({ ok: false, message: `third.jpg: ${PHOTO_ERRORS.quota}` });
    expect(PHOTO_ERRORS.quota).toBe("You have too many photos waiting to be saved. Save or remove some first.");
    const pending = await t.db.select().from(photoObjects).where(eq(photoObjects.ownerId, me.id));
    expect(pending.length).toBe(2);
    const listed = await bucket.list({ prefix: `${me.id}/` });
    expect(listed.objects.length).toBe(2);
  });

  test("parallel uploads cannot overrun the quota together", async () => {
    const me = await seller();
    const quotaBytes = 2 * JPEG.length;
    const outcomes = await Promise.all(
      Array.from({ length: 5 }, (_, i) => storeUpload(t.db, bucket, me.id, new File([JPEG], `p${i}.jpg`), i, { quotaBytes })),
    );
    expect(outcomes.filter((o) => o.ok).length).toBe(2);
    expect(outcomes.filter((o) => !o.ok).every((o) => !o.ok && o.message.endsWith(PHOTO_ERRORS.quota))).toBe(true);
  });

  test("the listing form's refresh shows the quota message, keeps the values, and saving frees the quota", async () => {
    const me = await seller();
    const context = { ...contextFor(t.db), env: { ...contextFor(t.db).env, PHOTO_PENDING_QUOTA_BYTES: JPEG.length } } as AppLoadContext;
    const body = new FormData();
    body.set("intent", "refresh");
    body.set("title", "Glove");
    body.append("newPhotos", new File([JPEG], "one.jpg", { type: "image/jpeg" }));
    body.append("newPhotos", new File([JPEG], "two.jpg", { type: "image/jpeg" }));
    const reply = replyOf(
      await handleListingFormPost(new Request("http://localhost/list-item", { method: "POST", body }), context, me, { mode: "create" }),
    );
    expect(reply.status).toBe(200);
    expect(reply.values.title).toBe("Glove");
    expect(reply.photos.length).toBe(1);
    expect(reply.toast?.description).toBe(`two.jpg: ${PHOTO_ERRORS.quota}`);

    const [{ r2Key, contentType, width, height, byteSize }] = await t.db.select().from(photoObjects).where(eq(photoObjects.ownerId, me.id));
    const held: StoredPhoto = { r2Key, contentType, width, height, byteSize };
    await createListing(t.db, me, input(), [held]);
    await upload(me, JPEG, { quotaBytes: JPEG.length });
  });
});

describe("the scheduled photo cleanup (issue 9 item 3)", () => {
  test("deletes pending uploads older than a day; keeps fresh uploads and listing photos; drops rows whose object is gone", async () => {
    const me = await seller();
    const now = Date.now();
    const stale = await upload(me, JPEG, { now: now - 2 * DAY });
    const fresh = await upload(me, JPEG, { now });
    const [kept, vanished] = [await upload(me), await upload(me, PNG)];
    const id = await createListing(t.db, me, input(), [kept, vanished]);
    const lostPending = await upload(me, PNG, { now: now - 2 * DAY });
    // Objects lost outside the app (an operator, a failed migration): their rows must go.
    await bucket.delete([vanished.r2Key, lostPending.r2Key]);
    await t.db
      .update(listingPhotos)
      .set({ createdAt: new Date(now - 2 * 60 * 60 * 1000) })
      .where(eq(listingPhotos.r2Key, vanished.r2Key));

    const report = await cleanupPhotos(t.db, bucket, { now });

    expect(await exists(stale.r2Key)).toBe(false);
    expect(await exists(fresh.r2Key)).toBe(true);
    expect(await exists(kept.r2Key)).toBe(true);
    const ledger = await t.db
      .select()
      .from(photoObjects)
      .where(inArray(photoObjects.r2Key, [stale.r2Key, fresh.r2Key, lostPending.r2Key]));
    expect(ledger.map((r) => [r.r2Key, r.state])).toEqual([[fresh.r2Key, "pending"]]);
    const own = await getOwnListing(t.db, me, id);
    expect(own?.photos.map((p) => p.r2Key)).toEqual([kept.r2Key]);
    expect(report).toMatchObject({ failedDeletes: 0 });
    expect(report.expiredPending).toBeGreaterThanOrEqual(2);
    expect(report.rowsWithoutObject).toBeGreaterThanOrEqual(1);
  });

  test("a row written just now whose object is still on its way is not judged missing", async () => {
    const me = await seller();
    const now = Date.now();
    await t.db
      .insert(photoObjects)
      .values({ r2Key: `${me.id}/${now}-0.jpg`, ownerId: me.id, contentType: "image/jpeg", byteSize: 10, createdAt: new Date(now) });
    await cleanupPhotos(t.db, bucket, { now });
    expect((await t.db.select().from(photoObjects).where(eq(photoObjects.ownerId, me.id))).length).toBe(1);
  });

  test("an object no row knows (an upload from before the ledger) is deleted once it is a day old", async () => {
    const me = await seller();
    const key = `${me.id}/${Date.now()}-0.png`;
    await bucket.put(key, PNG, { customMetadata: { owner: me.id } });
    await cleanupPhotos(t.db, bucket);
    expect(await exists(key)).toBe(true);
    await cleanupPhotos(t.db, bucket, { now: Date.now() + 2 * DAY, graceMs: 3 * DAY });
    expect(await exists(key)).toBe(false);
  });
});

describe("a photo and its thumbnail are stored, served and deleted together (ADR 036)", () => {
  const WIDE = new Uint8Array(makePng(1200, 900));
  const store = (owner: Viewer, thumb: Uint8Array<ArrayBuffer>) =>
    storeUpload(t.db, bucket, owner.id, new File([WIDE], "wide.png"), uploads++, { thumbnail: new File([thumb], "thumb.png") });

  test("a matching thumbnail is stored beside the photo with the size read from its header", async () => {
    const me = await seller();
    const outcome = await store(me, new Uint8Array(makePng(480, 360)));
    if (!outcome.ok) throw new Error(outcome.message);
    expect(outcome.photo).toMatchObject({
      width: 1200,
      height: 900,
      thumbKey: expect.stringMatching(/-thumb\.png$/),
      thumbWidth: 480,
      thumbHeight: 360,
    });
    expect(await exists(outcome.photo.thumbKey!)).toBe(true);
    const [row] = await t.db.select().from(photoObjects).where(eq(photoObjects.r2Key, outcome.photo.r2Key));
    expect(row).toMatchObject({ thumbKey: outcome.photo.thumbKey, thumbWidth: 480, thumbHeight: 360 });

    // Saved on a listing, then the listing is deleted: both objects go.
    const id = await createListing(t.db, me, input(), [outcome.photo]);
    const [held] = await t.db.select().from(listingPhotos).where(eq(listingPhotos.listingId, id));
    expect(held).toMatchObject({ thumbKey: outcome.photo.thumbKey, thumbWidth: 480, thumbHeight: 360 });
    const { deleteListing } = await import("../listings/listings.server");
    const removed = await deleteListing(t.db, me, id);
    await finishPhotoDeletes(t.db, bucket, removed!.removedKeys);
    expect(await exists(outcome.photo.r2Key)).toBe(false);
    expect(await exists(outcome.photo.thumbKey!)).toBe(false);
  });

  test("a thumbnail that does not match the photo is refused: the photo is stored alone and cards show it", async () => {
    const me = await seller();
    const outcome = await store(me, new Uint8Array(makePng(480, 480)));
    if (!outcome.ok) throw new Error(outcome.message);
    expect(outcome.photo).toMatchObject({ width: 1200, height: 900, thumbKey: null, thumbWidth: null, thumbHeight: null });
    const listed = await bucket.list({ prefix: `${me.id}/` });
    expect(listed.objects.map((o) => o.key)).toEqual([outcome.photo.r2Key]);
  });

  test("removing a pending photo deletes its thumbnail too", async () => {
    const me = await seller();
    const outcome = await store(me, new Uint8Array(makePng(480, 360)));
    if (!outcome.ok) throw new Error(outcome.message);
    await removePendingPhoto(t.db, bucket, me.id, outcome.photo.r2Key);
    expect(await exists(outcome.photo.r2Key)).toBe(false);
    expect(await exists(outcome.photo.thumbKey!)).toBe(false);
  });
});
