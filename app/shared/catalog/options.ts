// Fixed option lists and limits from spec 01 §2–§3, §9 and spec 02 §2–§3, §9.
// Value tuples are exported raw so zod schemas can use z.enum(CLUB_TYPES) etc.

import * as DB from "../../../db/schema/enums";
import { SEARCH_LIMITS, SEARCH_TIMINGS_MS, type Option } from "./browse-options";

// The lists the search and browse pages use live in ./browse-options (small, so the discovery
// pages ship only them); re-exported here so everything else keeps one import.
export * from "./browse-options";

// ── Listing attributes ───────────────────────────────────────────────────────

export const LISTING_STATUSES = DB.LISTING_STATUSES;
export type ListingStatus = (typeof LISTING_STATUSES)[number];

/** Only these appear in search, suggestions, the home grid and sport browse (spec 01 §4). */
export const VISIBLE_LISTING_STATUSES = ["active", "pending_pickup"] as const satisfies readonly ListingStatus[];

export const LISTING_STATUS_LABELS: Readonly<Record<ListingStatus, string>> = {
  active: "Active",
  pending_pickup: "Pending Pickup",
  sold: "Sold",
};

/** Spec 02 §3: the admin-facing list also shows a legacy 'completed' value. */
const LEGACY_LISTING_STATUS_LABELS: Readonly<Record<string, string>> = { completed: "Completed" };

export function isListingStatus(value: unknown): value is ListingStatus {
  return typeof value === "string" && (LISTING_STATUSES as readonly string[]).includes(value);
}

export function listingStatusLabel(value: string): string {
  if (isListingStatus(value)) return LISTING_STATUS_LABELS[value];
  return LEGACY_LISTING_STATUS_LABELS[value] ?? value;
}

// ── Clubs ────────────────────────────────────────────────────────────────────

export const CLUB_TYPES = DB.CLUB_TYPES;
export type ClubType = (typeof CLUB_TYPES)[number];

export const CLUB_TYPE_BADGES: Readonly<Record<ClubType, { label: string; className: string }>> = {
  club: { label: "Club", className: "bg-purple-100 text-purple-800" },
  organization: { label: "Organization", className: "bg-green-100 text-green-800" },
  league: { label: "League", className: "bg-blue-100 text-blue-800" },
  school: { label: "School", className: "bg-amber-100 text-amber-800" },
};

export const CLUB_TYPE_OPTIONS: readonly Option<ClubType>[] = /* @__PURE__ */ CLUB_TYPES.map((value) => ({
  value,
  label: CLUB_TYPE_BADGES[value].label,
}));

/** 'private' is a value seen on existing clubs (spec 02 §3); the create form offers public and members_only. */
export const CLUB_VISIBILITIES = DB.CLUB_VISIBILITIES;
export type ClubVisibility = (typeof CLUB_VISIBILITIES)[number];

export const CLUB_VISIBILITY_LABELS: Readonly<Record<ClubVisibility, string>> = {
  public: "Public",
  members_only: "Members Only",
  private: "Private",
};

/** What the club form lets an owner choose (spec 02 §5). */
export const SELECTABLE_CLUB_VISIBILITIES = ["public", "members_only"] as const satisfies readonly ClubVisibility[];

export const JOIN_MODES = DB.CLUB_JOIN_MODES;
export type JoinMode = (typeof JOIN_MODES)[number];

export const JOIN_MODE_LABELS: Readonly<Record<JoinMode, string>> = {
  open: "Open",
  approval: "Approval",
  code: "Requires Code",
};

/** The button a signed-in non-member sees on the club page (spec 02 §2). */
export const JOIN_MODE_ACTION_LABELS: Readonly<Record<JoinMode, string>> = {
  open: "Join Group",
  approval: "Request to Join",
  code: "Enter Invite Code",
};

// A club_members row's role; not the permission standings of features/permissions/club.ts.
export const CLUB_MEMBER_ROLES = DB.CLUB_MEMBER_ROLES;
export type ClubMemberRole = (typeof CLUB_MEMBER_ROLES)[number];

// ── Limits (spec 01 §5, §9; spec 02 §5, §9) ──────────────────────────────────

export const LIMITS = {
  zipLength: 5,
  emailMax: 255,
  passwordMin: 6,
  passwordMax: 100,
  /** First name, last name. */
  nameMax: 100,
  cityMax: 100,
  locationInputMax: SEARCH_LIMITS.locationInputMax,
  /** Home header shows at most this much of the e-mail before the @. */
  emailPrefixDisplayMax: 8,

  homeGrid: 12,
  listingSuggestions: 5,
  clubSearch: 10,
  /** Characters typed before club search, keyword and location suggestions start. */
  suggestionMinChars: SEARCH_LIMITS.suggestionMinChars,
  brandListPreview: SEARCH_LIMITS.brandListPreview,
  browseLoadingPlaceholders: 6,

  photosPerListing: 5,
  photoMaxBytes: 10 * 1024 * 1024,
  photoMimeTypes: ["image/jpeg", "image/png"],
  priceMin: 0,
  priceStep: 0.01,

  clubNameMax: 100,
  clubSlugMax: 50,
  clubDescriptionMax: 1000,
  inviteCodeMin: 4,
  inviteCodeMax: 20,
  clubsPageSize: 20,
  /** Listings a signed-out visitor sees on a club page. */
  anonymousClubPreview: 3,

  requestTitleMax: 200,
  requestDescriptionMax: 1000,

  ratingDecimals: 1,
} as const;

/** Presentational timings (spec 01 §9, spec 02 §9). */
export const TIMINGS_MS = {
  keywordSuggestionsDebounce: SEARCH_TIMINGS_MS.keywordSuggestionsDebounce,
  homeLocationDebounce: SEARCH_TIMINGS_MS.homeLocationDebounce,
  listingFormLocationDebounce: 300,
  suggestionsHideAfterBlur: SEARCH_TIMINGS_MS.suggestionsHideAfterBlur,
  hoverCardOpen: 700,
  hoverCardClose: 300,
} as const;

// Spec 01 §9's "Unknown club name shown as Unknown Club" has no case here: a listing's club rows are
// deleted with their club (listing_clubs ON DELETE CASCADE), so no listing names a club that is gone.
