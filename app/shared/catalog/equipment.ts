// Equipment types and brands per sport (spec 01 §3, spec 02 §3). Tennis is
// split into racquet-sport sub-categories, each with its own lists, and a
// sub-category may narrow the brand list for one equipment type (a ball
// machine is not made by Nike). Every other sport has one type list and one
// brand list. Types are alphabetical; brands are in rough market order; both
// end with 'Other' so a seller can always describe what they have.

import { TENNIS_SUBCATEGORIES as DB_TENNIS_SUBCATEGORIES } from "../../../db/schema/enums";
import type { SportKey } from "./sports";

export const TENNIS_SUBCATEGORY_KEYS = DB_TENNIS_SUBCATEGORIES;

export type TennisSubcategory = (typeof TENNIS_SUBCATEGORY_KEYS)[number];

export const DEFAULT_EQUIPMENT_TYPES = ["Equipment", "Apparel", "Accessories", "Other"] as const;

export type EquipmentLists = {
  types: readonly string[];
  brands: readonly string[];
  /** Brand list that replaces `brands` for one equipment type. */
  brandsByType?: Readonly<Record<string, readonly string[]>>;
};

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
export const SPORT_EQUIPMENT: Readonly<Record<Exclude<SportKey, "tennis">, EquipmentLists>> = {
  baseball: {
    types: [
      "Bags",
      "Balls",
      "Bats",
      "Batting Gloves",
      "Batting Helmets",
      "Catcher's Gear",
      "Cleats",
      "Gloves & Mitts",
      "Pants",
      "Protective Gear",
      "Training Equipment",
      "Uniforms",
      "Other",
    ],
    brands: [
      "Rawlings",
      "Wilson",
      "Easton",
      "Louisville Slugger",
      "Marucci",
      "Mizuno",
      "DeMarini",
      "Victus",
      "Nike",
      "Under Armour",
      "Adidas",
      "New Balance",
      "Evoshield",
      "All-Star",
      "Franklin",
      "Other",
    ],
  },
  basketball: {
    types: [
      "Bags",
      "Ball Racks & Storage",
      "Basketballs",
      "Hoops & Backboards",
      "Jerseys",
      "Nets",
      "Protective Gear",
      "Rims",
      "Shoes",
      "Shorts",
      "Training Equipment",
      "Other",
    ],
    brands: [
      "Spalding",
      "Wilson",
      "Molten",
      "Nike",
      "Jordan",
      "Adidas",
      "Under Armour",
      "Puma",
      "New Balance",
      "Lifetime",
      "Goalrilla",
      "Silverback",
      "Champion",
      "Other",
    ],
  },
  cycling: {
    types: [
      "Accessories",
      "Apparel",
      "Bike Racks",
      "Components",
      "Electric Bikes",
      "Gravel Bikes",
      "Helmets",
      "Hybrid Bikes",
      "Kids' Bikes",
      "Lights",
      "Mountain Bikes",
      "Road Bikes",
      "Shoes",
      "Trainers",
      "Wheels & Tires",
      "Other",
    ],
    brands: [
      "Trek",
      "Specialized",
      "Giant",
      "Cannondale",
      "Santa Cruz",
      "Scott",
      "Bianchi",
      "Cervélo",
      "Shimano",
      "SRAM",
      "Giro",
      "Bell",
      "Thule",
      "Wahoo",
      "Other",
    ],
  },
  "field-hockey": {
    types: [
      "Apparel",
      "Bags",
      "Balls",
      "Cleats & Turf Shoes",
      "Gloves",
      "Goalie Equipment",
      "Goggles & Masks",
      "Shin Guards",
      "Sticks",
      "Other",
    ],
    brands: ["Adidas", "Grays", "STX", "Gryphon", "Dita", "Osaka", "TK", "Harrow", "Mazon", "Ritual", "Longstreth", "Other"],
  },
  "figure-skating": {
    types: [
      "Bags",
      "Blade Guards & Soakers",
      "Blades",
      "Boots",
      "Dresses",
      "Jackets",
      "Practice Wear",
      "Skates",
      "Tights",
      "Training Aids",
      "Other",
    ],
    brands: [
      "Jackson Ultima",
      "Riedell",
      "Edea",
      "Risport",
      "Graf",
      "John Wilson",
      "MK Blades",
      "Paramount",
      "Mondor",
      "Chloe Noel",
      "Jerry's",
      "Other",
    ],
  },
  fitness: {
    types: [
      "Accessories",
      "Apparel",
      "Benches",
      "Cardio Machines",
      "Dumbbells",
      "Exercise Bikes",
      "Kettlebells",
      "Racks & Cages",
      "Resistance Bands",
      "Rowing Machines",
      "Treadmills",
      "Weight Plates",
      "Yoga & Pilates",
      "Other",
    ],
    brands: [
      "Bowflex",
      "NordicTrack",
      "Peloton",
      "Rogue",
      "Concept2",
      "REP Fitness",
      "Titan Fitness",
      "CAP Barbell",
      "Schwinn",
      "Life Fitness",
      "Precor",
      "Manduka",
      "Gaiam",
      "Lululemon",
      "Other",
    ],
  },
  football: {
    types: [
      "Bags",
      "Balls",
      "Cleats",
      "Flag Football",
      "Girdles & Pants",
      "Gloves",
      "Helmets",
      "Jerseys",
      "Mouthguards",
      "Shoulder Pads",
      "Training Equipment",
      "Other",
    ],
    brands: [
      "Riddell",
      "Schutt",
      "Xenith",
      "Wilson",
      "Nike",
      "Adidas",
      "Under Armour",
      "Cutters",
      "Battle",
      "Shock Doctor",
      "Champro",
      "Other",
    ],
  },
  golf: {
    types: [
      "Accessories",
      "Apparel",
      "Complete Sets",
      "Drivers",
      "Fairway Woods",
      "Golf Bags",
      "Golf Balls",
      "Hybrids",
      "Irons",
      "Push Carts",
      "Putters",
      "Rangefinders & GPS",
      "Shoes",
      "Wedges",
      "Other",
    ],
    brands: [
      "Callaway",
      "TaylorMade",
      "Titleist",
      "Ping",
      "Cobra",
      "Mizuno",
      "Cleveland",
      "Srixon",
      "Odyssey",
      "Bushnell",
      "FootJoy",
      "Sun Mountain",
      "U.S. Kids Golf",
      "Other",
    ],
  },
  "hike-camp": {
    types: [
      "Apparel",
      "Backpacks",
      "Camp Furniture",
      "Camp Stoves & Cookware",
      "Coolers",
      "Headlamps & Lanterns",
      "Hiking Boots",
      "Sleeping Bags",
      "Sleeping Pads",
      "Tents",
      "Trekking Poles",
      "Water Filters",
      "Other",
    ],
    brands: [
      "REI Co-op",
      "The North Face",
      "Patagonia",
      "Osprey",
      "Big Agnes",
      "MSR",
      "Marmot",
      "Kelty",
      "Coleman",
      "Black Diamond",
      "Merrell",
      "Salomon",
      "Yeti",
      "Jetboil",
      "Other",
    ],
  },
  hockey: {
    types: [
      "Bags",
      "Elbow Pads",
      "Gloves",
      "Goalie Equipment",
      "Helmets",
      "Jerseys & Socks",
      "Pants",
      "Shin Guards",
      "Shoulder Pads",
      "Skates",
      "Sticks",
      "Training Equipment",
      "Other",
    ],
    brands: ["Bauer", "CCM", "True", "Warrior", "Sherwood", "Graf", "Brian's", "Vaughn", "Easton", "Other"],
  },
  "inline-roller": {
    types: ["Bags", "Bearings", "Helmets", "Inline Skates", "Protective Gear", "Roller Hockey Skates", "Roller Skates", "Wheels", "Other"],
    brands: [
      "Rollerblade",
      "K2",
      "Powerslide",
      "Riedell",
      "Moxi",
      "Impala",
      "Chaya",
      "Sure-Grip",
      "Bont",
      "Bauer",
      "Mission",
      "Triple 8",
      "Other",
    ],
  },
  lacrosse: {
    types: [
      "Arm Pads",
      "Bags",
      "Balls",
      "Cleats",
      "Complete Sticks",
      "Gloves",
      "Goalie Equipment",
      "Goggles",
      "Heads",
      "Helmets",
      "Shafts",
      "Shoulder Pads",
      "Other",
    ],
    brands: ["STX", "Warrior", "Maverik", "Brine", "Epoch", "StringKing", "ECD", "Cascade", "Nike", "Under Armour", "Other"],
  },
  skiing: {
    types: [
      "Bags",
      "Base Layers",
      "Bindings",
      "Gloves & Mittens",
      "Goggles",
      "Helmets",
      "Jackets",
      "Pants",
      "Poles",
      "Ski Boots",
      "Skis",
      "Other",
    ],
    brands: [
      "Rossignol",
      "Salomon",
      "Atomic",
      "K2",
      "Völkl",
      "Head",
      "Nordica",
      "Tecnica",
      "Lange",
      "Blizzard",
      "Smith",
      "Oakley",
      "Giro",
      "Spyder",
      "Other",
    ],
  },
  snowboarding: {
    types: ["Bags", "Bindings", "Boots", "Gloves & Mittens", "Goggles", "Helmets", "Jackets", "Pants", "Snowboards", "Other"],
    brands: [
      "Burton",
      "Lib Tech",
      "GNU",
      "Ride",
      "K2",
      "Salomon",
      "Jones",
      "Capita",
      "Never Summer",
      "Union",
      "ThirtyTwo",
      "Smith",
      "Oakley",
      "Other",
    ],
  },
  soccer: {
    types: [
      "Bags",
      "Balls",
      "Cleats",
      "Goalkeeper Gloves",
      "Goals & Nets",
      "Indoor Shoes",
      "Jerseys",
      "Shin Guards",
      "Shorts",
      "Socks",
      "Training Equipment",
      "Other",
    ],
    brands: [
      "Adidas",
      "Nike",
      "Puma",
      "Under Armour",
      "New Balance",
      "Mizuno",
      "Diadora",
      "Umbro",
      "Select",
      "Mitre",
      "Storelli",
      "Kwik Goal",
      "Other",
    ],
  },
  softball: {
    types: [
      "Bags",
      "Balls",
      "Bats",
      "Batting Gloves",
      "Batting Helmets",
      "Catcher's Gear",
      "Cleats",
      "Face Masks",
      "Gloves & Mitts",
      "Pants",
      "Other",
    ],
    brands: [
      "Easton",
      "DeMarini",
      "Rawlings",
      "Louisville Slugger",
      "Mizuno",
      "Wilson",
      "Miken",
      "Worth",
      "Marucci",
      "Evoshield",
      "Boombah",
      "Other",
    ],
  },
};

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
