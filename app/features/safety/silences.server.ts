// Silences (ADR 095): a person reported for scams by enough different established people can read
// but not post until a moderator decides — the site role `silenced` (permissions/site.ts), read
// with the session as a suspension is (accounts/viewer-columns.server.ts).
import { sql, type SQL } from "drizzle-orm";

/** The person `userColumn` names is silenced now. */
export function isSilenced(userColumn: SQL): SQL<number> {
  return sql<number>`exists (select 1 from silences si where si.user_id = ${userColumn} and si.lifted_at is null)`;
}
