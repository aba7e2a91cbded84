// A listing write refused by a rule only the server can check (ADR 017, ADR 068): the code the web
// layer maps to a field or a toast, and for a photo taken by a parallel save, the keys.
export class ListingRuleError extends Error {
  constructor(
    public code: "club_not_allowed" | "too_many_photos" | "photo_taken" | "listing_locked" | "new_account_limit",
    message: string,
    /** photo_taken: the keys no longer available. */
    public photoKeys: string[] = [],
  ) {
    super(message);
  }
}

export const PHOTO_TAKEN =
  "A photo on this form was just saved or removed somewhere else (another tab or window). Check the photos and save again.";
