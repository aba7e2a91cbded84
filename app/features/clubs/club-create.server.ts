// Creating a club, and the slug it is reached by (spec 02 §2 Create club, §5).
import { eq } from "drizzle-orm";
import type { Db } from "#db/client";
import { clubMembers, clubs, type Club } from "#db/schema";
import { slugify, slugProblem } from "~/shared/club-slug";
import type { Viewer } from "../permissions/viewer";

export type ClubInput = {
  name: string;
  /** Empty → derived from the name (02 §2 Create club). */
  slug?: string | null;
  type: Club["type"];
  sport?: Club["sport"];
  description?: string | null;
  zip?: string | null;
  city?: string | null;
  state?: string | null;
  visibility: "public" | "members_only";
  joinMode: Club["joinMode"];
  inviteCode?: string | null;
};

export type CreateClubResult = { ok: true; slug: string; clubId: string } | { ok: false; error: "slugTaken" | "slugInvalid" };

/** Whether no club uses this slug yet (the form's on-blur check; any visibility counts). */
export async function isSlugAvailable(db: Db, slug: string): Promise<boolean> {
  const [row] = await db.select({ id: clubs.id }).from(clubs).where(eq(clubs.slug, slug.trim().toLowerCase())).limit(1);
  return !row;
}

function isSlugConflict(error: unknown): boolean {
  for (let e = error as { message?: string; cause?: unknown } | undefined; e; e = e.cause as typeof e) {
    if (typeof e.message === "string" && /UNIQUE constraint failed: clubs\.slug/.test(e.message)) return true;
  }
  return false;
}

/**
 * Creates the club with the viewer as its active owner, in one batch: there is never a club
 * without an owner. A slug already taken (also in a race) → `slugTaken` ('Slug already exists').
 */
export async function createClub(db: Db, viewer: Viewer, input: ClubInput): Promise<CreateClubResult> {
  const slug = (input.slug?.trim() || slugify(input.name)).toLowerCase();
  if (slugProblem(slug)) return { ok: false, error: "slugInvalid" };
  if (!(await isSlugAvailable(db, slug))) return { ok: false, error: "slugTaken" };
  const clubId = crypto.randomUUID();
  const inviteCode = input.joinMode === "code" ? (input.inviteCode?.trim() ?? null) : null;
  try {
    await db.batch([
      db.insert(clubs).values({
        id: clubId,
        slug,
        name: input.name.trim(),
        type: input.type,
        sport: input.sport ?? null,
        description: input.description?.trim() || null,
        zip: input.zip || null,
        city: input.city?.trim() || null,
        state: input.state?.trim() || null,
        visibility: input.visibility,
        joinMode: input.joinMode,
        inviteCode,
        createdBy: viewer.id,
      }),
      db.insert(clubMembers).values({ clubId, userId: viewer.id, role: "owner", status: "active", approvalNotified: true }),
    ]);
  } catch (error) {
    if (isSlugConflict(error)) return { ok: false, error: "slugTaken" };
    throw error;
  }
  return { ok: true, slug, clubId };
}
