// Club logos (ADR 037): content checks of listing photos, the permission table,
// the R2 ledger (the old object goes on replace; the cleanup never takes a logo for an orphan) and
// the club's visibility for reading — against the real libSQL and the local R2 simulation.
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { clubs, photoObjects } from "#db/schema";
import { openPhotoBucket } from "#db/seed/photo-bucket";
import { addTestMember, createTestClub, createTestUser } from "../../../tests/factories";
import { createTestDb, type TestDb } from "../../../tests/setup/test-db";
import { findReadableClubLogo, LOGO_ERRORS, uploadClubLogo } from "./club-logo.server";
import { cleanupPhotos } from "../photos/cleanup.server";
import type { PhotoBucket } from "../photos/ledger.server";
import { PHOTO_ERRORS } from "~/shared/copy/photos";

const JPEG = readFileSync("tests/fixtures/photo.jpg");
const PNG = readFileSync("tests/fixtures/photo.png");
const DAY = 24 * 60 * 60 * 1000;

let t: TestDb;
let bucket: PhotoBucket;
let disposeBucket: () => Promise<void>;
let persistDir: string;

beforeAll(async () => {
  t = await createTestDb();
  persistDir = mkdtempSync(join(tmpdir(), "lockerswap-logo-r2-"));
  const storage = await openPhotoBucket(persistDir);
  bucket = storage.bucket as unknown as PhotoBucket;
  disposeBucket = storage.dispose;
}, 60_000);

afterAll(async () => {
  await disposeBucket?.();
  await t.cleanup();
  rmSync(persistDir, { recursive: true, force: true });
});

const file = (bytes: Buffer | string, name: string) => new File([typeof bytes === "string" ? bytes : new Uint8Array(bytes)], name);
const logoOf = async (id: string) => (await t.db.select({ logoKey: clubs.logoKey }).from(clubs).where(eq(clubs.id, id)))[0].logoKey;

describe("club logo", () => {
  test("the owner uploads a logo; replacing it deletes the old object and leaves no ledger row", async () => {
    const owner = await createTestUser(t.db);
    const club = await createTestClub(t.db, owner);
    const first = await uploadClubLogo(t.db, bucket, owner, club.slug, file(JPEG, "logo.jpg"));
    expect(first.ok).toBe(true);
    const firstKey = (await logoOf(club.id))!;
    expect(firstKey).toMatch(new RegExp(`^${owner.id}/\\d+-0\\.jpg$`));
    expect(await bucket.head(firstKey)).not.toBeNull();
    expect(await t.db.select().from(photoObjects).where(eq(photoObjects.r2Key, firstKey))).toEqual([]);

    const second = await uploadClubLogo(t.db, bucket, owner, club.slug, file(PNG, "logo.png"), { now: Date.now() + 1000 });
    expect(second).toMatchObject({ ok: true, previousKey: firstKey });
    const secondKey = (await logoOf(club.id))!;
    expect(secondKey).toMatch(/\.png$/);
    expect(await bucket.head(firstKey)).toBeNull();
    expect(await bucket.head(secondKey)).not.toBeNull();
    expect(await t.db.select().from(photoObjects).where(eq(photoObjects.r2Key, firstKey))).toEqual([]);
  });

  test("a file that is not really an image, or none, is refused and nothing changes", async () => {
    const owner = await createTestUser(t.db);
    const club = await createTestClub(t.db, owner);
    const svg = await uploadClubLogo(
      t.db,
      bucket,
      owner,
      club.slug,
      file('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>', "logo.png"),
    );
    expect(svg).toMatchObject({ ok: false, error: "photo", message: `logo.png: ${PHOTO_ERRORS.type}` });
    expect(await uploadClubLogo(t.db, bucket, owner, club.slug, null)).toMatchObject({
      ok: false,
      error: "photo",
      message: LOGO_ERRORS.missing,
    });
    expect(await logoOf(club.id)).toBeNull();
    expect(await t.db.select().from(photoObjects).where(eq(photoObjects.ownerId, owner.id))).toEqual([]);
  });

  test("only the owner, a club admin and a site admin may upload (the permission table's uploadLogo)", async () => {
    const owner = await createTestUser(t.db);
    const club = await createTestClub(t.db, owner);
    const member = await createTestUser(t.db);
    await addTestMember(t.db, club, member);
    const admin = await createTestUser(t.db);
    await addTestMember(t.db, club, admin, { role: "admin" });
    const siteAdmin = await createTestUser(t.db, { admin: true });
    const stranger = await createTestUser(t.db);

    expect(await uploadClubLogo(t.db, bucket, null, club.slug, file(JPEG, "a.jpg"))).toMatchObject({ ok: false, error: "signInRequired" });
    for (const who of [stranger, member]) {
      const result = await uploadClubLogo(t.db, bucket, who, club.slug, file(JPEG, "a.jpg"));
      expect(result.ok).toBe(false);
      expect(await t.db.select().from(photoObjects).where(eq(photoObjects.ownerId, who.id))).toEqual([]);
    }
    expect(await logoOf(club.id)).toBeNull();
    for (const [i, who] of [admin, siteAdmin].entries()) {
      expect((await uploadClubLogo(t.db, bucket, who, club.slug, file(JPEG, "a.jpg"), { now: Date.now() + i })).ok).toBe(true);
    }
  });

  test("a logo is readable by whoever may see the club, and the cleanup keeps it however old", async () => {
    const owner = await createTestUser(t.db);
    const club = await createTestClub(t.db, owner, { visibility: "members_only" });
    await uploadClubLogo(t.db, bucket, owner, club.slug, file(JPEG, "logo.jpg"));
    const key = (await logoOf(club.id))!;
    expect(await findReadableClubLogo(t.db, null, key)).toBeNull();
    expect(await findReadableClubLogo(t.db, owner, key)).toEqual({ contentType: "image/jpeg" });
    expect(await findReadableClubLogo(t.db, owner, `${owner.id}/1-0.jpg`)).toBeNull();

    const report = await cleanupPhotos(t.db, bucket, { now: Date.now() + 3 * DAY });
    expect(report.orphanObjects).toBe(0);
    expect(await bucket.head(key)).not.toBeNull();
  });
});
