// The outgrown page's two buttons (ADR 091), across features: 'List it' pre-fills the listing form
// from an item the guardian received (title, sport, type, brand, size, condition 'Gently Used' to
// confirm — never the other person's photos); 'Find the next size' saves a search for the next size
// of the same type, which the matcher of ADR 071 runs as the guardian, in their profile's radius.
import type { Db } from "#db/client";
import type { Viewer } from "~/features/permissions/viewer";
import { receivedItemOf, type ReceivedItem } from "~/features/families/outgrown.server";
import { saveSearch, type SaveSearchResult } from "~/features/matching/saved-searches.server";
import { nextSize, sizeKindOfType } from "~/shared/catalog/sizes";
import { isSportKey } from "~/shared/catalog/sport-names";
import type { ListingFormValues } from "~/shared/schemas/listing";

export async function outgrownPrefill(db: Db, viewer: Viewer, dealListingId: string | null): Promise<Partial<ListingFormValues>> {
  if (!dealListingId || dealListingId.length > 100) return {};
  const item = await receivedItemOf(db, viewer, dealListingId);
  if (!item) return {};
  return {
    title: item.title,
    sport: item.sport ?? "",
    equipmentType: item.equipmentType ?? "",
    brand: item.brand ?? "",
    size: item.size ?? "",
    sizeNumeric: item.sizeNumeric ?? "",
    condition: "gently-used",
  };
}

/** The next size of an item, when its type is sized and its size is on the scale. */
export function nextSizeOf(item: Pick<ReceivedItem, "equipmentType" | "sizeNumeric">): string | null {
  const kind = sizeKindOfType(item.equipmentType);
  return kind && item.sizeNumeric ? nextSize(kind, item.sizeNumeric) : null;
}

/** 'Find the next size' → the saved search (once: the same search saved again is the same row), or why not. */
export async function saveNextSizeSearch(
  db: Db,
  viewer: Viewer,
  dealListingId: string,
): Promise<SaveSearchResult | { ok: false; reason: "not_found" | "no_next_size" }> {
  const item = await receivedItemOf(db, viewer, dealListingId);
  if (!item) return { ok: false, reason: "not_found" };
  const next = nextSizeOf(item);
  if (!next || !item.sport || !isSportKey(item.sport) || !item.equipmentType) return { ok: false, reason: "no_next_size" };
  const query = new URLSearchParams({ types: item.equipmentType, sizes: next }).toString();
  return saveSearch(db, viewer, { path: `/sport/${item.sport}`, query, name: `${item.equipmentType} size ${next}` });
}
