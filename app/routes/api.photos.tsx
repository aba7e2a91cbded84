import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { MAX_PHOTOS, storeUploads } from "~/features/photos/ledger.server";
import type { PhotoUploadReply } from "~/features/photos/upload-reply";
import { photoUrl } from "~/features/photos/urls";
import { getUser } from "~/web/session.server";
import { parseWithZod } from "@conform-to/zod/v4";
import { PhotoUploadSchema } from "~/shared/schemas/photo-upload";
import { firstError } from "~/shared/schemas/intent";

/**
 * POST /api/photos — the listing form's upload with JavaScript (ADR 024): multipart
 * `newPhotos` (files), `newPhotoThumbs` (their card-size renditions, same order; ADR 036) and
 * `photos` (the keys already on the form, for the 5-photo limit) →
 * JSON. The files go through the same check and pending storage as the form's own POST
 * (`storeUploads`); the form then submits normally with the returned keys in its hidden `photos`
 * fields, where the save claims them like any pending upload. Without JavaScript the form posts
 * the files itself. The Worker's cross-site write guard applies as to every POST. The reply's
 * shape is `PhotoUploadReply` (app/features/photos/upload-reply.ts).
 */

const json = (body: PhotoUploadReply | { error: string }, status: number) =>
  new Response(JSON.stringify(body), { status, headers: { "Content-Type": "application/json", "Cache-Control": "no-store" } });

export async function action({ request, context }: ActionFunctionArgs) {
  if (request.method !== "POST") return json({ error: "Method not allowed" }, 405);
  const viewer = await getUser(request, context);
  if (!viewer) return json({ error: "Please sign in to upload photos" }, 401);
  let form: FormData;
  try {
    form = await request.formData();
  } catch {
    return json({ error: "Send the photos as multipart/form-data" }, 400);
  }
  const submission = parseWithZod(form, { schema: PhotoUploadSchema, disableAutoCoercion: true });
  if (submission.status !== "success") return json({ error: firstError(submission.error) }, 400);
  const { files, thumbnails, keysOnForm } = submission.value;
  if (files.length === 0) return json({ error: "No photo was sent.", photos: [], errors: [], warnings: [] }, 400);
  const batch = await storeUploads(context.db, context.photos, viewer.id, files, Math.min(keysOnForm, MAX_PHOTOS), {
    quotaBytes: context.env.PHOTO_PENDING_QUOTA_BYTES,
    thumbnails,
  });
  const reply: PhotoUploadReply = {
    photos: batch.stored.map((p) => ({ key: p.r2Key, url: photoUrl(p.r2Key), width: p.width, height: p.height })),
    errors: batch.errors,
    warnings: batch.warnings,
  };
  if (reply.photos.length === 0 && reply.errors.length > 0) return json({ ...reply, error: reply.errors[0] }, 400);
  return json(reply, 200);
}

export function loader() {
  return json({ error: "Method not allowed" }, 405);
}
