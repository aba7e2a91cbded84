// The ZIP chip's 'Update Your Location' (spec 01 §2, §5, §8): the signed-in user's profile ZIP.
import type { Db } from "#db/client";
import { profiles } from "#db/schema";
import type { Viewer } from "../permissions/viewer";
import { isZip } from "~/shared/zip";

export type UpdateZipResult = { ok: true; zipCode: string } | { ok: false; reason: "invalid" | "failed" };

export async function updateProfileZip(db: Db, viewer: Viewer, rawZip: unknown): Promise<UpdateZipResult> {
  const zipCode = typeof rawZip === "string" ? rawZip.trim() : "";
  if (!isZip(zipCode)) return { ok: false, reason: "invalid" };
  try {
    await db
      .insert(profiles)
      .values({ userId: viewer.id, email: viewer.email, zipCode })
      .onConflictDoUpdate({ target: profiles.userId, set: { zipCode } });
    return { ok: true, zipCode };
  } catch (error) {
    console.error("profile ZIP update failed", error);
    return { ok: false, reason: "failed" };
  }
}
