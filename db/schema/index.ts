// The whole LockerSwap schema: tables, relations, inferred row types and enum values.
// drizzle-kit reads this file (drizzle.config.ts); createDb() passes it to drizzle.
export * from "./enums";
export * from "./accounts";
export * from "./clubs";
export * from "./listings";
export * from "./photos";
export * from "./photo-matches";
export * from "./messages";
export * from "./requests";
export * from "./deals";
export * from "./prices";
export * from "./geo";
export * from "./audit";
export * from "./safety";
export * from "./trust";
export * from "./matching";
export * from "./notifications";
export * from "./swap-days";
export * from "./guardians";
export * from "./families";
export * from "./club-gear";
export * from "./relations";
