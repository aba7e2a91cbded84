// Families (ADR 091, db/schema/families.ts): a player's sizes, one per kind of gear. A module of its own, not in
// enums.ts: enums.ts is reached from the root route, so every value in it ships on every page (ADR 033).
/** The kinds of gear a player is measured for; each has its scale in app/shared/catalog/sizes.ts. */
export const PLAYER_SIZE_KINDS = ["skate", "shoe", "helmet", "glove", "length", "height"] as const;
export type PlayerSizeKind = (typeof PLAYER_SIZE_KINDS)[number];
