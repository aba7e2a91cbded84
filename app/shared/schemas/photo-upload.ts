// POST /api/photos (ADR 024): the listing form's upload with JavaScript. The files are
// checked by content on the server (storeUploads); this only reads the body: which parts are
// files, which thumbnail goes with which photo, how many keys the form already holds.
import { z } from "zod";

const parts = z.preprocess((value) => (value === undefined ? [] : Array.isArray(value) ? value : [value]), z.array(z.unknown()));

/** A part that is a file with something in it (an empty file input sends an empty one). */
const isSentFile = (part: unknown): part is File => typeof part === "object" && part !== null && (part as File).size > 0;

export const PhotoUploadSchema = z
  .object({
    newPhotos: parts,
    // Pairs with `newPhotos` by position: the card-size rendition the browser made (ADR 036), or an
    // empty part when it made none.
    newPhotoThumbs: parts,
    /** The keys already on the form, for the 5-photo limit. */
    photos: parts,
  })
  .transform(({ newPhotos, newPhotoThumbs, photos }) => {
    const sent = newPhotos.flatMap((photo, i) => {
      const thumb = newPhotoThumbs[i];
      return isSentFile(photo) ? [{ photo, thumb: isSentFile(thumb) ? thumb : null }] : [];
    });
    return {
      files: sent.map((p) => p.photo),
      thumbnails: sent.map((p) => p.thumb),
      keysOnForm: new Set(photos.filter((k) => typeof k === "string" && k !== "")).size,
    };
  });
