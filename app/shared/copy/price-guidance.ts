// The words of price guidance (ADR 086): the listing form's hint and the listing page's line.
import type { Guidance } from "~/shared/schemas/price-guidance";

/** Whole dollars: guidance is a range, not an asking price. */
const dollars = (cents: number) => `$${Math.round(cents / 100).toLocaleString("en-US")}`;
const range = (g: Guidance) => (g.low === g.high ? dollars(g.low) : `${dollars(g.low)}–${dollars(g.high)}`);
const where = (g: Guidance) => (g.scope === "near" ? "near you" : g.scope === "region" ? `in ${g.region}` : "on LockerSwap");

export const NOT_ENOUGH_SALES = "Not enough sales to suggest a price";
export const CHOOSE_FOR_GUIDANCE = "Choose a sport, type and condition to see what similar items sold for.";

/** 'Similar items sold for $40–$60 (median $50, 14 sales near you in the last 12 months)'. */
export function guidanceHint(g: Guidance | null): string {
  if (!g) return NOT_ENOUGH_SALES;
  const sales = `${g.count} ${g.count === 1 ? "sale" : "sales"} ${where(g)} in the last 12 months`;
  return `Similar items sold for ${range(g)} (median ${dollars(g.median)}, ${sales})`;
}

/** 'Typical price nearby: $40–$60' beside a listing's price. */
export function typicalPrice(g: Guidance): string {
  const place = g.scope === "near" ? "nearby" : g.scope === "region" ? `in ${g.region}` : "on LockerSwap";
  return `Typical price ${place}: ${range(g)}`;
}
