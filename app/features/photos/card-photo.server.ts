// The photo a listing card shows (ADR 036), read in the same query as the cards themselves.
import { sql } from "drizzle-orm";
import type { CardPhoto } from "~/shared/schemas/search";
import { photoUrl } from "./urls";

/**
 * SQL for the card photo of the row `listings` (a JSON object, or NULL): the first photo's
 * thumbnail when it has one, else the photo, with that file's size (ADR 036). One subquery, so
 * search and club grids keep a single row per listing. Read it with `cardPhotoFrom`.
 */
export const cardPhotoJson = sql`(select json_object(
    'key', coalesce(p.thumb_key, p.r2_key),
    'width', case when p.thumb_key is null then p.width else p.thumb_width end,
    'height', case when p.thumb_key is null then p.height else p.thumb_height end)
  from listing_photos p where p.listing_id = listings.id order by p.position limit 1)`;

/** The card fields of a `cardPhotoJson` value. */
export function cardPhotoFrom(json: string | null): CardPhoto {
  if (!json) return { photoUrl: null, photoWidth: null, photoHeight: null };
  const { key, width, height } = JSON.parse(json) as { key: string; width: number | null; height: number | null };
  return { photoUrl: photoUrl(key), photoWidth: width, photoHeight: height };
}
