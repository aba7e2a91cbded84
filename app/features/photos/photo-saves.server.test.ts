// ADR 017: saving a listing while its pending photos race between saves and removals, and the
// pending-bytes quota — against the real libSQL and local R2 (photo-test-stack.ts).
import type { AppLoadContext } from "@remix-run/cloudflare";
import { eq } from "drizzle-orm";
import { describe, expect, test, vi } from "vitest";
import type { Db } from "#db/client";
import { listingPhotos, listings, photoObjects } from "#db/schema";
import { handleListingFormPost, type ListingFormValues } from "~/web/listing-form.server";
import { PHOTO_ERRORS } from "~/shared/copy/photos";
import { createListing, updateListing } from "../listings/listings.server";
import { ListingRuleError, PHOTO_TAKEN } from "../listings/listing-rule-error";
import { getOwnListing } from "../listings/listing-reads.server";
import { cleanupPhotos } from "./cleanup.server";
import { finishPhotoDeletes, removePendingPhoto, storeUpload, type PhotoBucket, type StoredPhoto } from "./ledger.server";
import {
  bucket,
  everyListingPhotoHasItsObject,
  exists,
  gatedDb,
  input,
  JPEG,
  PNG,
  seller,
  t,
  upload,
  usePhotoStack,
} from "../../../tests/setup/photo-test-stack";

usePhotoStack();

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

describe("two saves racing for the same pending photo (ADR 017)", () => {
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

describe("saving a listing while one of its photos is removed (ADR 017)", () => {
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
    expect(tabOne).toEqual({ removedKeys: [a.r2Key], changedDeals: [] });
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

describe("the pending-bytes quota (ADR 017)", () => {
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
