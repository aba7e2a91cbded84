// The option lists and limits of search and browse (spec 01 §2, §9): the only part of ./options
// the home page and /sport/{sport} need in the browser, kept apart so their first-load JavaScript
// carries no club labels or form limits (ADR 033). ./options re-exports everything here.

import { LISTING_GENDERS, LISTING_SIZES } from "../../../db/schema/enums";
export type Option<T extends string> = { value: T; label: string };

// ── Listing attributes ───────────────────────────────────────────────────────

export const SIZES = LISTING_SIZES;
export type Size = (typeof SIZES)[number];

export const GENDERS = LISTING_GENDERS;
export type Gender = (typeof GENDERS)[number];

// ── Search and browse ────────────────────────────────────────────────────────

export const RADIUS_OPTIONS = [10, 25, 50, 100, 250] as const;
export type RadiusMiles = (typeof RADIUS_OPTIONS)[number];
/** Left out of the URL when equal to this (spec 01 §9). */
export const DEFAULT_RADIUS: RadiusMiles = 25;

export const PRICE_SLIDER = { min: 0, max: 500, step: 5 } as const;

export const QUICK_PRICE_RANGES = [
  { label: "Under $25", min: 0, max: 25 },
  { label: "$25-$50", min: 25, max: 50 },
  { label: "$50-$100", min: 50, max: 100 },
  { label: "$100+", min: 100, max: 500 },
] as const;

export const SORT_KEYS = ["newest", "price_asc", "price_desc"] as const;
export type SortKey = (typeof SORT_KEYS)[number];
export const DEFAULT_SORT: SortKey = "newest";

export const SORT_OPTIONS: readonly Option<SortKey>[] = [
  { value: "newest", label: "Newest First" },
  { value: "price_asc", label: "Price: Low to High" },
  { value: "price_desc", label: "Price: High to Low" },
];

export function isSortKey(value: unknown): value is SortKey {
  return typeof value === "string" && (SORT_KEYS as readonly string[]).includes(value);
}

/** The search-side entries of LIMITS (./options), which reads them from here. */
export const SEARCH_LIMITS = {
  locationInputMax: 50,
  /** Characters typed before club search, keyword and location suggestions start. */
  suggestionMinChars: 2,
  brandListPreview: 6,
} as const;

/** The search-side entries of TIMINGS_MS (./options), which reads them from here. */
export const SEARCH_TIMINGS_MS = {
  keywordSuggestionsDebounce: 300,
  homeLocationDebounce: 400,
  suggestionsHideAfterBlur: 200,
} as const;
