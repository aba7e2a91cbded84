// The whole LockerSwap schema: tables, relations, inferred row types and enum values.
// drizzle-kit reads this file (drizzle.config.ts); createDb() passes it to drizzle.
export * from "./enums";
export * from "./accounts";
export * from "./clubs";
export * from "./listings";
export * from "./photos";
export * from "./messages";
export * from "./requests";
export * from "./deals";
export * from "./prices";
export * from "./geo";
export * from "./audit";
export * from "./safety";
export * from "./matching";
export * from "./notifications";
export * from "./swap-days";
export * from "./club-gear";
export * from "./relations";
