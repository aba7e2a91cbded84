// The typed catalogues: client-safe data and small pure helpers only.
export * from "./sports";
export * from "./equipment";
export * from "./conditions";
export * from "./options";
export * from "./us-states";
