import type { SportKey } from "./sport-names";

// A module of its own, not in sport-names: sport-names is in every page's chunk (the header's sport menu), and
// only the pages with the sports filter need this list (ADR 033).
/**
 * The 13-sport short list used by the home sports filter, the listing detail
 * page and the club form (spec 01 §3, spec 02 §3).
 */
export const HOME_SPORT_KEYS = [
  "baseball",
  "basketball",
  "cycling",
  "fitness",
  "football",
  "golf",
  "hockey",
  "lacrosse",
  "skiing",
  "snowboarding",
  "soccer",
  "softball",
  "tennis",
] as const satisfies readonly SportKey[];
