// Active-filter chips: defined beside the listing cards (./listing-card), which every page with
// chips also shows, so they ship in the same chunk.
export { FilterChips } from "../listings/listing-card";
