// Equipment types and brands per sport (spec 01 §3, spec 02 §3). Tennis is
// split into racquet-sport sub-categories, each with its own lists, and a
// sub-category may narrow the brand list for one equipment type (a ball
// machine is not made by Nike). Every other sport has one type list and one
// brand list. Types are alphabetical; brands are in rough market order; both
// end with 'Other' so a seller can always describe what they have.

import { TENNIS_SUBCATEGORIES as DB_TENNIS_SUBCATEGORIES } from "../../../db/schema/enums";
import type { EquipmentLists } from "./equipment-lists";
import type { SportKey } from "./sports";
import { EQUIPMENT_A_TO_G } from "./equipment-sports-a-g";
import { EQUIPMENT_H_TO_Z } from "./equipment-sports-h-z";

export type { EquipmentLists } from "./equipment-lists";

export const TENNIS_SUBCATEGORY_KEYS = DB_TENNIS_SUBCATEGORIES;

export type TennisSubcategory = (typeof TENNIS_SUBCATEGORY_KEYS)[number];

export const DEFAULT_EQUIPMENT_TYPES = ["Equipment", "Apparel", "Accessories", "Other"] as const;

export type TennisSubcategoryEntry = EquipmentLists & {
  key: TennisSubcategory;
  label: string;
};

export const TENNIS_SUBCATEGORIES: readonly TennisSubcategoryEntry[] = [
  {
    key: "tennis",
    label: "Tennis",
    types: [
      "Apparel",
      "Bags",
      "Ball Machines",
      "Balls",
      "Grips & Dampeners",
      "Nets & Court Equipment",
      "Racquets",
      "Shoes",
      "Strings",
      "Other",
    ],
    brands: ["Wilson", "Babolat", "Head", "Yonex", "Prince", "Dunlop", "Tecnifibre", "Nike", "Adidas", "Other"],
    brandsByType: {
      "Ball Machines": ["Lobster", "Spinshot", "Slinger", "Tennis Tutor", "Silent Partner", "Other"],
      Strings: ["Babolat", "Luxilon", "Solinco", "Tecnifibre", "Wilson", "Head", "Yonex", "Gamma", "Other"],
      Shoes: ["Nike", "Adidas", "Asics", "New Balance", "K-Swiss", "Babolat", "Wilson", "Head", "Yonex", "Other"],
    },
  },
  {
    key: "paddle",
    label: "Platform Tennis",
    types: ["Apparel", "Bags", "Balls", "Gloves", "Paddles", "Shoes", "Other"],
    brands: ["Viking", "Wilson", "Xcel", "Head", "Prince", "Other"],
  },
  {
    key: "pickleball",
    label: "Pickleball",
    types: ["Apparel", "Bags", "Balls", "Nets", "Paddles", "Shoes", "Other"],
    brands: ["Selkirk", "JOOLA", "Paddletek", "Engage", "CRBN", "Six Zero", "Franklin", "Onix", "Head", "Gamma", "Vatic Pro", "Other"],
    brandsByType: {
      Balls: ["Franklin", "Dura", "Onix", "Selkirk", "JOOLA", "Penn", "Other"],
      Nets: ["Franklin", "Onix", "JOOLA", "Rally", "Gamma", "Other"],
      Shoes: ["Skechers", "K-Swiss", "Asics", "New Balance", "Adidas", "Fila", "Other"],
    },
  },
  {
    key: "racquetball",
    label: "Racquetball",
    types: ["Apparel", "Bags", "Balls", "Eyewear", "Gloves", "Racquets", "Shoes", "Other"],
    brands: ["Head", "Wilson", "Ektelon", "Gearbox", "E-Force", "Pro Kennex", "Prince", "Penn", "Other"],
  },
  {
    key: "squash",
    label: "Squash",
    types: ["Apparel", "Bags", "Balls", "Eyewear", "Racquets", "Shoes", "Other"],
    brands: ["Dunlop", "Head", "Tecnifibre", "Prince", "Harrow", "Wilson", "Karakal", "Salming", "Black Knight", "Other"],
  },
  {
    key: "other",
    label: "Other",
    types: DEFAULT_EQUIPMENT_TYPES,
    brands: ["Wilson", "Head", "Prince", "Franklin", "Other"],
  },
];

/** Lists for every sport except tennis, which uses TENNIS_SUBCATEGORIES. */
// Typed as the whole record: a sport missing from both files is a type error.
export const SPORT_EQUIPMENT: Readonly<Record<Exclude<SportKey, "tennis">, EquipmentLists>> = { ...EQUIPMENT_A_TO_G, ...EQUIPMENT_H_TO_Z };

/** Brand list for a sport we do not know: the seller can still type a custom brand. */
const FALLBACK_BRANDS = ["Other"] as const;

export function isTennisSubcategory(value: unknown): value is TennisSubcategory {
  return typeof value === "string" && (TENNIS_SUBCATEGORY_KEYS as readonly string[]).includes(value);
}

export function tennisSubcategoryLabel(value: string | null | undefined): string | undefined {
  return TENNIS_SUBCATEGORIES.find((entry) => entry.key === value)?.label;
}

/**
 * The lists that apply to a sport. For tennis, a missing or unknown
 * sub-category means the 'tennis' sub-category: the spec's tennis brand list
 * (Wilson … Adidas, Other) is the plain-tennis one, and a seller who has not
 * chosen a racquet sport yet is most likely selling tennis gear.
 */
export function getEquipmentLists(sport: string, subcategory?: string | null): EquipmentLists {
  if (sport === "tennis") {
    const key: TennisSubcategory = isTennisSubcategory(subcategory) ? subcategory : "tennis";
    return TENNIS_SUBCATEGORIES.find((entry) => entry.key === key)!;
  }
  // Own keys only: a sport named `__proto__` or `constructor` (any form can send one) is unknown.
  if (Object.hasOwn(SPORT_EQUIPMENT, sport)) return (SPORT_EQUIPMENT as Readonly<Record<string, EquipmentLists>>)[sport];
  return { types: DEFAULT_EQUIPMENT_TYPES, brands: FALLBACK_BRANDS };
}

/** Equipment types for a sport (and tennis sub-category); unknown sports get the default list. */
export function getEquipmentTypes(sport: string, subcategory?: string | null): readonly string[] {
  return getEquipmentLists(sport, subcategory).types;
}

/**
 * Brands for a sport (and tennis sub-category). When an equipment type is
 * given and has its own brand list, that list is returned instead.
 */
export function getBrands(sport: string, subcategory?: string | null, type?: string | null): readonly string[] {
  const lists = getEquipmentLists(sport, subcategory);
  return (type && lists.brandsByType && Object.hasOwn(lists.brandsByType, type) && lists.brandsByType[type]) || lists.brands;
}
