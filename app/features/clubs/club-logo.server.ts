// Club logos (ADR 037): the same content checks and R2 ledger as listing photos
// (photos/ledger.server.ts, ADR 017), only for those the permission table allows ("uploadLogo": owner,
// admin, site admin), served by the photo route to whoever may see the club.
//
// An upload is stored as a pending photo of the uploader first (its row written before the object,
// within the pending quota), then one batch makes it the club's logo and drops the pending row, and
// marks the previous logo 'deleting'; the old object is then deleted (a failed delete is retried by
// the cleanup). A logo is held by `clubs.logo_key`, which the cleanup counts as a known object.
import { and, eq } from "drizzle-orm";
import type { Db } from "#db/client";
import { clubs, photoObjects } from "#db/schema";
import { clubVisibleTo, getClubAccess, isRefusal, type ClubResult } from "./club-access.server";
import { clubPermission } from "../permissions/club";
import { finishPhotoDeletes, storeUpload, type PhotoBucket } from "../photos/ledger.server";
import type { Viewer } from "../permissions/viewer";

export const LOGO_ERRORS = {
  missing: "Choose an image (JPG, PNG or WebP) for the logo.",
} as const;

export type LogoResult = ClubResult<{ previousKey: string | null }> | { ok: false; error: "photo"; message: string; club: null };

const CONTENT_TYPE_BY_EXT: Record<string, string> = { jpg: "image/jpeg", png: "image/png", webp: "image/webp" };
/** Our keys end in the extension found by sniffing the bytes at upload. */
export const logoContentType = (key: string) => CONTENT_TYPE_BY_EXT[key.slice(key.lastIndexOf(".") + 1)] ?? "application/octet-stream";

/** Replaces the club's logo with `file` after checking it is a real JPEG, PNG or WebP within the size limit. */
export async function uploadClubLogo(
  db: Db,
  bucket: PhotoBucket,
  viewer: Viewer | null,
  slug: string,
  file: File | null,
  { now = Date.now() }: { now?: number } = {},
): Promise<LogoResult> {
  const access = clubPermission(await getClubAccess(db, viewer, slug), "uploadLogo");
  if (isRefusal(access)) return access;
  if (!file || file.size === 0) return { ok: false, error: "photo", message: LOGO_ERRORS.missing, club: null };
  const uploader = access.viewer!.id;
  const stored = await storeUpload(db, bucket, uploader, file, 0, { now });
  if (!stored.ok) return { ok: false, error: "photo", message: stored.message, club: null };

  const newKey = stored.photo.r2Key;
  const previousKey = access.club.logoKey;
  await db.batch([
    db.update(clubs).set({ logoKey: newKey }).where(eq(clubs.id, access.club.id)),
    db.delete(photoObjects).where(and(eq(photoObjects.r2Key, newKey), eq(photoObjects.state, "pending"))),
    ...(previousKey
      ? [
          db
            .insert(photoObjects)
            .values({ r2Key: previousKey, ownerId: uploader, state: "deleting", contentType: logoContentType(previousKey), byteSize: 0 })
            .onConflictDoUpdate({ target: photoObjects.r2Key, set: { state: "deleting" } }),
        ]
      : []),
  ]);
  if (previousKey) await finishPhotoDeletes(db, bucket, [previousKey]);
  return { ok: true, club: { ...access.club, logoKey: newKey }, previousKey };
}

/** The logo of a club this viewer may see, for the photo route; null otherwise (→ 404). */
export async function findReadableClubLogo(db: Db, viewer: Pick<Viewer, "id" | "isAdmin"> | null, key: string) {
  const [row] = await db
    .select({ id: clubs.id })
    .from(clubs)
    .where(and(eq(clubs.logoKey, key), clubVisibleTo(viewer)))
    .limit(1);
  return row ? { contentType: logoContentType(key) } : null;
}
