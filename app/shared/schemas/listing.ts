// The listing form (spec 02 §2 Listing form, §5 Listing submit). One schema for the browser
// (conform's onValidate) and the action; the action adds what only the server knows (club
// membership, ZIP → city/state, photo contents).
import { z } from "zod";
import { optionalText, text } from "./text";
import { LISTING_TITLE_MAX } from "./limits";
import { CONDITIONS, GENDERS, getBrands, getEquipmentTypes, SIZES, SPORT_KEYS, TENNIS_SUBCATEGORY_KEYS } from "~/shared/catalog";
import { ZIP_PATTERN } from "~/shared/zip";

export const REQUIRED_MESSAGE = { title: "Missing Information", description: "Please fill in all required fields" } as const;

export const ListingFormSchema = z
  .object({
    title: text({
      required: "Title is required",
      max: LISTING_TITLE_MAX,
      tooLong: `Title must be ${LISTING_TITLE_MAX} characters or less`,
    }),
    description: optionalText({ max: 5000, multiline: true }),
    price: z
      .number({ error: (issue) => (issue.input === undefined ? "Price is required" : "Enter a valid price") })
      .min(0, "Price must be 0 or more")
      .max(1_000_000, "Price is too high")
      .refine((v) => Math.abs(Math.round(v * 100) - v * 100) < 1e-6, "Use at most 2 decimals"),
    sport: z.enum(SPORT_KEYS, { error: "Sport is required" }),
    sportSubcategory: z.enum(TENNIS_SUBCATEGORY_KEYS).optional(),
    equipmentType: optionalText({ max: 80 }),
    brand: optionalText({ max: 80 }),
    brandCustom: optionalText({ max: 80 }),
    condition: z.enum(CONDITIONS, { error: "Condition is required" }),
    size: z.enum(SIZES).optional(),
    sizeNumeric: optionalText({ max: 20 }),
    gender: z.enum(GENDERS).optional(),
    zipCode: z.string({ error: "ZIP code is required" }).trim().regex(ZIP_PATTERN, "ZIP code must be exactly 5 digits"),
    // Filled by the server from the ZIP when left empty (the action reports them if still missing).
    city: optionalText({ max: 100 }),
    state: optionalText({ max: 50 }),
    pickupInstructions: optionalText({ max: 1000, multiline: true }),
    clubIds: z
      .array(optionalText({ max: 100 }).unwrap())
      .max(20)
      .default([]),
    photos: z.array(optionalText({ max: 300 }).unwrap()).default([]),
  })
  .superRefine((value, ctx) => {
    if (value.equipmentType && !getEquipmentTypes(value.sport, value.sportSubcategory).includes(value.equipmentType)) {
      ctx.addIssue({ code: "custom", path: ["equipmentType"], message: "Choose a type from the list" });
    }
    if (value.brand && !getBrands(value.sport, value.sportSubcategory, value.equipmentType).includes(value.brand)) {
      ctx.addIssue({ code: "custom", path: ["brand"], message: "Choose a brand from the list" });
    }
    if (value.brand === "Other" && !value.brandCustom) {
      ctx.addIssue({ code: "custom", path: ["brandCustom"], message: "Enter the brand" });
    }
  });

/** Fields whose absence means "Missing Information" (spec 02 §5). */
export const REQUIRED_FIELDS = ["title", "price", "sport", "condition", "zipCode", "city", "state"] as const;

/** The listing form's text fields, in the order the form shows them. */
export const LISTING_TEXT_FIELDS = [
  "title",
  "description",
  "price",
  "sport",
  "sportSubcategory",
  "equipmentType",
  "brand",
  "brandCustom",
  "condition",
  "size",
  "sizeNumeric",
  "gender",
  "zipCode",
  "city",
  "state",
  "pickupInstructions",
] as const;

// The POST body of the listing form, read whole before anything is judged: every re-render (a photo
// button, 'Update options', a refusal) shows what was sent, so nothing here refuses. A field that
// is not text reads as empty; one sent twice reads as its first value (as FormData.get does).
// ListingFormSchema then judges the fields on save. Parse with `disableAutoCoercion` so an empty
// intent stays "" (re-render) rather than becoming missing (save).
const first = (value: unknown) => (Array.isArray(value) ? value[0] : value);
const all = (value: unknown) => (value === undefined ? [] : Array.isArray(value) ? value : [value]);
const entered = z.preprocess(first, z.string()).catch("");
const texts = z.preprocess(all, z.array(z.unknown())).transform((values) => values.filter((v): v is string => typeof v === "string"));

export const ListingFormPostSchema = z.object({
  /** save (also Enter in a field), refresh ('Update options' without JavaScript), or a photo button
   * `photo-(up|down|main|remove):N`; any other value re-renders the form as sent. */
  intent: z.preprocess(first, z.string().default("save")).catch(""),
  /** The sport and sub-category the form was rendered for (what 'Update options' clears against). */
  loadedSport: entered,
  loadedSubcategory: entered,
  title: entered,
  description: entered,
  price: entered,
  sport: entered,
  sportSubcategory: entered,
  equipmentType: entered,
  brand: entered,
  brandCustom: entered,
  condition: entered,
  size: entered,
  sizeNumeric: entered,
  gender: entered,
  zipCode: entered,
  city: entered,
  state: entered,
  pickupInstructions: entered,
  clubIds: texts.transform((ids) => ids.filter((id) => id !== "")),
  /** Photo keys already on the form, in order (the server keeps only the seller's own). */
  photos: texts,
  /** New files; an empty file input sends one empty file. */
  newPhotos: z
    .preprocess(all, z.array(z.unknown()))
    .transform((files) => files.filter((f): f is File => typeof f === "object" && f !== null && (f as File).size > 0)),
});
export type ListingFormPost = z.output<typeof ListingFormPostSchema>;

/** What the listing form shows in its fields: what was entered, or the listing as stored (all text). */
export type ListingFormValues = {
  title: string;
  description: string;
  price: string;
  sport: string;
  sportSubcategory: string;
  equipmentType: string;
  brand: string;
  brandCustom: string;
  condition: string;
  size: string;
  sizeNumeric: string;
  gender: string;
  zipCode: string;
  city: string;
  state: string;
  pickupInstructions: string;
  clubIds: string[];
  photos: string[];
};
