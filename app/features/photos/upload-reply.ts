/**
 * The JSON answer of POST /api/photos (app/routes/api.photos.tsx), read by the browser's uploader
 * (app/hooks/upload-photos.ts).
 *
 *   200 { photos: [{ key, url, width, height }], errors: [], warnings: [] }
 *   400 { error, photos: [], errors: [...] }   nothing stored (e.g. not an image), or nothing sent
 *   401 { error }                              signed out
 */
/** A photo as the listing form holds it: the key it posts and the URL it shows. */
export type FormPhoto = { key: string; url: string };

export type PhotoUploadReply = {
  photos: { key: string; url: string; width: number | null; height: number | null }[];
  errors: string[];
  warnings: string[];
  error?: string;
};
