// ADR 094: a listing saved with another account's photo (re-compressed) is queued for moderators
// and the seller sees nothing; the seller's own photos match nothing; uphold removes the listing and
// keeps the photo's hash, so listing it again is queued too; dismiss keeps the listing and a re-save
// queues nothing twice. Real libSQL and local R2 (photo-test-stack.ts).
import { decode as decodePng } from "fast-png";
import { decode, encode } from "jpeg-js";
import { renderIllustration } from "#db/seed/illustrations";
import { sql } from "drizzle-orm";
import { describe, expect, test } from "vitest";
import { createListing, updateListing } from "../listings/listings.server";
import { getOwnListing } from "../listings/listing-reads.server";
import type { Viewer } from "../permissions/viewer";
import { decidePhotoMatch, photoMatchQueue } from "./photo-match-queue.server";
import { JPEG, input, seller, t, upload, usePhotoStack } from "../../../tests/setup/photo-test-stack";

usePhotoStack();

function jpegOf(png: Uint8Array) {
  const d = decodePng(png);
  const data = new Uint8Array(d.width * d.height * 4);
  for (let i = 0; i < d.width * d.height; i++) {
    for (let c = 0; c < 3; c++) data[i * 4 + c] = d.data[i * d.channels + c]!;
    data[i * 4 + 3] = 255;
  }
  return new Uint8Array(encode({ width: d.width, height: d.height, data }, 60).data) as Uint8Array<ArrayBuffer>;
}

const recompressed = (() => {
  const image = decode(JPEG, { useTArray: true });
  return new Uint8Array(encode(image, 45).data) as Uint8Array<ArrayBuffer>;
})();

async function moderator(): Promise<Viewer> {
  const admin = await seller();
  await t.db.run(
    sql`insert into user_roles (id, user_id, role, created_at) values (${crypto.randomUUID()}, ${admin.id}, 'admin', ${Date.now()})`,
  );
  return { ...admin, isAdmin: true };
}

const matchesOf = (listingId: string) =>
  t.db.all<{ id: string; status: string; matchedPhotoKey: string; matchedRemovedId: string | null }>(
    sql`select id, status, matched_photo_key as matchedPhotoKey, matched_removed_id as matchedRemovedId from photo_matches where listing_id = ${listingId}`,
  );
const auditOf = (action: string, targetId: string) =>
  t.db.all<{ actorId: string }>(sql`select actor_id as actorId from admin_audit_log where action = ${action} and target_id = ${targetId}`);

describe("stolen-photo matches", () => {
  test("another account's photo, re-compressed: queued with both photos, the seller sees nothing", async () => {
    const owner = await seller();
    const thief = await seller();
    const original = await upload(owner);
    expect(original.phash).toMatch(/^[0-9a-f]{16}$/);
    const first = await createListing(t.db, owner, input({ title: "Original bat" }), [original]);
    const copy = await upload(thief, recompressed);
    const stolen = await createListing(t.db, thief, input({ title: "Copied bat" }), [copy]);

    const [match] = await matchesOf(stolen);
    expect(match).toMatchObject({ status: "open", matchedPhotoKey: original.r2Key, matchedRemovedId: null });
    expect(await auditOf("queue_photo_match", stolen)).toEqual([{ actorId: "system" }]);
    expect(await matchesOf(first)).toEqual([]);
    // The seller's own view is the listing as saved: active, its photo, nothing about the match.
    const own = await getOwnListing(t.db, thief, stolen);
    expect(own?.listing.status).toBe("active");
    expect(own?.photos.map((p) => p.r2Key)).toEqual([copy.r2Key]);
    const queue = await photoMatchQueue(t.db, await moderator());
    const entry = queue!.entries.find((e) => e.listing.id === stolen)!;
    expect(entry).toMatchObject({ photoKey: copy.r2Key, matched: { source: "listing", shownKey: original.r2Key, listingId: first } });
    // Not a moderator: no queue.
    expect(await photoMatchQueue(t.db, thief)).toBeNull();
    expect(await decidePhotoMatch(t.db, thief, match!.id, "dismiss")).toEqual({ ok: false, reason: "forbidden" });
  });

  test("a seller re-listing their own photo matches nothing", async () => {
    // A drawing no other test lists, as a PNG and then as its JPEG copy.
    const owner = await seller();
    const png = renderIllustration("helmet-football", 1, 480) as Uint8Array<ArrayBuffer>;
    await createListing(t.db, owner, input(), [await upload(owner, png)]);
    const again = await createListing(t.db, owner, input({ title: "Same helmet again" }), [await upload(owner, jpegOf(png))]);
    expect(await matchesOf(again)).toEqual([]);
    // The same copy from another account is queued.
    const other = await seller();
    const copied = await createListing(t.db, other, input(), [await upload(other, jpegOf(png))]);
    expect(await matchesOf(copied)).toHaveLength(1);
  });

  test("uphold removes the listing and keeps the hash: the same photo listed again is queued against the removed one", async () => {
    const admin = await moderator();
    const owner = await seller();
    const thief = await seller();
    await createListing(t.db, owner, input(), [await upload(owner)]);
    const stolen = await createListing(t.db, thief, input(), [await upload(thief, recompressed)]);
    const [match] = await matchesOf(stolen);
    const [first, second] = await Promise.all([
      decidePhotoMatch(t.db, admin, match!.id, "uphold"),
      decidePhotoMatch(t.db, admin, match!.id, "uphold"),
    ]);
    expect([first, second].filter((r) => r.ok)).toHaveLength(1);
    expect([first, second].filter((r) => !r.ok)).toEqual([{ ok: false, reason: "already_handled" }]);
    expect(await getOwnListing(t.db, thief, stolen)).toBeNull();
    expect(await auditOf("uphold_photo_match", stolen)).toEqual([{ actorId: admin.id }]);
    expect(await auditOf("delete_listing", stolen)).toHaveLength(1);

    // The owner of the original deletes theirs; a third account lists the photo: the removed hash matches.
    const third = await seller();
    const again = await createListing(t.db, third, input(), [await upload(third, recompressed)]);
    const [rematch] = await matchesOf(again);
    expect(rematch?.matchedRemovedId).toBeTruthy();
  });

  test("dismiss keeps the listing; an edit re-saving the photo queues nothing again", async () => {
    const admin = await moderator();
    const owner = await seller();
    const other = await seller();
    await createListing(t.db, owner, input(), [await upload(owner)]);
    const photo = await upload(other, recompressed);
    const id = await createListing(t.db, other, input(), [photo]);
    const [match] = await matchesOf(id);
    expect(await decidePhotoMatch(t.db, admin, match!.id, "dismiss")).toMatchObject({ ok: true });
    expect(await decidePhotoMatch(t.db, admin, match!.id, "dismiss")).toEqual({ ok: false, reason: "already_handled" });
    await updateListing(t.db, other, id, input({ title: "Renamed" }), { keep: [photo.r2Key], added: [], order: [photo.r2Key] });
    expect(await matchesOf(id)).toEqual([{ ...match, status: "dismissed" }]);
    expect((await getOwnListing(t.db, other, id))?.listing.title).toBe("Renamed");
    expect(await auditOf("dismiss_photo_match", id)).toEqual([{ actorId: admin.id }]);
  });
});
