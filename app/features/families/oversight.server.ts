// No adult alone with a minor (ADR 096, on ADR 092's links): a teen's confirmed guardian reads every
// conversation the teen is in, read-only. Nothing is copied or stored for it: "who oversees whom" is
// a live guardian_links row and the teen's age at this read, so an unlink or an 18th birthday ends it
// at once. Every read that grants oversight (the inbox, the guardian's thread page, the room grant)
// spells it with these fragments.
import { sql, type SQL } from "drizzle-orm";
import type { Db } from "#db/client";
import { isMinorSql } from "../accounts/viewer-columns.server";

/** Condition: `guardianId` is a live guardian of the user `teenId` names, and that user is still a minor on `now`. */
export function oversees(guardianId: string | SQL, teenId: SQL, now: Date): SQL<number> {
  return sql<number>`(exists (select 1 from guardian_links ogl
    where ogl.teen_id = ${teenId} and ogl.guardian_id = ${guardianId} and ogl.unlinked_at is null) and ${isMinorSql(teenId, now)})`;
}

/** The ids of the teens `guardianId` oversees on `now`, as a subquery for `in`. */
export function overseenTeenIds(guardianId: string, now: Date): SQL {
  return sql`(select ogl.teen_id from guardian_links ogl
    where ogl.guardian_id = ${guardianId} and ogl.unlinked_at is null and ${isMinorSql(sql`ogl.teen_id`, now)})`;
}

/**
 * The first name of whichever of the two people `a` and `b` is a minor with a guardian who is neither
 * of them, or null: both sides of a conversation see "{name}'s guardian can read this conversation".
 * (A teen writing to their own guardian is not overseen by a third person unless another guardian is.)
 */
export function overseenNameSql(a: SQL, b: SQL, now: Date): SQL<string | null> {
  return sql<string | null>`(select coalesce(nullif(trim(op.first_name), ''), nullif(trim(op.display_name), ''), 'This member')
    from users ou left join profiles op on op.user_id = ou.id
    where ou.id in (${a}, ${b}) and ${isMinorSql(sql`ou.id`, now)}
      and exists (select 1 from guardian_links lgl where lgl.teen_id = ou.id and lgl.unlinked_at is null
        and lgl.guardian_id <> ${a} and lgl.guardian_id <> ${b})
    order by ou.id limit 1)`;
}

/** The line both sides see (spec: "Sam's guardian can read this conversation"). */
export const guardianLine = (name: string | null | undefined) => (name ? `${name}'s guardian can read this conversation` : null);

/** The guardians overseeing `teenId` now (none for an adult): the profile target's `guardianIds` for `can(…, "oversee", …)`. */
export async function overseersOf(db: Db, teenId: string, now = new Date()): Promise<string[]> {
  const rows = await db.all<{ id: string }>(sql`select gl.guardian_id as id from guardian_links gl
    where gl.teen_id = ${teenId} and gl.unlinked_at is null and ${isMinorSql(sql`gl.teen_id`, now)}`);
  return rows.map((r) => r.id);
}
