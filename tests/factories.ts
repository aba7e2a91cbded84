/**
 * Test factories: users, clubs and memberships made through the domain modules (createClub,
 * joinClub, requestToJoin, approveJoinRequest, promoteMember), so tests start from states the app can
 * actually reach. Every function takes the database, so the same factories serve Vitest
 * (`createTestDb().db`) and Playwright's node side (`e2eDb()` from tests/e2e/fixtures.ts).
 *
 *   const owner = await createTestUser(db, { firstName: "Olive" });
 *   const club = await createTestClub(db, owner, { joinMode: "approval" });
 *   const pending = await createTestUser(db);
 *   await addTestMember(db, club, pending, { status: "pending" });
 */
import { randomBytes } from "node:crypto";
import { and, eq } from "drizzle-orm";
import type { Db } from "../db/client";
import { clubMembers, clubs, profiles, userRoles, users, type Club } from "../db/schema";
import { createClub, type ClubInput } from "../app/features/clubs/club-create.server";
import { approveJoinRequest, joinClub, promoteMember, requestToJoin } from "../app/features/clubs/membership.server";
import { createListing, type ListingInput } from "../app/features/listings/listings.server";
import type { Viewer } from "../app/features/permissions/viewer";

const unique = () => randomBytes(5).toString("hex");

export type TestUser = Viewer;

/** A verified user with a profile; `admin: true` adds the site-admin role; `newAccount: true` leaves it under the earned limits. Returns its Viewer. */
export async function createTestUser(
  db: Db,
  opts: {
    email?: string;
    firstName?: string | null;
    lastName?: string | null;
    zipCode?: string | null;
    admin?: boolean;
    /** A new account under the earned limits (ADR 095); by default a factory user is vouched for, so other rules' tests are not limited. */
    newAccount?: boolean;
  } = {},
): Promise<TestUser> {
  const email = (opts.email ?? `user-${unique()}@factory.test`).toLowerCase();
  const [user] = await db
    .insert(users)
    .values({ email, emailVerifiedAt: new Date(), vouchedAt: opts.newAccount ? null : new Date() })
    .returning();
  const firstName = opts.firstName === undefined ? "Test" : opts.firstName;
  const lastName = opts.lastName === undefined ? "User" : opts.lastName;
  await db.insert(profiles).values({ userId: user.id, email, firstName, lastName, zipCode: opts.zipCode ?? null });
  if (opts.admin) await db.insert(userRoles).values({ userId: user.id, role: "admin" });
  return { id: user.id, email, firstName, lastName, zipCode: opts.zipCode ?? null, isAdmin: Boolean(opts.admin) };
}

export type TestClub = Pick<Club, "id" | "slug" | "name" | "visibility" | "joinMode"> & { inviteCode: string | null; owner: TestUser };

/**
 * A club created by `owner` through createClub (so the owner row exists). Visibility 'private'
 * (not offered by the form, 02 §3) is set after creation.
 */
export async function createTestClub(
  db: Db,
  owner: TestUser,
  opts: Partial<Omit<ClubInput, "visibility">> & {
    visibility?: Club["visibility"];
    allowJoinRequests?: boolean;
    showPricesInPreview?: boolean;
    showListingCount?: boolean;
  } = {},
): Promise<TestClub> {
  const name = opts.name ?? `Test Club ${unique()}`;
  const joinMode = opts.joinMode ?? "open";
  const inviteCode = joinMode === "code" ? (opts.inviteCode ?? "LETMEIN") : null;
  const visibility = opts.visibility ?? "public";
  const created = await createClub(db, owner, {
    name,
    slug: opts.slug,
    type: opts.type ?? "club",
    sport: opts.sport ?? "soccer",
    description: opts.description ?? null,
    zip: opts.zip ?? null,
    city: opts.city ?? null,
    state: opts.state ?? null,
    visibility: visibility === "private" ? "members_only" : visibility,
    joinMode,
    inviteCode,
  });
  if (!created.ok) throw new Error(`createTestClub: ${created.error}`);
  const settings = {
    ...(visibility === "private" ? { visibility } : {}),
    ...(opts.allowJoinRequests !== undefined ? { allowJoinRequests: opts.allowJoinRequests } : {}),
    ...(opts.showPricesInPreview !== undefined ? { showPricesInPreview: opts.showPricesInPreview } : {}),
    ...(opts.showListingCount !== undefined ? { showListingCount: opts.showListingCount } : {}),
  };
  if (Object.keys(settings).length) await db.update(clubs).set(settings).where(eq(clubs.id, created.clubId));
  return { id: created.clubId, slug: created.slug, name, visibility, joinMode, inviteCode, owner };
}

/**
 * Makes `user` a member of `club` the way the app would: a request (approved by the owner unless
 * `status: 'pending'`), then promotion for `role: 'admin'` or `'equipment_manager'`. Works whatever the club's join mode,
 * visibility or settings — the factory opens the way for the join and puts the club back.
 * Returns the membership id.
 */
export async function addTestMember(
  db: Db,
  club: TestClub,
  user: TestUser,
  opts: { role?: "member" | "equipment_manager" | "admin"; status?: "active" | "pending"; approvalNotified?: boolean } = {},
): Promise<string> {
  const [before] = await db.select().from(clubs).where(eq(clubs.id, club.id));
  const wanted = opts.status === "pending" ? "approval" : before.joinMode === "open" ? "open" : "approval";
  // Temporarily visible and joinable, so the domain's join path can be used for any club.
  await db
    .update(clubs)
    .set({ joinMode: wanted, visibility: "public", allowJoinRequests: true, inviteCode: before.inviteCode })
    .where(eq(clubs.id, club.id));
  try {
    const result = wanted === "open" ? await joinClub(db, user, club.slug) : await requestToJoin(db, user, club.slug);
    if (!result.ok) throw new Error(`addTestMember: ${result.error}`);
  } finally {
    await db
      .update(clubs)
      .set({
        joinMode: before.joinMode,
        visibility: before.visibility,
        allowJoinRequests: before.allowJoinRequests,
        inviteCode: before.inviteCode,
      })
      .where(eq(clubs.id, club.id));
  }
  const [row] = await db
    .select({ id: clubMembers.id })
    .from(clubMembers)
    .where(and(eq(clubMembers.clubId, club.id), eq(clubMembers.userId, user.id)));
  if (wanted === "approval" && opts.status !== "pending") {
    const approved = await approveJoinRequest(db, club.owner, club.slug, row.id);
    if (!approved.ok) throw new Error(`addTestMember: ${approved.error}`);
  }
  if (opts.role === "admin" || opts.role === "equipment_manager") {
    const promoted = await promoteMember(db, club.owner, club.slug, row.id, opts.role);
    if (!promoted.ok) throw new Error(`addTestMember: ${promoted.error}`);
  }
  if (opts.approvalNotified !== undefined)
    await db.update(clubMembers).set({ approvalNotified: opts.approvalNotified }).where(eq(clubMembers.id, row.id));
  return row.id;
}

/** A listing by `seller` through createListing: public, or posted to `clubs` (seller must be a member). */
export async function createTestListing(
  db: Db,
  seller: TestUser,
  opts: Partial<Omit<ListingInput, "clubIds">> & { clubs?: Pick<TestClub, "id">[] } = {},
): Promise<string> {
  return createListing(db, seller, {
    title: opts.title ?? `Test listing ${unique()}`,
    description: opts.description ?? null,
    priceCents: opts.priceCents ?? 2500,
    sport: opts.sport ?? "soccer",
    sportSubcategory: opts.sportSubcategory ?? null,
    equipmentType: opts.equipmentType ?? null,
    brand: opts.brand ?? null,
    condition: opts.condition ?? "gently-used",
    size: opts.size ?? null,
    sizeNumeric: opts.sizeNumeric ?? null,
    gender: opts.gender ?? null,
    zipCode: opts.zipCode ?? "02139",
    city: opts.city ?? "Cambridge",
    state: opts.state ?? "MA",
    pickupInstructions: opts.pickupInstructions ?? null,
    clubIds: (opts.clubs ?? []).map((c) => c.id),
  });
}
