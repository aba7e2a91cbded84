import { describe, expect, test } from "vitest";
import { z } from "zod";
import {
  CLUB_TYPES,
  CLUB_TYPE_BADGES,
  CLUB_VISIBILITIES,
  CLUB_VISIBILITY_LABELS,
  DEFAULT_RADIUS,
  DEFAULT_SORT,
  GENDERS,
  JOIN_MODES,
  JOIN_MODE_ACTION_LABELS,
  JOIN_MODE_LABELS,
  LIMITS,
  LISTING_STATUSES,
  PRICE_SLIDER,
  QUICK_PRICE_RANGES,
  RADIUS_OPTIONS,
  SIZES,
  SORT_KEYS,
  SORT_OPTIONS,
  VISIBLE_LISTING_STATUSES,
  isSortKey,
  listingStatusLabel,
} from "./options";
import { CONDITIONS } from "./conditions";
import { TENNIS_SUBCATEGORY_KEYS } from "./equipment";
import { SPORT_KEYS } from "./sports";

describe("listing options", () => {
  test("sizes and genders", () => {
    expect(SIZES).toEqual(["Youth", "Adult"]);
    expect(GENDERS).toEqual(["Men", "Women", "Unisex"]);
  });

  test("statuses read Active, Pending Pickup and Sold; legacy 'completed' reads Completed", () => {
    expect(LISTING_STATUSES.map(listingStatusLabel)).toEqual(["Active", "Pending Pickup", "Sold"]);
    expect(listingStatusLabel("completed")).toBe("Completed");
    expect(VISIBLE_LISTING_STATUSES).toEqual(["active", "pending_pickup"]);
  });
});

describe("club options", () => {
  test("type badges: league blue, organization green, club purple, school amber", () => {
    expect(CLUB_TYPES).toEqual(["club", "organization", "league", "school"]);
    expect(CLUB_TYPE_BADGES.league.className).toContain("blue");
    expect(CLUB_TYPE_BADGES.organization.className).toContain("green");
    expect(CLUB_TYPE_BADGES.club.className).toContain("purple");
    expect(CLUB_TYPE_BADGES.school.className).toContain("amber");
    expect(CLUB_TYPES.map((type) => CLUB_TYPE_BADGES[type].label)).toEqual(["Club", "Organization", "League", "School"]);
  });

  test("visibility and join mode labels", () => {
    expect(CLUB_VISIBILITIES.map((value) => CLUB_VISIBILITY_LABELS[value])).toEqual(["Public", "Members Only", "Private"]);
    expect(JOIN_MODES.map((mode) => JOIN_MODE_LABELS[mode])).toEqual(["Open", "Approval", "Requires Code"]);
    expect(JOIN_MODES.map((mode) => JOIN_MODE_ACTION_LABELS[mode])).toEqual(["Join Group", "Request to Join", "Enter Invite Code"]);
  });
});

describe("search and browse options (spec 01 §9)", () => {
  test("radius options 10 to 250 miles, default 25", () => {
    expect(RADIUS_OPTIONS).toEqual([10, 25, 50, 100, 250]);
    expect(RADIUS_OPTIONS).toContain(DEFAULT_RADIUS);
    expect(DEFAULT_RADIUS).toBe(25);
  });

  test("price slider 0 to 500 in steps of 5, quick ranges inside it", () => {
    expect(PRICE_SLIDER).toEqual({ min: 0, max: 500, step: 5 });
    expect(QUICK_PRICE_RANGES.map((range) => [range.label, range.min, range.max])).toEqual([
      ["Under $25", 0, 25],
      ["$25-$50", 25, 50],
      ["$50-$100", 50, 100],
      ["$100+", 100, 500],
    ]);
  });

  test("sort options, newest first by default", () => {
    expect(SORT_OPTIONS.map((option) => option.value)).toEqual([...SORT_KEYS]);
    expect(SORT_OPTIONS.map((option) => option.label)).toEqual(["Newest First", "Price: Low to High", "Price: High to Low"]);
    expect(DEFAULT_SORT).toBe("newest");
    expect(isSortKey("price_asc")).toBe(true);
    expect(isSortKey("oldest")).toBe(false);
  });

  test("limits match the specs", () => {
    expect(LIMITS).toMatchObject({
      homeGrid: 12,
      listingSuggestions: 5,
      clubSearch: 10,
      brandListPreview: 6,
      photosPerListing: 5,
      photoMaxBytes: 10 * 1024 * 1024,
      clubsPageSize: 20,
      anonymousClubPreview: 3,
      nameMax: 100,
      clubNameMax: 100,
      clubSlugMax: 50,
      inviteCodeMin: 4,
      inviteCodeMax: 20,
      requestTitleMax: 200,
      locationInputMax: 50,
    });
  });
});

test("value tuples work as zod enums", () => {
  const schema = z.object({
    sport: z.enum(SPORT_KEYS),
    condition: z.enum(CONDITIONS),
    type: z.enum(CLUB_TYPES),
    visibility: z.enum(CLUB_VISIBILITIES),
    joinMode: z.enum(JOIN_MODES),
    status: z.enum(LISTING_STATUSES),
    size: z.enum(SIZES),
    gender: z.enum(GENDERS),
    sort: z.enum(SORT_KEYS),
    subcategory: z.enum(TENNIS_SUBCATEGORY_KEYS),
  });
  const valid = {
    sport: "field-hockey",
    condition: "like-new",
    type: "school",
    visibility: "members_only",
    joinMode: "code",
    status: "pending_pickup",
    size: "Youth",
    gender: "Unisex",
    sort: "price_desc",
    subcategory: "paddle",
  };
  expect(schema.parse(valid)).toEqual(valid);
  expect(schema.safeParse({ ...valid, condition: "excellent" }).success).toBe(false);
});
