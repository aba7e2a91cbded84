// Price guidance for the listing form (ADR 086): the hint's text for what the form holds, read
// through the one ask schema (shared/schemas/price-guidance.ts) whether it came from the form's POST
// or from /api/price-guidance. Null until sport, type and condition are chosen.
import type { Db } from "#db/client";
import { priceGuidance } from "~/features/pricing/guidance.server";
import type { Viewer } from "~/features/permissions/viewer";
import { guidanceHint } from "~/shared/copy/price-guidance";
import { PriceGuidanceAskSchema } from "~/shared/schemas/price-guidance";
import type { ListingFormValues } from "~/shared/schemas/listing";

/** The ask of the form's entered values: a brand 'Other' is its typed name. */
export function askOfForm(values: ListingFormValues) {
  return {
    sport: values.sport,
    equipmentType: values.equipmentType,
    condition: values.condition,
    brand: values.brand === "Other" ? values.brandCustom : values.brand,
    zipCode: values.zipCode,
    clubIds: values.clubIds,
  };
}

/** The hint for `raw` (the form's ask, or a query string's), as `viewer` may be told it; null when it is not a whole question. */
export async function guidanceHintFor(db: Db, viewer: Viewer, raw: unknown): Promise<string | null> {
  const ask = PriceGuidanceAskSchema.safeParse(raw);
  if (!ask.success) return null;
  return guidanceHint(await priceGuidance(db, viewer, ask.data));
}
