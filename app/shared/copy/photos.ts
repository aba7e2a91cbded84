// What a photo upload is told when it is refused (spec 02 §5, §8; ADR 017).
import { LIMITS } from "~/shared/catalog";

export const PHOTO_ERRORS = {
  type: "Only JPG, PNG or WebP images can be uploaded. This file is not a valid image.",
  size: "Each photo must be 10MB or smaller.",
  empty: "The photo is empty.",
  tooMany: `You can add up to ${LIMITS.photosPerListing} photos.`,
  quota: "You have too many photos waiting to be saved. Save or remove some first.",
} as const;
