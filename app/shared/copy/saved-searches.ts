// Saved searches' texts (ADR 071), shared by the page, the action and the tests.
export const SEARCH_SAVED = "Search saved";
export const NO_CRITERIA = "Add a keyword, sport or filter first";

export const limitReached = (max: number) => ({
  title: `You can save up to ${max} searches`,
  description: "Delete one on Saved searches to save this one.",
});

export const newMatchesText = (n: number) => `${n} new ${n === 1 ? "match" : "matches"}`;
export const matchesSoFarText = (n: number) => `${n} ${n === 1 ? "match" : "matches"} so far`;
