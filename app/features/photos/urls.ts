/**
 * The one URL a stored photo, thumbnail or club logo is served from (app/routes/photos.$.tsx).
 * The key is a storage key, never a user string; each segment is still encoded.
 */
export function photoUrl(r2Key: string): string {
  return `/photos/${r2Key.split("/").map(encodeURIComponent).join("/")}`;
}
