import { sql, type SQL } from "drizzle-orm";
import { profiles } from "#db/schema";

/** "first last", or the display name, or 'Member' (02 §2 Direct Messages, Roster). */
export function memberName(profile = profiles): SQL<string> {
  return sql<string>`coalesce(nullif(trim(coalesce(${profile.firstName}, '') || ' ' || coalesce(${profile.lastName}, '')), ''), nullif(trim(${profile.displayName}), ''), 'Member')`;
}
