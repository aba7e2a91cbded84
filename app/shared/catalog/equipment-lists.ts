// The shape of one sport's equipment lists (spec 01 §3): its own file so the per-sport tables
// (equipment-sports-a-g.ts, equipment-sports-h-z.ts) and the catalogue that joins them (equipment.ts)
// all point down to it, not at each other.
export type EquipmentLists = {
  types: readonly string[];
  brands: readonly string[];
  /** Brand list that replaces `brands` for one equipment type. */
  brandsByType?: Readonly<Record<string, readonly string[]>>;
};
