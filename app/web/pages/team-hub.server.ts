// Team Hub, /team-hub (spec 02 §2): the clubs the viewer belongs to or asked to join.
import { eq, sql } from "drizzle-orm";
import type { Db } from "#db/client";
import { clubMembers, clubs, type Club } from "#db/schema";
import type { Viewer } from "~/features/permissions/viewer";

export type TeamHubClub = {
  membershipId: string;
  slug: string;
  name: string;
  type: Club["type"];
  sport: Club["sport"];
  city: string | null;
  state: string | null;
  logoKey: string | null;
  role: "owner" | "admin" | "equipment_manager" | "member";
  status: "active" | "pending";
  memberCount: number;
};

/** /team-hub (02 §2): the viewer's memberships, active ones first, each by club name. */
export async function teamHub(db: Db, viewer: Viewer): Promise<TeamHubClub[]> {
  const rows = await db
    .select({
      membershipId: clubMembers.id,
      slug: clubs.slug,
      name: clubs.name,
      type: clubs.type,
      sport: clubs.sport,
      city: clubs.city,
      state: clubs.state,
      logoKey: clubs.logoKey,
      role: clubMembers.role,
      status: clubMembers.status,
      memberCount: sql<number>`(select count(*) from club_members m where m.club_id = clubs.id and m.status = 'active')`,
    })
    .from(clubMembers)
    .innerJoin(clubs, eq(clubs.id, clubMembers.clubId))
    .where(eq(clubMembers.userId, viewer.id))
    .orderBy(sql`${clubMembers.status} = 'pending'`, sql`${clubs.name} collate nocase`);
  return rows.map((r) => ({ ...r, memberCount: Number(r.memberCount) }));
}
