// ADR 017 and ADR 036: the scheduled photo cleanup, and a photo stored, served and deleted together
// with its thumbnail — against the real libSQL and local R2 (photo-test-stack.ts).
import { eq, inArray } from "drizzle-orm";
import { describe, expect, test } from "vitest";
import { listingPhotos, photoObjects } from "#db/schema";
import { createListing } from "../listings/listings.server";
import { getOwnListing } from "../listings/listing-reads.server";
import { cleanupPhotos } from "./cleanup.server";
import { finishPhotoDeletes, removePendingPhoto, storeUpload } from "./ledger.server";
import type { Viewer } from "../permissions/viewer";
import { makePng } from "../../../tests/fixtures/make-png";
import {
  bucket,
  DAY,
  exists,
  input,
  JPEG,
  nextUploadIndex,
  PNG,
  seller,
  t,
  upload,
  usePhotoStack,
} from "../../../tests/setup/photo-test-stack";

usePhotoStack();

describe("the scheduled photo cleanup (ADR 017)", () => {
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
    storeUpload(t.db, bucket, owner.id, new File([WIDE], "wide.png"), nextUploadIndex(), { thumbnail: new File([thumb], "thumb.png") });

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
