// What price guidance is asked about (ADR 086): the listing form's sport, type, condition, brand,
// ZIP and clubs. One schema for both ways in — the form's own POST ('Suggest a price', a re-render)
// reads its entered values through it, and /api/price-guidance (the hint's live updates with
// JavaScript) its query string — so both ask the same question. Never parsed in the browser.
import { z } from "zod";
import { LISTING_CONDITIONS, SPORT_KEYS } from "#db/schema/enums";
import { ZIP_PATTERN } from "~/shared/zip";

const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .transform((value) => value || null)
    .nullish();

export const PriceGuidanceAskSchema = z.object({
  sport: z.enum(SPORT_KEYS),
  equipmentType: z.string().trim().min(1).max(100),
  condition: z.enum(LISTING_CONDITIONS),
  brand: optionalText(100),
  zipCode: z
    .string()
    .trim()
    .transform((value) => (ZIP_PATTERN.test(value) ? value : null))
    .nullish(),
  clubIds: z.array(z.uuid()).max(20).default([]),
});

export type GuidanceScope = "near" | "region" | "everywhere";
/** The figures in whole cents; `count` sales gave them (never fewer than five; ADR 086). */
export type Guidance = {
  low: number;
  median: number;
  high: number;
  count: number;
  scope: GuidanceScope;
  sameBrand: boolean;
  /** The state, when the figures are the region's. */
  region: string | null;
};
