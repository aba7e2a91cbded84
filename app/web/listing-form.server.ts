// The listing form's POST, shared by /list-item, /club/{slug}/list and /listing/{id}/edit
// (spec 02 §2 listing form, §5). Every POST stores new photo files as pending R2 objects first (see the design
// note in features/photos/ledger.server.ts), then either re-renders (intent refresh / photo-*) or saves.
import type { AppLoadContext } from "@remix-run/cloudflare";
import { data } from "@remix-run/cloudflare";
import { parseWithZod } from "@conform-to/zod/v4";
import { getBrands } from "~/shared/catalog";
import { redirectWithToast, type Toast } from "~/web/toast.server";
import { returnPath } from "~/platform/security.server";
import {
  LISTING_TEXT_FIELDS,
  ListingFormPostSchema,
  ListingFormSchema,
  REQUIRED_FIELDS,
  REQUIRED_MESSAGE,
  type ListingFormPost,
} from "~/shared/schemas/listing";
import { firstError } from "~/shared/schemas/intent";
import { lookupZip } from "~/features/geo/geo.server";
import { createListing, updateListing, type ListingInput } from "~/features/listings/listings.server";
import { ListingRuleError, PHOTO_TAKEN } from "~/features/listings/listing-rule-error";
import { isOwnPhotoKey } from "~/features/photos/keys";
import { findPendingPhotos, finishPhotoDeletes, MAX_PHOTOS, removePendingPhoto, storeUploads } from "~/features/photos/ledger.server";
import { photoUrl } from "~/features/photos/urls";
import type { FormPhoto } from "~/features/photos/upload-reply";
import { PHOTO_ERRORS } from "~/shared/copy/photos";
import type { ListingFormValues } from "~/shared/schemas/listing";
import { getUser } from "~/web/session.server";
import { postableClubs } from "~/features/listings/listing-reads.server";
import type { Viewer } from "~/features/permissions/viewer";
import { isZip } from "~/shared/zip";
import { getFormConstraint } from "~/shared/form-constraint";
import { announceDealChanges } from "./listing-deal-events.server";
import { askOfForm, guidanceHintFor } from "./price-guidance.server";

/** The form's HTML constraints, sent with its state: the browser gets them without zod (ADR 032, 033). */
export const listingFormConstraint = () => getFormConstraint(ListingFormSchema);

export type { ListingFormValues };

export type FormToast = { title: string; description: string };

const TEXT_FIELDS = LISTING_TEXT_FIELDS;

export function emptyFormValues(over: Partial<ListingFormValues> = {}): ListingFormValues {
  const values = Object.fromEntries(TEXT_FIELDS.map((f) => [f, ""])) as Omit<ListingFormValues, "clubIds" | "photos">;
  return { ...values, clubIds: [], photos: [], ...over };
}

export function toFormPhotos(keys: string[]): FormPhoto[] {
  return keys.map((key) => ({ key, url: photoUrl(key) }));
}

/** The edit form's starting values. A brand outside the catalogue list shows as Other + custom. */
export function formValuesFromListing(
  listing: {
    title: string;
    description: string | null;
    priceCents: number;
    sport: string;
    sportSubcategory: string | null;
    equipmentType: string | null;
    brand: string | null;
    condition: string;
    size: string | null;
    sizeNumeric: string | null;
    gender: string | null;
    zipCode: string;
    city: string;
    state: string;
    pickupInstructions: string | null;
  },
  clubIds: string[],
  photoKeys: string[],
): ListingFormValues {
  const brands = getBrands(listing.sport, listing.sportSubcategory, listing.equipmentType);
  const custom = listing.brand && !brands.includes(listing.brand);
  return {
    title: listing.title,
    description: listing.description ?? "",
    price: (listing.priceCents / 100).toFixed(2),
    sport: listing.sport,
    sportSubcategory: listing.sportSubcategory ?? "",
    equipmentType: listing.equipmentType ?? "",
    brand: custom ? "Other" : (listing.brand ?? ""),
    brandCustom: custom ? listing.brand! : "",
    condition: listing.condition,
    size: listing.size ?? "",
    sizeNumeric: listing.sizeNumeric ?? "",
    gender: listing.gender ?? "",
    zipCode: listing.zipCode,
    city: listing.city,
    state: listing.state,
    pickupInstructions: listing.pickupInstructions ?? "",
    clubIds,
    photos: photoKeys,
  };
}

/** What the form sent, to render again (ListingFormPostSchema reads anything that is not text as empty). */
function enteredValues(body: ListingFormPost): ListingFormValues {
  const values = emptyFormValues();
  for (const f of TEXT_FIELDS) values[f] = body[f];
  values.clubIds = body.clubIds;
  return values;
}

/** Applies a photo button (move up/down, make main, remove) to the ordered key list. */
export function applyPhotoIntent(keys: string[], intent: string): { keys: string[]; removed: string | null } {
  const match = /^photo-(up|down|main|remove):(\d+)$/.exec(intent);
  if (!match) return { keys, removed: null };
  const [, action, raw] = match;
  const i = Number(raw);
  if (i < 0 || i >= keys.length) return { keys, removed: null };
  const next = [...keys];
  if (action === "remove") return { keys: next.filter((_, j) => j !== i), removed: keys[i] };
  const target = action === "up" ? i - 1 : action === "down" ? i + 1 : 0;
  if (target < 0 || target >= keys.length || target === i) return { keys, removed: null };
  const [moved] = next.splice(i, 1);
  next.splice(target, 0, moved);
  return { keys: next, removed: null };
}

/**
 * The toasts after a save: the success, then one 'Image Upload Error' per photo that could not be
 * stored — the listing was saved without it (spec 02 §5, §8 "Continuing anyway...").
 */
export function savedToasts(mode: "create" | "edit", uploadWarnings: string[]): Toast[] {
  return [
    { title: mode === "create" ? "Listing Created!" : "Listing Updated!", variant: "success" },
    ...uploadWarnings.map((description) => ({ title: "Image Upload Error", description, variant: "destructive" as const })),
  ];
}

/** The form comes back unsaved when more photos were sent than fit (ADR 062). */
function tooManyPhotosToast(names: string[]): FormToast {
  return {
    title: "Listing not saved",
    description: `${PHOTO_ERRORS.tooMany} Not added: ${names.join(", ")}. Check the photos and save again.`,
  };
}

type FormTarget = { mode: "create" } | { mode: "edit"; listingId: string; existingKeys: string[] };

export async function handleListingFormPost(request: Request, context: AppLoadContext, viewer: Viewer, target: FormTarget) {
  const posted = parseWithZod(await request.formData(), { schema: ListingFormPostSchema, disableAutoCoercion: true });
  // Nothing in the body schema refuses (every field reads as text or as empty): this only narrows.
  if (posted.status !== "success") throw new Response(firstError(posted.error), { status: 400 });
  const body = posted.value;
  const intent = body.intent;
  const values = enteredValues(body);
  const existing = new Set(target.mode === "edit" ? target.existingKeys : []);

  // 1. Photos already on the form: this listing's own, or pending uploads by this user.
  const onForm = body.photos;
  const pending = await findPendingPhotos(
    context.db,
    viewer.id,
    onForm.filter((raw) => !existing.has(raw)),
  );
  let keys: string[] = [];
  for (const raw of onForm) {
    if (keys.includes(raw) || keys.length >= MAX_PHOTOS) continue;
    if (existing.has(raw) || pending.has(raw)) keys.push(raw);
  }
  // A photo of this user's that is neither: saved or removed in another tab meanwhile (or expired).
  const lost = onForm.filter((raw) => isOwnPhotoKey(viewer.id, raw) && !existing.has(raw) && !pending.has(raw));
  for (const key of pending.keys()) if (!keys.includes(key)) pending.delete(key);

  // 2. New files: checked by content and stored as pending at once, so they survive any re-render.
  const photoErrors: string[] = [];
  const photoWarnings: string[] = [];
  const files = body.newPhotos;
  const batch = await storeUploads(context.db, context.photos, viewer.id, files, keys.length, {
    quotaBytes: context.env.PHOTO_PENDING_QUOTA_BYTES,
  });
  for (const photo of batch.stored) {
    pending.set(photo.r2Key, photo);
    keys.push(photo.r2Key);
  }
  photoErrors.push(...batch.errors);
  photoWarnings.push(...batch.warnings);
  // Files past the 5-photo limit, by name (storeUploads refuses them as `${name}: ${tooMany}`).
  const tooManySuffix = `: ${PHOTO_ERRORS.tooMany}`;
  const overLimit = batch.errors
    .filter((message) => message.endsWith(tooManySuffix))
    .map((message) => message.slice(0, -tooManySuffix.length));

  // 3. Photo buttons. A removed pending photo was never saved anywhere: delete it now. A removed
  // photo of the listing is deleted only when the edit is saved.
  const applied = applyPhotoIntent(keys, intent);
  keys = applied.keys;
  if (applied.removed && pending.has(applied.removed)) {
    pending.delete(applied.removed);
    await removePendingPhoto(context.db, context.photos, viewer.id, applied.removed);
  }
  values.photos = keys;

  // The price hint comes back with every re-render: 'Suggest a price' is one, and so is a refused save (ADR 086).
  const rerender = async (status: number, extra: { result?: unknown; toast?: FormToast | null } = {}) =>
    data(
      {
        guidance: await guidanceHintFor(context.db, viewer, askOfForm(values)),
        values,
        photos: toFormPhotos(keys),
        photoErrors: [...photoErrors, ...photoWarnings],
        result: extra.result ?? null,
        toast: extra.toast ?? null,
        formKey: crypto.randomUUID(),
        constraint: listingFormConstraint(),
      },
      { status },
    );

  if (intent !== "save") {
    // Without JavaScript, "Update options" re-renders the form for the sport chosen: a new sport
    // clears sub-category, type and brand; a new sub-category clears type and brand (02 §4).
    if (intent === "refresh") {
      const previousSport = body.loadedSport;
      const previousSub = body.loadedSubcategory;
      if (values.sport !== previousSport) {
        values.sportSubcategory = "";
        values.equipmentType = "";
        values.brand = "";
        values.brandCustom = "";
      } else if (values.sportSubcategory !== previousSub) {
        values.equipmentType = "";
        values.brand = "";
        values.brandCustom = "";
      }
      if (values.sport !== "tennis") values.sportSubcategory = "";
    }
    const toast = photoErrors.length ? { title: "Image Upload Error", description: photoErrors[0] } : null;
    return rerender(200, { toast });
  }

  // 4. Save. ZIP fills city and state when they are empty (02 §2).
  if ((!values.city.trim() || !values.state.trim()) && isZip(values.zipCode.trim())) {
    const zip = await lookupZip(context.db, values.zipCode);
    if (zip.ok) {
      if (!values.city.trim()) values.city = zip.city;
      if (!values.state.trim()) values.state = zip.state;
    }
  }
  const parsed = new FormData();
  for (const f of TEXT_FIELDS) if (values[f] !== "") parsed.set(f, values[f]);
  for (const id of values.clubIds) parsed.append("clubIds", id);
  for (const key of keys) parsed.append("photos", key);
  if (values.sport !== "tennis") parsed.delete("sportSubcategory");
  const submission = parseWithZod(parsed, { schema: ListingFormSchema });

  const missing: Record<string, string[]> = {};
  if (!values.city.trim()) missing.city = ["City is required"];
  if (!values.state.trim()) missing.state = ["State is required"];
  // A refused file (wrong type, too big) does not stop the save: the listing is saved without it
  // and the message comes as an 'Image Upload Error' toast (02 §5, §8). Too many files do (below).
  if (submission.status !== "success" || Object.keys(missing).length) {
    const fieldErrors = { ...(submission.status === "success" ? {} : (submission.error ?? {})), ...missing } as Record<
      string,
      string[] | null
    >;
    const requiredMissing = REQUIRED_FIELDS.some((f) => fieldErrors[f]?.length);
    const toast = requiredMissing
      ? { ...REQUIRED_MESSAGE }
      : photoErrors.length
        ? { title: "Image Upload Error", description: photoErrors[0] }
        : { title: "Missing Information", description: "Please check the highlighted fields" };
    return rerender(400, { result: submission.reply({ fieldErrors: fieldErrors as Record<string, string[]> }), toast });
  }
  // More files than the limit leaves room for (without JavaScript nothing stops the pick): not
  // saved, so no photo is dropped unsaid. The ones that fit are on the form; saving again keeps them.
  if (overLimit.length) return rerender(400, { toast: tooManyPhotosToast(overLimit) });

  const v = submission.value;
  const input: ListingInput = {
    title: v.title,
    description: v.description || null,
    priceCents: Math.round(v.price * 100),
    sport: v.sport,
    sportSubcategory: v.sport === "tennis" ? (v.sportSubcategory ?? null) : null,
    equipmentType: v.equipmentType || null,
    brand: v.brand === "Other" ? v.brandCustom || "Other" : v.brand || null,
    condition: v.condition,
    size: v.size ?? null,
    sizeNumeric: v.sizeNumeric || null,
    gender: v.gender ?? null,
    zipCode: v.zipCode,
    city: values.city.trim(),
    state: values.state.trim(),
    pickupInstructions: v.pickupInstructions || null,
    clubIds: v.clubIds,
  };

  try {
    if (lost.length) throw new ListingRuleError("photo_taken", PHOTO_TAKEN, lost);
    if (target.mode === "create") {
      const id = await createListing(
        context.db,
        viewer,
        input,
        keys.map((k) => pending.get(k)!),
      );
      return redirectWithToast(context, `/listing/${id}`, savedToasts("create", [...photoErrors, ...photoWarnings]));
    }
    const updated = await updateListing(context.db, viewer, target.listingId, input, {
      keep: keys.filter((k) => existing.has(k)),
      added: keys.filter((k) => pending.has(k)).map((k) => pending.get(k)!),
      order: keys,
    });
    if (!updated) throw new Response("Listing not found", { status: 404 });
    // A change of price, condition or photos voided the listing's open offers (ADR 068): tell their parties.
    announceDealChanges(context, updated.changedDeals, "listing_changed");
    await finishPhotoDeletes(context.db, context.photos, updated.removedKeys);
    return redirectWithToast(context, `/listing/${target.listingId}`, savedToasts("edit", [...photoErrors, ...photoWarnings]));
  } catch (error) {
    if (error instanceof ListingRuleError && error.code === "photo_taken") {
      // A parallel save or removal won the race for a photo (ADR 017): nothing was written. The
      // form comes back with its values and without the photos that are gone, ready to save again.
      keys = keys.filter((key) => !error.photoKeys.includes(key));
      values.photos = keys;
      return rerender(409, {
        result: submission.reply({ fieldErrors: { photos: [error.message] } }),
        toast: { title: "Photos changed", description: error.message },
      });
    }
    if (error instanceof ListingRuleError && error.code === "new_account_limit") {
      // A new account's daily limit (ADR 095): said as it is, with what lifts it; the values come back.
      return rerender(429, {
        result: submission.reply({ formErrors: [error.message] }),
        toast: { title: "Listing not saved", description: error.message },
      });
    }
    if (error instanceof ListingRuleError && error.code === "listing_locked") {
      // In an accepted deal: price, condition and photos stay as agreed until the deal is cancelled.
      return rerender(409, {
        result: submission.reply({ formErrors: [error.message] }),
        toast: { title: "Listing not saved", description: error.message },
      });
    }
    if (error instanceof ListingRuleError) {
      const field = error.code === "club_not_allowed" ? "clubIds" : "photos";
      return rerender(400, {
        result: submission.reply({ fieldErrors: { [field]: [error.message] } }),
        toast: { title: "Error", description: error.message },
      });
    }
    if (error instanceof Response) throw error;
    console.error(JSON.stringify({ level: "error", event: "listing_save_failed", message: String(error) }));
    return rerender(500, {
      toast: {
        title: "Error",
        description: `Failed to ${target.mode === "create" ? "create" : "update"} listing. Please try again.`,
      },
    });
  }
}

/** Signed out → /auth with 'Authentication Required' (spec 02 §8), back here after sign-in. */
export async function requireListingAuthor(request: Request, context: AppLoadContext) {
  const viewer = await getUser(request, context);
  if (viewer) return viewer;
  const url = new URL(request.url);
  throw await redirectWithToast(context, `/auth?${new URLSearchParams({ redirectTo: returnPath(url) })}`, {
    title: "Authentication Required",
    description: "Please sign in to list an item",
    variant: "destructive",
  });
}

/** The create form's starting state: the seller's ZIP with its city and state, and a club when reached through one. */
/** `presetClubSlug`: the club of /club/{slug}/list, ticked when the viewer may post there. */
export async function createFormState(
  context: AppLoadContext,
  viewer: Viewer,
  presetClubSlug?: string | null,
  prefill: Partial<ListingFormValues> = {},
) {
  const zipCode = viewer.zipCode ?? "";
  // In parallel: one round trip, not two (ADR 034).
  const [clubs, place] = await Promise.all([
    postableClubs(context.db, viewer),
    isZip(zipCode) ? lookupZip(context.db, zipCode) : Promise.resolve(null),
  ]);
  const preset = presetClubSlug ? (clubs.find((c) => c.slug === presetClubSlug) ?? null) : null;
  const where = place?.ok ? { city: place.city, state: place.state } : {};
  return {
    clubs,
    presetClub: preset,
    state: {
      values: emptyFormValues({ zipCode, ...where, clubIds: preset ? [preset.id] : [], ...prefill }),
      photos: [],
      photoErrors: [],
      result: null,
      toast: null,
      formKey: "initial",
      constraint: listingFormConstraint(),
    },
  };
}
