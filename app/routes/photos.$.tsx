import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { findReadableClubLogo } from "~/features/clubs/club-logo.server";
import { findReadablePhoto } from "~/features/listings/listing-reads.server";
import { SERVED_PHOTO_KEY } from "~/features/photos/keys";
import { isOwnPendingPhoto } from "~/features/photos/ledger.server";
import { getUser } from "~/web/session.server";

const notFound = () =>
  new Response("Not found", { status: 404, headers: { "X-Content-Type-Options": "nosniff", "Cache-Control": "no-store" } });

/**
 * Listing photos, their thumbnails (ADR 036) and club logos (ADR 037) from R2 (spec 02 §5). Served
 * only to viewers allowed to see the listing (the same rule as the detail page) or the club (its
 * visibility), or, for a pending upload not yet saved, to its uploader. Keys are never reused, so a
 * served photo is immutable; `private` keeps shared caches from serving a club-only
 * photo to someone else. The stored content type was sniffed from the bytes at upload.
 */
export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const key = params["*"] ?? "";
  if (!SERVED_PHOTO_KEY.test(key)) return notFound();
  const viewer = await getUser(request, context);
  const photo = (await findReadablePhoto(context.db, viewer, key)) ?? (await findReadableClubLogo(context.db, viewer, key));
  if (!photo) {
    const ownPending = viewer && (await isOwnPendingPhoto(context.db, viewer.id, key));
    if (!ownPending) return notFound();
  }
  const object = await context.photos.get(key);
  if (!object) return notFound();
  if (!photo && object.customMetadata?.owner !== viewer?.id) return notFound();
  return new Response(object.body, {
    headers: {
      "Content-Type": photo?.contentType ?? object.httpMetadata?.contentType ?? "application/octet-stream",
      "Content-Length": String(object.size),
      "Cache-Control": "private, max-age=31536000, immutable",
      "X-Content-Type-Options": "nosniff",
      "Content-Security-Policy": "default-src 'none'; sandbox",
      ETag: object.httpEtag,
    },
  });
}
