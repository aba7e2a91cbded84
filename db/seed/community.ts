// Builds the demo community as plain rows, without touching the database: the same options give
// the same rows (ids included), which is what makes the seed deterministic and testable. The seed
// (seed-demo-community.ts) and the bench (bench/seed-bench.ts) insert what this returns.
import { getBrands, getEquipmentTypes, SPORTS, TENNIS_SUBCATEGORY_KEYS, type TennisSubcategory } from "~/shared/catalog";
import {
  CLUB_JOIN_MODES,
  CLUB_TYPES,
  LISTING_CONDITIONS,
  LISTING_GENDERS,
  LISTING_STATUSES,
  SPORT_KEYS,
  type ListingCondition,
  type ListingGender,
  type ListingSize,
  type ListingStatus,
  type NewClub,
  type NewClubDirectMessage,
  type NewClubMember,
  type NewClubMessage,
  type NewClubRequest,
  type NewFavorite,
  type NewListing,
  type NewListingClub,
  type NewListingMessage,
  type NewListingPhoto,
  type NewProfile,
  type NewUser,
  type NewUserRole,
  type SportKey,
} from "#db/schema";
import {
  ANNOUNCEMENTS,
  ANSWERS,
  CHAT_LINES,
  CLUB_SEEDS,
  CONDITION_NOTES,
  DEFAULT_PRICE_RANGE,
  DEMO_ZIPS,
  DM_LINES,
  EMAIL_DOMAINS,
  FIRST_NAMES,
  FOLLOW_UPS,
  LAST_NAMES,
  METROS,
  MODELS,
  PICKUP_NOTES,
  PRICE_RANGES,
  QUESTIONS,
  REQUEST_TITLES,
  SELL_REASONS,
  type ClubSeed,
  type Metro,
} from "./community-data";
import { slugify } from "../../app/shared/club-slug";
import { buildDeals, type DealRows } from "./deals";
import { DEMO_ACCOUNTS } from "./demo-accounts";
import { demoMatching, type DemoMatchingRows } from "./demo-matching";
import { illustrationFor, renderIllustration, SHOTS, VARIANTS, type DrawingKey, type Shot } from "./illustrations";
import { Random } from "./random";

export const DEFAULT_SEED = 20240611;
export const BASE_USERS = 320;
export const BASE_LISTINGS = 2200;
/** Demo photos at full size (the viewer) and as the card thumbnail an upload makes (ADR 036). */
export const PHOTO_WIDTH = 960;
export const PHOTO_HEIGHT = 720;
export const THUMB_WIDTH = 480;
export const THUMB_HEIGHT = 360;
/** Share of the demo listings that get photos (the rest show the no-photo tile, as real ones do). */
export const PHOTO_SHARE = 0.7;

const DAY = 24 * 60 * 60 * 1000;
const MINUTE = 60 * 1000;

/**
 * Whether a ZIP's city is a place. The gazetteer names some single-company ZIPs after the company
 * ('At&t', 'Us Bank', 'State Board Of Insurance'); a demo seller does not live in one.
 */
const NOT_A_PLACE =
  /[&\d/]|\b(inc|corp|co|comp|company|bank|natl|nat|insurance|ins|mutual|telephone|electric|elec|natural|express|mail|brm|firms|dept|svc|service|services|ctr|board|lending|investments|fidelity|lottery|reporting|us west|abmps)\b/i;
export function isPlaceName(city: string): boolean {
  return city.trim().length > 1 && !NOT_A_PLACE.test(city);
}

/** How many listings a community of this scale has. */
export const listingCountFor = (scale: number) => Math.max(100, Math.round(BASE_LISTINGS * scale));

export type ZipPlace = { zip: string; city: string; state: string; latitude: number; longitude: number };
export type MetroKey = Metro["key"];
export type DemoKey = (typeof DEMO_ACCOUNTS)[number]["key"];

export type BuildOptions = {
  /** 1 = the demo community (≥ 300 users, ≥ 2,000 listings); the bench uses ~45. */
  scale: number;
  /** The moment "now" for every relative date; ids and text do not depend on it. */
  now: Date;
  /** Real ZIPs near each metro centre, sorted by ZIP (from the zip_codes table). */
  zipsByMetro: Readonly<Record<MetroKey, readonly ZipPlace[]>>;
  /** City and state for the club and demo-account ZIPs. */
  places: ReadonlyMap<string, ZipPlace>;
  /** How many listings get 1–3 generated photos (0 = none); the demo and its own listings first. */
  photoListings?: number;
  /** False for the bench: only users, clubs, memberships, listings and their club links. */
  activity?: boolean;
  /** The bench's head counts at a given listing count (ADR 074); unset = in proportion to `scale`. */
  users?: number;
  clubs?: number;
  seed?: number;
};

export type PhotoPlan = NewListingPhoto & { imageKey: string };
export type ImageSpec = { drawing: DrawingKey; variant: number; shot: Shot };

export type Community = DealRows & {
  demoUserIds: Record<DemoKey, string>;
  users: NewUser[];
  profiles: NewProfile[];
  userRoles: NewUserRole[];
  clubs: NewClub[];
  clubMembers: NewClubMember[];
  listings: NewListing[];
  listingClubs: NewListingClub[];
  listingPhotos: PhotoPlan[];
  /** PNG files by image key, referenced by listingPhotos: drawn on first use (`imageFor`). */
  images: Map<string, Uint8Array>;
  /** What each image key shows. */
  imageSpecs: Map<string, ImageSpec>;
  favorites: NewFavorite[];
  listingMessages: NewListingMessage[];
  clubMessages: NewClubMessage[];
  clubDirectMessages: NewClubDirectMessage[];
  clubRequests: NewClubRequest[];
  savedSearches: DemoMatchingRows["savedSearches"];
  listingMatchQueue: DemoMatchingRows["listingMatchQueue"];
};

type Person = { id: string; metro: MetroKey; place: ZipPlace; createdAt: Date; demo?: DemoKey };
type ClubInfo = { id: string; seed: ClubSeed; createdAt: Date; active: string[]; staff: string[]; owner: string };

const SINGULAR: Record<string, string> = {
  "Gloves & Mitts": "Glove",
  "Catcher's Gear": "Catcher's Gear Set",
  "Grips & Dampeners": "Grip Pack",
  "Nets & Court Equipment": "Court Net",
  "Ball Racks & Storage": "Ball Rack",
  "Hoops & Backboards": "Portable Hoop",
  "Blade Guards & Soakers": "Blade Guards",
  "Camp Stoves & Cookware": "Camp Stove",
  "Headlamps & Lanterns": "Lantern",
  "Goggles & Masks": "Goggles",
  "Cleats & Turf Shoes": "Turf Shoes",
  "Gloves & Mittens": "Gloves",
  "Goals & Nets": "Pop-Up Goal",
  "Jerseys & Socks": "Jersey",
  "Girdles & Pants": "Girdle",
  "Racks & Cages": "Squat Rack",
  "Rangefinders & GPS": "Rangefinder",
  "Wheels & Tires": "Wheelset",
  "Yoga & Pilates": "Yoga Mat",
  "Kids' Bikes": "Kids' Bike",
  "Goalie Equipment": "Goalie Gear",
  "Catcher's": "Catcher's Gear",
  "Protective Gear": "Pad Set",
  "Training Equipment": "Training Set",
  "Practice Wear": "Practice Outfit",
  "Flag Football": "Flag Football Set",
  Balls: "Balls (set)",
  "Golf Balls": "Golf Balls (dozen)",
  Apparel: "Apparel",
  Accessories: "Accessory Kit",
  "Base Layers": "Base Layer",
  Pants: "Pants",
  Shorts: "Shorts",
  Tights: "Tights",
  Socks: "Socks",
  Bearings: "Bearings",
  Boots: "Boots",
  "Ski Boots": "Ski Boots",
  "Hiking Boots": "Hiking Boots",
  Shoes: "Shoes",
  "Indoor Shoes": "Indoor Shoes",
  Cleats: "Cleats",
  Skates: "Skates",
  "Inline Skates": "Inline Skates",
  "Roller Skates": "Roller Skates",
  "Roller Hockey Skates": "Roller Hockey Skates",
  Goggles: "Goggles",
  Bindings: "Bindings",
  "Shin Guards": "Shin Guards",
  "Elbow Pads": "Elbow Pads",
  "Shoulder Pads": "Shoulder Pads",
  "Arm Pads": "Arm Pads",
  Gloves: "Gloves",
  "Batting Gloves": "Batting Gloves",
  "Goalkeeper Gloves": "Goalkeeper Gloves",
  "Weight Plates": "Weight Plates",
  Dumbbells: "Dumbbells",
  "Resistance Bands": "Resistance Bands",
  Wheels: "Wheels",
  Strings: "Strings",
  Blades: "Blades",
  Lights: "Light Set",
  Components: "Components",
  Eyewear: "Eyewear",
  Poles: "Poles",
  "Trekking Poles": "Trekking Poles",
  Mouthguards: "Mouthguards",
  Nets: "Net",
  "Sleeping Pads": "Sleeping Pad",
  "Camp Furniture": "Camp Chair",
  "Water Filters": "Water Filter",
  "Training Aids": "Training Aid",
  Uniforms: "Uniform",
};

/** "Mountain Bikes" → "Mountain Bike"; irregular and plural-only names come from the table. */
export function itemName(type: string): string {
  if (SINGULAR[type]) return SINGULAR[type];
  return type.endsWith("s") && !type.endsWith("ss") ? type.slice(0, -1) : type;
}

function priceRange(type: string): readonly [number, number] {
  for (const [pattern, min, max] of PRICE_RANGES) if (pattern.test(type)) return [min, max];
  return DEFAULT_PRICE_RANGE;
}

const CONDITION_PRICE_FACTOR: Record<ListingCondition, number> = { new: 0.9, "like-new": 0.7, "gently-used": 0.5, "well-worn": 0.3 };

function roundPrice(dollars: number, rng: Random): number {
  if (dollars < 20) return Math.max(1, Math.round(dollars)) * 100;
  if (dollars < 200) return rng.chance(0.25) ? Math.round(dollars / 5) * 500 - 1 : Math.round(dollars / 5) * 500;
  return Math.round(dollars / 25) * 2500;
}

const FOOTWEAR = /Shoes|Cleats|Skates|Boots$|^Boots/;
const CLOTHING = /Apparel|Jerseys|Shorts|Pants|Practice Wear|Uniforms|Base Layers|Dresses|Jackets|Tights|Socks/;
// Things sold without a size group ("Youth Golf Balls" reads wrong).
const UNSIZED =
  /Balls|Bags|Accessor|Nets|Racks|Storage|Strings|Grips|Lights|Components|Bearings|Wheels|Training|Machines|Coolers|Stoves|Tents|Lanterns|Filters|Furniture|Rangefinders|Push Carts|Goals|Benches|Treadmills|Dumbbells|Kettlebells|Plates|Bands|Trainers|Rowing|Cardio|Exercise Bikes|Hoops|Court|Blade Guards|Water/;
const AREA_CODES: Record<MetroKey, string> = { boston: "617", denver: "303", austin: "512", portland: "503" };

export function buildCommunity(options: BuildOptions): Community {
  const rng = new Random(options.seed ?? DEFAULT_SEED);
  const now = options.now.getTime();
  const activity = options.activity ?? true;
  const ago = (days: number) => now - days * DAY;
  const at = (ms: number) => new Date(Math.min(Math.round(ms), now - MINUTE));
  const fill = (template: string, values: Record<string, string>) => template.replace(/\{(\w+)\}/g, (_, key: string) => values[key] ?? "");

  const place = (zip: string) => {
    const found = options.places.get(zip);
    if (!found) throw new Error(`ZIP ${zip} is not in the zip_codes table`);
    return found;
  };
  const metroOf = (key: MetroKey) => METROS.find((m) => m.key === key)!;

  const community: Community = {
    demoUserIds: {} as Record<DemoKey, string>,
    users: [],
    profiles: [],
    userRoles: [],
    clubs: [],
    clubMembers: [],
    listings: [],
    listingClubs: [],
    listingPhotos: [],
    images: new Map(),
    imageSpecs: new Map(),
    favorites: [],
    deals: [],
    dealRevisions: [],
    dealListings: [],
    listingLocks: [],
    reviews: [],
    listingMessages: [],
    clubMessages: [],
    clubDirectMessages: [],
    clubRequests: [],
    savedSearches: [],
    listingMatchQueue: [],
  };

  // ── People ────────────────────────────────────────────────────────────────────────────────
  const people: Person[] = [];
  const usedEmails = new Set<string>();
  const addPerson = (p: {
    firstName: string;
    lastName: string;
    email: string;
    metro: MetroKey;
    place: ZipPlace;
    demo?: DemoKey;
    verified: boolean;
  }) => {
    const id = rng.uuid();
    const createdAt = at(ago(rng.int(100, 500)) - rng.int(0, DAY));
    const email = p.email.toLowerCase();
    usedEmails.add(email);
    community.users.push({
      id,
      email,
      passwordHash: null,
      passwordAlgo: null,
      passwordParams: null,
      emailVerifiedAt: p.verified ? new Date(createdAt.getTime() + rng.int(1, 90) * MINUTE) : null,
      googleSub: null,
      // The demo accounts are past the new-account limits (ADR 095), as a real club's regulars would be.
      vouchedAt: p.demo ? createdAt : null,
      createdAt,
      updatedAt: createdAt,
    });
    community.profiles.push({
      userId: id,
      firstName: p.firstName,
      lastName: p.lastName,
      displayName: `${p.firstName} ${p.lastName[0]}.`,
      email,
      phoneNumber: rng.chance(0.3) ? `(${AREA_CODES[p.metro]}) 555-01${String(rng.int(0, 99)).padStart(2, "0")}` : null,
      city: p.place.city,
      state: p.place.state,
      zipCode: p.place.zip,
      createdAt,
      updatedAt: createdAt,
    });
    const person: Person = { id, metro: p.metro, place: p.place, createdAt, demo: p.demo };
    people.push(person);
    return person;
  };

  for (const account of DEMO_ACCOUNTS) {
    const person = addPerson({ ...account, metro: "boston", place: place(DEMO_ZIPS[account.key]), demo: account.key, verified: true });
    community.demoUserIds[account.key] = person.id;
  }
  community.userRoles.push({ id: rng.uuid(), userId: community.demoUserIds.admin, role: "admin", createdAt: at(ago(90)) });

  const userCount = options.users ?? Math.max(60, Math.round(BASE_USERS * options.scale));
  for (let i = 0; i < userCount; i++) {
    const metro = METROS[i % METROS.length]!;
    const firstName = rng.pick(FIRST_NAMES);
    const lastName = rng.pick(LAST_NAMES);
    const local = slugify(`${firstName}.${lastName}`).replace(/-/g, ".") || "member";
    const domain = rng.pick(EMAIL_DOMAINS);
    let email = `${local}@${domain}`;
    for (let n = 2; usedEmails.has(email); n++) email = `${local}${n}@${domain}`;
    addPerson({
      firstName,
      lastName,
      email,
      metro: metro.key,
      place: rng.pick(options.zipsByMetro[metro.key]),
      verified: rng.chance(0.92),
    });
  }
  const generated = people.filter((p) => !p.demo);
  const byMetro = new Map<MetroKey, Person[]>(METROS.map((m) => [m.key, generated.filter((p) => p.metro === m.key)]));
  const personById = new Map(people.map((p) => [p.id, p]));

  // ── Clubs and memberships ─────────────────────────────────────────────────────────────────
  const clubSeeds: ClubSeed[] = [...CLUB_SEEDS];
  const clubTarget = Math.max(CLUB_SEEDS.length, options.clubs ?? Math.round(CLUB_SEEDS.length * options.scale));
  for (let i = CLUB_SEEDS.length; i < clubTarget; i++) {
    // The bench's extra clubs: same shape, template names.
    const metro = METROS[i % METROS.length]!;
    const zipPlace = rng.pick(options.zipsByMetro[metro.key]);
    const sport = rng.pick(SPORT_KEYS);
    const type = rng.pick(CLUB_TYPES);
    const suffix = { club: "Club", organization: "Association", league: "League", school: "School Boosters" }[type];
    const joinMode = rng.pick(CLUB_JOIN_MODES);
    clubSeeds.push({
      name: `${zipPlace.city} ${SPORTS.find((s) => s.key === sport)!.name} ${suffix} ${i}`,
      metro: metro.key,
      zip: zipPlace.zip,
      type,
      sport,
      visibility: rng.weighted([
        ["public", 6],
        ["members_only", 3],
        ["private", 1],
      ] as const),
      joinMode,
      inviteCode: joinMode === "code" ? `CODE${i}` : undefined,
      description: `Families and players around ${zipPlace.city} buying and selling ${sport.replace("-", " ")} gear.`,
      size: rng.pick(["small", "medium", "large"] as const),
    });
  }

  const clubs: ClubInfo[] = [];
  const activeClubsOf = new Map<string, string[]>();
  const addMember = (
    club: ClubInfo,
    userId: string,
    role: "owner" | "admin" | "member",
    status: "active" | "pending",
    approvalNotified: boolean,
  ) => {
    const person = personById.get(userId)!;
    const earliest = Math.max(club.createdAt.getTime(), person.createdAt.getTime());
    const createdAt =
      status === "pending" ? at(ago(rng.int(0, 14)) - rng.int(0, DAY)) : at(earliest + rng.int(0, 60) * DAY + rng.int(0, DAY));
    community.clubMembers.push({ id: rng.uuid(), clubId: club.id, userId, role, status, approvalNotified, createdAt });
    if (status === "active") {
      club.active.push(userId);
      if (role !== "member") club.staff.push(userId);
      activeClubsOf.set(userId, [...(activeClubsOf.get(userId) ?? []), club.id]);
    }
  };

  const usedSlugs = new Set<string>();
  for (const [index, seed] of clubSeeds.entries()) {
    const id = rng.uuid();
    let slug = slugify(seed.name);
    if (usedSlugs.has(slug)) slug = `${slug.slice(0, 44)}-${index}`;
    usedSlugs.add(slug);
    const zipPlace = options.places.get(seed.zip) ?? place(seed.zip);
    const locals = byMetro.get(seed.metro)!;
    const ownerId = seed.demoOwner ? community.demoUserIds[seed.demoOwner] : rng.pick(locals).id;
    const createdAt = at(ago(rng.int(120, 420)));
    const club: ClubInfo = { id, seed, createdAt, active: [], staff: [], owner: ownerId };
    clubs.push(club);
    community.clubs.push({
      id,
      slug,
      name: seed.name,
      type: seed.type,
      sport: seed.sport,
      description: seed.description,
      city: zipPlace.city,
      state: zipPlace.state,
      zip: zipPlace.zip,
      visibility: seed.visibility,
      joinMode: seed.joinMode,
      inviteCode: seed.inviteCode ?? null,
      createdBy: ownerId,
      logoKey: null,
      showPricesInPreview: rng.chance(0.4),
      showListingCount: rng.chance(0.85),
      allowJoinRequests: seed.joinMode === "approval" ? true : rng.chance(0.8),
      createdAt,
      updatedAt: createdAt,
    });

    addMember(club, ownerId, "owner", "active", true);
    const target = { small: [8, 15], medium: [15, 30], large: [30, 60] }[seed.size] as [number, number];
    const wanted = Math.round(rng.int(target[0], target[1]) * Math.min(1, Math.max(0.3, options.scale)));
    const candidates = rng.sample(
      locals.filter((p) => p.id !== ownerId),
      wanted + 6,
    );
    const admins = seed.size === "small" ? 1 : rng.int(1, 3);
    const pendingCount = seed.joinMode === "approval" ? rng.int(2, 6) : 0;
    candidates.slice(0, wanted).forEach((person, i) => {
      // In approval clubs a few members were approved recently and have not seen the notice yet.
      const notified = !(seed.joinMode === "approval" && i >= admins && rng.chance(0.15));
      addMember(club, person.id, i < admins ? "admin" : "member", "active", notified);
    });
    for (const person of candidates.slice(wanted, wanted + pendingCount)) addMember(club, person.id, "member", "pending", false);
  }

  // The demo accounts' memberships (spec: owner sees pending requests; member has an unseen approval).
  const clubByName = (name: string) => clubs.find((c) => c.seed.name === name)!;
  const demoMember = community.demoUserIds.member;
  addMember(clubByName("Cambridge Youth Soccer League"), demoMember, "member", "active", true);
  addMember(clubByName("Brookline Youth Hockey Association"), demoMember, "member", "active", false);
  // The owner helps run the hockey club: an admin there, the organiser of its demo Swap Days (demo-swap-days.ts).
  const brookline = clubByName("Brookline Youth Hockey Association");
  if (!community.clubMembers.some((m) => m.clubId === brookline.id && m.userId === community.demoUserIds.owner))
    addMember(brookline, community.demoUserIds.owner, "admin", "active", true);
  const backBay = clubByName("Back Bay Pickleball Club");
  if (!community.clubMembers.some((m) => m.clubId === backBay.id && m.status === "pending")) {
    throw new Error("Back Bay Pickleball Club needs pending requests for the owner demo");
  }

  // ── Listings ──────────────────────────────────────────────────────────────────────────────
  const listingCount = listingCountFor(options.scale);
  const sellerPool = rng.sample(generated, generated.length);
  const demoSellers = [
    ...Array<string>(3).fill(community.demoUserIds.owner),
    ...Array<string>(4).fill(demoMember),
    ...Array<string>(2).fill(community.demoUserIds.user),
  ];
  const coverage = SPORT_KEYS.length * 4;
  let tennisCount = 0;
  const listingMeta: {
    id: string;
    sellerId: string;
    metro: MetroKey;
    status: ListingStatus;
    createdAt: number;
    updatedAt: number;
    item: string;
    priceCents: number;
  }[] = [];
  const sportNames = new Map(SPORTS.map((s) => [s.key, s.name]));
  const clubById = new Map(clubs.map((c) => [c.id, c]));

  for (let i = 0; i < listingCount; i++) {
    const sellerId = i < demoSellers.length ? demoSellers[i]! : sellerPool[Math.floor(sellerPool.length * rng.next() ** 1.7)]!.id;
    const seller = personById.get(sellerId)!;
    const metro = metroOf(seller.metro);

    const memberOf = activeClubsOf.get(sellerId) ?? [];
    const postTo =
      memberOf.length > 0 && (rng.chance(0.2) || (seller.demo === "member" && i < 5)) ? rng.sample(memberOf, rng.chance(0.75) ? 1 : 2) : [];
    const primaryClub = postTo.length > 0 ? clubById.get(postTo[0]!)! : undefined;

    let sport: SportKey;
    if (i < coverage) sport = SPORT_KEYS[i % SPORT_KEYS.length]!;
    else if (primaryClub?.seed.sport && rng.chance(0.7)) sport = primaryClub.seed.sport;
    else sport = rng.weighted(SPORT_KEYS.map((key) => [key, metro.favouriteSports.includes(key) ? 3 : 1] as const));

    let subcategory: TennisSubcategory | null = null;
    if (sport === "tennis") {
      subcategory =
        tennisCount < TENNIS_SUBCATEGORY_KEYS.length
          ? TENNIS_SUBCATEGORY_KEYS[tennisCount]!
          : rng.weighted([
              ["tennis", 40],
              ["pickleball", 30],
              ["paddle", 8],
              ["racquetball", 8],
              ["squash", 8],
              ["other", 6],
            ] as const);
      tennisCount++;
    }
    const types = getEquipmentTypes(sport, subcategory);
    const type = rng.chance(0.96) ? rng.pick(types.filter((t) => t !== "Other")) : "Other";
    const brands = getBrands(sport, subcategory, type);
    const brandChoice = rng.chance(0.92) ? rng.pick(brands.filter((b) => b !== "Other")) : "Other";
    const brand = brandChoice === "Other" ? null : brandChoice;

    const condition: ListingCondition =
      i < coverage
        ? LISTING_CONDITIONS[i % 4]!
        : rng.weighted([
            ["new", 10],
            ["like-new", 25],
            ["gently-used", 45],
            ["well-worn", 20],
          ] as const);
    const status: ListingStatus =
      i < coverage
        ? LISTING_STATUSES[i % 3]!
        : rng.weighted([
            ["active", 78],
            ["pending_pickup", 10],
            ["sold", 12],
          ] as const);

    const footwear = FOOTWEAR.test(type);
    const clothing = CLOTHING.test(type);
    const size: ListingSize | null = UNSIZED.test(type)
      ? null
      : rng.weighted([
          ["Youth", 35],
          ["Adult", 55],
          [null, 10],
        ] as const);
    let sizeNumeric: string | null = null;
    if (footwear)
      sizeNumeric =
        size === "Youth" ? String(rng.int(1, 6) + (rng.chance(0.5) ? 0.5 : 0)) : String(rng.int(6, 13) + (rng.chance(0.4) ? 0.5 : 0));
    else if (clothing) sizeNumeric = size === "Youth" ? rng.pick(["YS", "YM", "YL", "YXL"]) : rng.pick(["XS", "S", "M", "L", "XL"]);
    else if (/Bats/.test(type)) sizeNumeric = `${rng.int(size === "Youth" ? 26 : 30, size === "Youth" ? 31 : 34)}"`;
    else if (/^Skis$/.test(type)) sizeNumeric = `${rng.int(size === "Youth" ? 100 : 150, size === "Youth" ? 150 : 185)} cm`;
    else if (/Snowboards/.test(type)) sizeNumeric = `${rng.int(size === "Youth" ? 110 : 145, size === "Youth" ? 145 : 162)} cm`;
    else if (/Bikes/.test(type)) sizeNumeric = size === "Youth" ? rng.pick(['20"', '24"']) : rng.pick(["S", "M", "L", "XL"]);
    const gender: ListingGender | null =
      i < coverage && i % 7 < 3
        ? LISTING_GENDERS[i % 7]!
        : UNSIZED.test(type)
          ? null
          : footwear || clothing
            ? rng.weighted([
                ["Men", 35],
                ["Women", 35],
                ["Unisex", 30],
              ] as const)
            : rng.chance(0.6)
              ? "Unisex"
              : null;

    const [min, max] = priceRange(type);
    const dollars = min + (max - min) * (CONDITION_PRICE_FACTOR[condition] * 0.7 + rng.next() * 0.45) * 0.9;
    const priceCents = rng.chance(0.01) ? 0 : roundPrice(dollars, rng);

    const models = brand ? MODELS[`${brand}|${type}`] : undefined;
    const item = itemName(type === "Other" ? "Gear" : type);
    const sizeWord = size === "Youth" && !/youth|kids/i.test(item) ? "Youth " : "";
    // The card shows the condition as a badge: the title does not repeat it.
    const title =
      models && rng.chance(0.85)
        ? `${brand} ${rng.pick(models)} ${item === "Gear" ? "" : item}`.replace(/\s+/g, " ").trim()
        : `${brand ? `${brand} ` : ""}${sizeWord}${item === "Gear" ? `${sportNames.get(sport)} Gear` : item}${sizeNumeric ? `, size ${sizeNumeric}` : ""}`;

    const description = [
      rng.pick(CONDITION_NOTES[condition]!),
      sizeNumeric ? `Size ${sizeNumeric}${size ? ` (${size.toLowerCase()})` : ""}.` : size ? `${size} size.` : null,
      rng.pick(SELL_REASONS),
      primaryClub ? `Offering to ${primaryClub.seed.name} members first.` : null,
      rng.chance(0.3) ? "Smoke-free, pet-free home." : null,
    ]
      .filter(Boolean)
      .join(" ");

    const zipPlace = rng.chance(0.8) ? seller.place : rng.pick(options.zipsByMetro[seller.metro]);
    const createdAt = at(ago(rng.next() * 90));
    const updatedAt = status === "active" ? createdAt : at(createdAt.getTime() + rng.int(1, 10) * DAY);
    const id = rng.uuid();
    community.listings.push({
      id,
      userId: sellerId,
      title,
      description,
      priceCents,
      sport,
      sportSubcategory: subcategory,
      equipmentType: type,
      brand,
      condition,
      size,
      sizeNumeric,
      gender,
      zipCode: zipPlace.zip,
      city: zipPlace.city,
      state: zipPlace.state,
      pickupInstructions: rng.pick(PICKUP_NOTES),
      contactPhone: rng.chance(0.1) ? `(${AREA_CODES[seller.metro]}) 555-01${String(rng.int(0, 99)).padStart(2, "0")}` : null,
      status,
      // Who it is for (ADR 026): posted to clubs → their members only.
      audience: postTo.length ? "clubs" : "public",
      createdAt,
      updatedAt,
    });
    postTo.forEach((clubId, n) => community.listingClubs.push({ listingId: id, clubId, isPrimary: n === 0 }));
    listingMeta.push({
      id,
      sellerId,
      metro: seller.metro,
      status,
      createdAt: createdAt.getTime(),
      updatedAt: updatedAt.getTime(),
      item: item.toLowerCase(),
      priceCents,
    });
  }

  // ── Photos: an illustration of the item (a bat for bats, skates for skates…) ──────────────
  // A generator of their own, so turning photos on or off leaves every other row unchanged. Each
  // listing gets its item's drawing in one colour variant: the whole item, then a close-up, then
  // its other side. Images are drawn once per (drawing, variant, shot), when first uploaded, so
  // drawing overlaps with the uploads (imageFor).
  const photoRng = new Random((options.seed ?? DEFAULT_SEED) ^ 0x5eed);
  const photoListings = Math.min(options.photoListings ?? 0, listingCount);
  if (photoListings > 0) {
    const chosen = [
      ...Array.from({ length: demoSellers.length }, (_, i) => i),
      ...photoRng.sample(
        Array.from({ length: listingCount - demoSellers.length }, (_, i) => i + demoSellers.length),
        photoListings - demoSellers.length,
      ),
    ];
    const usedKeys = new Set<string>();
    for (const index of chosen.sort((a, b) => a - b)) {
      const listing = community.listings[index]!;
      const count = photoRng.weighted([
        [1, 55],
        [2, 30],
        [3, 15],
      ] as const);
      const drawing = illustrationFor(listing.sport, listing.sportSubcategory ?? null, listing.equipmentType ?? "Other");
      const variant = photoRng.int(0, VARIANTS.length - 1);
      let stamp = listing.createdAt!.getTime();
      while (usedKeys.has(`${listing.userId}/${stamp}`)) stamp++;
      usedKeys.add(`${listing.userId}/${stamp}`);
      for (let position = 0; position < count; position++) {
        const shot = SHOTS[position]!;
        const imageKey = `${drawing}-${variant}-${shot}`;
        community.imageSpecs.set(imageKey, { drawing, variant, shot });
        community.listingPhotos.push({
          id: photoRng.uuid(),
          listingId: listing.id!,
          position,
          r2Key: `${listing.userId}/${stamp}-${position}.png`,
          contentType: "image/png",
          width: PHOTO_WIDTH,
          height: PHOTO_HEIGHT,
          byteSize: 0, // set by imageFor() when the image is drawn
          thumbKey: `${listing.userId}/${stamp}-${position}-thumb.png`,
          thumbWidth: THUMB_WIDTH,
          thumbHeight: THUMB_HEIGHT,
          thumbByteSize: 0, // set by thumbnailFor()
          createdAt: listing.createdAt,
          imageKey,
        });
      }
    }
  }

  if (!activity) return community;

  // ── Favorites ─────────────────────────────────────────────────────────────────────────────
  const visibleByMetro = new Map<MetroKey, typeof listingMeta>(
    METROS.map((m) => [m.key, listingMeta.filter((l) => l.metro === m.key && l.status !== "sold")]),
  );
  const favoriteKeys = new Set<string>();
  const addFavorites = (person: Person, count: number) => {
    const pool = visibleByMetro.get(person.metro)!.filter((l) => l.sellerId !== person.id);
    for (const listing of rng.sample(pool, count)) {
      if (favoriteKeys.has(`${person.id}|${listing.id}`)) continue;
      favoriteKeys.add(`${person.id}|${listing.id}`);
      community.favorites.push({
        id: rng.uuid(),
        userId: person.id,
        listingId: listing.id,
        createdAt: at(Math.max(listing.createdAt, person.createdAt.getTime()) + rng.next() * 5 * DAY),
      });
    }
  };
  for (const person of people) {
    if (person.demo === "user") addFavorites(person, 12);
    else if (person.demo === "member") addFavorites(person, 5);
    else if (!person.demo && rng.chance(0.6)) addFavorites(person, rng.int(1, 8));
  }

  // ── Deals: completed sales and swaps with their reviews (the only source of ratings), and the
  //    demo accounts' deals in every state (deals.ts; a generator of its own).
  Object.assign(
    community,
    buildDeals({
      seed: options.seed ?? DEFAULT_SEED,
      now,
      listings: community.listings,
      listingMeta,
      listingClubs: community.listingClubs,
      activeMembers: new Map(clubs.map((club) => [club.id, club.active])),
      activeClubsOf,
      crowdByMetro: byMetro,
      demo: { owner: community.demoUserIds.owner, member: demoMember, user: community.demoUserIds.user },
    }),
  );

  // ── Listing questions and replies ─────────────────────────────────────────────────────────
  for (const listing of listingMeta) {
    const isDemo = personById.get(listing.sellerId)!.demo !== undefined;
    if (!isDemo && !rng.chance(0.18)) continue;
    const buyers = rng.sample(
      byMetro.get(listing.metro)!.filter((p) => p.id !== listing.sellerId),
      isDemo ? 2 : 1,
    );
    for (const buyer of buyers) {
      const offer = `$${Math.max(5, Math.round((listing.priceCents / 100) * 0.8))}`;
      const thread: [string, string, string][] = [[buyer.id, listing.sellerId, fill(rng.pick(QUESTIONS), { offer })]];
      if (rng.chance(0.7)) thread.push([listing.sellerId, buyer.id, fill(rng.pick(ANSWERS), { offer })]);
      if (thread.length === 2 && rng.chance(0.4)) thread.push([buyer.id, listing.sellerId, rng.pick(FOLLOW_UPS)]);
      let time = Math.max(listing.createdAt, buyer.createdAt.getTime()) + rng.int(10, 60 * 24) * MINUTE;
      thread.forEach(([senderId, receiverId, content], n) => {
        const createdAt = at(time);
        const last = n === thread.length - 1;
        community.listingMessages.push({
          id: rng.uuid(),
          listingId: listing.id,
          senderId,
          receiverId,
          content,
          readAt: last && rng.chance(0.5) ? null : new Date(createdAt.getTime() + 20 * MINUTE),
          createdAt,
        });
        time += rng.int(5, 600) * MINUTE;
      });
    }
  }

  // ── Club chat, announcements, DMs and item requests ───────────────────────────────────────
  const clubItem = (club: ClubInfo) => {
    const sport = club.seed.sport ?? rng.pick(SPORT_KEYS);
    const sub = sport === "tennis" ? "pickleball" : null;
    return itemName(rng.pick(getEquipmentTypes(sport, sub).filter((t) => t !== "Other"))).toLowerCase();
  };
  const clubSize = (_club: ClubInfo) => rng.pick(["youth medium", "size 4", "adult large", "10.5", "junior", "size 7"]);
  const demoPairs: [string, string, string][] = [
    [backBay.id, clubByName("Back Bay Pickleball Club").active.find((id) => id !== backBay.owner)!, backBay.owner],
    [clubByName("Cambridge Youth Soccer League").id, clubByName("Cambridge Youth Soccer League").owner, demoMember],
    // A second unread conversation for the member account.
    [
      clubByName("Brookline Youth Hockey Association").id,
      clubByName("Brookline Youth Hockey Association").active.find((id) => id !== demoMember)!,
      demoMember,
    ],
  ];
  for (const club of clubs) {
    if (club.active.length < 2) continue;
    const base = { small: 8, medium: 15, large: 25 }[club.seed.size];
    // The member account's clubs have a busy chat: more than one page of history,
    // some of it theirs to delete.
    const demoClub = club.active.includes(demoMember);
    const chatCount = demoClub ? 80 : Math.max(5, Math.round(base * Math.min(1, options.scale * 2)));
    const posts: NewClubMessage[] = [];
    for (let n = 0; n < chatCount; n++) {
      posts.push({
        id: rng.uuid(),
        clubId: club.id,
        userId: demoClub && n % 9 === 0 ? demoMember : rng.pick(club.active),
        messageType: "chat",
        content: fill(rng.pick(CHAT_LINES), { item: clubItem(club), size: clubSize(club), price: `$${rng.int(2, 30) * 5}` }),
        createdAt: at(ago(rng.next() * 45)),
      });
    }
    for (let n = rng.int(1, 3); n > 0; n--) {
      posts.push({
        id: rng.uuid(),
        clubId: club.id,
        userId: rng.pick(club.staff),
        messageType: "announcement",
        content: rng.pick(ANNOUNCEMENTS),
        createdAt: at(ago(rng.next() * 45)),
      });
    }
    posts.sort((a, b) => a.createdAt!.getTime() - b.createdAt!.getTime());
    community.clubMessages.push(...posts);

    const pairs: [string, string][] = [];
    for (let n = rng.int(2, 5); n > 0; n--) {
      const [a, b] = rng.sample(club.active, 2);
      if (a && b) pairs.push([a, b]);
    }
    for (const [clubId, a, b] of demoPairs) if (clubId === club.id) pairs.push([a, b]);
    for (const [index, [a, b]] of pairs.entries()) {
      const forceUnread = index >= pairs.length - demoPairs.filter(([clubId]) => clubId === club.id).length;
      let time = ago(rng.next() * 30);
      const length = rng.int(2, 6);
      for (let n = 0; n < length; n++) {
        // Alternate, ending with a message from a to b, so the demo receivers have something new.
        const fromA = (length - 1 - n) % 2 === 0;
        const createdAt = at(time);
        const last = n === length - 1;
        community.clubDirectMessages.push({
          id: rng.uuid(),
          clubId: club.id,
          senderId: fromA ? a : b,
          receiverId: fromA ? b : a,
          content: fill(rng.pick(DM_LINES), { item: clubItem(club) }),
          readAt: last && (forceUnread || rng.chance(0.4)) ? null : new Date(createdAt.getTime() + 10 * MINUTE),
          createdAt,
        });
        time += rng.int(2, 240) * MINUTE;
      }
    }

    for (let n = rng.int(2, 5); n > 0; n--) {
      const createdAt = at(ago(rng.next() * 60));
      const status = rng.chance(0.7) ? "open" : "fulfilled";
      community.clubRequests.push({
        id: rng.uuid(),
        clubId: club.id,
        userId: rng.pick(club.active),
        title: fill(rng.pick(REQUEST_TITLES), { item: clubItem(club), size: clubSize(club) }),
        description: rng.chance(0.6)
          ? `${rng.pick(["For my daughter", "For my son", "For me", "For our team"])}, ${rng.pick(["any brand is fine", "happy to pay a fair price", "needed by next month", "can pick up anywhere in town"])}.`
          : null,
        status,
        createdAt,
        updatedAt: status === "fulfilled" ? at(createdAt.getTime() + rng.int(1, 10) * DAY) : createdAt,
      });
    }
  }

  // ── Demo accounts (ADR 042): the member has fresh, unread questions on two public listings
  //    and requests of their own (one open, one fulfilled) in Cambridge Youth Soccer League.
  const clubListingIds = new Set(community.listingClubs.map((l) => l.listingId));
  const memberListings = listingMeta
    .filter((l) => l.sellerId === demoMember && l.status === "active" && !clubListingIds.has(l.id))
    .slice(0, 2);
  for (const [n, listing] of memberListings.entries()) {
    const buyer = rng.pick(byMetro.get(listing.metro)!.filter((p) => p.id !== demoMember && !p.demo));
    const offer = `$${Math.max(5, Math.round((listing.priceCents / 100) * 0.8))}`;
    const createdAt = at(ago(0.02 * (n + 1)));
    community.listingMessages.push({
      id: rng.uuid(),
      listingId: listing.id,
      senderId: buyer.id,
      receiverId: demoMember,
      content: fill(rng.pick(QUESTIONS), { offer }),
      readAt: null,
      createdAt,
    });
  }
  const cambridge = clubByName("Cambridge Youth Soccer League");
  if (cambridge.active.includes(demoMember)) {
    const opened = at(ago(1.5));
    const fulfilledAt = at(ago(9));
    community.clubRequests.push(
      {
        id: rng.uuid(),
        clubId: cambridge.id,
        userId: demoMember,
        title: "Size 4 soccer ball for practice",
        description: "For my son, any brand is fine.",
        status: "open",
        createdAt: opened,
        updatedAt: opened,
      },
      {
        id: rng.uuid(),
        clubId: cambridge.id,
        userId: demoMember,
        title: "Youth shin guards (small)",
        description: null,
        status: "fulfilled",
        createdAt: fulfilledAt,
        updatedAt: at(ago(7)),
      },
    );

    // ADR 071: a saved search and this open request that two fresh neighbours' listings match.
    const member = personById.get(demoMember)!;
    const sellers = cambridge.active.filter((id) => !personById.get(id)?.demo);
    const soccerSeller = personById.get(rng.pick(sellers))!;
    const matching = demoMatching(rng, {
      member,
      hockeySeller: rng.pick(byMetro.get("boston")!),
      soccerSeller,
      cambridgeClubId: cambridge.id,
      now: options.now,
    });
    community.listings.push(...matching.listings);
    community.listingClubs.push(...matching.listingClubs);
    community.savedSearches.push(...matching.savedSearches);
    community.listingMatchQueue.push(...matching.listingMatchQueue);
  }

  return community;
}

function drawn(community: Community, imageKey: string, width: number): Uint8Array {
  const key = `${imageKey}@${width}`;
  let image = community.images.get(key);
  if (!image) {
    const spec = community.imageSpecs.get(imageKey);
    if (!spec) throw new Error(`no image planned under ${imageKey}`);
    image = renderIllustration(spec.drawing, spec.variant, width, spec.shot);
    community.images.set(key, image);
  }
  return image;
}

/** The full-size PNG of a planned photo, drawn on first use; also sets the photo's byteSize. */
export function imageFor(community: Community, photo: PhotoPlan): Uint8Array {
  const image = drawn(community, photo.imageKey, PHOTO_WIDTH);
  photo.byteSize = image.length;
  return image;
}

/** The card thumbnail of a planned photo (drawn at its size, not scaled); sets thumbByteSize. */
export function thumbnailFor(community: Community, photo: PhotoPlan): Uint8Array {
  const image = drawn(community, photo.imageKey, THUMB_WIDTH);
  photo.thumbByteSize = image.length;
  return image;
}
