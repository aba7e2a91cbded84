// Testing mode (01 §4, 02 §2 In Play): "In testing mode with no listings, sample listings for the
// sport are shown." Three made-up items per sport, built from the catalogue's own equipment types
// and condition scale so they look like real cards; never stored, never links.
import { CONDITIONS } from "./conditions";
import { getEquipmentTypes } from "./equipment";
import { sportName } from "./sport-names";

export type SampleListing = { id: string; title: string; sport: string; priceCents: number; condition: string };

const PRICES_CENTS = [4500, 2500, 7500] as const;
const CONDITION_PICKS = [CONDITIONS[1], CONDITIONS[2], CONDITIONS[0]] as const;

/** The sample cards of a club's sport (a club without a sport gets soccer's, the home page's first). */
export function sampleListingsFor(sport: string | null): SampleListing[] {
  const key = sport ?? "soccer";
  const types = getEquipmentTypes(key).filter((type) => type !== "Other");
  return types.slice(0, 3).map((type, i) => ({
    id: `sample-${key}-${i + 1}`,
    title: `Sample: ${sportName(key)} ${type.toLowerCase()}`,
    sport: key,
    priceCents: PRICES_CENTS[i]!,
    condition: CONDITION_PICKS[i]!,
  }));
}
