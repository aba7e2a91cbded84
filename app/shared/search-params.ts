// Search and browse state lives in the URL (spec 01 §2, §4). One parser and one serializer for
// the home page and /sport/{sport}, client-safe (no zod: this ships to the browser).
//
// Lists are comma-separated (`types=Cleats,Balls`), and repeated keys are accepted too, because a
// plain GET form of checkboxes submits `types=Cleats&types=Balls` when JavaScript is off.
// Module by module, not the ~/shared/catalog barrel: no equipment lists or club labels ride along.
import { isCondition, type Condition } from "~/shared/catalog/conditions";
import { isTennisSubcategory, type TennisSubcategory } from "~/shared/catalog/equipment";
import { ZIP_PATTERN as ZIP } from "./zip";
import {
  DEFAULT_RADIUS,
  DEFAULT_SORT,
  GENDERS,
  LIMITS,
  PRICE_SLIDER,
  QUICK_PRICE_RANGES,
  RADIUS_OPTIONS,
  SIZES,
  isSortKey,
  type Gender,
  type RadiusMiles,
  type Size,
  type SortKey,
} from "~/shared/catalog/options";
import { isSportKey, type SportKey } from "~/shared/catalog/sport-names";
import { stripControlCharacters } from "~/shared/text";

export type SearchState = {
  q: string;
  /** 'City, ST' text; never 5 digits (those are a zip). */
  location: string;
  zip: string;
  /** Club slug. */
  club: string;
  sports: SportKey[];
  radius: RadiusMiles;
  /** The visitor removed the 'Within n mi of ZIP' chip: no radius from the profile's ZIP. */
  anywhere: boolean;
  /** Tennis sub-category. */
  category: TennisSubcategory | null;
  types: string[];
  brands: string[];
  conditions: Condition[];
  /** size_numeric values ('10.5', 'M'). */
  sizes: string[];
  /** Size groups (Youth, Adult). */
  sizeGroups: Size[];
  genders: Gender[];
  /** Whole dollars; null = no bound (0 and 500 are the slider's open ends). */
  priceMin: number | null;
  priceMax: number | null;
  sort: SortKey;
  /** 'Load more' pages shown so far, from 1. */
  page: number;
};

export const EMPTY_SEARCH: SearchState = {
  q: "",
  location: "",
  zip: "",
  club: "",
  sports: [],
  radius: DEFAULT_RADIUS,
  anywhere: false,
  category: null,
  types: [],
  brands: [],
  conditions: [],
  sizes: [],
  sizeGroups: [],
  genders: [],
  priceMin: null,
  priceMax: null,
  sort: DEFAULT_SORT,
  page: 1,
};

export const MAX_PAGE = 50;
const MAX_KEYWORD_LENGTH = 100;
const MAX_LIST_ITEMS = 30;
const MAX_ITEM_LENGTH = 60;

function text(params: URLSearchParams, name: string, max: number): string {
  // Control characters in a URL are nobody's search words: they become spaces (ADR 016).
  return stripControlCharacters(params.get(name) ?? "")
    .replace(/\s+/g, " ")
    .trim()
    .slice(0, max);
}

function list(params: URLSearchParams, name: string): string[] {
  const values = params
    .getAll(name)
    .flatMap((value) => value.split(","))
    .map((value) => stripControlCharacters(value).trim().slice(0, MAX_ITEM_LENGTH))
    .filter(Boolean);
  return [...new Set(values)].slice(0, MAX_LIST_ITEMS);
}

function dollars(params: URLSearchParams, name: string): number | null {
  const raw = params.get(name);
  if (raw === null || raw.trim() === "") return null;
  const value = Number(raw);
  if (!Number.isFinite(value)) return null;
  return Math.min(PRICE_SLIDER.max, Math.max(PRICE_SLIDER.min, Math.round(value)));
}

export function parseSearchParams(input: URLSearchParams | string): SearchState {
  const params = typeof input === "string" ? new URLSearchParams(input) : input;
  let zip = text(params, "zip", 5);
  let location = text(params, "location", LIMITS.locationInputMax);
  // Spec 01 §4: a location of exactly 5 digits is a ZIP.
  if (ZIP.test(location)) {
    if (!ZIP.test(zip)) zip = location;
    location = "";
  }
  if (!ZIP.test(zip)) zip = "";

  const radius = Number(params.get("radius"));
  let priceMin = dollars(params, "priceMin");
  let priceMax = dollars(params, "priceMax");
  if (priceMin !== null && priceMax !== null && priceMin > priceMax) [priceMin, priceMax] = [priceMax, priceMin];
  // The slider's ends mean "no bound": $100+ is 100–500 and must include a $700 item.
  if (priceMin === PRICE_SLIDER.min) priceMin = null;
  if (priceMax === PRICE_SLIDER.max) priceMax = null;

  const sort = params.get("sort");
  const page = Number.parseInt(params.get("page") ?? "", 10);
  const category = params.get("category");

  return {
    q: text(params, "q", MAX_KEYWORD_LENGTH),
    location,
    zip,
    club: text(params, "club", LIMITS.clubSlugMax).toLowerCase(),
    sports: list(params, "sports").filter(isSportKey),
    radius: (RADIUS_OPTIONS as readonly number[]).includes(radius) ? (radius as RadiusMiles) : DEFAULT_RADIUS,
    anywhere: params.get("anywhere") === "1",
    category: isTennisSubcategory(category) ? category : null,
    types: list(params, "types"),
    brands: list(params, "brands"),
    conditions: list(params, "conditions").filter(isCondition),
    sizes: list(params, "sizes"),
    sizeGroups: list(params, "sizeGroups").filter((v): v is Size => (SIZES as readonly string[]).includes(v)),
    genders: list(params, "genders").filter((v): v is Gender => (GENDERS as readonly string[]).includes(v)),
    priceMin,
    priceMax,
    sort: isSortKey(sort) ? sort : DEFAULT_SORT,
    page: Number.isFinite(page) ? Math.min(MAX_PAGE, Math.max(1, page)) : 1,
  };
}

/** The canonical query string: defaults left out (radius 25, sort newest, page 1, open price ends). */
export function serializeSearchParams(state: Partial<SearchState>): URLSearchParams {
  const s = { ...EMPTY_SEARCH, ...state };
  const params = new URLSearchParams();
  const put = (name: string, value: string) => value && params.set(name, value);
  put("q", s.q);
  put("location", s.location);
  put("zip", s.zip);
  put("club", s.club);
  put("sports", s.sports.join(","));
  if (s.radius !== DEFAULT_RADIUS) put("radius", String(s.radius));
  if (s.anywhere) put("anywhere", "1");
  put("category", s.category ?? "");
  put("types", s.types.join(","));
  put("brands", s.brands.join(","));
  put("conditions", s.conditions.join(","));
  put("sizes", s.sizes.join(","));
  put("sizeGroups", s.sizeGroups.join(","));
  put("genders", s.genders.join(","));
  if (s.priceMin !== null && s.priceMin > PRICE_SLIDER.min) put("priceMin", String(s.priceMin));
  if (s.priceMax !== null && s.priceMax < PRICE_SLIDER.max) put("priceMax", String(s.priceMax));
  if (s.sort !== DEFAULT_SORT) put("sort", s.sort);
  if (s.page > 1) put("page", String(s.page));
  return params;
}

/** `pathname?query` for a state, without a dangling '?'. */
export function searchHref(pathname: string, state: Partial<SearchState>): string {
  const query = serializeSearchParams(state).toString();
  return query ? `${pathname}?${query}` : pathname;
}

type ListKey = "sports" | "types" | "brands" | "conditions" | "sizes" | "sizeGroups" | "genders";

/** A removable chip: its label and the URL without it. */
/** `offer`: a filter one may add ('Fits Sam', ADR 091), not one to remove. */
export type FilterChip = { key: string; label: string; href: string; offer?: boolean };

/** The keys the home page knows (spec 01 §2); the rest belongs to /sport/{sport}. */
export const HOME_SEARCH_KEYS = ["q", "location", "zip", "club", "sports", "radius", "anywhere"] as const;

/** A parsed state with only the home page's keys (a saved home search runs exactly what the page ran). */
export function homeSearchState(parsed: SearchState): SearchState {
  return { ...EMPTY_SEARCH, ...Object.fromEntries(HOME_SEARCH_KEYS.map((key) => [key, parsed[key]])) };
}

/** Home page criteria (spec 01 §5: keyword, location or club; the sports drawer counts too). */
export function hasHomeCriteria(state: SearchState): boolean {
  return Boolean(state.q || state.location || state.zip || state.club || state.sports.length > 0);
}

/** 'Filters (n)': one per chosen value in the panel, one for a price range, one for a ZIP. */
export function countPanelFilters(state: SearchState): number {
  return (
    (state.category ? 1 : 0) +
    state.types.length +
    state.brands.length +
    state.conditions.length +
    state.sizes.length +
    state.sizeGroups.length +
    state.genders.length +
    (state.priceMin !== null || state.priceMax !== null ? 1 : 0) +
    (state.zip ? 1 : 0)
  );
}

/** The chips of every active filter, each linking to the same page without it (page reset). */
export function filterChips(
  pathname: string,
  state: SearchState,
  labels: {
    club?: string | null;
    sport?: (key: string) => string;
    condition?: (key: string) => string;
    category?: (key: string) => string;
    /** The radius the search applied from the viewer's profile ZIP (no ZIP in the URL), if any. */
    profileRadius?: { zip: string; miles: number } | null;
  } = {},
): FilterChip[] {
  const base = { ...state, page: 1 };
  const chips: FilterChip[] = [];
  // Signed in, results are limited to a radius around the profile's ZIP (spec 01 §4): say so, and
  // let the visitor lift it (ADR 031).
  if (labels.profileRadius && !state.zip) {
    const { zip, miles } = labels.profileRadius;
    chips.push({ key: "radius", label: `Within ${miles} mi of ${zip}`, href: searchHref(pathname, { ...base, anywhere: true }) });
  }
  const scalar = (key: "q" | "location" | "zip" | "club", label: string) => {
    if (state[key]) chips.push({ key, label, href: searchHref(pathname, { ...base, [key]: "" }) });
  };
  scalar("club", `Club: ${labels.club ?? state.club}`);
  scalar("location", `Location: ${state.location}`);
  scalar("zip", `ZIP: ${state.zip}`);
  scalar("q", `Search: ${state.q}`);
  if (state.category) {
    chips.push({
      key: "category",
      label: labels.category?.(state.category) ?? state.category,
      href: searchHref(pathname, { ...base, category: null, types: [], brands: [] }),
    });
  }
  const each = (key: ListKey, label: (value: string) => string) => {
    for (const value of state[key] as string[]) {
      const rest = (state[key] as string[]).filter((v) => v !== value);
      chips.push({ key: `${key}:${value}`, label: label(value), href: searchHref(pathname, { ...base, [key]: rest }) });
    }
  };
  each("sports", (v) => labels.sport?.(v) ?? v);
  each("types", (v) => v);
  each("brands", (v) => v);
  each("conditions", (v) => labels.condition?.(v) ?? v);
  each("sizes", (v) => `Size ${v}`);
  each("sizeGroups", (v) => v);
  each("genders", (v) => v);
  if (state.priceMin !== null || state.priceMax !== null) {
    chips.push({
      key: "price",
      label: `$${state.priceMin ?? PRICE_SLIDER.min} - $${state.priceMax === null ? `${PRICE_SLIDER.max}+` : state.priceMax}`,
      href: searchHref(pathname, { ...base, priceMin: null, priceMax: null }),
    });
  }
  return chips;
}

/** A quick price button of the filter panel: a link to the same page with that range. */
export type PriceRangeLink = { label: string; href: string; active: boolean };

/** 'Under $25', '$25-$50', '$50-$100', '$100+' as links keeping every other filter (page reset). */
export function priceRangeLinks(pathname: string, state: SearchState): PriceRangeLink[] {
  return QUICK_PRICE_RANGES.map((range) => ({
    label: range.label,
    href: searchHref(pathname, { ...state, page: 1, priceMin: range.min, priceMax: range.max }),
    active: (state.priceMin ?? PRICE_SLIDER.min) === range.min && (state.priceMax ?? PRICE_SLIDER.max) === range.max,
  }));
}
